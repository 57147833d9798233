package dev.weft.junit.internal;

import dev.weft.junit.ExhaustiveConcurrency;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

import java.lang.reflect.Method;

/**
 * The Jupiter side of {@link ExhaustiveConcurrency}: instead of running the test method once, it runs the exploration,
 * and it runs {@code @BeforeEach}/{@code @AfterEach} inside every execution rather than once around them all.
 */
public final class WeftExtension implements InvocationInterceptor {

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> invocationContext,
                                    ExtensionContext context) throws Throwable {
        invocation.skip();
        Method method = invocationContext.getExecutable();
        String where = method.getDeclaringClass().getName() + "#" + method.getName();
        ExhaustiveConcurrency annotation = AnnotationSupport.findAnnotation(method, ExhaustiveConcurrency.class)
                .orElseThrow(() -> new WeftConfigurationException("WeftExtension runs only methods annotated with"
                        + " @ExhaustiveConcurrency, but " + where + " is not"));
        WeftSettings settings = WeftSettings.resolve(annotation, context::getConfigurationParameter, where);
        FreshTestBody body = new FreshTestBody(context, method, invocationContext.getArguments());
        new ExplorationSession(context, settings, body).run();
    }

    /**
     * {@code @ParameterizedTest}, {@code @RepeatedTest} or another test template beside {@code @ExhaustiveConcurrency}:
     * JUnit runs the method as a test of its own (which Weft explores) and as the template's invocations, which ran
     * once each, unexplored, and passed a lost update (found by QA, 2026-11-27). Each invocation fails instead, saying
     * why and what to do.
     */
    @Override
    public void interceptTestTemplateMethod(Invocation<Void> invocation,
                                           ReflectiveInvocationContext<Method> invocationContext,
                                           ExtensionContext context) {
        invocation.skip();
        Method method = invocationContext.getExecutable();
        throw new WeftConfigurationException("@ExhaustiveConcurrency cannot be combined with @ParameterizedTest,"
                + " @RepeatedTest or another test template (" + method.getDeclaringClass().getName() + "#"
                + method.getName() + "): their invocations would run once each, unexplored. Explore each case in an"
                + " @ExhaustiveConcurrency method of its own that calls a shared helper, or loop over the cases inside"
                + " one test.");
    }

    @Override
    public void interceptBeforeEachMethod(Invocation<Void> invocation,
                                          ReflectiveInvocationContext<Method> invocationContext,
                                          ExtensionContext context) {
        invocation.skip();
    }

    @Override
    public void interceptAfterEachMethod(Invocation<Void> invocation,
                                         ReflectiveInvocationContext<Method> invocationContext,
                                         ExtensionContext context) {
        invocation.skip();
    }
}
