package dev.weft.dpor.model;

import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every state of a model program, found without any explorer: a search over {@link ModelRun#state()} that tries
 * every enabled thread at every state it has not seen before, re-running the program from its start along the path
 * to each state. What it finds is what a stateful explorer must agree with: the final states (how the program ended
 * and its shared memory), and how many states and transitions there are (a stateful search runs at most one
 * execution per transition).
 *
 * @param states      distinct states reached, final ones included
 * @param transitions steps tried from the states (each enabled thread at each non-final state)
 * @param endings     the distinct final states: how the program ended, its shared memory, and the failure if any
 */
public record StateSpace(long states, long transitions, Set<Ending> endings) {

    /**
     * A final state as both this search and an explorer's log can tell it. For a thread's failure, only the failure:
     * what the other threads had done by then is not one of the explorers' promises (they run one schedule of each
     * trace that leads to the failing step, not every amount of independent progress beside it).
     */
    public record Ending(Outcome.Ending ending, Map<String, Integer> memory, String failure) {

        static Ending of(Outcome outcome) {
            return new Ending(outcome.ending(), outcome.failure() == null ? outcome.memory() : Map.of(),
                    outcome.failure());
        }
    }

    /** Explores the whole state space; fails if it has more than {@code maxStates} states. */
    public static StateSpace of(ModelProgram program, long maxStates) {
        StateSpace space = upTo(program, maxStates);
        if (space == null) {
            throw new IllegalStateException(program.name() + " has more than " + maxStates + " states");
        }
        return space;
    }

    /** Explores the whole state space, or returns {@code null} once it has more than {@code maxStates} states. */
    public static StateSpace upTo(ModelProgram program, long maxStates) {
        ModelSubject subject = new ModelSubject(program);
        Set<Object> seen = new HashSet<>();
        Set<Ending> endings = new HashSet<>();
        long transitions = 0;
        ArrayDeque<List<ThreadId>> paths = new ArrayDeque<>();
        paths.push(List.of());
        while (!paths.isEmpty()) {
            List<ThreadId> path = paths.pop();
            try (ModelRun run = subject.start()) {
                for (ThreadId thread : path) {
                    run.step(thread);
                }
                Object state = run.failure().isPresent() ? Ending.of(run.outcome()) : run.state();
                if (!seen.add(state)) {
                    continue;
                }
                if (seen.size() > maxStates) {
                    return null;
                }
                List<PendingOperation> enabled = run.failure().isPresent() ? List.of()
                        : run.pending().stream().filter(PendingOperation::enabled).toList();
                if (enabled.isEmpty()) {
                    endings.add(Ending.of(run.outcome()));
                }
                for (PendingOperation p : enabled) {
                    List<ThreadId> next = new ArrayList<>(path);
                    next.add(p.thread());
                    paths.push(next);
                    transitions++;
                }
            }
        }
        return new StateSpace(seen.size(), transitions, endings);
    }
}
