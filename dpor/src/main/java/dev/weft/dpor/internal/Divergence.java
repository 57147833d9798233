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

    /** What the subject says its threads are doing, as a sentence to append, or nothing. */
    static String threadsNow(String threads) {
        return threads.isEmpty() ? "" : " (threads now: " + threads + ")";
    }

    /** Replaying a prefix performed a different operation than the first run did. */
    static String describe(int step, Event expected, Event found) {
        return "replaying the schedule diverged at step " + step + ": expected " + expected + " but " + found
                + ". The test does not do the same thing when its threads are scheduled the same way";
    }

    /** A replayed schedule names a thread that cannot move there. */
    static String describeMisfit(int step, String wanted, List<PendingOperation> pending) {
        return "the replayed schedule no longer fits the code: at step " + step + " it lets thread " + wanted
                + " move, but " + pending.stream().filter(p -> p.thread().name().equals(wanted)).findFirst()
                .map(p -> "it is blocked (" + p + ")").orElse("no such thread is alive")
                + ". Did the test or the code under test change since the token was printed?";
    }

    static String describeDeadlock(List<PendingOperation> stuck) {
        return "no thread can move: " + stuck.stream().map(PendingOperation::toString)
                .collect(Collectors.joining("; "));
    }
}
