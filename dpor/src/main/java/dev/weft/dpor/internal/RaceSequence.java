package dev.weft.dpor.internal;

import dev.weft.dpor.hb.HappensBefore;
import dev.weft.dpor.hb.VectorClock;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Operation;

import java.util.ArrayList;
import java.util.List;

/**
 * The sequence that reverses a race between {@code e} and a later {@code e'} of one execution: the steps after
 * {@code e} that do not happen after it ({@code notdep(e, E)}), in their order, then {@code e'}. Each step keeps its
 * clock, so that the order of two of them in happens-before is known without the rest of the execution.
 */
final class RaceSequence implements WakeupTree.Sequence {

    private record Step(int thread, int threadStep, Operation operation, VectorClock clock) {
    }

    private final List<Step> steps;

    private RaceSequence(List<Step> steps) {
        this.steps = steps;
    }

    /**
     * @param first      the index of {@code e}
     * @param second     the index of {@code e'}, or {@code hb.size()} when it is a pending operation that never ran
     * @param lastThread {@code e'}'s thread
     * @param lastClock  what {@code e'} knows (its thread's clock when it never ran)
     * @param lastOperation what {@code e'} did or was about to do
     */
    static RaceSequence of(HappensBefore hb, int first, int second, int lastThread, VectorClock lastClock,
                           Operation lastOperation) {
        Event e = hb.event(first);
        int eThread = e.thread().index();
        int eStep = e.threadStep();
        List<Step> steps = new ArrayList<>();
        for (int k = first + 1; k < second; k++) {
            VectorClock clock = hb.clock(k);
            if (!clock.includes(eThread, eStep)) {
                Event event = hb.event(k);
                steps.add(new Step(event.thread().index(), event.threadStep(), event.operation(), clock));
            }
        }
        int lastStep = second < hb.size() ? hb.event(second).threadStep() : lastClock.get(lastThread);
        steps.add(new Step(lastThread, lastStep, lastOperation, lastClock));
        return new RaceSequence(steps);
    }

    /**
     * The sequence of one step that a thread could take at a state instead of the step taken there: its operation
     * there, at position {@code threadStep} of its thread, knowing {@code clock}.
     */
    static RaceSequence of(int thread, int threadStep, Operation operation, VectorClock clock) {
        return new RaceSequence(List.of(new Step(thread, threadStep, operation, clock)));
    }

    @Override
    public int size() {
        return steps.size();
    }

    @Override
    public boolean isEmpty() {
        return steps.isEmpty();
    }

    @Override
    public int thread(int k) {
        return steps.get(k).thread;
    }

    @Override
    public Operation operation(int k) {
        return steps.get(k).operation;
    }

    @Override
    public boolean has(int thread) {
        return firstOf(thread) >= 0;
    }

    @Override
    public WakeupTree.Sequence without(int thread) {
        int k = firstOf(thread);
        if (k < 0) {
            return this;
        }
        List<Step> rest = new ArrayList<>(steps);
        rest.remove(k);
        return new RaceSequence(rest);
    }

    @Override
    public boolean weakInitial(int thread, Operation operation) {
        int k = firstOf(thread);
        if (k >= 0) {
            Step step = steps.get(k);
            if (operation != null && operation.lapses() != step.operation.lapses()) {
                return false; // one takes a spurious wake-up, the other comes after it lapsed: two traces
            }
            for (int j = 0; j < k; j++) {
                Step earlier = steps.get(j);
                if (step.clock.includes(earlier.thread, earlier.threadStep)) {
                    return false;
                }
            }
            return true;
        }
        for (Step step : steps) {
            if (WakeupTree.ordered(thread, operation, step.thread, step.operation)) {
                return false;
            }
        }
        return true;
    }

    private int firstOf(int thread) {
        for (int k = 0; k < steps.size(); k++) {
            if (steps.get(k).thread == thread) {
                return k;
            }
        }
        return -1;
    }
}
