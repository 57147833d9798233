package dev.weft.scheduler.hooks;

import java.lang.invoke.MethodHandle;

/**
 * Where the runtime gives an object the identity hash it keeps between executions: the bootstrap class
 * {@code StableHashes}, which the JDK's hash tables and the test's {@code hashCode()} calls ask. Weft's instrumentation
 * connects it when it puts that class on the bootstrap class path; the runtime cannot name it (a class of the
 * bootstrap loader that Weft's own loader also holds would exist twice).
 */
public final class IdentityHashes {

    private static volatile MethodHandle remember;
    private static volatile MethodHandle rememberIdentity;
    private static volatile MethodHandle rebind;
    private static volatile MethodHandle remembered;

    private IdentityHashes() {
    }

    /**
     * @param rememberHandle         {@code (Object, int) boolean}: gives the object the hash unless it has one
     * @param rememberIdentityHandle {@code (Object, int) boolean}: the same for an object whose class has its own
     *                               {@code hashCode}, which keeps answering it
     * @param rebindHandle           {@code (Object, int) void}: gives the object the hash in place of its own
     * @param rememberedHandle       {@code (Object) int}: the object's hash, 0 if it was given none
     */
    public static void connect(MethodHandle rememberHandle, MethodHandle rememberIdentityHandle,
                               MethodHandle rebindHandle, MethodHandle rememberedHandle) {
        remember = rememberHandle;
        rememberIdentity = rememberIdentityHandle;
        rebind = rebindHandle;
        remembered = rememberedHandle;
    }

    /**
     * Gives the object this identity hash for the rest of its life, unless it has one already.
     *
     * @return whether it was given this hash; {@code false} also when nothing is connected (no instrumentation, so
     * nothing asks for the hashes)
     */
    public static boolean remember(Object object, int hash) {
        return remember(remember, object, hash);
    }

    /**
     * Gives an object whose class has its own {@code hashCode} this identity hash for the rest of its life, unless it
     * has one already: {@code System.identityHashCode} answers with it, its {@code hashCode()} with its own method.
     *
     * @return as {@link #remember}
     */
    public static boolean rememberIdentity(Object object, int hash) {
        return remember(rememberIdentity, object, hash);
    }

    private static boolean remember(MethodHandle handle, Object object, int hash) {
        if (handle == null) {
            return false;
        }
        try {
            return (boolean) handle.invokeExact(object, hash);
        } catch (Throwable e) {
            throw rethrown(e);
        }
    }

    /**
     * Gives a Weft-owned object that stands for a new one in each execution (a reused thread) that one's hash in
     * place of its own; nothing when nothing is connected.
     */
    public static void rebind(Object object, int hash) {
        MethodHandle handle = rebind;
        if (handle != null) {
            try {
                handle.invokeExact(object, hash);
            } catch (Throwable e) {
                throw rethrown(e);
            }
        }
    }

    /** The hash the object was given, or 0 (none, or nothing connected). */
    public static int remembered(Object object) {
        MethodHandle handle = remembered;
        if (handle == null) {
            return 0;
        }
        try {
            return (int) handle.invokeExact(object);
        } catch (Throwable e) {
            throw rethrown(e);
        }
    }

    private static RuntimeException rethrown(Throwable thrown) {
        if (thrown instanceof RuntimeException runtime) {
            return runtime;
        }
        if (thrown instanceof Error error) {
            throw error;
        }
        return new IllegalStateException(thrown);
    }
}
