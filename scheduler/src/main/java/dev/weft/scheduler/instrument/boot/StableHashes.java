package dev.weft.scheduler.instrument.boot;

import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/**
 * Identity hash codes that do not change between executions. The JVM gives every object a random identity hash, so a
 * {@code HashSet} of objects without their own {@code hashCode} iterates in a different order in every execution, and
 * a test that locks objects in the order of {@code System.identityHashCode} (the textbook way to avoid a deadlock)
 * locks them in a different order: the same schedule would do different things, which Weft reports as
 * nondeterminism. Weft gives each object that a managed thread constructs a hash of its own (from the thread and
 * its count of such objects, so the same schedule gives the same hashes), remembered here for the object's lifetime,
 * and the calls that ask for an identity hash ask here first: {@code hashCode()} and
 * {@code System.identityHashCode} in the test's code, and the hash functions of the JDK's hash tables. An object whose
 * class has its own {@code hashCode} is given one too: a library may still key it by identity.
 *
 * <p>Loaded by the bootstrap class loader (Weft appends it to the bootstrap class path), because those hash tables
 * are JDK classes and can call only classes of that loader; it knows no Weft type, and no JDK collection: it is
 * called from inside {@code HashMap} and {@code ConcurrentHashMap}, on every thread of the JVM, so it must not use
 * them, and what it does for an object nobody remembered (almost every object) is one class lookup.
 *
 * <p>An object keeps the hash it was given for its whole life, even after the test, so a hash table that holds it
 * stays consistent. Objects not remembered keep the JVM's identity hash: the consistency of a table built before the
 * test (with the JVM's hashes) depends on it, which is why only objects constructed during an execution are given one.
 */
public final class StableHashes {

    private static final Object LOCK = new Object();
    private static final ReferenceQueue<Object> COLLECTED = new ReferenceQueue<>();
    private static final int FORGOTTEN_PER_CALL = 64;

    /** The classes of remembered objects: {@code System.identityHashCode} looks their objects up. */
    private static final ClassSet REMEMBERED = new ClassSet();
    /**
     * Those of them that keep {@code Object}'s {@code hashCode}: a {@code hashCode()} call looks their objects up too.
     * The others answer it with their own method, whatever identity hash they were given.
     */
    private static final ClassSet HASHED_BY_IDENTITY = new ClassSet();
    /** Buckets of immutable chains: readers take no lock; writers replace a bucket's chain under {@link #LOCK}. */
    private static volatile Entry[] table = new Entry[64];
    private static int size;

    private StableHashes() {
    }

    /** What {@code object.hashCode()} returns, with a remembered object's own identity hash. */
    public static int hashCode(Object object) {
        Class<?> type = object.getClass(); // a null object throws here, as the call it replaces does
        // the commonest keys have their own hashCode: answered without looking their class up
        if (type != String.class && type != Integer.class && type != Long.class && HASHED_BY_IDENTITY.contains(type)) {
            int stable = lookUp(object);
            if (stable != 0) {
                return stable;
            }
        }
        return object.hashCode();
    }

    /** What {@code System.identityHashCode(object)} returns, with a remembered object's own identity hash. */
    public static int identityHashCode(Object object) {
        if (object != null && REMEMBERED.contains(object.getClass())) {
            int stable = lookUp(object);
            if (stable != 0) {
                return stable;
            }
        }
        return System.identityHashCode(object);
    }

    /**
     * Gives the object this identity hash for the rest of its life, unless it has one already; its {@code hashCode()}
     * answers with it too. Only for an object whose class does not override {@code hashCode} (its {@code hashCode()}
     * is then its identity hash), and only before anything asked for its hash: right after {@code Object}'s
     * constructor returned.
     *
     * @param hash not 0, which the JVM never gives either
     * @return whether the object was given this hash (it had none)
     */
    public static boolean remember(Object object, int hash) {
        return remember(object, hash, true);
    }

    /**
     * Gives the object this identity hash for the rest of its life, unless it has one already, for an object whose
     * class has its own {@code hashCode}: only {@code System.identityHashCode} and {@code Object}'s {@code hashCode}
     * (a {@code super.hashCode()}) answer with it. A library that keys a table by identity (an identity wrapper, an
     * {@code IdentityHashMap}) then iterates such objects alike in every execution.
     *
     * @param hash not 0, which the JVM never gives either
     * @return whether the object was given this hash (it had none)
     */
    public static boolean rememberIdentity(Object object, int hash) {
        return remember(object, hash, false);
    }

    private static boolean remember(Object object, int hash, boolean hashCodeToo) {
        if (hash == 0) {
            throw new IllegalArgumentException("an identity hash is never 0");
        }
        synchronized (LOCK) {
            if (lookUp(object) != 0) {
                return false;
            }
            forgetCollected();
            REMEMBERED.add(object.getClass());
            if (hashCodeToo) {
                HASHED_BY_IDENTITY.add(object.getClass());
            }
            Entry[] buckets = size + 1 > table.length * 3 / 4 ? grown() : table;
            int identity = System.identityHashCode(object);
            int index = identity & (buckets.length - 1);
            buckets[index] = new Entry(object, identity, hash, buckets[index]);
            size++;
            table = buckets; // publishes the new chain to readers that take no lock
            return true;
        }
    }

    /**
     * Gives the object this identity hash in place of the one it had, for a Weft-owned object that stands for a new
     * one in each execution (a reused thread): nothing may hold it in a hash table across the change.
     */
    public static void rebind(Object object, int hash) {
        if (hash == 0) {
            throw new IllegalArgumentException("an identity hash is never 0");
        }
        synchronized (LOCK) {
            dropFromBucket(System.identityHashCode(object), object);
            remember(object, hash);
        }
    }

    /**
     * Tests only: the entries of the table, those of collected objects not yet dropped included. Public because once
     * Weft is installed this class is the bootstrap loader's, and a test's package-private access would fail.
     */
    public static int entries() {
        synchronized (LOCK) {
            return size;
        }
    }

    /** The object's remembered hash, or 0 when it has none (it answers with the JVM's). */
    public static int remembered(Object object) {
        return object != null && REMEMBERED.contains(object.getClass()) ? lookUp(object) : 0;
    }

    /** The object's remembered hash, or 0. */
    private static int lookUp(Object object) {
        Entry[] buckets = table;
        int identity = System.identityHashCode(object);
        for (Entry entry = buckets[identity & (buckets.length - 1)]; entry != null; entry = entry.next) {
            if (entry.identity == identity && entry.get() == object) {
                return entry.stable;
            }
        }
        return 0;
    }

    /** Under {@link #LOCK}: a copy of the table twice as large, without the entries whose object is gone. */
    private static Entry[] grown() {
        Entry[] old = table;
        Entry[] next = new Entry[old.length * 2];
        size = 0;
        for (Entry head : old) {
            for (Entry entry = head; entry != null; entry = entry.next) {
                Object object = entry.get();
                if (object != null) {
                    int index = entry.identity & (next.length - 1);
                    next[index] = new Entry(object, entry.identity, entry.stable, next[index]);
                    size++;
                }
            }
        }
        return next;
    }

    /**
     * Under {@link #LOCK}: drops the entries of collected objects, as their references are queued; at most
     * {@link #FORGOTTEN_PER_CALL} at a time. After a collection thousands are queued at once (the objects of the
     * executions since), and a thread that dropped them all would hold the lock for milliseconds while parallel
     * workers wait for it to give their new objects hashes. An execution gives far fewer hashes than that, so the
     * queue is still emptied between collections, and {@link #grown} leaves collected entries behind anyway.
     */
    private static void forgetCollected() {
        for (int i = 0; i < FORGOTTEN_PER_CALL; i++) {
            Object gone = COLLECTED.poll();
            if (gone == null) {
                return;
            }
            dropFromBucket(((Entry) gone).identity, null);
        }
    }

    /**
     * Under {@link #LOCK}: rebuilds the chain of the bucket of {@code identity} (chains are immutable for the readers
     * that take no lock) without the entry of {@code object}, if any, and without the entries of collected objects.
     */
    private static void dropFromBucket(int identity, Object object) {
        Entry[] buckets = table;
        int index = identity & (buckets.length - 1);
        Entry rebuilt = null;
        int dropped = 0;
        for (Entry entry = buckets[index]; entry != null; entry = entry.next) {
            Object held = entry.get();
            if (held == null || held == object) {
                dropped++;
            } else {
                rebuilt = new Entry(held, entry.identity, entry.stable, rebuilt);
            }
        }
        if (dropped > 0) {
            buckets[index] = rebuilt;
            size -= dropped;
        }
    }

    private static final class Entry extends WeakReference<Object> {

        final int identity;
        final int stable;
        final Entry next;

        Entry(Object object, int identity, int stable, Entry next) {
            super(object, COLLECTED);
            this.identity = identity;
            this.stable = stable;
            this.next = next;
        }
    }

    /**
     * A set of classes, open addressing (slots by {@link #slotOf}, compared by identity), read without a lock on the
     * path every hash table of the JVM takes, written under {@link #LOCK} by replacing the array.
     */
    private static final class ClassSet {

        /** {@code null} until the first class is added. */
        private volatile Class<?>[] slots;
        private int count;

        boolean contains(Class<?> type) {
            Class<?>[] known = slots;
            if (known == null) {
                return false;
            }
            int mask = known.length - 1;
            for (int i = slotOf(type) & mask; known[i] != null; i = (i + 1) & mask) {
                if (known[i] == type) {
                    return true;
                }
            }
            return false;
        }

        /** Under {@link #LOCK}. */
        void add(Class<?> type) {
            if (contains(type)) {
                return;
            }
            Class<?>[] known = slots;
            int capacity = known == null ? 16 : known.length;
            if ((count + 1) * 2 > capacity) {
                capacity *= 2;
            }
            Class<?>[] next = new Class<?>[capacity];
            if (known != null) {
                for (Class<?> each : known) {
                    if (each != null) {
                        insert(next, each);
                    }
                }
            }
            insert(next, type);
            count++;
            slots = next;
        }

        private static void insert(Class<?>[] into, Class<?> type) {
            int mask = into.length - 1;
            int i = slotOf(type) & mask;
            while (into[i] != null) {
                i = (i + 1) & mask;
            }
            into[i] = type;
        }

        /**
         * Where a class goes in the class table: its name's hash, which the name caches. Not the class's identity hash:
         * the JVM answers that from the object's header only while its monitor is not inflated, and a class some code
         * synchronizes on ({@code Thread} is one) costs five times more (measured: 11 against 2 ns on Temurin 25), on a
         * path every hash table of the JVM takes for every key.
         */
        private static int slotOf(Class<?> type) {
            return type.getName().hashCode();
        }
    }
}
