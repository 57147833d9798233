package dev.weft.dpor.internal;

import dev.weft.dpor.hb.HappensBefore;
import dev.weft.scheduler.model.Event;

import java.util.ArrayList;
import java.util.List;

/**
 * Daemon threads still alive when the last other thread ended: the execution is over there, as a JVM exits then
 * ({@link dev.weft.scheduler.model.Run#abandoned()}). What they would have done next is not part of the execution,
 * but its races with what was done before the end are: a daemon that would next read what the test wrote may also
 * read it earlier, and the test may then see what the daemon does after that read. So the daemons run on for a few
 * steps after the end ({@link ExecutionRunner#DAEMON_LOOKAHEAD}), and the races of those steps with the execution's
 * are reversed as if they had been part of it (source-set DPOR on the longer execution). Races among the steps after
 * the end are not: their order is something no thread of the test can see any more.
 *
 * <p>A daemon that fails after the end could have failed before it, unless it had to wait for the end: it is tried
 * just before the end, one step more each time, until it fails where the failure counts.
 *
 * <p>A daemon whose steps after the end race with nothing (a heartbeat that counts for itself) adds no execution.
 */
final class AbandonedDaemons {

    private AbandonedDaemons() {
    }

    static void reverse(ExecutionOutcome outcome, List<Node> stack) {
        if (outcome.afterEnd().isEmpty()) {
            return;
        }
        List<Event> longer = new ArrayList<>(outcome.events());
        longer.addAll(outcome.afterEnd());
        HappensBefore hb = HappensBefore.of(longer);
        int end = outcome.events().size();
        for (int j = end; j < hb.size(); j++) {
            Event after = hb.event(j);
            for (int i : hb.racesOf(j)) {
                if (i < end) {
                    RaceReversal.reverse(hb, stack, i, j, after.thread().index(), hb.clock(j), after.operation());
                }
            }
        }
        int failed = outcome.failedAfterEnd();
        if (failed >= 0 && end > 0) {
            int first = firstAfterEndOf(hb, end, failed);
            if (first >= 0 && !hb.happensBefore(end - 1, first)) {
                Event step = hb.event(first);
                RaceReversal.reverse(hb, stack, end - 1, first, failed, hb.clock(first), step.operation());
            }
        }
    }

    private static int firstAfterEndOf(HappensBefore hb, int end, int thread) {
        for (int j = end; j < hb.size(); j++) {
            if (hb.event(j).thread().index() == thread) {
                return j;
            }
        }
        return -1;
    }
}
