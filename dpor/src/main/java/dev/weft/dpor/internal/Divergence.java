package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.PendingOperation;

import java.util.List;
import java.util.stream.Collectors;

/** Messages for executions that did not go as the schedule expected. */
final class Divergence {

    private Divergence() {
    }

    /** Replaying a prefix met different pending operations than the first run did. */
    static String describe(int step, List<PendingOperation> expected, List<PendingOperation> found) {
        for (int i = 0; i < Math.max(expected.size(), found.size()); i++) {
            PendingOperation e = i < expected.size() ? expected.get(i) : null;
            PendingOperation f = i < found.size() ? found.get(i) : null;
            if (e == null || !e.equals(f)) {
                return "replaying the schedule diverged before step " + step + ": expected "
                        + (e == null ? "no further thread" : e) + " but found " + (f == null ? "no such thread" : f)
                        + ". The test does not do the same thing when its threads are scheduled the same way"
                        + " (randomness, time, hash order of identity hash codes, or state left over between runs?)";
            }
        }
        return "replaying the schedule diverged before step " + step;
    }

    /** Replaying a prefix performed a different operation than the first run did. */
    static String describe(int step, Event expected, Event found) {
        return "replaying the schedule diverged at step " + step + ": expected " + expected + " but " + found
                + ". The test does not do the same thing when its threads are scheduled the same way";
    }

    static String describeDeadlock(List<PendingOperation> stuck) {
        return "no thread can move: " + stuck.stream().map(PendingOperation::toString)
                .collect(Collectors.joining("; "));
    }
}
