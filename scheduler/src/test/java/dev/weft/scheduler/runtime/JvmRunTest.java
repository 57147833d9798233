package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

public class JvmRunTest {

    static final class Counter {
        int value;
    }

    private static final int READ_VALUE = TestSite.at("value");
    private static final int WRITE_VALUE = TestSite.at("value");
    private static final int START = TestSite.at("start");
    private static final int JOIN = TestSite.at("join");
    private static final int ALLOCATE = TestSite.at("<init>");
    private static final int ENTER = TestSite.at("monitorenter");
    private static final int EXIT = TestSite.at("monitorexit");

    /** {@code t = c.value; c.value = t + 1}, as instrumented code does it. */
    private static void increment(Counter counter) {
        Hooks.fieldRead(counter, READ_VALUE);
        int seen = counter.value;
        Hooks.fieldWrite(counter, WRITE_VALUE);
        counter.value = seen + 1;
    }

    /** Main starts both, then joins both. */
    public static void startAndJoin(Runnable first, Runnable second) throws InterruptedException {
        Thread one = Managed.thread(first);
        Thread two = Managed.thread(second);
        Hooks.threadStart(one, START);
        Hooks.threadStart(two, START);
        Hooks.threadJoin(one, 0, JOIN);
        Hooks.threadJoin(two, 0, JOIN);
    }

    private static Counter newCounter() {
        Counter counter = new Counter();
        Hooks.allocated(counter, ALLOCATE);
        return counter;
    }

    @Test
    void twoPlainIncrementsEndAtOneOrTwoAcrossEveryInterleaving() {
        Set<Integer> finals = ConcurrentHashMap.newKeySet();
        JvmSubject subject = new JvmSubject(() -> {
            Counter counter = newCounter();
            startAndJoin(() -> increment(counter), () -> increment(counter));
            finals.add(counter.value);
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        // main: start, start, join twice (each also reads main's interrupt flag, in its own step), end; each child:
        // read, write, end; a join is enabled once its child ended. Counting the interleavings of these 11 operations
        // under those constraints (by enumeration) gives 69; with a separate look at the flag before each join, as
        // until 2026-11-26, 13 operations gave 594.
        assertThat(executions).hasSize(69).allSatisfy(e -> {
            assertThat(e.failure()).isNull();
            assertThat(e.deadlocked()).isFalse();
        });
        assertThat(finals).containsExactlyInAnyOrder(1, 2);
    }

    @Test
    void lockProtectedIncrementsAlwaysEndAtTwo() {
        Set<Integer> finals = ConcurrentHashMap.newKeySet();
        JvmSubject subject = new JvmSubject(() -> {
            Counter counter = newCounter();
            Runnable locked = () -> {
                if (!Hooks.monitorEnter(counter, ENTER)) {
                    throw new AssertionError("a managed thread must not take the real monitor");
                }
                increment(counter);
                Hooks.monitorExit(counter, EXIT);
            };
            startAndJoin(locked, locked);
            finals.add(counter.value);
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(executions).allSatisfy(e -> assertThat(e.failure()).isNull());
        assertThat(finals).containsExactly(2);
        assertThat(executions.get(0).events()).extracting(e -> e.operation().kind())
                .contains(OpKind.LOCK, OpKind.UNLOCK);
    }

    @Test
    void nestedMonitorEntriesAreNotVisible() {
        JvmSubject subject = new JvmSubject(() -> {
            Counter counter = newCounter();
            Hooks.monitorEnter(counter, ENTER);
            Hooks.monitorEnter(counter, ENTER);
            Hooks.monitorExit(counter, EXIT);
            Hooks.monitorExit(counter, EXIT);
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(executions).singleElement().satisfies(e -> assertThat(e.events())
                .extracting(event -> event.operation().toString())
                .containsExactly("lock lock Counter@1", "unlock lock Counter@1", "end liveness of main"));
    }

    @Test
    void objectsAndThreadsHaveStableNames() {
        JvmSubject subject = new JvmSubject(() -> {
            Counter first = newCounter();
            Counter second = newCounter();
            Hooks.fieldWrite(second, WRITE_VALUE);
            Thread child = Managed.thread(() -> {
                Counter mine = newCounter();
                Hooks.fieldWrite(mine, WRITE_VALUE);
                Hooks.fieldRead(first, READ_VALUE);
            });
            Hooks.threadStart(child, START);
            Hooks.threadJoin(child, 0, JOIN);
        });

        List<Event> events = Dfs.explore(subject).get(0).events();

        assertThat(events).extracting(Event::operation).containsExactly(
                Operation.write(Location.field("Counter@2", "value")),
                Operation.start(new ThreadId(1, "main.1")),
                Operation.write(Location.field("Counter@main.1#1", "value")),
                Operation.read(Location.field("Counter@1", "value")),
                Operation.end(new ThreadId(1, "main.1")),
                Operation.join(new ThreadId(1, "main.1")).alsoReading(Location.interruptFlag(new ThreadId(0, "main"))),
                Operation.end(new ThreadId(0, "main")));
        assertThat(events.get(0).source().toString()).startsWith("JvmRunTest.java:");
        assertThat(events.get(0).source().line()).isPositive();
    }

    @Test
    void replayingAScheduleGivesTheSameEvents() {
        JvmSubject subject = new JvmSubject(() -> {
            Counter counter = newCounter();
            startAndJoin(() -> increment(counter), () -> increment(counter));
        });
        List<Event> last = Dfs.explore(subject).get(68).events();
        List<ThreadId> schedule = last.stream().map(Event::thread).toList();

        assertThat(Dfs.replay(subject, schedule)).isEqualTo(last);
        assertThat(Dfs.replay(subject, schedule)).isEqualTo(last);
    }

    @Test
    void pendingListsEveryLiveThreadByIndexWithItsNextOperation() {
        JvmSubject subject = new JvmSubject(() -> {
            Counter counter = newCounter();
            startAndJoin(() -> increment(counter), () -> increment(counter));
        });
        try (JvmRun run = subject.start()) {
            run.step(new ThreadId(0, "main"));
            run.step(new ThreadId(0, "main")); // both started: main is at its first join

            List<PendingOperation> pending = run.pending();

            assertThat(pending).extracting(PendingOperation::thread)
                    .containsExactly(new ThreadId(0, "main"), new ThreadId(1, "main.1"), new ThreadId(2, "main.2"));
            assertThat(pending.get(0).enabled()).as("join of a live thread").isFalse();
            assertThat(pending.get(1).operation()).isEqualTo(Operation.read(Location.field("Counter@1", "value")));
            assertThat(pending.get(1).enabled()).isTrue();
        }
    }

    @Test
    void steppingADisabledThreadIsRefusedWithWhereAndWhy() {
        JvmSubject subject = new JvmSubject(() -> {
            Counter counter = newCounter();
            startAndJoin(() -> increment(counter), () -> increment(counter));
        });
        try (JvmRun run = subject.start()) {
            run.step(new ThreadId(0, "main"));
            run.step(new ThreadId(0, "main")); // both started: main is at its first join

            assertThatThrownBy(() -> run.step(new ThreadId(0, "main")))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("join liveness of main.1")
                    .hasMessageContaining("JvmRunTest.java:")
                    .hasMessageContaining("waits to join main.1, which has not ended");
        }
    }

    @Test
    void anExceptionInAChildIsAnExceptionFailureWithItsCause() {
        IllegalStateException boom = new IllegalStateException("boom");
        JvmSubject subject = new JvmSubject(() -> startAndJoin(() -> {
            throw boom;
        }, () -> { }));

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(executions).allSatisfy(e -> {
            assertThat(e.failure().kind()).isEqualTo(FailureKind.EXCEPTION);
            assertThat(e.failure().cause()).isSameAs(boom);
            assertThat(e.failure().thread()).isEqualTo(new ThreadId(1, "main.1"));
        });
    }

    @Test
    void anAssertionErrorIsAnAssertionFailure() {
        JvmSubject subject = new JvmSubject(() -> {
            Counter counter = newCounter();
            startAndJoin(() -> increment(counter), () -> increment(counter));
            if (counter.value != 2) {
                throw new AssertionError("lost update: " + counter.value);
            }
        });

        List<Dfs.Execution> executions = Dfs.explore(subject);

        assertThat(executions).filteredOn(e -> e.failure() != null).isNotEmpty().allSatisfy(e -> {
            assertThat(e.failure().kind()).isEqualTo(FailureKind.ASSERTION);
            assertThat(e.failure().message()).contains("lost update: 1").contains("main");
        });
    }

    @Test
    void hooksOnUnmanagedThreadsDoTheRealOperation() {
        new JvmSubject(() -> { }).start().close();
        Object monitor = new Object();

        assertThat(Hooks.monitorEnter(monitor, ENTER)).isFalse();
        Hooks.fieldWrite(monitor, WRITE_VALUE);
        assertThat(Hooks.threadIsAlive(Thread.currentThread(), JOIN)).isTrue();
    }

    @Test
    void classInitialisationIsInvisible() {
        JvmSubject subject = new JvmSubject(() -> {
            Hooks.classInitStart();
            Counter counter = new Counter();
            Hooks.allocated(counter, ALLOCATE);
            Hooks.fieldWrite(counter, WRITE_VALUE);
            Hooks.classInitEnd();
            Counter named = newCounter();
            Hooks.fieldWrite(named, WRITE_VALUE);
        });

        List<Event> events = Dfs.explore(subject).get(0).events();

        assertThat(events).extracting(Event::operation).containsExactly(
                Operation.write(Location.field("Counter@1", "value")),
                Operation.end(new ThreadId(0, "main")));
    }

    @Test
    void aBodyWithoutVisibleOperationsOnlyEnds() {
        try (JvmRun run = new JvmSubject(() -> { }, RuntimeSettings.defaults()
                .withWatchdogTimeout(Duration.ofSeconds(5))).start()) {
            assertThat(run.pending()).singleElement()
                    .satisfies(p -> assertThat(p.operation().kind()).isEqualTo(OpKind.END));
            run.step(new ThreadId(0, "main"));
            assertThat(run.pending()).isEmpty();
            assertThat(run.failure()).isEmpty();
        }
    }

    static Set<String> kinds(List<Event> events) {
        return events.stream().map(e -> e.operation().kind().name()).collect(Collectors.toSet());
    }
}
