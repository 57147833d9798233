package dev.weft.scheduler.instrument.boot;

import java.lang.invoke.CallSite;
import java.lang.invoke.ConstantCallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Links the hook calls of instrumented JDK classes to {@code dev.weft.scheduler.hooks.Hooks}. Like
 * {@link ThreadRunBridge}, this class is loaded by the bootstrap class loader and knows no Weft type: JDK code
 * cannot name {@code Hooks}, which the application class loader defines, so Weft hands over the {@code Class} and
 * each call of the generated {@code JdkHooks} is linked once ({@code invokedynamic}) to the method of the same name
 * and type. The call site is constant, so the JIT inlines the hook as if the JDK called it directly.
 */
public final class JdkHookLinker {

    private static volatile Class<?> hooks;

    private JdkHookLinker() {
    }

    /** Where the calls go from now on; before this, no JDK class is instrumented, so nothing links. */
    public static void connect(Class<?> hooksClass) {
        hooks = hooksClass;
    }

    /** The bootstrap method of every {@code invokedynamic} in {@code JdkHooks}. */
    public static CallSite link(MethodHandles.Lookup caller, String name, MethodType type)
            throws ReflectiveOperationException {
        Class<?> target = hooks;
        if (target == null) {
            throw new IllegalStateException("Weft's hooks are not connected, yet instrumented JDK code calls " + name);
        }
        return new ConstantCallSite(MethodHandles.publicLookup().findStatic(target, name, type));
    }
}
