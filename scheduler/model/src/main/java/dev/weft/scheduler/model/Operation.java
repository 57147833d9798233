package dev.weft.scheduler.model;

/**
 * A visible operation: what a thread is about to do, or did.
 *
 * @param kind   the kind of operation
 * @param target what it acts on; {@code null} only for kinds whose {@link OpKind#targetKind()} is {@code NONE}
 */
public record Operation(OpKind kind, Target target) {

    public Operation {
        if (kind == null) {
            throw new IllegalArgumentException("operation kind must not be null");
        }
        boolean fits = switch (kind.targetKind()) {
            case LOCATION -> target instanceof Location;
            case LOCK -> target instanceof LockId;
            case THREAD -> target instanceof ThreadId;
            case NONE -> target == null;
        };
        if (!fits) {
            throw new IllegalArgumentException("operation " + kind + " cannot target " + target);
        }
    }

    public static Operation read(Location location) {
        return new Operation(OpKind.READ, location);
    }

    public static Operation write(Location location) {
        return new Operation(OpKind.WRITE, location);
    }

    public static Operation lock(LockId lock) {
        return new Operation(OpKind.LOCK, lock);
    }

    /** A lock operation that never blocks and may take the lock ({@link OpKind#TRY_LOCK}). */
    public static Operation tryLock(LockId lock) {
        return new Operation(OpKind.TRY_LOCK, lock);
    }

    /** A lock operation that never blocks and leaves the lock as it is ({@link OpKind#OBSERVE_LOCK}). */
    public static Operation observeLock(LockId lock) {
        return new Operation(OpKind.OBSERVE_LOCK, lock);
    }

    public static Operation unlock(LockId lock) {
        return new Operation(OpKind.UNLOCK, lock);
    }

    public static Operation start(ThreadId child) {
        return new Operation(OpKind.START, child);
    }

    public static Operation join(ThreadId joined) {
        return new Operation(OpKind.JOIN, Location.alive(joined));
    }

    public static Operation end(ThreadId self) {
        return new Operation(OpKind.END, Location.alive(self));
    }

    /** The memory location, or {@code null} if this operation does not access memory. */
    public Location location() {
        return target instanceof Location location ? location : null;
    }

    /** The lock, or {@code null} if this is not a lock operation. */
    public LockId lockId() {
        return target instanceof LockId lock ? lock : null;
    }

    /** The started thread, or {@code null} if this is not a start. */
    public ThreadId startedThread() {
        return target instanceof ThreadId thread ? thread : null;
    }

    public boolean reads() {
        return kind.access().reads();
    }

    public boolean writes() {
        return kind.access().writes();
    }

    @Override
    public String toString() {
        String verb = kind.name().toLowerCase(java.util.Locale.ROOT);
        return target == null ? verb : verb + " " + target;
    }
}
