package dev.weft.dpor.model;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Small random model programs for differential testing: the main thread and 2–3 workers (four workers already have
 * more than NAIVE's budget of interleavings, one operation each) over 1–3 shared variables and 0–2 locks, each
 * thread a few operations: reads, writes of constants or of what was read, CAS, getAndIncrement, properly nested lock
 * blocks (in whatever order, so some programs deadlock), try-lock blocks ({@code if (tryLock) {...; unlock}}) and
 * queries of whether a lock is free (the non-blocking lock operations), branches on values read, and now and then an
 * assertion on a value read. A seed always gives the same program.
 *
 * <p>{@link #generateWithSemaphores} makes the locks counting semaphores with 0–2 permits, so acquisitions may have a
 * permit to spare, and adds bare releases (by threads that never acquired) and bare acquisitions (which may wait
 * forever): the uses of a semaphore as a counter rather than a mutex.
 *
 * <p>{@link #generateWithKeyedObject} adds a map with 2–3 keys ({@link ProgramBuilder#map}): some of the reads,
 * writes, CAS and getAndIncrement act on one of its keys instead of a variable, a constant key or one a register
 * picks (modulo the number of keys, so always in range), and some operations are calls on the whole map, a size or
 * a clear. {@link #generateWithTwoKeyCalls} adds calls that write two keys at once ({@link ThreadBuilder#transfer}).
 */
public final class RandomPrograms {

    /**
     * Visible operations shared out among the workers, by number of workers: enough for interesting races, few enough
     * for NAIVE, whose interleavings also interleave the main thread's starts and joins with everything.
     */
    private static final int[] MAX_BUDGET = {0, 0, 6, 4};
    /** The budget of {@link #generateSmall}: programs NAIVE explores in a few milliseconds, so thousands fit a run. */
    private static final int[] SMALL_BUDGET = {0, 0, 4, 3};
    /** The kinds of program {@link #generateSmall} cycles through, by seed. */
    private static final int SMALL_KINDS = 8;
    private static final int REGISTERS = 2;

    private final SplittableRandom random;
    private int[] maxBudget = MAX_BUDGET;
    private final boolean assertions;
    private final boolean unsafeObject;
    private final boolean semaphores;
    private final List<CellRef> vars = new ArrayList<>();
    private final List<LockRef> locks = new ArrayList<>();
    private final boolean keyedObject;
    /** the keyed object, or {@code null} */
    private KeyedObject map;
    /** Whether some calls on the map move a value from one key to another ({@link ThreadBuilder#transfer}). */
    private boolean twoKeyCalls;
    private boolean readLocks;
    /** Whether the program is one of {@link #generateWithWaits}: two threads that wait and notify. */
    private boolean waits;
    /** Whether main also interrupts the worker, whose waits are interruptible ({@link #generateWithInterrupts}). */
    private boolean interrupts;
    /** The workers of the program being generated. */
    private List<ThreadHandle> workers;
    /** Whether the last worker is a daemon thread and the main thread reads what the others left. */
    private boolean daemon;

    private RandomPrograms(long seed, boolean assertions, boolean unsafeObject, boolean semaphores) {
        this(seed, assertions, unsafeObject, semaphores, false);
    }

    private RandomPrograms(long seed, boolean assertions, boolean unsafeObject, boolean semaphores,
                           boolean keyedObject) {
        this.random = new SplittableRandom(seed);
        this.assertions = assertions;
        this.unsafeObject = unsafeObject;
        this.semaphores = semaphores;
        this.keyedObject = keyedObject;
    }

    /** The program for a seed, with or without assertions (otherwise the same shape of program). */
    public static ModelProgram generate(long seed, boolean assertions) {
        return new RandomPrograms(seed, assertions, false, false)
                .program("random(" + seed + (assertions ? ", asserts" : "") + ")");
    }

    /** The program for a seed whose 1–2 locks are counting semaphores, with or without assertions. */
    public static ModelProgram generateWithSemaphores(long seed, boolean assertions) {
        return new RandomPrograms(seed, assertions, false, true)
                .program("random(" + seed + ", semaphores" + (assertions ? ", asserts" : "") + ")");
    }

    /**
     * The program for a seed whose lock blocks (1–2 locks) take a shared hold (a read lock) or the lock itself, by a
     * coin per block; with or without assertions.
     */
    public static ModelProgram generateWithReadLocks(long seed, boolean assertions) {
        RandomPrograms generator = new RandomPrograms(seed, assertions, false, false);
        generator.readLocks = true;
        return generator.program("random(" + seed + ", read locks" + (assertions ? ", asserts" : "") + ")");
    }

    /**
     * The program for a seed without assertions, its first variable (unless atomic) an object that is not thread-safe:
     * the same accesses, so the same traces, but conflicting unordered ones are a data race.
     */
    public static ModelProgram generateWithUnsafeObject(long seed) {
        return new RandomPrograms(seed, false, true, false).program("random(" + seed + ", unsafe object)");
    }

    /** The program for a seed with a map of 2–3 keys besides the variables, with or without assertions. */
    public static ModelProgram generateWithKeyedObject(long seed, boolean assertions) {
        return new RandomPrograms(seed, assertions, false, false, true)
                .program("random(" + seed + ", keyed object" + (assertions ? ", asserts" : "") + ")");
    }

    /**
     * As {@link #generateWithKeyedObject}, and some of the calls on the map write two of its keys at once, picked by
     * constants or registers (so now and then the same key twice).
     */
    public static ModelProgram generateWithTwoKeyCalls(long seed, boolean assertions) {
        RandomPrograms generator = new RandomPrograms(seed, assertions, false, false, true);
        generator.twoKeyCalls = true;
        return generator.program("random(" + seed + ", two-key calls" + (assertions ? ", asserts" : "") + ")");
    }

    /**
     * The program for a seed with 1–2 locks and two threads ({@link #withWaits}), each of which starts with a block
     * that waits on a lock when a value read inside says so ({@code if (r == 0) wait}), or notifies it ({@code notify}
     * or {@code notifyAll}). Waits may wake spuriously
     * ({@link ProgramBuilder#spuriousWakeUps}). Some waits are never notified: those programs deadlock.
     */
    public static ModelProgram generateWithWaits(long seed, boolean assertions) {
        RandomPrograms generator = new RandomPrograms(seed, assertions, false, false);
        generator.waits = true;
        return generator.program("random(" + seed + ", waits" + (assertions ? ", asserts" : "") + ")");
    }

    /**
     * As {@link #generateWithWaits}, and main interrupts the worker before or after its own block, while the worker's
     * waits are interruptible ({@link ThreadBuilder#interruptibleWaitOn}), their result in the register the wait's
     * condition was read into.
     */
    public static ModelProgram generateWithInterrupts(long seed, boolean assertions) {
        RandomPrograms generator = new RandomPrograms(seed, assertions, false, false);
        generator.waits = true;
        generator.interrupts = true;
        return generator.program("random(" + seed + ", interrupts" + (assertions ? ", asserts" : "") + ")");
    }

    /**
     * A small program of one of every kind above, picked by the seed (plain, with assertions, semaphores, a keyed
     * object, calls on two keys, a daemon thread, an object that is not thread-safe, waits), with fewer visible operations:
     * the seeds of a run cover every operation kind. Its name says its kind ({@code daemon} among them).
     */
    public static ModelProgram generateSmall(long seed) {
        int kind = (int) Math.floorMod(seed, (long) SMALL_KINDS);
        boolean assertions = Math.floorMod(seed / SMALL_KINDS, 2L) == 1;
        RandomPrograms generator = switch (kind) {
            case 0, 1 -> new RandomPrograms(seed, kind == 1, false, false);
            case 2 -> new RandomPrograms(seed, assertions, false, true);
            case 3 -> new RandomPrograms(seed, assertions, false, false, true);
            case 4 -> {
                RandomPrograms twoKeys = new RandomPrograms(seed, assertions, false, false, true);
                twoKeys.twoKeyCalls = true;
                yield twoKeys;
            }
            case 5 -> {
                RandomPrograms withDaemon = new RandomPrograms(seed, assertions, false, false);
                withDaemon.daemon = true;
                yield withDaemon;
            }
            case 6 -> new RandomPrograms(seed, false, true, false);
            default -> {
                RandomPrograms withWaits = new RandomPrograms(seed, assertions, false, false);
                withWaits.waits = true;
                yield withWaits;
            }
        };
        generator.maxBudget = SMALL_BUDGET;
        String[] kinds = {"plain", "asserts", "semaphores", "keyed object", "two-key calls", "daemon",
                "unsafe object", "waits"};
        return generator.program("small random(" + seed + ", " + kinds[kind]
                + (assertions && (kind >= 2 && kind <= 5 || kind == 7) ? ", asserts" : "") + ")");
    }

    /**
     * The program for a seed whose last worker is a daemon thread, which the main thread does not join; after joining
     * the others the main thread reads one or two variables (and may assert on them), so that how far the daemon got
     * before the end can be seen.
     */
    public static ModelProgram generateWithDaemon(long seed, boolean assertions) {
        RandomPrograms generator = new RandomPrograms(seed, assertions, false, false);
        generator.daemon = true;
        return generator.program("random(" + seed + ", daemon" + (assertions ? ", asserts" : "") + ")");
    }

    private ModelProgram program(String name) {
        ProgramBuilder p = ProgramBuilder.program(name);
        if (waits) {
            p.spuriousWakeUps();
        }
        int varCount = 1 + random.nextInt(3);
        for (int v = 0; v < varCount; v++) {
            vars.add(random.nextInt(4) == 0 ? p.atomic("a" + v)
                    : unsafeObject && v == 0 ? p.unsafeObject("u" + v) : p.shared("v" + v));
        }
        if (keyedObject) {
            map = p.map("map", 2 + random.nextInt(2));
        }
        int lockCount = semaphores || readLocks || waits ? 1 + random.nextInt(2) : random.nextInt(3);
        for (int l = 0; l < lockCount; l++) {
            locks.add(semaphores ? p.semaphore("s" + l, random.nextInt(3)) : p.lock("m" + l));
        }
        if (waits) {
            return withWaits(p);
        }
        List<ThreadHandle> workers = new ArrayList<>();
        this.workers = workers;
        int threads = 2 + (daemon ? 0 : random.nextInt(2)); // with a daemon, NAIVE also runs every way to cut it off
        int budget = threads + random.nextInt(maxBudget[threads] - threads + 1);
        for (int t = 0; t < threads; t++) {
            int remainingThreads = threads - t;
            int share = Math.max(1, budget / remainingThreads + (random.nextBoolean() ? 1 : 0));
            int ops = Math.min(share, Math.max(1, budget));
            budget -= ops;
            java.util.function.Consumer<ThreadBuilder> body = code -> block(code, ops, new ArrayList<>());
            workers.add(daemon && t == threads - 1 ? p.daemonThread("D", body) : p.thread("T" + (t + 1), body));
        }
        if (daemon) {
            p.main(this::mainThatLooksAfterTheJoins);
        }
        return p.build();
    }

    /**
     * Main starts one worker, runs code of its own and joins it (two threads: a wait and the wake-ups it may be
     * offered already multiply NAIVE's interleavings). Each begins with a block that waits or notifies, then 0–2 more
     * operations between them.
     */
    private ModelProgram withWaits(ProgramBuilder p) {
        int budget = random.nextInt(3);
        int mainOps = random.nextInt(budget + 1);
        ThreadHandle worker = p.thread("T1", code -> waitingCode(code, budget - mainOps, interrupts));
        p.main(code -> {
            code.start(worker);
            boolean interruptFirst = interrupts && random.nextBoolean();
            if (interruptFirst) {
                code.interrupt(worker);
            }
            waitingCode(code, mainOps, false);
            if (interrupts && !interruptFirst) {
                code.interrupt(worker);
            }
            code.join(worker);
        });
        return p.build();
    }

    private void waitingCode(ThreadBuilder t, int ops, boolean interruptible) {
        LockRef lock = locks.get(random.nextInt(locks.size()));
        Reg[] regs = registers(t);
        t.lock(lock);
        waitOrNotify(t, lock, regs, interruptible);
        t.unlock(lock);
        statements(t, ops, new ArrayList<>(), regs);
    }

    /** Starts every worker, joins all but the daemon, then reads one or two variables, now and then asserting. */
    private void mainThatLooksAfterTheJoins(ThreadBuilder main) {
        workers.forEach(main::start);
        workers.subList(0, workers.size() - 1).forEach(main::join);
        Reg seen = main.reg("r0");
        for (int reads = 1 + random.nextInt(2); reads > 0; reads--) {
            main.read(seen, vars.get(random.nextInt(vars.size())));
            if (assertions && random.nextInt(3) == 0) {
                main.check(seen.ne(random.nextInt(3)), "unexpected value in main's r0");
            }
        }
    }

    /** Emits about {@code ops} visible operations; {@code held} are the locks held here, innermost last. */
    private void block(ThreadBuilder t, int ops, List<LockRef> held) {
        statements(t, ops, held, registers(t));
    }

    private static Reg[] registers(ThreadBuilder t) {
        Reg[] regs = new Reg[REGISTERS];
        for (int r = 0; r < REGISTERS; r++) {
            regs[r] = t.reg("r" + r);
        }
        return regs;
    }

    private void statements(ThreadBuilder t, int ops, List<LockRef> held, Reg[] regs) {
        int left = ops;
        while (left > 0) {
            int choice = random.nextInt(100);
            if (readLocks && choice >= 40 && choice < 70 && left >= 3) {
                choice = 70; // lock blocks more often: the shared holds are what these programs are for
            }
            Reg reg = regs[random.nextInt(regs.length)];
            CellRef var = vars.get(random.nextInt(vars.size()));
            if (map != null) {
                // Drawn only for programs with a map, so that the other generators' programs stay as they were.
                int onMap = random.nextInt(10);
                if (onMap < 2) {
                    wholeMapCall(t, reg);
                    left--;
                    continue;
                } else if (twoKeyCalls && onMap < 4) {
                    t.transfer(reg, map, keyPick(regs), keyPick(regs));
                    left--;
                    continue;
                } else if (onMap < 6) {
                    Reg picker = regs[random.nextInt(regs.length)];
                    var = random.nextBoolean() ? map.key(random.nextInt(map.length()))
                            : map.key(picker.mod(map.length()));
                }
            }
            if (choice < 30) {
                t.read(reg, var);
                if (random.nextInt(10) == 0 && assertions) {
                    t.check(reg.ne(random.nextInt(3)), "unexpected value in " + reg);
                }
                left--;
            } else if (choice < 55) {
                t.write(var, random.nextBoolean() ? Expr.constant(1 + random.nextInt(3)) : reg.plus(1));
                left--;
            } else if (choice < 63) {
                t.cas(reg, var, Expr.constant(random.nextInt(2)), Expr.constant(1 + random.nextInt(3)));
                left--;
            } else if (choice < 70) {
                t.getAndIncrement(reg, var);
                left--;
            } else if (choice < 85 && left >= 3 && !locks.isEmpty()) {
                LockRef lock = locks.get(random.nextInt(locks.size()));
                if (held.contains(lock)) {
                    continue;
                }
                int inner = 1 + random.nextInt(Math.min(2, left - 2));
                held.add(lock);
                boolean shared = readLocks && random.nextBoolean();
                if (shared) {
                    t.readLock(lock);
                } else {
                    t.lock(lock);
                }
                statements(t, inner, held, regs);
                if (shared) {
                    t.readUnlock(lock);
                } else {
                    t.unlock(lock);
                }
                held.remove(held.size() - 1);
                left -= inner + 2;
            } else if (choice < 93 && !locks.isEmpty()) {
                left -= semaphores && random.nextBoolean() ? bareAcquireOrRelease(t)
                        : tryLockOrQuery(t, left, held, regs, reg);
            } else if (left >= 2) {
                int inner = 1 + random.nextInt(Math.min(2, left - 1));
                t.read(reg, var);
                int value = random.nextInt(3);
                t.ifThen(reg.eq(value), then -> statements(then, inner, held, regs));
                left -= inner + 1;
            }
        }
    }

    /** Inside a block that holds {@code lock}: a wait on it if a value read says so, or a notify or notifyAll of it. */
    private void waitOrNotify(ThreadBuilder t, LockRef lock, Reg[] regs, boolean interruptible) {
        if (random.nextBoolean()) {
            Reg reg = regs[random.nextInt(regs.length)];
            t.read(reg, vars.get(random.nextInt(vars.size())));
            t.ifThen(reg.eq(0), then -> {
                if (interruptible) {
                    then.interruptibleWaitOn(lock, reg);
                } else {
                    then.waitOn(lock);
                }
            });
        } else if (random.nextBoolean()) {
            t.notifyOne(lock);
        } else {
            t.notifyAll(lock);
        }
    }

    /** A key of the map: a constant, or one a register picks (modulo the number of keys, so always in range). */
    private Expr keyPick(Reg[] regs) {
        return random.nextBoolean() ? Expr.constant(random.nextInt(map.length()))
                : regs[random.nextInt(regs.length)].mod(map.length());
    }

    /** A size of the map (now and then asserted not to be some value) or a clear; one visible operation. */
    private void wholeMapCall(ThreadBuilder t, Reg reg) {
        if (random.nextInt(5) < 3) {
            t.size(reg, map);
            if (random.nextInt(10) == 0 && assertions) {
                t.check(reg.ne(random.nextInt(3)), "unexpected size in " + reg);
            }
        } else {
            t.clear(map);
        }
    }

    /** An acquisition or a release of a semaphore with no counterpart in this thread; one visible operation. */
    private int bareAcquireOrRelease(ThreadBuilder t) {
        LockRef semaphore = locks.get(random.nextInt(locks.size()));
        if (random.nextBoolean()) {
            t.unlock(semaphore);
        } else {
            t.lock(semaphore);
        }
        return 1;
    }

    /** A try-lock block, or a query of a lock when no block fits; returns the visible operations it emitted. */
    private int tryLockOrQuery(ThreadBuilder t, int left, List<LockRef> held, Reg[] regs, Reg reg) {
        LockRef lock = locks.get(random.nextInt(locks.size()));
        if (held.contains(lock) || left < 2 || random.nextInt(3) == 0) {
            t.available(reg, lock);
            return 1;
        }
        int inner = left >= 3 ? 1 + random.nextInt(Math.min(2, left - 2)) : 0;
        held.add(lock);
        t.tryLock(reg, lock);
        t.ifThen(reg.eq(1), then -> {
            statements(then, inner, held, regs);
            then.unlock(lock);
        });
        held.remove(held.size() - 1);
        return inner + 2;
    }
}
