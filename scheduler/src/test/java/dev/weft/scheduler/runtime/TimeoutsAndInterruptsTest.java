package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.scheduler.runtime.time.Timeouts;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The timeout policy ({@link Timeouts}) and the ordering of interrupts against the start of a blocking call, on every
 * interleaving ({@link Dfs}).
 */
class TimeoutsAndInterruptsTest {

    private static final int LOCK = TestSite.at("lock");
    private static final int UNLOCK = TestSite.at("unlock");
    private static final int AWAIT = TestSite.at("await");
    private static final int SIGNAL = TestSite.at("signal");
    private static final int PARK = TestSite.at("park");
    private static final int UNPARK = TestSite.at("unpark");
    private static final int START = TestSite.at("start");
    private static final int JOIN = TestSite.at("join");
    private static final int INTERRUPT = TestSite.at("interrupt");
    private static final int SLEEP = TestSite.at("sleep");
    private static final int IS_ALIVE = TestSite.at("isAlive");
    private static final int ALLOCATE = TestSite.at("<init>");
    private static final long ONE_SECOND = TimeUnit.SECONDS.toNanos(1);

    private static final ThreadId WORKER = new ThreadId(1, "main.1");
    private static final Location WORKER_FLAG = Location.interruptFlag(WORKER);

    /** Named by main, where instrumentation would name it: at its allocation. */
    private static ReentrantLock newLock() {
        ReentrantLock lock = new ReentrantLock();
        Hooks.allocated(lock, ALLOCATE);
        return lock;
    }

    private static RuntimeSettings policy(Timeouts timeouts) {
        return RuntimeSettings.defaults().withTimeouts(timeouts);
    }

    /**
     * The worker waits (timed) for a flag that the signaller sets under the lock and signals; it records whether an
     * await ended without the signal.
     */
    private static JvmSubject waitForLateSignal(Set<String> outcomes, Timeouts timeouts) {
        return new JvmSubject(() -> {
            ReentrantLock lock = newLock();
            Condition ready = lock.newCondition();
            boolean[] flag = new boolean[1];
            JvmRunTest.startAndJoin(() -> {
                Hooks.lock(lock, LOCK);
                try {
                    while (!flag[0]) {
                        if (!Hooks.conditionAwait(ready, ONE_SECOND, AWAIT)) {
                            outcomes.add("timed out");
                            break;
                        }
                    }
                    outcomes.add(flag[0] ? "saw the flag" : "gave up");
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                } finally {
                    Hooks.unlock(lock, UNLOCK);
                }
            }, () -> {
                Hooks.lock(lock, LOCK);
                flag[0] = true;
                Hooks.conditionSignal(ready, SIGNAL);
                Hooks.unlock(lock, UNLOCK);
            });
        }, policy(timeouts));
    }

    @Test
    void whenBlockedATimedAwaitWhoseSignalMayStillComeIsWokenNeverTimedOut() {
        Set<String> outcomes = ConcurrentHashMap.newKeySet();

        List<Dfs.Execution> executions = Dfs.explore(waitForLateSignal(outcomes, Timeouts.WHEN_BLOCKED));

        assertThat(executions).allSatisfy(e -> {
            assertThat(e.deadlocked()).isFalse();
            assertThat(e.failure()).isNull();
        });
        assertThat(outcomes).containsExactly("saw the flag");
    }

    @Test
    void underAnyATimedAwaitMayTimeOutBeforeItsSignal() {
        Set<String> outcomes = ConcurrentHashMap.newKeySet();

        Dfs.explore(waitForLateSignal(outcomes, Timeouts.ANY));

        assertThat(outcomes).containsExactlyInAnyOrder("saw the flag", "timed out", "gave up");
    }

    /** The signal may come before the await: then it is lost, and the await can only end by timing out. */
    private static JvmSubject awaitWithoutFlag(Set<Boolean> results, Timeouts timeouts) {
        return new JvmSubject(() -> {
            ReentrantLock lock = newLock();
            Condition ready = lock.newCondition();
            JvmRunTest.startAndJoin(() -> {
                Hooks.lock(lock, LOCK);
                try {
                    results.add(Hooks.conditionAwait(ready, ONE_SECOND, AWAIT));
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                } finally {
                    Hooks.unlock(lock, UNLOCK);
                }
            }, () -> {
                Hooks.lock(lock, LOCK);
                Hooks.conditionSignal(ready, SIGNAL);
                Hooks.unlock(lock, UNLOCK);
            });
        }, policy(timeouts));
    }

    @Test
    void whenBlockedAMissedSignalMakesTheTimedAwaitReturnFalseInsteadOfDeadlocking() {
        Set<Boolean> results = ConcurrentHashMap.newKeySet();

        List<Dfs.Execution> executions = Dfs.explore(awaitWithoutFlag(results, Timeouts.WHEN_BLOCKED));

        assertThat(executions).allSatisfy(e -> assertThat(e.deadlocked()).isFalse());
        assertThat(results).containsExactlyInAnyOrder(true, false);
        // The timeout is a step of its own, a read of "time", and happens only once nobody else can move.
        assertThat(executions).anySatisfy(e -> assertThat(e.events()).anySatisfy(ev -> {
            assertThat(ev.operation().location()).isEqualTo(Location.TIME);
            assertThat(ev.value()).isEqualTo("await(1 s) times out (t = 1.000 s)");
        }));
    }

    @Test
    void whenBlockedATimedParkIsUnparkedAndATimedParkWithoutUnparkTimesOut() {
        List<Dfs.Execution> unparked = Dfs.explore(new JvmSubject(() -> {
            Thread parker = Managed.thread(() -> Hooks.park(null, ONE_SECOND, PARK));
            Hooks.threadStart(parker, START);
            Hooks.unpark(parker, UNPARK);
            Hooks.threadJoin(parker, 0, JOIN);
        }, policy(Timeouts.WHEN_BLOCKED)));
        List<Dfs.Execution> forgotten = Dfs.explore(new JvmSubject(() -> {
            Thread parker = Managed.thread(() -> Hooks.park(null, ONE_SECOND, PARK));
            Hooks.threadStart(parker, START);
            Hooks.threadJoin(parker, 0, JOIN);
        }, policy(Timeouts.WHEN_BLOCKED)));

        assertThat(unparked).allSatisfy(e -> assertThat(timeouts(e)).isZero());
        assertThat(forgotten).isNotEmpty().allSatisfy(e -> {
            assertThat(e.deadlocked()).isFalse();
            assertThat(timeouts(e)).isOne();
        });
    }

    @Test
    void aTimedJoinWaitsForTheEndWhenBlockedButMayGiveUpUnderAny() {
        Set<String> whenBlocked = ConcurrentHashMap.newKeySet();
        Set<String> any = ConcurrentHashMap.newKeySet();

        Dfs.explore(timedJoin(whenBlocked, Timeouts.WHEN_BLOCKED));
        Dfs.explore(timedJoin(any, Timeouts.ANY));

        assertThat(whenBlocked).containsExactly("ended");
        assertThat(any).containsExactlyInAnyOrder("ended", "alive");
    }

    private static JvmSubject timedJoin(Set<String> outcomes, Timeouts timeouts) {
        return new JvmSubject(() -> {
            Thread worker = Managed.thread(() -> { });
            Hooks.threadStart(worker, START);
            Hooks.threadJoin(worker, 10, JOIN);
            outcomes.add(Hooks.threadIsAlive(worker, IS_ALIVE) ? "alive" : "ended");
        }, policy(timeouts));
    }

    /** Two timeouts at one moment: each may be first; their writes of "time" make them dependent. */
    @Test
    void twoThreadsThatCanOnlyTimeOutDoSoInBothOrders() {
        Set<String> orders = ConcurrentHashMap.newKeySet();
        List<Dfs.Execution> executions = Dfs.explore(new JvmSubject(() -> JvmRunTest.startAndJoin(
                () -> Hooks.park(null, ONE_SECOND, PARK), () -> Hooks.park(null, ONE_SECOND, PARK)),
                policy(Timeouts.WHEN_BLOCKED)));

        for (Dfs.Execution e : executions) {
            orders.add(e.events().stream().filter(ev -> Location.TIME.equals(ev.operation().location()))
                    .map(ev -> ev.thread().name()).toList().toString());
        }
        assertThat(orders).containsExactlyInAnyOrder("[main.1, main.2]", "[main.2, main.1]");
    }

    @Test
    void anInterruptIsExploredBeforeAWaitStartsAndWhileItWaits() {
        List<Dfs.Execution> executions = Dfs.explore(interruptedWorker(() -> {
            ReentrantLock lock = newLock();
            Condition never = lock.newCondition();
            Hooks.lock(lock, LOCK);
            try {
                Hooks.conditionAwait(never, -1, AWAIT);
            } finally {
                Hooks.unlock(lock, UNLOCK);
            }
        }));

        assertBothOrders(executions);
        assertThat(executions).as("the wait released the lock before the interrupt").anySatisfy(e ->
                assertThat(indexOf(e, WORKER, OpKind.WAIT)).isLessThan(indexOfInterrupt(e)));
    }

    @Test
    void anInterruptIsExploredBeforeAParkStartsAndWhileItIsParked() {
        assertBothOrders(Dfs.explore(interruptedWorker(() -> Hooks.park(null, -1, PARK))));
    }

    /**
     * The joined thread ends by itself: the join goes through before the interrupt, or meets it. (A join that only an
     * interrupt lets out, of a thread that cannot end first, has one order only: its step, which reads the flag, is
     * enabled by the interrupt.)
     */
    @Test
    void anInterruptIsExploredBeforeAJoinAndAfterIt() {
        List<Dfs.Execution> executions = Dfs.explore(new JvmSubject(() -> {
            Thread ending = Managed.thread(() -> { });
            Thread joiner = Managed.thread(() -> {
                try {
                    Hooks.threadJoin(ending, 0, JOIN);
                } catch (InterruptedException expected) {
                    // interrupted before the joined thread ended
                }
            });
            Hooks.threadStart(ending, START);
            Hooks.threadStart(joiner, START);
            Hooks.threadInterrupt(joiner, INTERRUPT);
            Hooks.threadJoin(joiner, 0, JOIN);
            Hooks.threadJoin(ending, 0, JOIN);
        }));

        assertBothOrders(executions, new ThreadId(2, "main.2"));
    }

    /** A worker sleeps a second; main interrupts it at once and joins it. */
    private static JvmSubject interruptedSleeper(Set<String> outcomes, Timeouts timeouts) {
        return new JvmSubject(() -> {
            Thread sleeper = Managed.thread(() -> {
                try {
                    Hooks.threadSleep(1_000, SLEEP);
                    outcomes.add("slept");
                } catch (InterruptedException e) {
                    outcomes.add("interrupted");
                }
            });
            Hooks.threadStart(sleeper, START);
            Hooks.threadInterrupt(sleeper, INTERRUPT);
            Hooks.threadJoin(sleeper, 0, JOIN);
        }, policy(timeouts));
    }

    /**
     * The test's time: the sleep ends only once main can no longer move, so main's interrupt comes first and the sleep
     * throws; the sleep's step (its look at the flag) is enabled only by the interrupt, so this is the one execution.
     */
    @Test
    void whenBlockedASleepDoesNotEndWhileAnotherThreadCanMove() {
        Set<String> outcomes = ConcurrentHashMap.newKeySet();

        List<Dfs.Execution> executions = Dfs.explore(interruptedSleeper(outcomes, Timeouts.WHEN_BLOCKED));

        assertThat(outcomes).containsExactly("interrupted");
        assertThat(executions).singleElement().satisfies(e -> {
            assertThat(timeouts(e)).isZero();
            assertThat(interruptFirst(e, WORKER)).isTrue();
        });
    }

    /**
     * Stalls explored: the sleep may also end while main could still interrupt it (main stalled for a second), and
     * the step says so in words and moves the clock.
     */
    @Test
    void anySleepMayAlsoEndWhileAnotherThreadCanMove() {
        Set<String> outcomes = ConcurrentHashMap.newKeySet();

        List<Dfs.Execution> executions = Dfs.explore(interruptedSleeper(outcomes, Timeouts.ANY));

        assertThat(outcomes).containsExactlyInAnyOrder("slept", "interrupted");
        assertThat(executions).anySatisfy(e -> assertThat(e.events()).anySatisfy(ev -> {
            assertThat(ev.operation().location()).isEqualTo(Location.TIME);
            assertThat(ev.value()).isEqualTo("sleep 1 s ends (t = 1.000 s)");
        }));
        assertThat(executions).anySatisfy(e -> assertThat(e.events()).anySatisfy(
                ev -> assertThat(ev.value()).isEqualTo("sleep 1 s returns")));
    }

    /** A worker that blocks for good unless interrupted; main interrupts it and joins it. */
    private static JvmSubject interruptedWorker(InterruptibleBody blocking) {
        return new JvmSubject(() -> {
            Thread worker = Managed.thread(() -> {
                try {
                    blocking.run();
                } catch (InterruptedException expected) {
                    // how the wait ends
                }
            });
            Hooks.threadStart(worker, START);
            Hooks.threadInterrupt(worker, INTERRUPT);
            Hooks.threadJoin(worker, 0, JOIN);
        });
    }

    private interface InterruptibleBody {
        void run() throws InterruptedException;
    }

    /**
     * Some execution interrupts the worker before it looks at its flag (the call then throws, or returns, at once);
     * another lets it look, and block, before the interrupt. A wait looks in the step that begins it (it also reads
     * the flag), the other calls in a step of their own.
     */
    private static void assertBothOrders(List<Dfs.Execution> executions) {
        assertBothOrders(executions, WORKER);
    }

    private static void assertBothOrders(List<Dfs.Execution> executions, ThreadId worker) {
        assertThat(executions).allSatisfy(e -> assertThat(e.deadlocked()).isFalse());
        assertThat(executions).anySatisfy(e -> assertThat(interruptFirst(e, worker)).isTrue());
        assertThat(executions).anySatisfy(e -> assertThat(interruptFirst(e, worker)).isFalse());
    }

    private static boolean interruptFirst(Dfs.Execution e, ThreadId worker) {
        Location flag = Location.interruptFlag(worker);
        return indexOfInterrupt(e, flag) < e.events().stream()
                .filter(ev -> ev.thread().equals(worker) && (flag.equals(ev.operation().location())
                        || flag.equals(ev.operation().alsoReads())))
                .mapToInt(Event::index).findFirst().orElseThrow();
    }

    private static int indexOfInterrupt(Dfs.Execution e) {
        return indexOfInterrupt(e, WORKER_FLAG);
    }

    private static int indexOfInterrupt(Dfs.Execution e, Location flag) {
        return e.events().stream().filter(ev -> ev.operation().kind() == OpKind.WRITE
                        && flag.equals(ev.operation().location()))
                .mapToInt(Event::index).findFirst().orElseThrow();
    }

    private static int indexOf(Dfs.Execution e, ThreadId thread, OpKind kind) {
        return e.events().stream().filter(ev -> ev.thread().equals(thread) && ev.operation().kind() == kind)
                .mapToInt(Event::index).findFirst().orElse(Integer.MAX_VALUE);
    }

    private static long timeouts(Dfs.Execution e) {
        return e.events().stream().filter(ev -> Location.TIME.equals(ev.operation().location())).count();
    }
}
