package dev.weft.dpor.model;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One execution of a model program. Each thread stands in front of its next visible instruction (or its end);
 * {@link #step} performs that instruction and then runs the thread's local instructions up to the next visible one.
 *
 * <p>Fast on purpose: explorers step millions of times, so the operations are the program's shared instances, a
 * thread's pending operation is cached until it changes, and the only allocation per step is the returned event.
 */
public final class ModelRun implements Run {

    /** Local instructions one thread may run between two visible ones before the program counts as broken. */
    private static final int LOCAL_BUDGET = 1_000_000;
    private static final String[] SMALL_VALUES = new String[1024];

    static {
        for (int v = 0; v < SMALL_VALUES.length; v++) {
            SMALL_VALUES[v] = Integer.toString(v);
        }
    }

    private final ModelProgram program;
    private final Consumer<Outcome> onClose;
    private final int[] memory;
    private final int[] lockOwner;
    /** per lock and thread: the shared holds (read locks) the thread has */
    private final int[][] sharedHolds;
    /** per lock: the shared holds of all threads together, so that whether it is free costs no walk of the threads */
    private final int[] sharedHoldsInAll;
    /** per lock: a semaphore's permits, or -1 for a lock (then {@link #lockOwner} says whether it is free) */
    private final int[] permits;
    private final int[] threadOfCode;
    private final List<ModelThread> threads = new ArrayList<>();
    private int live;
    private int eventCount;
    /** waits begun so far: a waiter's turn for a {@code notify} */
    private long waits;
    private SubjectFailure failure;
    private Optional<SubjectFailure> failureView = Optional.empty();
    private List<PendingOperation> pendingView;
    /** What the execution had produced when it ended with daemon threads alive, which then run on; else null. */
    private Outcome atEnd;
    private boolean closed;

    ModelRun(ModelProgram program, Consumer<Outcome> onClose) {
        this.program = program;
        this.onClose = onClose;
        this.memory = new int[program.cellCount()];
        this.lockOwner = new int[program.lockCount()];
        Arrays.fill(lockOwner, -1);
        this.sharedHolds = new int[program.lockCount()][program.threads().size() + 1];
        this.sharedHoldsInAll = new int[program.lockCount()];
        this.permits = new int[program.lockCount()];
        Arrays.setAll(permits, program::initialPermits);
        this.threadOfCode = new int[program.threads().size()];
        Arrays.fill(threadOfCode, -1);
        spawn(0, new ThreadId(0, "main"));
    }

    @Override
    public List<PendingOperation> pending() {
        if (onlyDaemonsLeft()) {
            if (atEnd == null) {
                atEnd = outcome();
            }
            return List.of();
        }
        if (pendingView == null) {
            PendingOperation[] view = new PendingOperation[live];
            int i = 0;
            for (ModelThread thread : threads) {
                if (!thread.ended) {
                    if (thread.waitingOn >= 0) {
                        pendWaiting(thread);
                    }
                    view[i++] = thread.pendingOperation(enabled(thread));
                }
            }
            pendingView = List.of(view);
        }
        return pendingView;
    }

    /** The daemon threads' next operations once only they are left (a JVM exits then); else none. */
    @Override
    public List<PendingOperation> abandoned() {
        if (!onlyDaemonsLeft()) {
            return List.of();
        }
        List<PendingOperation> abandoned = new ArrayList<>();
        for (ModelThread thread : threads) {
            if (!thread.ended) {
                abandoned.add(thread.pendingOperation(enabled(thread)));
            }
        }
        return abandoned;
    }

    private boolean onlyDaemonsLeft() {
        if (live == 0 || !threads.get(0).ended) {
            return false;
        }
        for (ModelThread thread : threads) {
            if (!thread.ended && !thread.daemon) {
                return false;
            }
        }
        return true;
    }

    @Override
    public Event step(ThreadId id) {
        ModelThread thread = steppable(id);
        Instr instr = thread.instr();
        if (thread.waitingOn >= 0) {
            pendWaiting(thread);
        }
        Operation op = thread.pendingOp;
        SourcePosition source = thread.source;
        String value = null;
        if (thread.waitingOn >= 0) {
            stepWaiting(thread);
        } else if (instr == null) {
            thread.ended = true;
            live--;
        } else {
            switch (instr.kind()) {
                case READ -> {
                    int v = memory[thread.pendingTarget];
                    thread.registers[instr.reg().index()] = v;
                    thread.recordRead(v);
                    value = text(v);
                }
                case WRITE -> {
                    int v = instr.a().eval(thread.registers);
                    memory[thread.pendingTarget] = v;
                    value = text(v);
                }
                case CAS -> {
                    int cell = thread.pendingTarget;
                    int seen = memory[cell];
                    boolean succeeds = seen == instr.a().eval(thread.registers);
                    if (succeeds) {
                        memory[cell] = instr.b().eval(thread.registers);
                    }
                    thread.registers[instr.reg().index()] = succeeds ? 1 : 0;
                    thread.recordRead(seen);
                    op = program.cellOp(cell, succeeds ? OpKind.CAS_SUCCESS : OpKind.CAS_FAILURE);
                    value = text(seen);
                }
                case GET_AND_INCREMENT -> {
                    int old = memory[thread.pendingTarget];
                    memory[thread.pendingTarget] = old + 1;
                    if (instr.reg() != null) {
                        thread.registers[instr.reg().index()] = old;
                    }
                    thread.recordRead(old);
                    value = text(old);
                }
                case LOCK -> take(thread.pendingTarget, thread);
                case UNLOCK -> release(thread.pendingTarget, thread, instr);
                case WAIT -> beginWait(thread, instr);
                case NOTIFY, NOTIFY_ALL -> notifyWaiters(thread, instr);
                case READ_LOCK -> {
                    sharedHolds[thread.pendingTarget][thread.id.index()]++;
                    sharedHoldsInAll[thread.pendingTarget]++;
                }
                case READ_UNLOCK -> {
                    if (sharedHolds[thread.pendingTarget][thread.id.index()] == 0) {
                        fail(FailureKind.EXCEPTION, thread, "read-unlock of " + instr.lock() + ", which it does not hold");
                    } else {
                        sharedHolds[thread.pendingTarget][thread.id.index()]--;
                        sharedHoldsInAll[thread.pendingTarget]--;
                    }
                }
                case TRY_LOCK -> {
                    boolean acquired = free(thread.pendingTarget);
                    if (acquired) {
                        take(thread.pendingTarget, thread);
                    }
                    thread.registers[instr.reg().index()] = acquired ? 1 : 0;
                    thread.recordRead(acquired ? 1 : 0);
                    op = acquired ? op : program.observeOp(thread.pendingTarget);
                    value = Boolean.toString(acquired);
                }
                case AVAILABLE -> {
                    int lock = thread.pendingTarget;
                    int v = permits[lock] >= 0 ? permits[lock] : free(lock) ? 1 : 0;
                    thread.registers[instr.reg().index()] = v;
                    thread.recordRead(v);
                    value = text(v);
                }
                case SIZE -> {
                    int base = thread.pendingTarget;
                    int v = 0;
                    for (int cell = base; cell < base + instr.map().length(); cell++) {
                        v += memory[cell] != 0 ? 1 : 0;
                    }
                    thread.registers[instr.reg().index()] = v;
                    thread.recordRead(v);
                    value = text(v);
                }
                case TRANSFER -> {
                    int from = thread.pendingTarget;
                    int to = key(instr.map(), instr.b(), thread);
                    int old = memory[from];
                    memory[to] += old + 1;
                    if (to != from) {
                        memory[from] = 0;
                    }
                    thread.registers[instr.reg().index()] = old;
                    thread.recordRead(old);
                    value = text(old);
                }
                case CLEAR -> {
                    int base = thread.pendingTarget;
                    Arrays.fill(memory, base, base + instr.map().length(), 0);
                    value = text(0); // the value every key now holds
                }
                case START -> startChild(thread, op.startedThread(), instr.thread());
                case JOIN -> {
                    if (instr.reg() != null) { // ended, or else interrupted: being enabled meant one of them
                        boolean interrupted = !threads.get(thread.pendingTarget).ended;
                        endInterruptibleCall(thread, instr.reg(), interrupted);
                    }
                }
                case INTERRUPT -> threads.get(thread.pendingTarget).interrupted = true;
                default -> throw new IllegalStateException("local instruction pending: " + instr);
            }
            if (thread.waitingOn < 0) {
                thread.pc++;
                runLocally(thread);
            }
        }
        for (ModelThread other : threads) {
            other.offerOpen &= other == thread; // another thread moved: an open offer lapses
        }
        pendingView = null;
        return new Event(eventCount++, thread.id, thread.steps++, op, source, value);
    }

    /**
     * The program's whole state: every shared cell, lock, hold and permit, and for every thread created so far where it
     * is (its instruction, or its end), its registers, what it waits for and how (woken, offered a wake-up, interrupted,
     * already woken spuriously once), the order of the waiters of each monitor, and how many threads it started. What
     * only tells how the state was reached is left out (each thread's step count and the values it read): those do not
     * change what any thread does next. {@code null} once a thread has failed (the execution is over).
     */
    @Override
    public Object state() {
        if (failure != null) {
            return null;
        }
        int size = memory.length + lockOwner.length * (2 + threads.size()) + 1;
        for (ModelThread thread : threads) {
            size += 5 + thread.registers.length;
        }
        int[] values = new int[size];
        int k = 0;
        for (int v : memory) {
            values[k++] = v;
        }
        for (int lock = 0; lock < lockOwner.length; lock++) {
            values[k++] = lockOwner[lock];
            values[k++] = permits[lock];
            for (int t = 0; t < threads.size(); t++) {
                values[k++] = sharedHolds[lock][t];
            }
        }
        values[k++] = threads.size();
        for (ModelThread thread : threads) {
            values[k++] = thread.ended ? -1 : thread.pc;
            for (int r : thread.registers) {
                values[k++] = r;
            }
            values[k++] = thread.waitingOn;
            values[k++] = (thread.woken ? 1 : 0) | (thread.offerOpen ? 2 : 0) | (thread.interrupted ? 4 : 0)
                    | (thread.wokeSpuriously ? 8 : 0);
            values[k++] = waitersBefore(thread);
            values[k++] = thread.children;
        }
        return new ProgramState(values);
    }

    /** How many threads began to wait on the thread's monitor before it: its turn for a {@code notify}. */
    private int waitersBefore(ModelThread thread) {
        if (thread.waitingOn < 0) {
            return -1;
        }
        int before = 0;
        for (ModelThread other : threads) {
            before += other.waitingOn == thread.waitingOn && other.waitTicket < thread.waitTicket ? 1 : 0;
        }
        return before;
    }

    /** A state of {@link #state()}: equal when every value is. */
    private record ProgramState(int[] values) {
        @Override
        public boolean equals(Object other) {
            return other instanceof ProgramState that && Arrays.equals(values, that.values);
        }

        @Override
        public int hashCode() {
            return Arrays.hashCode(values);
        }

        @Override
        public String toString() {
            return Arrays.toString(values);
        }
    }

    @Override
    public Optional<SubjectFailure> failure() {
        return failureView;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            onClose.accept(atEnd != null ? atEnd : outcome());
        }
    }

    /** The current value of a shared cell, by its display name ({@code x}, {@code a[2]}). */
    public int value(String cellName) {
        int cell = program.cellNames().indexOf(cellName);
        if (cell < 0) {
            throw new IllegalArgumentException("no shared cell " + cellName + " in " + program.name());
        }
        return memory[cell];
    }

    /** What the execution has produced so far; {@link #close} hands the final one to the subject. */
    public Outcome outcome() {
        Map<String, Integer> cells = new LinkedHashMap<>();
        for (int c = 0; c < memory.length; c++) {
            cells.put(program.cellNames().get(c), memory[c]);
        }
        Map<String, List<Integer>> reads = new LinkedHashMap<>();
        java.util.Set<String> daemons = new java.util.HashSet<>();
        for (ModelThread thread : threads) {
            reads.put(thread.id.name(), thread.reads());
            if (thread.daemon) {
                daemons.add(thread.id.name());
            }
        }
        Outcome.Ending ending;
        String detail = null;
        if (failure != null) {
            ending = failure.kind() == FailureKind.ASSERTION ? Outcome.Ending.ASSERTION : Outcome.Ending.EXCEPTION;
            detail = failure.thread().name() + ": " + failure.cause().getMessage();
        } else if (live == 0 || onlyDaemonsLeft()) {
            ending = Outcome.Ending.COMPLETE;
        } else {
            ending = threads.stream().anyMatch(t -> !t.ended && enabled(t))
                    ? Outcome.Ending.UNFINISHED : Outcome.Ending.DEADLOCK;
        }
        return new Outcome(ending, cells, reads, detail, daemons);
    }

    private ModelThread steppable(ThreadId id) {
        if (closed || failure != null) {
            throw new IllegalStateException("step of " + id + " after the execution ended");
        }
        ModelThread thread = id.index() < threads.size() ? threads.get(id.index()) : null;
        if (thread == null || !thread.id.equals(id) || thread.ended) {
            throw new IllegalStateException("step of " + id + ", which is not a live thread of this execution");
        }
        if (!enabled(thread)) {
            throw new IllegalStateException("step of " + id + ", whose " + thread.pendingOp + " is not enabled");
        }
        return thread;
    }

    private boolean enabled(ModelThread thread) {
        if (thread.waitingOn >= 0) {
            return offered(thread) || (thread.woken || letOutByAnInterrupt(thread)) && free(thread.waitingOn);
        }
        return switch (thread.pendingOp.kind()) {
            case LOCK -> thread.pendingOp.shared() ? lockOwner[thread.pendingTarget] < 0 : free(thread.pendingTarget);
            case JOIN -> threads.get(thread.pendingTarget).ended || letOutByAnInterrupt(thread);
            default -> true;
        };
    }

    /**
     * The step of a thread in a wait, which stays on its {@code wait} instruction until it has the monitor back: it
     * takes a spurious wake-up offered to it, or it takes the monitor back once woken.
     */
    private void stepWaiting(ModelThread thread) {
        if (thread.pendingOp.lapses()) {
            thread.woken = true;
            thread.wokeSpuriously = true;
            return;
        }
        take(thread.waitingOn, thread);
        Reg interrupted = thread.instr().reg();
        if (interrupted != null) {
            // neither notified nor woken spuriously: its interrupt let it out
            endInterruptibleCall(thread, interrupted, !thread.woken);
        }
        thread.waitingOn = -1;
        thread.pc++;
        runLocally(thread);
    }

    /**
     * Whether the thread is at an interruptible wait or join (one with a result register) and was interrupted, which
     * lets it out: a waiter may take the monitor back.
     */
    private static boolean letOutByAnInterrupt(ModelThread thread) {
        return thread.interrupted && thread.instr().reg() != null;
    }

    /** The end of an interruptible wait or join: its result, seen as a read by the thread; an interrupt's is cleared. */
    private static void endInterruptibleCall(ModelThread thread, Reg result, boolean interrupted) {
        int value = interrupted ? 1 : 0;
        thread.interrupted &= !interrupted;
        thread.registers[result.index()] = value;
        thread.recordRead(value);
    }

    /** The operation of a thread in a wait: the spurious wake-up while it is offered, else taking the monitor back. */
    private void pendWaiting(ModelThread thread) {
        int monitor = thread.waitingOn;
        Operation op = offered(thread) ? program.wakeUpOffer(monitor) : program.lockOp(monitor);
        if (op != thread.pendingOp) {
            thread.pend(op, monitor);
        }
    }

    /**
     * Whether the thread is offered a spurious wake-up now, as the runtime offers one: the thread has just begun to
     * wait and is not woken, no other thread has moved since, and another thread could move (else the waiter may wait
     * forever: a deadlock, whether or not it might also have woken).
     */
    private boolean offered(ModelThread thread) {
        if (!thread.offerOpen || thread.woken || letOutByAnInterrupt(thread)) {
            return false;
        }
        for (ModelThread other : threads) {
            if (other != thread && !other.ended && enabled(other)) {
                return true;
            }
        }
        return false;
    }

    /** {@code wait}: releases the monitor, which the thread must hold, and joins its waiters. */
    private void beginWait(ModelThread thread, Instr instr) {
        int monitor = thread.pendingTarget;
        if (lockOwner[monitor] != thread.id.index()) {
            fail(FailureKind.EXCEPTION, thread, "wait on " + instr.lock() + ", which it does not hold");
            return;
        }
        if (letOutByAnInterrupt(thread)) {
            endInterruptibleCall(thread, instr.reg(), true); // throws at once, keeping the monitor
            return;
        }
        lockOwner[monitor] = -1;
        thread.waitingOn = monitor;
        thread.woken = false;
        thread.waitTicket = ++waits;
        thread.offerOpen = program.spuriousWakeUps() && !thread.wokeSpuriously;
    }

    /** {@code notify} wakes the waiter that began to wait first, {@code notifyAll} every waiter. */
    private void notifyWaiters(ModelThread thread, Instr instr) {
        int monitor = thread.pendingTarget;
        if (lockOwner[monitor] != thread.id.index()) {
            fail(FailureKind.EXCEPTION, thread, instr.show(List.of()) + " without holding " + instr.lock());
            return;
        }
        ModelThread first = null;
        for (ModelThread waiter : threads) {
            if (waiter.waitingOn == monitor && !waiter.woken) {
                if (instr.kind() == Instr.Kind.NOTIFY_ALL) {
                    waiter.woken = true;
                } else if (first == null || waiter.waitTicket < first.waitTicket) {
                    first = waiter;
                }
            }
        }
        if (first != null) {
            first.woken = true;
        }
    }

    /** Whether the lock is free (nobody holds it, not even shared), or the semaphore has a permit. */
    private boolean free(int lock) {
        return permits[lock] >= 0 ? permits[lock] > 0 : lockOwner[lock] < 0 && !heldShared(lock);
    }

    /** Whether some thread has a shared hold (a read lock) of the lock. */
    private boolean heldShared(int lock) {
        return sharedHoldsInAll[lock] > 0;
    }

    private void take(int lock, ModelThread thread) {
        if (permits[lock] >= 0) {
            permits[lock]--;
        } else {
            lockOwner[lock] = thread.id.index();
        }
    }

    private void release(int lock, ModelThread thread, Instr instr) {
        if (permits[lock] >= 0) {
            permits[lock]++;
        } else if (lockOwner[lock] != thread.id.index()) {
            fail(FailureKind.EXCEPTION, thread, "unlock of " + instr.lock() + ", which it does not hold");
        } else {
            lockOwner[lock] = -1;
        }
    }

    private void startChild(ModelThread parent, ThreadId child, int code) {
        if (child.index() != threads.size()) {
            throw new IllegalStateException(parent.id + " starts " + child + " but another thread was created since"
                    + " it reached the start; only one thread at a time may create threads in a model program");
        }
        parent.children++;
        spawn(code, child);
    }

    private void spawn(int code, ThreadId id) {
        ModelThread thread = new ModelThread(id, code, program.threads().get(code));
        threads.add(thread);
        threadOfCode[code] = id.index();
        live++;
        runLocally(thread);
    }

    /** Runs local instructions up to the next visible one or the end, and makes that the thread's pending operation. */
    private void runLocally(ModelThread thread) {
        int budget = LOCAL_BUDGET;
        Instr instr;
        while ((instr = thread.instr()) != null && !instr.kind().visible) {
            if (--budget == 0) {
                throw new IllegalStateException(thread.id + " of " + program.name()
                        + " loops without reaching a visible operation");
            }
            int[] registers = thread.registers;
            switch (instr.kind()) {
                case SET -> {
                    registers[instr.reg().index()] = instr.a().eval(registers);
                    thread.pc++;
                }
                case JUMP -> thread.pc = instr.target();
                case BRANCH -> thread.pc = instr.a().eval(registers) != 0 ? instr.target() : thread.pc + 1;
                case ASSERT -> {
                    if (instr.a().eval(registers) == 0) {
                        fail(FailureKind.ASSERTION, thread, instr.message());
                    }
                    thread.pc++;
                }
                default -> throw new IllegalStateException("visible instruction run locally: " + instr);
            }
        }
        thread.source = program.source(thread.code, thread.pc);
        if (instr == null) {
            thread.pend(thread.endOp, -1);
            return;
        }
        switch (instr.kind()) {
            case READ, WRITE, CAS, GET_AND_INCREMENT -> {
                int cell = instr.cell().resolve(thread.registers);
                if (cell < 0) {
                    fail(FailureKind.EXCEPTION, thread, "index out of bounds: " + instr.cell());
                    return;
                }
                OpKind kind = switch (instr.kind()) {
                    case READ -> OpKind.READ;
                    case WRITE -> OpKind.WRITE;
                    case CAS -> OpKind.CAS;
                    default -> OpKind.RMW;
                };
                thread.pend(program.cellOp(cell, kind), cell);
            }
            case LOCK, UNLOCK, READ_LOCK, READ_UNLOCK, TRY_LOCK, AVAILABLE, WAIT, NOTIFY, NOTIFY_ALL -> {
                int lock = instr.lock().resolve(thread.registers);
                if (lock < 0) {
                    fail(FailureKind.EXCEPTION, thread, "index out of bounds: " + instr.lock());
                    return;
                }
                Operation op = switch (instr.kind()) {
                    case LOCK -> program.lockOp(lock);
                    case UNLOCK -> program.unlockOp(lock);
                    case READ_LOCK -> program.sharedLockOp(lock);
                    case READ_UNLOCK -> program.sharedUnlockOp(lock);
                    case TRY_LOCK -> program.tryLockOp(lock);
                    case WAIT -> readingTheFlagIfInterruptible(program.waitOp(lock), instr, thread);
                    case NOTIFY, NOTIFY_ALL -> program.notifyOp(lock, instr.kind() == Instr.Kind.NOTIFY_ALL);
                    default -> program.observeOp(lock);
                };
                thread.pend(op, lock);
            }
            case TRANSFER -> {
                int from = key(instr.map(), instr.a(), thread);
                int to = key(instr.map(), instr.b(), thread);
                if (from < 0 || to < 0) {
                    fail(FailureKind.EXCEPTION, thread, "no such key: " + instr.show(List.of()));
                    return;
                }
                // The pending target is the key moved from; the one moved to is picked again when the call runs
                // (the thread's registers cannot change in between).
                thread.pend(program.twoKeyWrite(from, to), from);
            }
            case SIZE, CLEAR -> {
                // The pending target is the map's first key, which names the whole map too.
                int base = instr.map().base();
                thread.pend(program.wholeOp(base, instr.kind() == Instr.Kind.CLEAR), base);
            }
            case START -> {
                if (threadOfCode[instr.thread()] >= 0) {
                    throw new IllegalStateException(program.threads().get(instr.thread()).label()
                            + " is started twice in " + program.name());
                }
                ThreadId child = new ThreadId(threads.size(), thread.id.name() + "." + (thread.children + 1));
                thread.pend(Operation.start(child), -1);
            }
            case JOIN, INTERRUPT -> {
                int other = threadOfCode[instr.thread()];
                boolean join = instr.kind() == Instr.Kind.JOIN;
                if (other < 0) {
                    throw new IllegalStateException(thread.id + (join ? " joins " : " interrupts ")
                            + program.threads().get(instr.thread()).label() + " before anyone started it in "
                            + program.name());
                }
                ThreadId id = threads.get(other).id;
                thread.pend(join ? readingTheFlagIfInterruptible(Operation.join(id), instr, thread)
                        : Operation.write(Location.interruptFlag(id)), other);
            }
            default -> throw new IllegalStateException("not a visible instruction: " + instr);
        }
    }

    /** {@code op}, also reading the thread's interrupt flag when the instruction is interruptible (has a result). */
    private static Operation readingTheFlagIfInterruptible(Operation op, Instr instr, ModelThread thread) {
        return instr.reg() == null ? op : op.alsoReading(Location.interruptFlag(thread.id));
    }

    /** The cell of the key of {@code map} that {@code key} picks under the thread's registers, or -1. */
    private static int key(KeyedObject map, Expr key, ModelThread thread) {
        return IndexedName.resolve(map.base(), map.length(), key, thread.registers);
    }

    private void fail(FailureKind kind, ModelThread thread, String message) {
        Throwable cause = kind == FailureKind.ASSERTION
                ? new AssertionError(message) : new IllegalStateException(message);
        failure = new SubjectFailure(kind, thread.id, cause + " in thread " + thread.id.name(), cause);
        failureView = Optional.of(failure);
    }

    private static String text(int value) {
        return value >= 0 && value < SMALL_VALUES.length ? SMALL_VALUES[value] : Integer.toString(value);
    }

    /** The state of one thread in one execution. */
    private static final class ModelThread {
        final ThreadId id;
        final int code;
        final List<Instr> instrs;
        final int[] registers;
        final Operation endOp;
        final boolean daemon;
        int pc;
        int steps;
        int children;
        boolean ended;
        /** the monitor the thread waits on, from its {@code wait} until it has taken the monitor back; else -1 */
        int waitingOn = -1;
        /** in a wait: whether it was notified, or took a spurious wake-up */
        boolean woken;
        /** in a wait: begun by the thread's latest step, so a spurious wake-up may be offered (until another moves) */
        boolean offerOpen;
        /** whether another thread interrupted it and no interruptible wait has ended on that since */
        boolean interrupted;
        /** whether the thread has had its one spurious wake-up of the execution */
        boolean wokeSpuriously;
        /** in a wait: when it began, for {@code notify}'s order */
        long waitTicket;
        Operation pendingOp;
        /** the cell (for size and clear, the map's first key), lock or joined thread of the pending operation */
        int pendingTarget;
        SourcePosition source;
        private PendingOperation cachedPending;
        private int[] reads = new int[4];
        private int readCount;

        ModelThread(ThreadId id, int code, ThreadCode thread) {
            this.id = id;
            this.daemon = thread.daemon();
            this.code = code;
            this.instrs = thread.code();
            this.registers = new int[thread.registers()];
            this.endOp = Operation.end(id);
        }

        Instr instr() {
            return pc < instrs.size() ? instrs.get(pc) : null;
        }

        void pend(Operation op, int target) {
            pendingOp = op;
            pendingTarget = target;
            cachedPending = null;
        }

        PendingOperation pendingOperation(boolean enabled) {
            if (cachedPending == null || cachedPending.enabled() != enabled) {
                cachedPending = new PendingOperation(id, pendingOp, enabled, source, daemon);
            }
            return cachedPending;
        }

        void recordRead(int value) {
            if (readCount == reads.length) {
                reads = Arrays.copyOf(reads, readCount * 2);
            }
            reads[readCount++] = value;
        }

        List<Integer> reads() {
            return Arrays.stream(reads, 0, readCount).boxed().toList();
        }
    }
}
