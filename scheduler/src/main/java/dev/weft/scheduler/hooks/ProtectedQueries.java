package dev.weft.scheduler.hooks;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Runs the JDK's own implementation of a protected query ({@code ReentrantLock.getOwner()}) for a receiver that may
 * be a subclass: what the replaced {@code super.getOwner()} did, off the threads Weft controls. Non-virtual, as a
 * {@code super} call is: a virtual call would run the subclass's override, which made the call being replaced.
 * Weft's module may look into {@code java.util.concurrent} and its {@code locks} (the instrumentation opens them).
 */
final class ProtectedQueries {

    private ProtectedQueries() {
    }

    /** {@code receiver.method(args)} as the JDK class that declares it implements it. */
    static Object callJdkImplementation(Object receiver, String method, MethodType type, Object... args) {
        Class<?> declaring = declaringJdkClass(receiver.getClass(), method, type);
        try {
            MethodHandle jdk = MethodHandles.privateLookupIn(declaring, MethodHandles.lookup())
                    .findSpecial(declaring, method, type, declaring);
            Object[] all = new Object[args.length + 1];
            all[0] = receiver;
            System.arraycopy(args, 0, all, 1, args.length);
            return jdk.invokeWithArguments(all);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot call " + declaring.getName() + "." + method + ": " + e, e);
        }
    }

    private static Class<?> declaringJdkClass(Class<?> type, String method, MethodType signature) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().startsWith("java.")) {
                try {
                    c.getDeclaredMethod(method, signature.parameterArray());
                    return c;
                } catch (NoSuchMethodException notHere) {
                    // a JDK superclass further up declares it
                }
            }
        }
        throw new IllegalStateException("no JDK class of " + type.getName() + " declares " + method);
    }
}
