package dev.weft.scheduler.instrument;

import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaConversionException;
import java.lang.invoke.LambdaMetafactory;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;

/**
 * The bootstrap methods of the method references that {@link MethodReferenceVisitor} redirected. Each does what
 * {@link LambdaMetafactory} would, but with the implementation method replaced by a static bridge that takes the
 * receiver first: the metafactory adapts the receiver and arguments of such a method exactly as it adapts those of
 * the instance method it replaces.
 *
 * <p>The bridge is defined here, at link time, rather than when the class holding the method reference is
 * transformed: that class does not exist yet at that point (or, retransformed, cannot gain methods), and only now is
 * there a lookup with full privileges in its package, the caller's own. {@code Lookup.defineClass} puts the bridge in
 * the caller's package and loader, as a normal class (a hidden one would not be instrumented), without reflective
 * access to {@code ClassLoader.defineClass}, so it works unchanged on Java 17 through 25. The bridge is instrumented
 * here, before it is defined, with sites that report the method reference; the transformer leaves bridges alone
 * ({@link ClassFilter}). The JVM links each call site once, so each redirected method reference gets one bridge.
 *
 * <p>If the bridge cannot be made, the failure is reported as an instrumentation failure and the method reference
 * is linked unchanged: it works, but its target runs uncontrolled.
 */
public final class MethodReferenceBootstrap {

    private MethodReferenceBootstrap() {
    }

    /** {@link LambdaMetafactory#metafactory}, calling the target through a bridge. */
    public static CallSite metafactory(MethodHandles.Lookup caller, String interfaceMethodName, MethodType factoryType,
                                       int target, MethodType interfaceMethodType, MethodHandle implementation,
                                       MethodType dynamicMethodType) throws LambdaConversionException {
        return LambdaMetafactory.metafactory(caller, interfaceMethodName, factoryType, interfaceMethodType,
                bridge(caller, target, implementation), dynamicMethodType);
    }

    /**
     * {@link LambdaMetafactory#altMetafactory}, calling the target through a bridge; {@code arguments} are the
     * {@link BridgeTargets} number, then the metafactory's own arguments.
     */
    public static CallSite altMetafactory(MethodHandles.Lookup caller, String interfaceMethodName,
                                          MethodType factoryType, Object... arguments)
            throws LambdaConversionException {
        Object[] original = Arrays.copyOfRange(arguments, 1, arguments.length);
        original[1] = bridge(caller, (Integer) arguments[0], (MethodHandle) original[1]);
        return LambdaMetafactory.altMetafactory(caller, interfaceMethodName, factoryType, original);
    }

    /** The bridge's method, or {@code implementation} itself when no bridge can be made (reported). */
    private static MethodHandle bridge(MethodHandles.Lookup caller, int number, MethodHandle implementation) {
        BridgeTargets.Target target = BridgeTargets.get(number);
        Class<?> callerClass = caller.lookupClass();
        try {
            String name = BridgeClass.nameFor(callerClass.getName().replace('.', '/'));
            byte[] instrumented = WeftInstrumentation.instrumenter()
                    .instrumentBridge(callerClass.getClassLoader(), BridgeClass.generate(name, target),
                            target.origin());
            Class<?> bridge = caller.defineClass(instrumented);
            // The JVM types a method handle constant (C, A...)R, C being the class the reference names: the bridge's.
            return caller.findStatic(bridge, BridgeClass.METHOD, implementation.type());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            WeftInstrumentation.failed(callerClass.getName() + " (the method reference to " + target.describe()
                    + ", which could not be bridged)", e);
            return implementation;
        }
    }
}
