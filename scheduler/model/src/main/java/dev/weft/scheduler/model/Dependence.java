package dev.weft.scheduler.model;

/**
 * The dependency relation of {@code ARCHITECTURE.md}: two operations of different threads are dependent when they
 * touch overlapping memory locations (the same one, or a key of a map and the whole map) and at least one writes (a
 * failed CAS is a read), or when both act on the same
 * lock and not both only observe it (nor, on a counting lock, both release it). Thread start and yields depend on
 * nothing; they only order. A location an operation {@linkplain Operation#alsoReads also reads} conflicts with the
 * other operation's writes of it.
 */
public final class Dependence {

    private Dependence() {
    }

    /** Whether the two operations do not commute (the caller makes sure they belong to different threads). */
    public static boolean dependent(Operation a, Operation b) {
        return readsWhatTheOtherWrites(a, b) || readsWhatTheOtherWrites(b, a) || dependentOnTargets(a, b);
    }

    private static boolean readsWhatTheOtherWrites(Operation reader, Operation writer) {
        Location read = reader.alsoReads();
        return read != null && writer.writes() && writer.location() != null && read.overlaps(writer.location());
    }

    private static boolean dependentOnTargets(Operation a, Operation b) {
        Target target = a.target();
        if (target instanceof Location location) {
            // A key of a map and the whole map overlap (Location.overlaps); two different keys do not.
            return b.target() instanceof Location other && location.overlaps(other) && (a.writes() || b.writes());
        }
        if (target == null || !target.equals(b.target())) {
            return false;
        }
        if (target instanceof LockId lock) {
            // Two observations of a lock commute, as two reads do; two releases of a semaphore, as two additions do.
            OpKind k = a.kind();
            return k != b.kind() || k != OpKind.OBSERVE_LOCK && !(lock.counting() && k == OpKind.UNLOCK);
        }
        return false;
    }
}
