package dev.weft.scheduler.runtime.memory;

import dev.weft.scheduler.hooks.IdentityHashes;
import dev.weft.scheduler.runtime.InheritedMethod;
import dev.weft.scheduler.runtime.threads.ManagedThread;

/**
 * Gives each object a managed thread constructs an identity hash that the same schedule reproduces
 * ({@link ManagedThread#nextIdentityHash()}): the JVM's random one would make the iteration order of a hash set of
 * objects that keep {@code Object}'s {@code hashCode}, of a table keyed by identity (a library's identity wrapper over
 * objects with their own {@code hashCode}), or a lock order chosen by {@code System.identityHashCode}, differ between
 * executions that should be the same. An object whose class has its own {@code hashCode} keeps answering it. The
 * hash is given right after {@code Object}'s constructor returned ({@code Hooks.constructing}), before anything can
 * ask for it.
 *
 * <p>Other objects keep the JVM's hash: those made before the test (a table built then relies on it), in class
 * initialisation (it runs once, in whichever execution comes first), inside uninstrumented code, and those of a class
 * below an uninstrumented one other than {@code Object}, {@code Thread} and the fork/join task classes (its
 * constructor may have hashed them).
 */
public final class ConstructedHashes {

    private static final InheritedMethod HASHED_BY_IDENTITY = new InheritedMethod("hashCode", Object.class);

    /** The identity hash (and id) of every execution's main thread. */
    private static final int MAIN_THREAD = mix("main".hashCode(), 0);

    private ConstructedHashes() {
    }

    public static void give(Object object, ManagedThread constructing) {
        int hash = constructing.nextIdentityHash();
        boolean given = HASHED_BY_IDENTITY.get(object.getClass())
                ? IdentityHashes.remember(object, hash)
                : IdentityHashes.rememberIdentity(object, hash);
        if (given) {
            constructing.identityHashGiven();
        }
    }

    /**
     * A reused thread ({@code Carrier}) now stands for {@code original}, a thread the test just made: it takes the
     * hash {@code original} was given, so that a hash set of the test's threads iterates alike in every execution,
     * whichever reused thread stands for which.
     */
    public static void passOn(Thread original, Thread standIn) {
        int hash = IdentityHashes.remembered(original);
        if (hash != 0) {
            IdentityHashes.rebind(standIn, hash);
        }
    }

    /** The reused thread that runs an execution's main thread: the same hash in every execution. */
    public static void forMainThread(Thread carrier) {
        if (IdentityHashes.remembered(carrier) != MAIN_THREAD) { // a reused one has it already
            IdentityHashes.rebind(carrier, MAIN_THREAD);
        }
    }

    /**
     * An identity hash from a thread's name's hash and a count: 31 bits, never negative, never 0, as the JVM's.
     * Murmur3's finaliser spreads the bits.
     */
    public static int mix(int nameHash, int count) {
        int mixed = nameHash * 0x9E3779B9 + count;
        mixed = (mixed ^ (mixed >>> 16)) * 0x85EBCA6B;
        mixed = (mixed ^ (mixed >>> 13)) * 0xC2B2AE35;
        mixed = (mixed ^ (mixed >>> 16)) & 0x7FFFFFFF;
        return mixed == 0 ? 1 : mixed;
    }
}
