package dev.weft.scheduler.model;

/**
 * A memory location: two accesses conflict when they touch the same location and at least one writes.
 *
 * @param kind   what sort of location this is
 * @param owner  the stable name of the object, class, array or thread the location belongs to
 * @param member the field name, the array index, or empty for locations that are a whole object
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

    public static Location objectState(String objectName) {
        return new Location(Kind.OBJECT_STATE, objectName, "");
    }

    public static Location unsafeObject(String objectName) {
        return new Location(Kind.UNSAFE_OBJECT, objectName, "");
    }

    /** The location in user terms: {@code Account@2.balance}, {@code items[3]}, {@code Config.flag}. */
    @Override
    public String toString() {
        return switch (kind) {
            case FIELD, STATIC_FIELD -> owner + "." + member;
            case ARRAY_ELEMENT -> owner + "[" + member + "]";
            case ATOMIC, OBJECT_STATE, UNSAFE_OBJECT -> owner;
            case PERMIT -> "permit of " + owner;
            case ALIVE -> "liveness of " + owner;
            case INTERRUPT -> "interrupt flag of " + owner;
        };
    }
}
