package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.PendingOperation;

import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** Messages for executions that did not go as the schedule expected. */
final class Divergence {

    /**
     * Why the same operation can come on an object with another number: objects are numbered in the order each thread
     * makes them, so the thread made more or fewer objects before it than in the run recorded, without any visible
     * step to show it. Commons-pool's testBorrowObjectFairness left a pool registered with JMX in every run, and the
     * next run's registration made one name more.
     */
    private static final String OTHER_NUMBER = ". The operation is the same, on an object with another number:"
            + " objects are numbered in the order each thread makes them, so this thread made more or fewer objects"
            + " before it than in the run recorded. Something it did before depends on state left over between runs"
            + " that Weft does not put back (a registration in a JVM-wide registry, such as JMX's platform MBean"
            + " server, that a run does not undo; a cache the first run filled), or on randomness or time";

    private static final Pattern OBJECT_NUMBER = Pattern.compile("@\\d+");

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
                        + (e != null && f != null && onlyNumbersDiffer(e.toString(), f.toString())
                        ? OTHER_NUMBER : ". The test does not do the same thing when its threads are scheduled the"
                        + " same way (randomness, time, hash order of identity hash codes, or state left over between"
                        + " runs?)");
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
                + (onlyNumbersDiffer(expected.toString(), found.toString()) ? OTHER_NUMBER
                : ". The test does not do the same thing when its threads are scheduled the same way");
    }

    /** Whether the two texts are the same but for the numbers after an '@' (objects' names). */
    static boolean onlyNumbersDiffer(String a, String b) {
        return !a.equals(b)
                && OBJECT_NUMBER.matcher(a).replaceAll("@#").equals(OBJECT_NUMBER.matcher(b).replaceAll("@#"));
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
