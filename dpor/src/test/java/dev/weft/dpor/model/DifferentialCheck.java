package dev.weft.dpor.model;

import dev.weft.dpor.FreeChoice;
import dev.weft.dpor.SearchAlgorithm;
import dev.weft.scheduler.model.FailureKind;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

/**
 * Compares DPOR and OPTIMAL with NAIVE on one program. NAIVE runs every interleaving, so the traces and outcomes it
 * meets are all there are; DPOR and OPTIMAL must meet the same ones, each trace once.
 *
 * <p>Executions that complete or deadlock run as far as they can, so they are compared by the trace of everything
 * that ran. An execution cut short by an assertion stops wherever its failing thread failed; which other threads had
 * moved by then depends only on the explorer's order, so it is compared by the trace of what led to the failure
 * ({@link TraceKey#causalPastOfLast}) and by what the failing thread saw. DPOR must find every such cause, and must
 * not run two equivalent executions, but the number of its failing executions is only bounded by NAIVE's.
 */
final class DifferentialCheck {

    /** Checks at most this many NAIVE executions; bigger programs are skipped, not failed. */
    static final long NAIVE_BUDGET = 5_000;

    private DifferentialCheck() {
    }

    /** The verdict on one program: skipped, or the list of problems (empty when DPOR agrees with NAIVE). */
    record Verdict(boolean skipped, List<String> problems, long naiveExecutions, long dporExecutions,
                   boolean dataRace) {
        boolean agrees() {
            return problems.isEmpty();
        }
    }

    /** How closely the reducing explorers' executions must match NAIVE's. */
    enum Strictness {
        /** the same traces and outcomes, and as many executions that run to their end as NAIVE met traces */
        EXACT,
        /**
         * For a program with daemon threads: NAIVE also runs every way a daemon can be cut off by the end, which
         * differ only in what no thread of the test sees, while DPOR runs those the test can tell apart
         * ({@code AbandonedDaemons}). So only what the test observes is compared ({@link Outcome#observable()}, and
         * failures as always); DPOR must still run no trace twice, and no more executions than NAIVE met traces.
         */
        OBSERVABLE,
        /**
         * For a program with spurious wake-ups in which NAIVE meets a deadlock: the explorers must meet a deadlock too,
         * and run only traces NAIVE met, each once; they may leave out others, and their outcomes. A wake-up is offered
         * only while another thread could move, so a wait that begins after the other threads' last free steps is
         * offered none and waits forever (the deadlock); whether it began before or after them is an order of
         * independent steps, and the explorers may run only the one without the offer (docs/design/explorers.md,
         * "Spurious wake-ups: an offer that lapses").
         */
        DEADLOCKS,
        /** For a program with spurious wake-ups: {@link #DEADLOCKS} if NAIVE meets a deadlock, else {@link #EXACT}. */
        WAITS
    }

    static Verdict check(ModelProgram program) {
        return check(program, Strictness.EXACT, null);
    }

    /** {@link Strictness#OBSERVABLE}. */
    static Verdict checkObservable(ModelProgram program) {
        return check(program, Strictness.OBSERVABLE, null);
    }

    /**
     * Compares DPOR and OPTIMAL, each with the free choice {@code freeChoice} ({@code null}: each its own default), and
     * OPTIMAL in shards, with NAIVE.
     */
    static Verdict check(ModelProgram program, Strictness strictness, FreeChoice freeChoice) {
        boolean observableOnly = strictness == Strictness.OBSERVABLE;
        Exploration naive = Exploration.of(program, SearchAlgorithm.NAIVE, true, NAIVE_BUDGET);
        if (!naive.result().exhaustive()) {
            return new Verdict(true, List.of(), naive.result().executions(), 0, false);
        }
        boolean deadlocks = naive.result().failures().stream().anyMatch(f -> f.kind() == FailureKind.DEADLOCK);
        Strictness applied = strictness != Strictness.WAITS ? strictness
                : deadlocks ? Strictness.DEADLOCKS : Strictness.EXACT;
        List<String> problems = new ArrayList<>();
        naive.log().inconsistent().forEach(x -> problems.add(problems(naive, x)));
        List<Keyed> n = naive.log().ranToEnd().stream().map(e -> new Keyed(e, observableOnly)).toList();
        long executions = 0;
        for (BiFunction<ModelProgram, FreeChoice, Exploration> explorer : REDUCING) {
            Exploration reduced = explorer.apply(program, freeChoice);
            List<String> found = compare(naive, n, reduced, applied);
            if (!found.isEmpty()) {
                problems.add(naive.summary() + "\n" + reduced.summary());
                problems.addAll(found);
            }
            executions = Math.max(executions, reduced.result().executions() + reduced.result().sleepSetBlocked());
        }
        return new Verdict(false, problems, naive.result().executions(), executions, hasDataRace(naive));
    }

    /**
     * The explorations checked against NAIVE: both reducing explorers, and OPTIMAL split into 3 shards after the first
     * 2 branching states (no spare ones), a split small programs reach.
     */
    private static final List<BiFunction<ModelProgram, FreeChoice, Exploration>> REDUCING = List.of(
            (p, choice) -> Exploration.of(p, SearchAlgorithm.DPOR, choice, true),
            (p, choice) -> Exploration.of(p, SearchAlgorithm.OPTIMAL, choice, true),
            (p, choice) -> Exploration.sharded(p, SearchAlgorithm.OPTIMAL, true, 3, 0));

    private static String problems(Exploration e, ExplorationLog.Execution x) {
        return e.name() + " status " + x.status() + "/" + x.failureKind() + " but the model ended "
                + x.outcome().ending();
    }

    /** What a reducing explorer got wrong against NAIVE's executions {@code n}; empty when it agrees. */
    private static List<String> compare(Exploration naive, List<Keyed> n, Exploration reduced,
                                        Strictness strictness) {
        boolean observableOnly = strictness == Strictness.OBSERVABLE;
        String name = reduced.name();
        List<String> problems = new ArrayList<>();
        if (!reduced.result().exhaustive()) {
            problems.add(name + " did not finish: " + reduced.summary());
        }
        reduced.log().inconsistent().forEach(x -> problems.add(problems(reduced, x)));
        List<Keyed> d = reduced.log().ranToEnd().stream().map(e -> new Keyed(e, observableOnly)).toList();

        if (strictness == Strictness.DEADLOCKS) {
            compare(name, "traces", set(n, Keyed::trace), set(d, Keyed::trace), List.of(), problems);
            if (reduced.result().failures().stream().noneMatch(f -> f.kind() == FailureKind.DEADLOCK)) {
                problems.add(name + " met no deadlock; NAIVE did");
            }
        } else {
            compare(name, "outcomes", set(n, Keyed::outcome), set(d, Keyed::outcome), problems);
        }
        if (strictness == Strictness.EXACT) {
            compare(name, "traces", set(n, Keyed::trace), set(d, Keyed::trace), problems);
        }

        Map<TraceKey, Long> repeated = d.stream().collect(Collectors.groupingBy(Keyed::full, Collectors.counting()));
        repeated.forEach((key, count) -> {
            if (count > 1) {
                problems.add(name + " ran one trace " + count + " times:\n" + key);
            }
        });

        boolean naiveRace = hasDataRace(naive);
        if (naiveRace != hasDataRace(reduced)) {
            problems.add((naiveRace ? "NAIVE" : name) + " found a data race, " + (naiveRace ? name : "NAIVE")
                    + " did not");
        }

        long naiveRunToEnd = set(n.stream().filter(x -> !x.cutShort()).toList(), Keyed::full).size();
        long runToEnd = d.stream().filter(x -> !x.cutShort()).count();
        if (strictness != Strictness.EXACT ? runToEnd > naiveRunToEnd : naiveRunToEnd != runToEnd) {
            problems.add("NAIVE met " + naiveRunToEnd + " traces of complete or deadlocked executions, " + name
                    + " ran " + runToEnd + " such executions");
        }
        long naiveCutShort = set(n.stream().filter(Keyed::cutShort).toList(), Keyed::full).size();
        long cutShort = d.stream().filter(Keyed::cutShort).count();
        if (cutShort > naiveCutShort) {
            problems.add(name + " ran " + cutShort + " failing executions, more than the " + naiveCutShort
                    + " traces of failing executions NAIVE met");
        }
        return problems;
    }

    /**
     * An execution with its keys computed once: the trace of everything that ran, the trace it is compared by, and
     * the outcome it is compared by.
     */
    private record Keyed(TraceKey full, TraceKey trace, Object outcome, boolean cutShort) {

        Keyed(ExplorationLog.Execution execution, boolean observableOnly) {
            this(execution.fullTraceKey(), execution.traceKey(), comparableOutcome(execution.outcome(), observableOnly),
                    isCutShort(execution.outcome()));
        }

        /** Cut short by an assertion or exception, rather than running until no thread could move. */
        private static boolean isCutShort(Outcome outcome) {
            return outcome.ending() == Outcome.Ending.ASSERTION || outcome.ending() == Outcome.Ending.EXCEPTION;
        }

        /** The outcome; for a failure, only what the failing thread saw and the failure, as the class says. */
        private static Object comparableOutcome(Outcome outcome, boolean observableOnly) {
            if (!isCutShort(outcome)) {
                return observableOnly ? outcome.observable() : outcome;
            }
            String thread = outcome.failure().substring(0, outcome.failure().indexOf(':'));
            return outcome.ending() + " " + outcome.failure() + ", " + thread + " read " + outcome.reads().get(thread);
        }
    }

    /**
     * The outcome an execution is compared by: what the test could observe when it ran to its end, and for one cut
     * short by a failure, what the failing thread saw and the failure (as {@link DifferentialCheck} says).
     */
    static Object comparableOutcome(ExplorationLog.Execution execution) {
        return Keyed.comparableOutcome(execution.outcome(), false);
    }

    /** Data races are a property of a trace's happens-before, so exploring every trace finds one if any exists. */
    private static boolean hasDataRace(Exploration exploration) {
        return exploration.result().failures().stream().anyMatch(f -> f.kind() == FailureKind.DATA_RACE);
    }

    private static <T> Set<T> set(List<Keyed> executions, java.util.function.Function<Keyed, T> key) {
        return executions.stream().map(key).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    private static <T> void compare(String who, String what, Set<T> naive, Set<T> reduced, List<String> problems) {
        compare(who, what, naive, reduced, naive, problems);
    }

    /** As above, where only {@code mustMeet} of NAIVE's must be met; nothing NAIVE did not meet may be produced. */
    private static <T> void compare(String who, String what, Set<T> naive, Set<T> reduced, Collection<T> mustMeet,
                                    List<String> problems) {
        Set<T> missed = new HashSet<>(mustMeet);
        missed.removeAll(reduced);
        Set<T> invented = new HashSet<>(reduced);
        invented.removeAll(naive);
        missed.stream().limit(3).forEach(x -> problems.add(who + " missed " + what + ":\n" + x));
        invented.stream().limit(3).forEach(x -> problems.add(who + " produced " + what + " NAIVE never did:\n" + x));
        if (missed.size() + invented.size() > 6) {
            problems.add("(" + missed.size() + " missed and " + invented.size() + " invented " + what + " in all)");
        }
    }
}
