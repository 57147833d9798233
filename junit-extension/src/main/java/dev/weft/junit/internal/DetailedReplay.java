package dev.weft.junit.internal;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.ExplorationListener;
import dev.weft.dpor.ExplorationOptions;
import dev.weft.dpor.ExplorationResult;
import dev.weft.dpor.Explorer;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.runtime.JvmSubject;
import dev.weft.scheduler.runtime.RuntimeSettings;
import dev.weft.scheduler.runtime.ThrowingRunnable;

import java.util.List;
import java.util.Set;

/**
 * Runs the reported failing schedule once more, recording each step's stack and the values its memory accesses read
 * or wrote, for the report. Recording them costs too much to do in every execution of an exploration; one more
 * execution at the end costs little. Only the latest {@value #STEPS_WITH_DETAIL} steps record them: a stack for each
 * step of an execution that ended at a step limit of a million ran out of a 2 GB heap (commons-pool), and what led
 * to the failure is at its end.
 */
final class DetailedReplay {

    /**
     * Not replayed: a nondeterministic failure's schedule means nothing, an uncontrolled blocking may wait for the
     * watchdog again, and an execution past its time limit would take all that time again (as one that filled the
     * memory would fill it again: {@link ExplorationFailure#filledTheMemory}).
     */
    private static final Set<FailureKind> SKIPPED = Set.of(FailureKind.NONDETERMINISM,
            FailureKind.UNCONTROLLED_BLOCKING, FailureKind.TIME_LIMIT);

    /** How many of the failing execution's last steps record their stack and values. */
    static final int STEPS_WITH_DETAIL = 20_000;

    private DetailedReplay() {
    }

    /**
     * The failure with the events of the detailed replay, or as given when the replay does not fail the same way
     * with the same operations (the report then shows no stacks rather than another execution's).
     */
    static ExplorationFailure of(ExplorationFailure failure, ThrowingRunnable body, RuntimeSettings runtime,
                                 ExplorationOptions options) {
        if (SKIPPED.contains(failure.kind()) || failure.filledTheMemory(options.maxSteps())) {
            return failure;
        }
        RuntimeSettings detailed = runtime.withDetailFrom(Math.max(0, failure.events().size() - STEPS_WITH_DETAIL));
        ExplorationResult replay = Explorer.replaying(failure.schedule(), options)
                .explore(new JvmSubject(body, detailed, new ExplorerCausalOrder()), ExplorationListener.NONE);
        if (replay.failures().isEmpty()) {
            return failure;
        }
        ExplorationFailure again = replay.failures().get(0);
        return again.kind() == failure.kind() && sameOperations(again.events(), failure.events())
                ? failure.withEvents(again.events()) : failure;
    }

    private static boolean sameOperations(List<Event> a, List<Event> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!a.get(i).thread().equals(b.get(i).thread()) || !a.get(i).operation().equals(b.get(i).operation())) {
                return false;
            }
        }
        return true;
    }
}
