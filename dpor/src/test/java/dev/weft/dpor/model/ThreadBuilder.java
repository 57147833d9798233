package dev.weft.dpor.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Consumer;

/**
 * Writes the code of one thread. Structured control flow ({@link #ifThen}, {@link #loop} with {@link #breakIf}) is
 * compiled to branches; {@link #label}, {@link #place} and {@link #jumpIf} are there for anything else.
 */
public final class ThreadBuilder {

    /** A position in the code, placed once, jumped to any number of times. */
    public static final class Label {
        private final int id;

        private Label(int id) {
            this.id = id;
        }
    }

    private final List<Instr> code = new ArrayList<>();
    private final List<Integer> labelPcs = new ArrayList<>();
    private final Deque<Label> loopExits = new ArrayDeque<>();
    private int registers;

    ThreadBuilder() {
    }

    public Reg reg(String name) {
        return new Reg(registers++, name);
    }

    /** {@code register = cell} */
    public ThreadBuilder read(Reg register, CellRef cell) {
        return add(Instr.read(register, cell));
    }

    /** {@code cell = value} */
    public ThreadBuilder write(CellRef cell, Expr value) {
        return add(Instr.write(cell, value));
    }

    public ThreadBuilder write(CellRef cell, int value) {
        return write(cell, Expr.constant(value));
    }

    /** {@code succeeded = compareAndSet(cell, expected, update)}: 1 when it succeeded, else 0. */
    public ThreadBuilder cas(Reg succeeded, CellRef cell, Expr expected, Expr update) {
        return add(Instr.cas(succeeded, cell, expected, update));
    }

    /** {@code old = cell.getAndIncrement()} */
    public ThreadBuilder getAndIncrement(Reg old, CellRef cell) {
        return add(Instr.getAndIncrement(old, cell));
    }

    /**
     * {@code count = map.size()}: the number of keys present (whose cells are not 0), one read of the whole map, so it
     * conflicts with a write of any key.
     */
    public ThreadBuilder size(Reg count, KeyedObject map) {
        return add(Instr.size(count, map));
    }

    /** {@code map.clear()}: every key's cell set to 0, one write of the whole map. */
    public ThreadBuilder clear(KeyedObject map) {
        return add(Instr.clear(map));
    }

    /**
     * {@code old = map.transfer(from, to)}: in one call, key {@code from}'s value moves onto key {@code to}
     * ({@code to = to + old + 1}, then {@code from = 0} unless the two are one key). One write of both keys at once
     * ({@link dev.weft.scheduler.model.Location#keys}), as a queue's take writes its head and a slot: it conflicts
     * with every access of either key and of the whole map, and commutes with those of the other keys.
     */
    public ThreadBuilder transfer(Reg old, KeyedObject map, Expr from, Expr to) {
        return add(Instr.transfer(old, map, from, to));
    }

    /** Acquires the lock, or a permit of the semaphore, waiting while there is none. */
    public ThreadBuilder lock(LockRef lock) {
        return add(Instr.lock(lock));
    }

    /**
     * {@code monitor.wait()}: releases the lock, which this thread must hold, and waits to be notified; then takes it
     * back. When the program allows spurious wake-ups ({@link ProgramBuilder#spuriousWakeUps}) it may also wake without
     * a notify, as the runtime offers it: once per thread and execution, as the wait begins, while another thread
     * could move, and only until one does.
     */
    public ThreadBuilder waitOn(LockRef monitor) {
        return add(Instr.waitOn(monitor));
    }

    /**
     * An interruptible {@code monitor.wait()}: as {@link #waitOn(LockRef)}, and its start also reads this thread's
     * interrupt flag, as the runtime's does. Interrupted before it begins, it keeps the monitor and goes on at once;
     * interrupted while it waits, it may take the monitor back (unless notified or woken spuriously first). Either way
     * it clears the flag and sets {@code interrupted} to 1 (else 0), as a caught {@code InterruptedException} would
     * tell; the value is recorded as one of the thread's reads, so the outcomes tell the endings apart.
     */
    public ThreadBuilder interruptibleWaitOn(LockRef monitor, Reg interrupted) {
        return add(Instr.waitOn(monitor, interrupted));
    }

    /** {@code monitor.notify()}: wakes the waiter that began to wait first, if any; this thread must hold the lock. */
    public ThreadBuilder notifyOne(LockRef monitor) {
        return add(Instr.notify(monitor, false));
    }

    /** {@code monitor.notifyAll()}: wakes every waiter; this thread must hold the lock. */
    public ThreadBuilder notifyAll(LockRef monitor) {
        return add(Instr.notify(monitor, true));
    }

    /** Takes a shared hold of the lock (a read lock): waits while a thread holds it exclusively. */
    public ThreadBuilder readLock(LockRef lock) {
        return add(Instr.readLock(lock));
    }

    /** Releases a shared hold of the lock, which this thread must have. */
    public ThreadBuilder readUnlock(LockRef lock) {
        return add(Instr.readUnlock(lock));
    }

    /** Releases the lock (which this thread must hold), or a permit of the semaphore (any thread may). */
    public ThreadBuilder unlock(LockRef lock) {
        return add(Instr.unlock(lock));
    }

    /**
     * {@code acquired = lock.tryLock()} (or {@code semaphore.tryAcquire()}): takes the lock, or a permit, when it can
     * without blocking; 1 when it did, else 0.
     */
    public ThreadBuilder tryLock(Reg acquired, LockRef lock) {
        return add(Instr.tryLock(acquired, lock));
    }

    /** {@code permits = semaphore.availablePermits()}; for a lock, 1 when it is free, else 0. Never blocks. */
    public ThreadBuilder available(Reg permits, LockRef lock) {
        return add(Instr.available(permits, lock));
    }

    /** Starts the worker; a worker may be started once per execution. */
    public ThreadBuilder start(ThreadHandle worker) {
        return add(Instr.start(worker.code()));
    }

    /** Waits for the worker to end; the worker must have been started before this thread reaches the join. */
    public ThreadBuilder join(ThreadHandle worker) {
        return add(Instr.join(worker.code()));
    }

    /**
     * An interruptible join, as the runtime models {@code Thread.join}: its step also reads this thread's interrupt
     * flag, and an interrupt lets it out before the worker ends. Then it clears the flag and sets {@code interrupted}
     * to 1; else (the worker ended) 0, and a flag set stays set. The value is recorded as one of the thread's reads.
     */
    public ThreadBuilder interruptibleJoin(ThreadHandle worker, Reg interrupted) {
        return add(Instr.join(worker.code(), interrupted));
    }

    /**
     * {@code worker.interrupt()}: a write of the worker's interrupt flag, which an interruptible wait reads; the
     * worker must have been started before this thread reaches the interrupt.
     */
    public ThreadBuilder interrupt(ThreadHandle worker) {
        return add(Instr.interrupt(worker.code()));
    }

    /** {@code register = value}, a local computation. */
    public ThreadBuilder set(Reg register, Expr value) {
        return add(Instr.set(register, value));
    }

    public ThreadBuilder set(Reg register, int value) {
        return set(register, Expr.constant(value));
    }

    /** Fails the execution with an assertion failure carrying the message when the condition is false. */
    public ThreadBuilder check(Expr condition, String message) {
        return add(Instr.assertion(condition, message));
    }

    public ThreadBuilder ifThen(Expr condition, Consumer<ThreadBuilder> then) {
        Label end = label();
        jumpIf(condition.not(), end);
        then.accept(this);
        return place(end);
    }

    public ThreadBuilder ifThenElse(Expr condition, Consumer<ThreadBuilder> then, Consumer<ThreadBuilder> otherwise) {
        Label elseBranch = label();
        Label end = label();
        jumpIf(condition.not(), elseBranch);
        then.accept(this);
        jump(end);
        place(elseBranch);
        otherwise.accept(this);
        return place(end);
    }

    /** Repeats the body until a {@link #breakIf} or {@link #breakLoop} inside it leaves the loop. */
    public ThreadBuilder loop(Consumer<ThreadBuilder> body) {
        Label top = label();
        Label exit = label();
        place(top);
        loopExits.push(exit);
        body.accept(this);
        loopExits.pop();
        jump(top);
        return place(exit);
    }

    /** Runs the body {@code times} times: a {@link #loop} counting its turns down in a register of its own. */
    public ThreadBuilder repeat(int times, Consumer<ThreadBuilder> body) {
        Reg left = reg("left");
        set(left, times);
        return loop(turn -> {
            turn.breakIf(left.eq(0));
            body.accept(turn);
            turn.set(left, left.minus(1));
        });
    }

    /** Leaves the innermost {@link #loop} when the condition holds. */
    public ThreadBuilder breakIf(Expr condition) {
        return jumpIf(condition, innermostLoopExit());
    }

    public ThreadBuilder breakLoop() {
        return jump(innermostLoopExit());
    }

    public Label label() {
        labelPcs.add(-1);
        return new Label(labelPcs.size() - 1);
    }

    public ThreadBuilder place(Label label) {
        if (labelPcs.get(label.id) >= 0) {
            throw new IllegalStateException("label placed twice");
        }
        labelPcs.set(label.id, code.size());
        return this;
    }

    public ThreadBuilder jump(Label label) {
        return add(Instr.jump(label.id));
    }

    public ThreadBuilder jumpIf(Expr condition, Label label) {
        return add(Instr.branch(condition, label.id));
    }

    ThreadCode finish(String label) {
        List<Instr> resolved = new ArrayList<>(code.size());
        for (Instr instr : code) {
            boolean jumps = instr.kind() == Instr.Kind.JUMP || instr.kind() == Instr.Kind.BRANCH;
            resolved.add(jumps ? instr.withTarget(placed(instr.target())) : instr);
        }
        return new ThreadCode(label, resolved, registers, false);
    }

    private int placed(int labelId) {
        int pc = labelPcs.get(labelId);
        if (pc < 0) {
            throw new IllegalStateException("jump to a label that was never placed");
        }
        return pc;
    }

    private Label innermostLoopExit() {
        if (loopExits.isEmpty()) {
            throw new IllegalStateException("break outside a loop");
        }
        return loopExits.peek();
    }

    private ThreadBuilder add(Instr instr) {
        code.add(instr);
        return this;
    }
}
