package dev.weft.scheduler.model;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A memory location: two accesses conflict when they {@linkplain #overlaps overlap} and at least one writes.
 *
 * <p>Locations form a two-level hierarchy for objects modelled at their API ({@link Kind#OBJECT_STATE},
 * {@link Kind#UNSAFE_OBJECT}): the whole object (empty member), and its parts, one per key of a map or set (the
 * member names the key). A part overlaps itself and the whole, not another part: {@code put("a")} and
 * {@code put("b")} on one {@code ConcurrentHashMap} commute, while either conflicts with {@code size()}. A part may
 * name several keys at once ({@link #keys}), for a call that touches more than one key: a queue's {@code take}
 * touches its head and the slot of the element it takes. Two parts overlap when they share a key.
 *
 * @param kind   what sort of location this is
 * @param owner  the stable name of the object, class, array or thread the location belongs to
 * @param member the field name, the array index (empty: every element, {@link #arrayElements}), the key (or keys,
 *               {@link #keys}) of a part, or empty for locations that are a whole object
 */
public record Location(Kind kind, String owner, String member) implements Target {

    /** The sorts of location. */
    public enum Kind {
        /** an instance field of one object */
        FIELD,
        /** a static field of one class */
        STATIC_FIELD,
        /** one element of one array */
        ARRAY_ELEMENT,
        /** the value of one atomic variable ({@code AtomicInteger} and friends) */
        ATOMIC,
        /** the park permit of one thread ({@code LockSupport.park/unpark}) */
        PERMIT,
        /** whether one thread is still alive (written when it ends, read by join and isAlive) */
        ALIVE,
        /** the interrupt flag of one thread */
        INTERRUPT,
        /**
         * the whole state of one thread-safe object modelled at its API (a concurrent collection, a latch, a
         * barrier, a semaphore's permits): each call is one atomic access
         */
        OBJECT_STATE,
        /**
         * the whole state of one object that is not thread-safe ({@code HashMap}, {@code ArrayList}): conflicting
         * accesses from two threads that nothing else orders are a data race
         */
        UNSAFE_OBJECT
    }

    /** Between the names of a part's keys in its {@link #member}; never in a key's name. */
    private static final char KEY_SEPARATOR = '\u001F';

    public Location {
        if (kind == null || owner == null || member == null) {
            throw new IllegalArgumentException("location kind, owner and member must not be null");
        }
    }

    public static Location field(String objectName, String fieldName) {
        return new Location(Kind.FIELD, objectName, fieldName);
    }

    public static Location staticField(String className, String fieldName) {
        return new Location(Kind.STATIC_FIELD, className, fieldName);
    }

    public static Location arrayElement(String arrayName, int index) {
        return new Location(Kind.ARRAY_ELEMENT, arrayName, Integer.toString(index));
    }

    /**
     * Every element of an array, for a JDK call that reads or writes them in bulk ({@code System.arraycopy},
     * {@code Arrays.fill}): it overlaps each {@link #arrayElement} of that array.
     */
    public static Location arrayElements(String arrayName) {
        return new Location(Kind.ARRAY_ELEMENT, arrayName, "");
    }

    /** Whether this is {@link #arrayElements every element} of an array. */
    public boolean isEveryElement() {
        return kind == Kind.ARRAY_ELEMENT && member.isEmpty();
    }

    public static Location atomic(String objectName) {
        return new Location(Kind.ATOMIC, objectName, "");
    }

    public static Location permit(ThreadId thread) {
        return new Location(Kind.PERMIT, thread.name(), "");
    }

    public static Location alive(ThreadId thread) {
        return new Location(Kind.ALIVE, thread.name(), "");
    }

    public static Location interruptFlag(ThreadId thread) {
        return new Location(Kind.INTERRUPT, thread.name(), "");
    }

    /**
     * The execution's time: every step in which time passes (a sleep ends, a timed wait times out) reads it
     * ({@link Operation#wakesOnItsOwn()}).
     */
    public static final Location TIME = objectState("time");

    public static Location objectState(String objectName) {
        return new Location(Kind.OBJECT_STATE, objectName, "");
    }

    public static Location unsafeObject(String objectName) {
        return new Location(Kind.UNSAFE_OBJECT, objectName, "");
    }

    /**
     * One key of a map or set modelled at its API: the part of {@code container} (an {@link Kind#OBJECT_STATE} or
     * {@link Kind#UNSAFE_OBJECT} whole) that the calls on that key touch.
     *
     * @param key the key's stable name, the same for keys the container takes as equal; never empty, and never with
     *            the character U+001F in it ({@link #keyName} makes any text a name)
     */
    public static Location key(Location container, String key) {
        return keys(container, List.of(key));
    }

    /**
     * The part of {@code container} made of several keys, for one call that touches each of them: it overlaps the
     * whole and every part that shares one of its keys. The order of the names does not matter.
     */
    public static Location keys(Location container, Collection<String> keys) {
        if (!container.isWhole() || keys.isEmpty()
                || keys.stream().anyMatch(key -> key.isEmpty() || key.indexOf(KEY_SEPARATOR) >= 0)) {
            throw new IllegalArgumentException("a key needs a non-empty name without U+001F and a whole object: "
                    + container + ", " + keys);
        }
        String member = keys.stream().distinct().sorted()
                .collect(Collectors.joining(String.valueOf(KEY_SEPARATOR)));
        return new Location(container.kind, container.owner, member);
    }

    /** {@code text} as a key's name: the same text, with the one character a name cannot hold replaced. */
    public static String keyName(String text) {
        return text.replace(KEY_SEPARATOR, '?');
    }

    /** The names of the keys of a part, in order; empty for any other location. */
    public List<String> keyNames() {
        return isKey() ? List.of(member.split(String.valueOf(KEY_SEPARATOR))) : List.of();
    }

    /** The keys of a part one by one, each a part of its own; empty for any other location. */
    public List<Location> keyParts() {
        return keyNames().stream().map(name -> new Location(kind, owner, name)).toList();
    }

    /** Whether this is a whole object that may have parts (keys). */
    public boolean isWhole() {
        return member.isEmpty() && (kind == Kind.OBJECT_STATE || kind == Kind.UNSAFE_OBJECT);
    }

    /** Whether this is one key of an object ({@link #key}). */
    public boolean isKey() {
        return !member.isEmpty() && (kind == Kind.OBJECT_STATE || kind == Kind.UNSAFE_OBJECT);
    }

    /** The whole object a key belongs to; this location itself when it is no key. */
    public Location whole() {
        return isKey() ? new Location(kind, owner, "") : this;
    }

    /**
     * Whether accesses of the two locations may touch the same memory: they are equal, or one is a whole object and
     * the other that object or one of its parts, or both are parts of one object that share a key.
     */
    public boolean overlaps(Location other) {
        if (equals(other)) {
            return true;
        }
        if (kind != other.kind || !owner.equals(other.owner)) {
            return false;
        }
        if (isEveryElement() || other.isEveryElement()) {
            return true;
        }
        if (isWhole() && other.isKey() || isKey() && other.isWhole()) {
            return true;
        }
        return isKey() && other.isKey() && (member.indexOf(KEY_SEPARATOR) >= 0 || other.member.indexOf(KEY_SEPARATOR) >= 0)
                && keyNames().stream().anyMatch(other.keyNames()::contains);
    }

    /**
     * From the kind's ordinal, where a record's own hash would take the kind's identity hash: the explorer hashes a
     * location at every step, and under Weft's stable identity hashes every identity hash the JDK's code asks for is
     * a lookup. (It is also the same in every JVM.)
     */
    @Override
    public int hashCode() {
        return (kind.ordinal() * 31 + owner.hashCode()) * 31 + member.hashCode();
    }

    /**
     * Field by field, as the record's own would: written out because the explorer compares operations at every step
     * it replays (whether the execution does what it did before), and the record's generated {@code equals}, made of
     * method handles, was a tenth of big0's CPU samples there.
     */
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof Location that && kind == that.kind && member.equals(that.member)
                && owner.equals(that.owner);
    }

    /** The location in user terms: {@code Account@2.balance}, {@code items[3]}, {@code Config.flag}. */
    @Override
    public String toString() {
        return switch (kind) {
            case FIELD, STATIC_FIELD -> owner + "." + member;
            case ARRAY_ELEMENT -> owner + "[" + (member.isEmpty() ? "*" : member) + "]";
            case ATOMIC -> owner;
            case OBJECT_STATE, UNSAFE_OBJECT -> member.isEmpty() ? owner : owner + "[" + String.join(", ", keyNames()) + "]";
            case PERMIT -> "permit of " + owner;
            case ALIVE -> "liveness of " + owner;
            case INTERRUPT -> "interrupt flag of " + owner;
        };
    }
}
