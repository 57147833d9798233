package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import static dev.weft.scheduler.runtime.JvmRunTest.startAndJoin;
import static org.assertj.core.api.Assertions.assertThat;

class ModelsTest {

    static final class Box {
        boolean ready;
        int value;
    }

    private static final int READ_READY = TestSite.at("ready");
    private static final int WRITE_READY = TestSite.at("ready");
    private static final int WRITE_VALUE = TestSite.at("value");
    private static final int ENTER = TestSite.at("monitorenter");
    private static final int EXIT = TestSite.at("monitorexit");
    private static final int WAIT = TestSite.at("wait");
    private static final int NOTIFY = TestSite.at("notify");
    private static final int PARK = TestSite.at("park");
    private static final int UNPARK = TestSite.at("unpark");
    private static final int CAS = TestSite.at("compareAndSet");
    private static final int LOCK = TestSite.at("lock");
    private static final int UNLOCK = TestSite.at("unlock");
    private static final int AWAIT = TestSite.at("await");
    private static final int SIGNAL = TestSite.at("signal");
    private static final int START = TestSite.at("start");
    private static final int JOIN = TestSite.at("join");
    private static final int INTERRUPT = TestSite.at("interrupt");
    private static final int SPIN = TestSite.at("onSpinWait");

    private static final int ALLOCATE = TestSite.at("<init>");

    private static <T> T allocated(T object) {
        Hooks.allocated(object, ALLOCATE);
        return object;
    }

    private static boolean readReady(Box box) {
        Hooks.fieldRead(box, READ_READY);
        return box.ready;
    }

    @Test
    void waitAndNotifyHandOverInEveryInterleaving() {
        Set<Integer> seen = ConcurrentHashMap.newKeySet();
        JvmSubject subject = new JvmSubject(() -> {
            Box box = allocated(new Box());
            startAndJoin(() -> {
                Hooks.monitorEnter(box, ENTER);
                try {
                    while (!readReady(box)) {
                        Hooks.objectWait(box, 0, 0, WAIT);
                    }
                    seen.add(box.value);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                Hooks.monitorExit(box, EXIT);
            }, () -> {
                Hooks.monitorEnter(box, ENTER);
                box.value = 42;
                Hooks.fieldWrite(box, WRITE_READY);
                box.ready = true;
                Hooks.objectNotify(box, NOTIFY);
                Hooks.monitorExit(box, EXIT);
            });
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(executions).allSatisfy(e -> {
            assertThat(e.failure()).isNull();
            assertThat(e.deadlocked()).isFalse();
        });
        assertThat(seen).containsExactly(42);
        assertThat(executions).anySatisfy(e -> assertThat(JvmRunTest.kinds(e.events())).contains("WAIT", "NOTIFY"));
    }

    @Test
    void aMissedNotifyIsADeadlockThatSaysWhoWaitsWhere() {
        JvmSubject subject = new JvmSubject(() -> {
            Box box = allocated(new Box());
            startAndJoin(() -> {
                Hooks.monitorEnter(box, ENTER);
                try {
                    Hooks.objectWait(box, 0, 0, WAIT);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
                Hooks.monitorExit(box, EXIT);
            }, () -> {
                Hooks.monitorEnter(box, ENTER);
                Hooks.objectNotify(box, NOTIFY);
                Hooks.monitorExit(box, EXIT);
            });
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(executions).anySatisfy(e -> assertThat(e.deadlocked()).isFalse());
        assertThat(executions).filteredOn(Dfs.Execution::deadlocked).isNotEmpty().allSatisfy(e ->
                assertThat(e.blockage())
                        .contains("main.1 waits on Box@1 to be notified, and no thread will notify it (ModelsTest.java:")
                        .contains("main waits to join main.1, which has not ended"));
    }

    @Test
    void locksTakenInOppositeOrderDeadlockWithTheCycleDescribed() {
        JvmSubject subject = new JvmSubject(() -> {
            Box a = allocated(new Box());
            Box b = allocated(new Box());
            startAndJoin(() -> {
                Hooks.monitorEnter(a, ENTER);
                Hooks.monitorEnter(b, ENTER);
                Hooks.monitorExit(b, EXIT);
                Hooks.monitorExit(a, EXIT);
            }, () -> {
                Hooks.monitorEnter(b, ENTER);
                Hooks.monitorEnter(a, ENTER);
                Hooks.monitorExit(a, EXIT);
                Hooks.monitorExit(b, EXIT);
            });
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(executions).filteredOn(Dfs.Execution::deadlocked).isNotEmpty().allSatisfy(e ->
                assertThat(e.blockage())
                        .contains("main.1 waits to lock Box@2, held by main.2 since ModelsTest.java:")
                        .contains("main.2 waits to lock Box@1, held by main.1 since ModelsTest.java:")
                        .contains("cycle: main.1 -> main.2 -> main.1"));
    }

    @Test
    void parkWaitsForThePermit() {
        JvmSubject subject = new JvmSubject(() -> {
            Thread parker = Managed.thread(() -> Hooks.park(null, -1, PARK));
            Hooks.threadStart(parker, START);
            Hooks.unpark(parker, UNPARK);
            Hooks.threadJoin(parker, 0, JOIN);
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        // The parker's look at its interrupt flag may come before or after the unpark; its park always after it.
        assertThat(executions).isNotEmpty().allSatisfy(e -> {
            assertThat(e.deadlocked()).isFalse();
            assertThat(e.events()).extracting(ev -> ev.operation().kind())
                    .containsSubsequence(OpKind.UNPARK, OpKind.PARK);
        });
    }

    @Test
    void parkWithoutUnparkIsADeadlock() {
        JvmSubject subject = new JvmSubject(() -> Hooks.park(null, -1, PARK));

        assertThat(Dfs.explore(subject)).singleElement().satisfies(e ->
                assertThat(e.blockage()).contains("main is parked with no permit"));
    }

    @Test
    void compareAndSetEventsSayWhetherTheySucceeded() {
        JvmSubject subject = new JvmSubject(() -> {
            AtomicInteger x = allocated(new AtomicInteger());
            Runnable claim = () -> {
                Hooks.atomicAccess(x, -1, Sites.CAS, CAS);
                Hooks.casResult(x.compareAndSet(0, 1), CAS);
            };
            startAndJoin(claim, claim);
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(executions).allSatisfy(e -> {
            List<OpKind> cas = e.events().stream().map(ev -> ev.operation().kind())
                    .filter(k -> k == OpKind.CAS_SUCCESS || k == OpKind.CAS_FAILURE).toList();
            assertThat(cas).containsExactlyInAnyOrder(OpKind.CAS_SUCCESS, OpKind.CAS_FAILURE);
        });
        assertThat(executions.get(0).events()).anySatisfy(ev ->
                assertThat(ev.operation().toString()).isEqualTo("cas_success AtomicInteger@1"));
    }

    @Test
    void backToBackCompareAndSetsEachReportTheirOwnOutcome() {
        // A retry loop: the failed CAS is followed at once by the next one, whose hook the thread reaches before the
        // driver records the first one's outcome.
        JvmSubject subject = new JvmSubject(() -> {
            AtomicInteger x = allocated(new AtomicInteger(7));
            Hooks.atomicAccess(x, -1, Sites.CAS, CAS);
            Hooks.casResult(x.compareAndSet(0, 1), CAS);
            Hooks.atomicAccess(x, -1, Sites.CAS, CAS);
            Hooks.casResult(x.compareAndSet(7, 8), CAS);
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(executions).singleElement().satisfies(e -> assertThat(e.events().stream()
                .map(ev -> ev.operation().kind())
                .filter(k -> k == OpKind.CAS_SUCCESS || k == OpKind.CAS_FAILURE))
                .containsExactly(OpKind.CAS_FAILURE, OpKind.CAS_SUCCESS));
    }

    @Test
    void reentrantLockAndConditionWorkInTheModel() {
        Set<Integer> seen = ConcurrentHashMap.newKeySet();
        JvmSubject subject = new JvmSubject(() -> {
            ReentrantLock lock = new ReentrantLock();
            Condition filled = lock.newCondition();
            Box box = allocated(new Box());
            startAndJoin(() -> {
                Hooks.lock(lock, LOCK);
                try {
                    while (!readReady(box)) {
                        Hooks.conditionAwait(filled, -1, AWAIT);
                    }
                    seen.add(box.value);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                } finally {
                    Hooks.unlock(lock, UNLOCK);
                }
                if (lock.isLocked()) {
                    throw new AssertionError("the real lock was taken");
                }
            }, () -> {
                Hooks.lock(lock, LOCK);
                box.value = 7;
                Hooks.fieldWrite(box, WRITE_READY);
                box.ready = true;
                Hooks.conditionSignal(filled, SIGNAL);
                Hooks.unlock(lock, UNLOCK);
            });
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(executions).allSatisfy(e -> {
            assertThat(e.failure()).isNull();
            assertThat(e.deadlocked()).isFalse();
        });
        assertThat(seen).containsExactly(7);
    }

    @Test
    void tryLockFailsOnlyWhileAnotherThreadHoldsTheLock() {
        Set<String> outcomes = ConcurrentHashMap.newKeySet();
        JvmSubject subject = new JvmSubject(() -> {
            ReentrantLock lock = new ReentrantLock();
            Thread holder = Managed.thread(() -> {
                Hooks.lock(lock, LOCK);
                Hooks.unlock(lock, UNLOCK);
            });
            Hooks.threadStart(holder, START);
            boolean got = Hooks.tryLock(lock, LOCK);
            if (got) {
                Hooks.unlock(lock, UNLOCK);
            }
            Hooks.threadJoin(holder, 0, JOIN);
            outcomes.add(Boolean.toString(got));
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(outcomes).containsExactlyInAnyOrder("true", "false");
        assertThat(executions).allSatisfy(e -> assertThat(e.failure()).isNull());
    }

    @Test
    void unlockingALockNotHeldThrowsLikeTheJdk() {
        JvmSubject subject = new JvmSubject(() -> Hooks.unlock(new ReentrantLock(), UNLOCK));

        assertThat(Dfs.explore(subject)).singleElement().satisfies(e -> {
            assertThat(e.failure().cause()).isInstanceOf(IllegalMonitorStateException.class)
                    .hasMessageContaining("main cannot unlock ReentrantLock@1 at ModelsTest.java:");
        });
    }

    @Test
    void interruptWakesAJoin() {
        Set<String> outcomes = ConcurrentHashMap.newKeySet();
        JvmSubject subject = new JvmSubject(() -> {
            Thread main = Thread.currentThread();
            Thread forever = Managed.thread(() -> Hooks.park(null, -1, PARK));
            Thread interrupter = Managed.thread(() -> Hooks.threadInterrupt(main, INTERRUPT));
            Hooks.threadStart(forever, START);
            Hooks.threadStart(interrupter, START);
            try {
                Hooks.threadJoin(forever, 0, JOIN);
            } catch (InterruptedException e) {
                outcomes.add("interrupted");
            }
            Hooks.unpark(forever, UNPARK);
        });

        assertThat(Dfs.explore(subject)).allSatisfy(e -> assertThat(e.deadlocked()).isFalse());
        assertThat(outcomes).containsExactly("interrupted");
    }

    @Test
    void aSpinLoopOnAFlagWaitsForTheWriterInsteadOfSpinningForever() {
        JvmSubject subject = new JvmSubject(() -> {
            Box box = allocated(new Box());
            startAndJoin(() -> {
                while (!readReady(box)) {
                    Hooks.onSpinWait(SPIN);
                }
            }, () -> {
                Hooks.fieldWrite(box, WRITE_READY);
                box.ready = true;
            });
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        // Without the spin rule every number of iterations before the write would be an interleaving of its own. A
        // read is a spin the third time (SpinWindow): two turns that saw nothing new, then the loop waits.
        assertThat(executions).allSatisfy(e -> {
            assertThat(e.failure()).isNull();
            long reads = e.events().stream().filter(ev -> ev.operation().kind() == OpKind.READ
                    && ev.operation().location().kind() == Location.Kind.FIELD).count();
            assertThat(reads).isLessThanOrEqualTo(3);
        });
    }

    @Test
    void aSpinLoopWithoutHintsIsCaughtToo() {
        JvmSubject subject = new JvmSubject(() -> {
            Box box = allocated(new Box());
            startAndJoin(() -> {
                while (!readReady(box)) {
                    Thread.onSpinWait();
                }
            }, () -> {
                Hooks.fieldWrite(box, WRITE_READY);
                box.ready = true;
            });
        });

        assertThat(Dfs.explore(subject)).allSatisfy(e -> assertThat(e.failure()).isNull());
    }

    @Test
    void aLoneSpinnerIsLetRunSoABoundedLoopEnds() {
        Set<Integer> rounds = ConcurrentHashMap.newKeySet();
        JvmSubject subject = new JvmSubject(() -> {
            Box box = allocated(new Box());
            int round = 0;
            while (!readReady(box) && round < 5) {
                Hooks.onSpinWait(SPIN);
                round++;
            }
            rounds.add(round);
        });

        assertThat(Dfs.explore(subject)).singleElement().satisfies(e -> assertThat(e.failure()).isNull());
        assertThat(rounds).containsExactly(5);
    }

    @Test
    void spinDetectionCanBeTurnedOff() {
        JvmSubject subject = new JvmSubject(() -> {
            Box box = allocated(new Box());
            startAndJoin(() -> {
                int rounds = 0;
                while (!readReady(box) && rounds++ < 3) {
                    Hooks.onSpinWait(SPIN);
                }
            }, () -> {
                Hooks.fieldWrite(box, WRITE_READY);
                box.ready = true;
            });
        }, RuntimeSettings.defaults().withSpinDetection(false));

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(executions).anySatisfy(e -> assertThat(e.events().stream()
                .filter(ev -> ev.operation().kind() == OpKind.READ).count()).isEqualTo(4));
    }

}
