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

    private IdentityHashes() {
    }

    /** @param rememberHandle {@code (Object, int) boolean}: gives the object the hash unless it has one */
    public static void connect(MethodHandle rememberHandle) {
        remember = rememberHandle;
    }

    /**
     * Gives the object this identity hash for the rest of its life, unless it has one already.
     *
     * @return whether it was given this hash; {@code false} also when nothing is connected (no instrumentation, so
     * nothing asks for the hashes)
     */
    public static boolean remember(Object object, int hash) {
        MethodHandle handle = remember;
        if (handle == null) {
            return false;
        }
        try {
            return (boolean) handle.invokeExact(object, hash);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
