package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.IdentityHashes;

/**
 * Gives each object a managed thread constructs, whose class keeps {@code Object}'s {@code hashCode}, an identity hash
 * that the same schedule reproduces ({@link ManagedThread#nextIdentityHash()}): the JVM's random one would make the
 * iteration order of a hash set of such objects, or a lock order chosen by {@code System.identityHashCode}, differ
 * between executions that should be the same. The hash is given right after {@code Object}'s constructor returned
 * ({@code Hooks.constructing}), before anything can ask for it.
 *
 * <p>Other objects keep the JVM's hash: those made before the test (a table built then relies on it), in class
 * initialisation (it runs once, in whichever execution comes first), inside uninstrumented code, and those of a class
 * below an uninstrumented one other than {@code Object} and {@code Thread} (its constructor may have hashed them).
 */
final class ConstructedHashes {

    private static final ClassValue<Boolean> HASHED_BY_IDENTITY = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            try {
                return type.getMethod("hashCode").getDeclaringClass() == Object.class;
            } catch (NoSuchMethodException impossible) {
                throw new IllegalStateException(type + " has no hashCode()", impossible);
            }
        }
    };

    private ConstructedHashes() {
    }

    static void give(Object object, ManagedThread constructing) {
        if (HASHED_BY_IDENTITY.get(object.getClass())
                && IdentityHashes.remember(object, constructing.nextIdentityHash())) {
            constructing.identityHashGiven();
        }
    }
}
