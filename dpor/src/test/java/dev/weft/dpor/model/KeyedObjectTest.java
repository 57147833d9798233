package dev.weft.dpor.model;

import dev.weft.dpor.SearchAlgorithm;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A keyed object (a {@code ConcurrentHashMap} modelled at its API, {@link ProgramBuilder#map}): a call on one key
 * conflicts with calls on that key and on the whole map ({@code size}, {@code clear}), not with calls on another key.
 * Each count below is derived by hand in its comment from the dependent pairs of the workers' operations (the main
 * thread's starts and joins add no trace: a start depends on nothing, a join can only follow the end it waits for).
 * NAIVE, which runs every interleaving, must meet as many traces ({@link TraceKey}) as DPOR runs executions.
 */
class KeyedObjectTest {

    @Test
    void aPutIsAWriteOfOneKeyAndSizeAndClearAccessTheWholeMap() {
        ModelProgram program = puts(List.of(0, 1), true, true, false);
        Location whole = Location.objectState("m");
        try (ModelRun run = new ModelSubject(program).start()) {
            Script.steps(run, "main", "main", "main", "main");
            assertThat(Script.pendingOf(run, "main.1").operation())
                    .isEqualTo(Operation.write(Location.key(whole, "0")));
            assertThat(Script.pendingOf(run, "main.2").operation())
                    .isEqualTo(Operation.write(Location.key(whole, "1")));
            assertThat(Script.pendingOf(run, "main.3").operation()).isEqualTo(Operation.read(whole));
            assertThat(Script.pendingOf(run, "main.4").operation()).isEqualTo(Operation.write(whole));

            Script.steps(run, "main.1", "main.2");
            Event size = Script.step(run, "main.3");
            assertThat(size.value()).isEqualTo("2");
            Script.step(run, "main.4");
            assertThat(run.value("m[0]")).isZero();
            assertThat(run.value("m[1]")).isZero();
            assertThat(run.outcome().reads().get("main.3")).containsExactly(2);
        }
    }

    /**
     * N threads, thread i putting key i: no two operations of different threads are dependent, so 1 trace for every
     * N. NAIVE still runs all N! orders of the puts (with every placement of the main thread's starts and joins), all
     * of that one trace.
     */
    @Test
    void putsOfDifferentKeysCommute() {
        for (int n = 2; n <= 6; n++) {
            ModelProgram program = puts(keys(n), false, false, false);
            Exploration dpor = Exploration.dpor(program);

            assertThat(dpor.result().executions()).as(dpor.summary()).isEqualTo(1);
            assertThat(dpor.result().completed()).isEqualTo(1);
            assertThat(dpor.result().sleepSetBlocked()).isZero();
        }
        for (int n = 2; n <= 3; n++) { // NAIVE needs seconds from n = 4 on
            ModelProgram program = puts(keys(n), false, false, false);
            Exploration naive = Exploration.of(program, SearchAlgorithm.NAIVE, true);

            assertThat(naiveTraces(naive)).as(naive.summary()).isEqualTo(1);
            assertThat(naive.log().ranToEnd().stream().map(KeyedObjectTest::orderOfPuts).distinct().count())
                    .as("orders of the puts").isEqualTo(OracleCounts.factorial(n));
        }
    }

    /** Two threads putting key 0 (values 1 and 2): one dependent pair, 2 traces, ending with m[0] = 2 and 1. */
    @Test
    void putsOfOneKeyConflict() {
        ModelProgram program = puts(List.of(0, 0), false, false, false);
        Exploration dpor = agreesWithNaive(program, 2);

        assertThat(dpor.log().ranToEnd()).extracting(e -> e.outcome().memory().get("m[0]"))
                .containsExactlyInAnyOrder(1, 2);
    }

    /**
     * One thread puts key 0, another asks the size: a read of the whole map, dependent on the put. 2 traces, the size 0
     * (before the put) or 1 (after). Here and below the threads are declared both ways round, so that either call is
     * the one DPOR runs first and the other the one that must find the race.
     */
    @Test
    void sizeConflictsWithAPut() {
        for (boolean sizeFirst : List.of(false, true)) {
            ModelProgram program = puts(List.of(0), true, false, sizeFirst);
            Exploration dpor = agreesWithNaive(program, 2);

            assertThat(readsOf(dpor, sizeFirst ? "main.1" : "main.2"))
                    .containsExactlyInAnyOrder(List.of(0), List.of(1));
        }
    }

    /**
     * n threads putting keys 0..n-1 and one asking the size: the puts commute, each conflicts with the size. A trace is
     * the set of puts before the size: 2^n (2, 4, 8 for n = 1, 2, 3), the size being k in C(n, k) of them.
     */
    @Test
    void sizeSeesEverySetOfEarlierPutsOnce() {
        for (int n = 1; n <= 3; n++) {
            for (boolean sizeFirst : List.of(false, true)) {
                ModelProgram program = puts(keys(n), true, false, sizeFirst);
                // NAIVE would need seconds for n = 3
                Exploration dpor = n < 3 ? agreesWithNaive(program, 1L << n) : Exploration.dpor(program);

                assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(1L << n);
                assertThat(dpor.log().distinctTraces()).isEqualTo(1L << n);
                String sizer = sizeFirst ? "main.1" : "main." + (n + 1);
                for (int k = 0; k <= n; k++) {
                    List<Integer> size = List.of(k);
                    assertThat(readsOf(dpor, sizer).stream().filter(size::equals).count())
                            .as("executions where the size is %d of %d", k, n).isEqualTo(binomial(n, k));
                }
            }
        }
    }

    /**
     * Two threads put key 0 (value 1) and key 1 (value 2), a third clears the map. The puts commute; each conflicts
     * with the clear. A trace is which puts come before the clear: 2 x 2 = 4 (none, only key 0's, only key 1's, both),
     * each ending in another state (a key survives exactly when its put comes after the clear).
     */
    @Test
    void clearConflictsWithPutsOfEveryKey() {
        for (boolean clearFirst : List.of(false, true)) {
            ModelProgram program = puts(List.of(0, 1), false, true, clearFirst);
            Exploration dpor = agreesWithNaive(program, 4);

            assertThat(dpor.log().ranToEnd()).extracting(e -> e.outcome().memory().get("m[0]") + ","
                    + e.outcome().memory().get("m[1]")).containsExactlyInAnyOrder("0,0", "1,0", "0,2", "1,2");
        }
    }

    /**
     * T1 {@code m[0] = 1}, T2 {@code m.clear()}, T3 {@code r = m[0]}: each pair is dependent (put and clear write,
     * the get reads the key both write), so every order of the three is a trace of its own: 3! = 6. The get sees 1
     * when the put comes before it and the clear not between them (put get clear, clear put get): 2 traces; the key
     * ends at 1 when the put comes after the clear (clear put get, clear get put, get clear put): 3 traces.
     */
    @Test
    void aPutAClearAndAGetOfOneKeyAreTotallyOrdered() {
        ProgramBuilder p = ProgramBuilder.program("put, clear, get");
        KeyedObject m = p.map("m", 1);
        p.thread("T1", t -> t.write(m.key(0), 1));
        p.thread("T2", t -> t.clear(m));
        p.thread("T3", t -> t.read(t.reg("r"), m.key(0)));
        Exploration dpor = agreesWithNaive(p.build(), 6);

        assertThat(readsOf(dpor, "main.3")).filteredOn(r -> r.equals(List.of(1))).hasSize(2);
        assertThat(dpor.log().ranToEnd()).filteredOn(e -> e.outcome().memory().get("m[0]") == 1).hasSize(3);
    }

    /**
     * Two threads get key 0, a third asks the size: reads only, nothing dependent, 1 trace. Against a clear (the third
     * clearing instead) each get is dependent on it: 2 x 2 = 4 traces, though every one reads 0 (the map is empty).
     */
    @Test
    void readsOfKeysAndOfTheWholeMapCommuteButNotWithAClear() {
        for (boolean wholeFirst : List.of(false, true)) {
            agreesWithNaive(getsAnd(false, wholeFirst), 1);
            agreesWithNaive(getsAnd(true, wholeFirst), 4);
        }
    }

    /**
     * T1 {@code x = 1}; T2 {@code r = x; m[r] = 1}; T3 {@code m[1] = 2}: the key T2 puts is chosen by what it read.
     * T2 reads x before T1's write (r = 0: it puts key 0, independent of T3's put, 1 trace) or after (r = 1: it puts
     * key 1, dependent on T3's, 2 traces). 3 traces.
     */
    @Test
    void aKeyChosenByARegisterIsResolvedWhenTheThreadGetsThere() {
        ProgramBuilder p = ProgramBuilder.program("putAtKeyRead");
        CellRef x = p.shared("x");
        KeyedObject m = p.map("m", 2);
        p.thread("T1", t -> t.write(x, 1));
        p.thread("T2", t -> {
            Reg r = t.reg("r");
            t.read(r, x).write(m.key(r), 1);
        });
        p.thread("T3", t -> t.write(m.key(1), 2));
        ModelProgram program = p.build();
        Exploration dpor = agreesWithNaive(program, 3);

        assertThat(dpor.log().ranToEnd()).extracting(e -> e.outcome().memory().get("m[0]") + "," + e.outcome()
                .memory().get("m[1]")).containsExactlyInAnyOrder("1,2", "0,1", "0,2");
    }

    /**
     * The check-then-act bug: T1 and T2 each {@code a: r = m[0]; if (r == 0) {b: o = m[0]++; assert o == 0}}, all on
     * key 0, so (a1, b2), (a2, b1) and (b1, b2) are dependent (the two gets are not). If one thread's b comes before
     * the other's a, the other sees the key and stops: 2 complete traces. If both gets come first, both increment and
     * the second increment sees 1: 2 failing traces (b1 before b2, T2 fails; b2 before b1, T1 fails). 4 in all.
     */
    @Test
    void aCheckThenActOnOneKeyIsCaught() {
        ModelProgram program = checkThenAct(false);
        Exploration dpor = Exploration.dpor(program);
        Exploration naive = Exploration.of(program, SearchAlgorithm.NAIVE, true);

        assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(2);
        assertThat(dpor.result().executions()).isEqualTo(4);
        assertThat(dpor.result().failures()).extracting(f -> f.kind())
                .containsExactly(FailureKind.ASSERTION, FailureKind.ASSERTION);
        assertThat(naiveTraces(naive)).as(naive.summary()).isEqualTo(4);
        assertThat(naive.result().failures()).isNotEmpty();
        DifferentialCheck.Verdict verdict = DifferentialCheck.check(program);
        assertThat(verdict.skipped()).as("too big for NAIVE's budget").isFalse();
        assertThat(verdict.problems()).as(program.toString()).isEmpty();
    }

    /**
     * The fix, a putIfAbsent: each thread {@code ok = cas(m[0], 0, id)}. The two CASes are dependent: 2 traces, the
     * first to run succeeding and the other failing; no assertion fails.
     */
    @Test
    void aPutIfAbsentOnOneKeyIsAtomic() {
        ModelProgram program = checkThenAct(true);
        Exploration dpor = agreesWithNaive(program, 2);

        assertThat(dpor.log().ranToEnd()).extracting(e -> e.outcome().reads().get("main.1").get(0) + ","
                + e.outcome().reads().get("main.2").get(0)).containsExactlyInAnyOrder("0,1", "2,0");
    }

    /**
     * Explores the program with DPOR and NAIVE and checks that DPOR ran exactly {@code traces} executions, all
     * complete and of different traces, that NAIVE met that many traces, and that the two agree on traces and outcomes
     * ({@link DifferentialCheck}).
     */
    private static Exploration agreesWithNaive(ModelProgram program, long traces) {
        Exploration dpor = Exploration.dpor(program);
        Exploration naive = Exploration.of(program, SearchAlgorithm.NAIVE, true);

        assertThat(dpor.result().executions()).as(dpor.summary()).isEqualTo(traces);
        assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(traces);
        assertThat(dpor.result().sleepSetBlocked()).as(dpor.summary()).isZero();
        assertThat(dpor.log().distinctTraces()).isEqualTo(traces);
        assertThat(naiveTraces(naive)).as(naive.summary()).isEqualTo(traces);
        DifferentialCheck.Verdict verdict = DifferentialCheck.check(program);
        assertThat(verdict.skipped()).as("too big for NAIVE's budget").isFalse();
        assertThat(verdict.problems()).as(program.toString()).isEmpty();
        return dpor;
    }

    /** The traces NAIVE met: of what led to the failure for a failing execution, of all that ran otherwise. */
    private static long naiveTraces(Exploration naive) {
        return naive.log().ranToEnd().stream().map(ExplorationLog.Execution::traceKey).distinct().count();
    }

    /**
     * A map {@code m} with a thread per entry of {@code keys}, the i-th putting {@code m[keys[i]] = i + 1}, and, if
     * asked, a thread {@code r = m.size()} and a thread {@code m.clear()}, declared (so started) after the putters or,
     * with {@code wholeFirst}, before them.
     */
    private static ModelProgram puts(List<Integer> keys, boolean size, boolean clear, boolean wholeFirst) {
        ProgramBuilder p = ProgramBuilder.program("puts(" + keys + (size ? ", size" : "") + (clear ? ", clear" : "")
                + (wholeFirst ? ", whole first" : "") + ")");
        KeyedObject m = p.map("m", keys.stream().mapToInt(k -> k + 1).max().orElse(1));
        Runnable wholeCalls = () -> {
            if (size) {
                p.thread("S", t -> t.size(t.reg("r"), m));
            }
            if (clear) {
                p.thread("C", t -> t.clear(m));
            }
        };
        if (wholeFirst) {
            wholeCalls.run();
        }
        for (int i = 0; i < keys.size(); i++) {
            int value = i + 1;
            CellRef key = m.key(keys.get(i));
            p.thread("P" + value, t -> t.write(key, value));
        }
        if (!wholeFirst) {
            wholeCalls.run();
        }
        return p.build();
    }

    /** Two threads {@code r = m[0]} and one {@code r = m.size()}, or {@code m.clear()}, declared after or before. */
    private static ModelProgram getsAnd(boolean clear, boolean wholeFirst) {
        ProgramBuilder p = ProgramBuilder.program("gets and " + (clear ? "clear" : "size")
                + (wholeFirst ? ", whole first" : ""));
        KeyedObject m = p.map("m", 2);
        Runnable wholeCall = () -> p.thread(clear ? "C" : "S", t -> {
            if (clear) {
                t.clear(m);
            } else {
                t.size(t.reg("r"), m);
            }
        });
        if (wholeFirst) {
            wholeCall.run();
        }
        p.thread("G1", t -> t.read(t.reg("r"), m.key(0)));
        p.thread("G2", t -> t.read(t.reg("r"), m.key(0)));
        if (!wholeFirst) {
            wholeCall.run();
        }
        return p.build();
    }

    /** Two threads inserting key 0: get and then increment, or (fixed) one putIfAbsent as a CAS from 0. */
    private static ModelProgram checkThenAct(boolean fixed) {
        ProgramBuilder p = ProgramBuilder.program(fixed ? "putIfAbsent" : "checkThenAct");
        KeyedObject m = p.map("m", 1);
        for (int id = 1; id <= 2; id++) {
            int value = id;
            p.thread("T" + id, t -> {
                Reg r = t.reg("r");
                if (fixed) {
                    t.cas(r, m.key(0), Expr.constant(0), Expr.constant(value));
                    return;
                }
                Reg old = t.reg("old");
                t.read(r, m.key(0));
                t.ifThen(r.eq(0), then -> then.getAndIncrement(old, m.key(0))
                        .check(old.eq(0), "key 0 inserted twice"));
            });
        }
        return p.build();
    }

    private static List<Integer> keys(int n) {
        return IntStream.range(0, n).boxed().toList();
    }

    /** The threads that put, in the order they did. */
    private static List<ThreadId> orderOfPuts(ExplorationLog.Execution execution) {
        return execution.events().stream().filter(e -> e.operation().kind() == OpKind.WRITE)
                .map(Event::thread).toList();
    }

    private static long binomial(int n, int k) {
        return OracleCounts.factorial(n) / (OracleCounts.factorial(k) * OracleCounts.factorial(n - k));
    }

    private static List<List<Integer>> readsOf(Exploration exploration, String thread) {
        return exploration.log().ranToEnd().stream().map(e -> e.outcome().reads().get(thread)).toList();
    }
}
