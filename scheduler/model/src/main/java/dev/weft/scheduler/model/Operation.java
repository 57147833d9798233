package dev.weft.scheduler.model;

import java.util.Objects;

/**
 * A visible operation: what a thread is about to do, or did.
 *
 * @param kind   the kind of operation
 * @param target what it acts on; {@code null} only for kinds whose {@link OpKind#targetKind()} is {@code NONE}
 * @param shared for an acquisition or release of a lock: whether the hold is shared (a read lock), which other
 *               threads may hold at the same time; another thread's shared acquisition could then have come before
 *               the release (docs/design/explorers.md, "Shared holds")
 * @param lapses whether this is an offer that lapses as soon as another thread moves: a spurious wake-up, offered to
 *               a thread that has just begun to wait. Its dependence is that of its kind and target (what the
 *               wake-up stands in for, which {@link Dependence} and the traces go by); the explorers also take it to
 *               conflict with the next step of every other thread, which takes it away (docs/design/explorers.md,
 *               "Spurious wake-ups: an offer that lapses")
 * @param alsoReads a location the operation reads besides acting on its target, or {@code null}: an interruptible
 *               wait looks at its thread's interrupt flag in the same atomic step in which it releases the lock (it
 *               throws at once when the flag is set), so an {@code interrupt} of the thread is ordered against it
 *               both ways (docs/design/explorers.md, "An operation that also reads")
 */
public record Operation(OpKind kind, Target target, boolean shared, boolean lapses, Location alsoReads) {

    public Operation {
        if (kind == null) {
            throw new IllegalArgumentException("operation kind must not be null");
        }
        if (shared && !(kind == OpKind.LOCK || kind == OpKind.TRY_LOCK || kind == OpKind.UNLOCK)) {
            throw new IllegalArgumentException("only a lock's acquisition or release can be shared, not " + kind);
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

    /** Field by field, as the record's own would; written out for speed (see {@link Location#equals}). */
    @Override
    public boolean equals(Object other) {
        return this == other || other instanceof Operation that && kind == that.kind && shared == that.shared
                && lapses == that.lapses && Objects.equals(target, that.target)
                && Objects.equals(alsoReads, that.alsoReads);
    }

    @Override
    public int hashCode() {
        int hash = (kind.ordinal() * 31 + Objects.hashCode(target)) * 31 + Objects.hashCode(alsoReads);
        return (hash * 31 + (shared ? 1 : 0)) * 31 + (lapses ? 1 : 0);
    }

    /** An operation that reads nothing besides its target ({@link #alsoReads()}). */
    public Operation(OpKind kind, Target target, boolean shared, boolean lapses) {
        this(kind, target, shared, lapses, null);
    }

    /** An operation that is no offer ({@link #lapses()}). */
    public Operation(OpKind kind, Target target, boolean shared) {
        this(kind, target, shared, false);
    }

    /** An operation that is not a shared hold's, and no offer. */
    public Operation(OpKind kind, Target target) {
        this(kind, target, false);
    }

    /**
     * Whether this is a waiting thread's step that no other thread caused: a spurious wake-up (an offer,
     * {@link #lapses()}) or a timeout (a step on {@link Location#TIME}). A schedule needs one only when its failure
     * does; otherwise it is one more thing for a reader to follow.
     */
    public boolean wakesOnItsOwn() {
        return lapses || Location.TIME.equals(target);
    }

    /** This operation as an offer that lapses as soon as another thread moves ({@link #lapses()}). */
    public Operation lapsing() {
        return new Operation(kind, target, shared, true, alsoReads);
    }

    /**
     * An operation of another kind on another target, that reads what this one {@linkplain #alsoReads also reads}: what
     * a step turned out to do once performed (a failed try only observed the lock; a call that changed nothing only
     * read).
     */
    public Operation as(OpKind kind, Target target) {
        return new Operation(kind, target, false, lapses, alsoReads);
    }

    /** This operation reading {@code location} too, in the same atomic step ({@link #alsoReads()}). */
    public Operation alsoReading(Location location) {
        return new Operation(kind, target, shared, lapses, location);
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

    /** The acquisition of a shared hold of the lock (a read lock): other threads may hold it too. */
    public static Operation sharedLock(LockId lock) {
        return new Operation(OpKind.LOCK, lock, true);
    }

    /** The release of a shared hold of the lock (a read lock). */
    public static Operation sharedUnlock(LockId lock) {
        return new Operation(OpKind.UNLOCK, lock, true);
    }

    /** This operation as one that never blocks: a lock acquisition becomes a {@link OpKind#TRY_LOCK}. */
    public Operation nonBlocking() {
        return kind == OpKind.LOCK ? new Operation(OpKind.TRY_LOCK, target, shared, lapses, alsoReads) : this;
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

    /** Whether this is a {@link OpKind#WAIT} on {@code lock}, whatever else it reads ({@link #alsoReads()}). */
    public boolean waitsOn(LockId lock) {
        return kind == OpKind.WAIT && target.equals(lock);
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
        String verb = (lapses ? "offered " : "") + (shared ? "shared " : "") + kind.name().toLowerCase(java.util.Locale.ROOT);
        String text = target == null ? verb : verb + " " + target;
        return alsoReads == null ? text : text + " (reading " + alsoReads + ")";
    }
}
