package dev.weft.junit.internal;

import dev.weft.scheduler.runtime.ThrowingRunnable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;
import org.junit.platform.commons.support.HierarchyTraversalMode;
import org.junit.platform.commons.support.ReflectionSupport;

import java.lang.reflect.Constructor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What one execution runs on the managed main thread: a fresh test instance (unless the class asks for
 * {@code PER_CLASS}), its {@code @BeforeEach} methods, the test method, and its {@code @AfterEach} methods, the way
 * JUnit would run them once. In a {@code @Nested} class the enclosing classes are levels of their own, outermost
 * first: each gets a fresh instance too, and their {@code @BeforeEach} methods run before the inner class's, their
 * {@code @AfterEach} methods after, as JUnit runs them. (Before, the enclosing instance was JUnit's one, shared by
 * every execution, and its {@code @BeforeEach} never ran: found by QA, 2026-11-27.)
 */
final class FreshTestBody implements ThrowingRunnable {

    /** One class of the nesting: its lifecycle methods, and JUnit's instance when it keeps one. */
    private record Level(Class<?> type, List<Method> beforeEach, List<Method> afterEach, Object shared) {
    }

    private final ExtensionContext context;
    private final Method testMethod;
    private final Object[] arguments;
    /** The test class and its enclosing classes, outermost first. */
    private final List<Level> levels;

    FreshTestBody(ExtensionContext context, Method testMethod, List<Object> arguments) {
        this.context = context;
        this.testMethod = testMethod;
        this.arguments = arguments.toArray();
        this.levels = levels(context);
    }

    private static List<Level> levels(ExtensionContext context) {
        List<Class<?>> classes = new ArrayList<>();
        for (Class<?> type = context.getRequiredTestClass(); type != null; type = enclosingOf(type)) {
            classes.add(0, type);
        }
        List<Object> junitInstances = context.getRequiredTestInstances().getAllInstances(); // outermost first
        // A class that keeps one instance keeps its enclosing ones too: they are that instance's outer objects.
        int deepestShared = -1;
        for (int i = 0; i < classes.size(); i++) {
            if (lifecycleOf(context, classes.get(i)) == TestInstance.Lifecycle.PER_CLASS) {
                deepestShared = i;
            }
        }
        List<Level> levels = new ArrayList<>();
        for (int i = 0; i < classes.size(); i++) {
            Class<?> type = classes.get(i);
            Object shared = i <= deepestShared && i < junitInstances.size() ? junitInstances.get(i) : null;
            levels.add(new Level(type,
                    AnnotationSupport.findAnnotatedMethods(type, BeforeEach.class, HierarchyTraversalMode.TOP_DOWN),
                    AnnotationSupport.findAnnotatedMethods(type, AfterEach.class, HierarchyTraversalMode.BOTTOM_UP),
                    shared));
        }
        return List.copyOf(levels);
    }

    /** The class an inner ({@code @Nested}) class is declared in, or {@code null} for a top-level or static one. */
    private static Class<?> enclosingOf(Class<?> type) {
        return type.isMemberClass() && !Modifier.isStatic(type.getModifiers()) ? type.getEnclosingClass() : null;
    }

    /** The lifecycle JUnit gives {@code type}: that of the context of the class, found up from the test's. */
    private static TestInstance.Lifecycle lifecycleOf(ExtensionContext context, Class<?> type) {
        for (Optional<ExtensionContext> at = Optional.of(context); at.isPresent(); at = at.get().getParent()) {
            if (at.get().getTestClass().orElse(null) == type) {
                return at.get().getTestInstanceLifecycle().orElse(TestInstance.Lifecycle.PER_METHOD);
            }
        }
        return TestInstance.Lifecycle.PER_METHOD;
    }

    @Override
    public void run() throws Throwable {
        List<Object> instances = testInstances();
        Throwable failure = null;
        try {
            for (int i = 0; i < levels.size(); i++) {
                for (Method method : levels.get(i).beforeEach()) {
                    context.getExecutableInvoker().invoke(method, instances.get(i));
                }
            }
            ReflectionSupport.invokeMethod(testMethod, instances.get(instances.size() - 1), arguments);
        } catch (Throwable t) {
            failure = t;
        }
        for (int i = levels.size() - 1; i >= 0; i--) {
            for (Method method : levels.get(i).afterEach()) {
                try {
                    context.getExecutableInvoker().invoke(method, instances.get(i));
                } catch (Throwable t) {
                    if (failure == null) {
                        failure = t;
                    } else {
                        failure.addSuppressed(t);
                    }
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** An instance per level, outermost first: JUnit's where the class keeps one, else a fresh one. */
    private List<Object> testInstances() {
        List<Object> instances = new ArrayList<>(levels.size());
        Object outer = null;
        for (Level level : levels) {
            Object instance = level.shared() != null ? level.shared() : construct(level.type(), outer);
            instances.add(instance);
            outer = instance;
        }
        return instances;
    }

    private Object construct(Class<?> testClass, Object outer) {
        Constructor<?>[] constructors = testClass.getDeclaredConstructors();
        if (constructors.length != 1) {
            throw new WeftConfigurationException(testClass.getName() + " must declare exactly one constructor for"
                    + " @ExhaustiveConcurrency to create a fresh instance per execution, but declares "
                    + constructors.length);
        }
        return context.getExecutableInvoker().invoke(constructors[0], outer);
    }
}
