package dev.weft.dpor.model;

/**
 * One instruction of a model thread. Only the visible kinds become operations the scheduler sees; the others are
 * local computation that runs, invisibly, right after the visible operation before them.
 *
 * @param kind    what it does
 * @param reg     the register it writes (read, CAS, getAndIncrement, try-lock, available and size results, set,
 *                whether an interruptible wait was interrupted), or {@code null}
 * @param cell    the shared cell it accesses, or {@code null}
 * @param a       the value written, the CAS's expected value, the set/branch/assert expression, or {@code null}
 * @param b       the CAS's new value, or {@code null}
 * @param lock    the lock (or semaphore) it acquires, tries, queries or releases, or waits on or notifies as a
 *                monitor, or {@code null}
 * @param map     the keyed object whose whole state it reads (size) or writes (clear), or whose two keys it moves
 *                between (transfer: {@code a} and {@code b} pick the keys), or {@code null}
 * @param thread  the thread code it starts, joins or interrupts, or -1
 * @param target  the instruction a jump or branch goes to, or -1
 * @param message the assertion's message, or {@code null}
 */
record Instr(Kind kind, Reg reg, CellRef cell, Expr a, Expr b, LockRef lock, KeyedObject map, int thread,
             int target, String message) {

    enum Kind {
        READ(true), WRITE(true), CAS(true), GET_AND_INCREMENT(true), LOCK(true), UNLOCK(true), READ_LOCK(true),
        READ_UNLOCK(true), TRY_LOCK(true), WAIT(true), NOTIFY(true), NOTIFY_ALL(true),
        AVAILABLE(true), SIZE(true), CLEAR(true), TRANSFER(true), START(true),
        JOIN(true), INTERRUPT(true), SET(false), JUMP(false), BRANCH(false), ASSERT(false);

        final boolean visible;

        Kind(boolean visible) {
            this.visible = visible;
        }
    }

    static Instr read(Reg reg, CellRef cell) {
        return new Instr(Kind.READ, reg, cell, null, null, null, null, -1, -1, null);
    }

    static Instr write(CellRef cell, Expr value) {
        return new Instr(Kind.WRITE, null, cell, value, null, null, null, -1, -1, null);
    }

    static Instr cas(Reg succeeded, CellRef cell, Expr expected, Expr update) {
        return new Instr(Kind.CAS, succeeded, cell, expected, update, null, null, -1, -1, null);
    }

    static Instr getAndIncrement(Reg old, CellRef cell) {
        return new Instr(Kind.GET_AND_INCREMENT, old, cell, null, null, null, null, -1, -1, null);
    }

    static Instr lock(LockRef lock) {
        return new Instr(Kind.LOCK, null, null, null, null, lock, null, -1, -1, null);
    }

    static Instr unlock(LockRef lock) {
        return new Instr(Kind.UNLOCK, null, null, null, null, lock, null, -1, -1, null);
    }

    static Instr waitOn(LockRef monitor) {
        return new Instr(Kind.WAIT, null, null, null, null, monitor, null, -1, -1, null);
    }

    /** An interruptible wait: {@code interrupted} is 1 when an interrupt ended it, else 0. */
    static Instr waitOn(LockRef monitor, Reg interrupted) {
        return new Instr(Kind.WAIT, interrupted, null, null, null, monitor, null, -1, -1, null);
    }

    static Instr notify(LockRef monitor, boolean all) {
        return new Instr(all ? Kind.NOTIFY_ALL : Kind.NOTIFY, null, null, null, null, monitor, null, -1, -1, null);
    }

    static Instr readLock(LockRef lock) {
        return new Instr(Kind.READ_LOCK, null, null, null, null, lock, null, -1, -1, null);
    }

    static Instr readUnlock(LockRef lock) {
        return new Instr(Kind.READ_UNLOCK, null, null, null, null, lock, null, -1, -1, null);
    }

    static Instr tryLock(Reg acquired, LockRef lock) {
        return new Instr(Kind.TRY_LOCK, acquired, null, null, null, lock, null, -1, -1, null);
    }

    static Instr available(Reg permits, LockRef lock) {
        return new Instr(Kind.AVAILABLE, permits, null, null, null, lock, null, -1, -1, null);
    }

    static Instr size(Reg count, KeyedObject map) {
        return new Instr(Kind.SIZE, count, null, null, null, null, map, -1, -1, null);
    }

    static Instr clear(KeyedObject map) {
        return new Instr(Kind.CLEAR, null, null, null, null, null, map, -1, -1, null);
    }

    static Instr transfer(Reg old, KeyedObject map, Expr from, Expr to) {
        return new Instr(Kind.TRANSFER, old, null, from, to, null, map, -1, -1, null);
    }

    static Instr start(int thread) {
        return new Instr(Kind.START, null, null, null, null, null, null, thread, -1, null);
    }

    static Instr join(int thread) {
        return new Instr(Kind.JOIN, null, null, null, null, null, null, thread, -1, null);
    }

    /** An interruptible join: {@code interrupted} is 1 when an interrupt ended it before the thread did, else 0. */
    static Instr join(int thread, Reg interrupted) {
        return new Instr(Kind.JOIN, interrupted, null, null, null, null, null, thread, -1, null);
    }

    static Instr interrupt(int thread) {
        return new Instr(Kind.INTERRUPT, null, null, null, null, null, null, thread, -1, null);
    }

    static Instr set(Reg reg, Expr value) {
        return new Instr(Kind.SET, reg, null, value, null, null, null, -1, -1, null);
    }

    static Instr jump(int target) {
        return new Instr(Kind.JUMP, null, null, null, null, null, null, -1, target, null);
    }

    static Instr branch(Expr condition, int target) {
        return new Instr(Kind.BRANCH, null, null, condition, null, null, null, -1, target, null);
    }

    static Instr assertion(Expr condition, String message) {
        return new Instr(Kind.ASSERT, null, null, condition, null, null, null, -1, -1, message);
    }

    Instr withTarget(int pc) {
        return new Instr(kind, reg, cell, a, b, lock, map, thread, pc, message);
    }

    /** The instruction as a line of a program listing, naming started and joined threads by their labels. */
    String show(java.util.List<String> threadLabels) {
        return switch (kind) {
            case READ -> reg + " = " + cell;
            case WRITE -> cell + " = " + a;
            case CAS -> reg + " = cas(" + cell + ", " + a + ", " + b + ")";
            case GET_AND_INCREMENT -> reg + " = " + cell + "++";
            case LOCK -> "lock " + lock;
            case UNLOCK -> "unlock " + lock;
            case WAIT -> reg == null ? "wait " + lock : reg + " = interruptibleWait " + lock;
            case NOTIFY -> "notify " + lock;
            case NOTIFY_ALL -> "notifyAll " + lock;
            case READ_LOCK -> "readLock " + lock;
            case READ_UNLOCK -> "readUnlock " + lock;
            case TRY_LOCK -> reg + " = tryLock " + lock;
            case AVAILABLE -> reg + " = available " + lock;
            case SIZE -> reg + " = " + map.name() + ".size()";
            case CLEAR -> map.name() + ".clear()";
            case TRANSFER -> reg + " = " + map.name() + ".transfer(" + a + ", " + b + ")";
            case START -> "start " + threadLabels.get(thread);
            case JOIN -> reg == null ? "join " + threadLabels.get(thread)
                    : reg + " = interruptibleJoin " + threadLabels.get(thread);
            case INTERRUPT -> "interrupt " + threadLabels.get(thread);
            case SET -> reg + " := " + a;
            case JUMP -> "goto " + target;
            case BRANCH -> "if " + a + " goto " + target;
            case ASSERT -> "assert " + a + " : \"" + message + "\"";
        };
    }
}
