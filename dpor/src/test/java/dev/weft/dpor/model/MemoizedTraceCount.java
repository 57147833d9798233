package dev.weft.dpor.model;

import dev.weft.scheduler.model.Dependence;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * Counts the Mazurkiewicz traces of a model program without any explorer, for programs far too big for
 * {@link BruteForce}: a depth-first search with sleep sets alone (every enabled thread that is not asleep is tried,
 * in a fixed order, and no race analysis is done), whose number of maximal executions below a node is memoized by the
 * node's program state and sleep set.
 *
 * <p>Why this counts traces: a sleep-set search that tries every enabled thread reaches every Mazurkiewicz trace, and
 * never two executions of one trace (Godefroid's sleep sets: after trying thread t at a node, the later siblings carry
 * t asleep until something dependent on t's operation runs, so a sequence equivalent to one already explored is cut
 * off). The number of maximal executions the search completes below a node depends only on the program state there
 * (which decides every thread's next operations and whether they are enabled) and on the set of sleeping threads,
 * so equal (state, sleep set) nodes are counted once. Dependence is {@link Dependence#dependent}, the relation
 * {@link TraceKey} uses; nothing of the explorers is used.
 *
 * <p>Like {@link BruteForce.Mode#EAGER_THREAD_OPERATIONS}, a thread start, thread end or join runs alone as soon as
 * it is enabled (see there why that meets the same traces): a persistent set of one, which sleep sets may be
 * combined with.
 *
 * <p>The state of a node is the program's whole state ({@link ModelRun#state()}: every shared cell, lock and permit,
 * and every thread's position, registers and wait), which decides everything that follows it. Until 2026-12-06 it
 * was the values each thread had read and its step count, which leave out which waiters a {@code notifyAll} woke:
 * with waits it merged nodes whose futures differ and counted too few traces (68 instead of 80 for a bounded buffer
 * of two producers and two consumers, whose 80 executions of DPOR are 80 distinct traces by {@link TraceKey}). The
 * memo keeps a 128-bit digest of the state and sleep set, not the text.
 */
public final class MemoizedTraceCount {

    /**
     * What the count found.
     *
     * @param traces      maximal executions the sleep-set search completed: one per Mazurkiewicz trace
     * @param incomplete  of those, how many did not end with every thread ended (failure, deadlock)
     * @param states      distinct (state, sleep set) nodes counted
     * @param steps       program steps run (replays included)
     * @param elapsedNanos wall time
     */
    public record Result(long traces, long incomplete, long states, long steps, long elapsedNanos) {
    }

    private record Count(long traces, long incomplete) {
    }

    private final ModelProgram program;
    private final ModelSubject subject;
    private final Map<UUID, Count> memo = new HashMap<>();
    private final long maxStates;
    private long steps;

    private MemoizedTraceCount(ModelProgram program, long maxStates) {
        this.program = program;
        this.subject = new ModelSubject(program);
        this.maxStates = maxStates;
    }

    /**
     * Counts the traces of the program.
     *
     * @throws IllegalStateException when the search meets more than {@code maxStates} distinct nodes
     */
    public static Result count(ModelProgram program, long maxStates) {
        long start = System.nanoTime();
        MemoizedTraceCount counter = new MemoizedTraceCount(program, maxStates);
        Count count;
        ModelRun run = counter.subject.start();
        try {
            count = counter.explore(new ArrayList<>(), run, List.of());
        } finally {
            run.close();
        }
        return new Result(count.traces(), count.incomplete(), counter.memo.size(), counter.steps,
                System.nanoTime() - start);
    }

    /**
     * The maximal executions below a node.
     *
     * @param prefix    the schedule that leads to the node
     * @param run       a run standing at the node; this method may step it further
     * @param sleeping  the threads asleep at the node, with the operation each had when it fell asleep
     */
    private Count explore(List<ThreadId> prefix, ModelRun run, List<PendingOperation> sleeping) {
        if (run.failure().isPresent()) {
            return new Count(1, 1);
        }
        List<PendingOperation> enabled = run.pending().stream().filter(PendingOperation::enabled).toList();
        for (PendingOperation p : enabled) { // a start, end or join runs alone
            OpKind kind = p.operation().kind();
            if (kind == OpKind.START || kind == OpKind.END || kind == OpKind.JOIN) {
                if (!asleep(p.thread(), sleeping)) {
                    enabled = List.of(p);
                }
                break;
            }
        }
        if (enabled.isEmpty()) {
            return new Count(1, run.outcome().ending() == Outcome.Ending.COMPLETE ? 0 : 1);
        }
        UUID key = key(run, sleeping);
        Count known = memo.get(key);
        if (known != null) {
            return known;
        }
        long traces = 0;
        long incomplete = 0;
        List<PendingOperation> tried = new ArrayList<>();
        boolean first = true;
        for (PendingOperation choice : enabled) {
            if (asleep(choice.thread(), sleeping)) {
                continue;
            }
            List<PendingOperation> childSleep = new ArrayList<>();
            for (List<PendingOperation> source : List.of(sleeping, tried)) {
                for (PendingOperation s : source) {
                    if (!Dependence.dependent(s.operation(), choice.operation())) {
                        childSleep.add(s);
                    }
                }
            }
            ModelRun child = first ? run : replay(prefix);
            try {
                child.step(choice.thread());
                steps++;
                List<ThreadId> childPrefix = new ArrayList<>(prefix.size() + 1);
                childPrefix.addAll(prefix);
                childPrefix.add(choice.thread());
                Count below = explore(childPrefix, child, childSleep);
                traces += below.traces();
                incomplete += below.incomplete();
            } finally {
                if (!first) {
                    child.close();
                }
            }
            first = false;
            tried.add(choice);
        }
        Count count = new Count(traces, incomplete);
        memo.put(key, count);
        if (memo.size() > maxStates) {
            throw new IllegalStateException(program.name() + " has more than " + maxStates + " search states");
        }
        return count;
    }

    private ModelRun replay(List<ThreadId> prefix) {
        ModelRun run = subject.start();
        for (ThreadId thread : prefix) {
            run.step(thread);
        }
        steps += prefix.size();
        return run;
    }

    private static boolean asleep(ThreadId thread, List<PendingOperation> sleeping) {
        for (PendingOperation s : sleeping) {
            if (s.thread().equals(thread)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The node's program state ({@link ModelRun#state()}) and sleeping threads. Not the values each thread read and
     * its step count: with waits, those leave out which waiters a {@code notifyAll} woke (it depends on the order of
     * the wait and the notify, not on any value read), and two nodes that differ only there have different futures.
     */
    private static UUID key(ModelRun run, List<PendingOperation> sleeping) {
        StringBuilder text = new StringBuilder().append(run.state()).append('|');
        sleeping.stream().mapToInt(s -> s.thread().index()).sorted().forEach(i -> text.append(i).append(','));
        return UUID.nameUUIDFromBytes(text.toString().getBytes(StandardCharsets.UTF_8));
    }
}
