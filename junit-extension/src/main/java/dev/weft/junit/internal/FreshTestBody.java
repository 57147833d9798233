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
import java.util.List;

/**
 * What one execution runs on the managed main thread: a fresh test instance (unless the class asks for
 * {@code PER_CLASS}), its {@code @BeforeEach} methods, the test method, and its {@code @AfterEach} methods, the way
 * JUnit would run them once.
 */
final class FreshTestBody implements ThrowingRunnable {

    private final ExtensionContext context;
    private final Method testMethod;
    private final Object[] arguments;
    private final List<Method> beforeEach;
    private final List<Method> afterEach;

    FreshTestBody(ExtensionContext context, Method testMethod, List<Object> arguments) {
        this.context = context;
        this.testMethod = testMethod;
        this.arguments = arguments.toArray();
        Class<?> testClass = context.getRequiredTestClass();
        this.beforeEach = AnnotationSupport.findAnnotatedMethods(testClass, BeforeEach.class,
                HierarchyTraversalMode.TOP_DOWN);
        this.afterEach = AnnotationSupport.findAnnotatedMethods(testClass, AfterEach.class,
                HierarchyTraversalMode.BOTTOM_UP);
    }

    @Override
    public void run() throws Throwable {
        Object instance = testInstance();
        Throwable failure = null;
        try {
            for (Method method : beforeEach) {
                context.getExecutableInvoker().invoke(method, instance);
            }
            ReflectionSupport.invokeMethod(testMethod, instance, arguments);
        } catch (Throwable t) {
            failure = t;
        }
        for (Method method : afterEach) {
            try {
                context.getExecutableInvoker().invoke(method, instance);
            } catch (Throwable t) {
                if (failure == null) {
                    failure = t;
                } else {
                    failure.addSuppressed(t);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    private Object testInstance() {
        if (context.getTestInstanceLifecycle().orElse(TestInstance.Lifecycle.PER_METHOD)
                == TestInstance.Lifecycle.PER_CLASS) {
            return context.getRequiredTestInstance();
        }
        Class<?> testClass = context.getRequiredTestClass();
        Constructor<?>[] constructors = testClass.getDeclaredConstructors();
        if (constructors.length != 1) {
            throw new WeftConfigurationException(testClass.getName() + " must declare exactly one constructor for"
                    + " @ExhaustiveConcurrency to create a fresh instance per execution, but declares "
                    + constructors.length);
        }
        List<Object> enclosing = context.getRequiredTestInstances().getEnclosingInstances();
        boolean inner = testClass.isMemberClass() && !Modifier.isStatic(testClass.getModifiers());
        Object outer = inner && !enclosing.isEmpty() ? enclosing.get(enclosing.size() - 1) : null;
        return context.getExecutableInvoker().invoke(constructors[0], outer);
    }
}
