package dev.weft.junit.internal;

import dev.weft.dpor.hb.HappensBefore;
import dev.weft.dpor.hb.VectorClock;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.scheduler.runtime.CausalOrder;

import java.util.List;

/**
 * The explorer's happens-before relation ({@link HappensBefore}) as the runtime asks it during an execution: built
 * from that execution's events so far, and grown as the execution goes on. One per exploration; it starts afresh when
 * it is handed another execution's events.
 */
final class ExplorerCausalOrder implements CausalOrder {

    private List<Event> fedFrom;
    private HappensBefore relation;
    private int threads;

    @Override
    public boolean knowsThePastOf(List<Event> events, int event, ThreadId thread, int threadSteps) {
        HappensBefore hb = upTo(events);
        VectorClock known = hb.clock(event);
        if (known.get(thread.index()) < threadSteps) {
            return false;
        }
        VectorClock past = hb.currentClock(thread.index());
        for (int other = 0; other < threads; other++) {
            if (other != thread.index() && past.get(other) > known.get(other)) {
                return false;
            }
        }
        return true;
    }

    private HappensBefore upTo(List<Event> events) {
        if (events != fedFrom || relation.size() > events.size()) {
            fedFrom = events;
            relation = HappensBefore.of(List.of());
            threads = 0;
        }
        for (int i = relation.size(); i < events.size(); i++) {
            Event next = events.get(i);
            relation.add(next);
            threads = Math.max(threads, next.thread().index() + 1);
        }
        return relation;
    }
}
