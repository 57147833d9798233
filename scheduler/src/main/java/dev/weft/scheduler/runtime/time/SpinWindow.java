package dev.weft.scheduler.runtime.time;

import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Target;
import dev.weft.scheduler.runtime.Step;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What one thread did since it last changed anything: the read-only operations (by site and target) it performed, in
 * order, while no other thread changed anything they read. The thread is spinning when it is about to start a third
 * turn of a loop whose last two turns were the same steps: the turn it just went through observed nothing new, and
 * under sequential consistency the next one will observe the same. See {@link SpinRule}.
 *
 * <p>Whole turns are compared, not single steps: straight-line code repeats a step whenever it calls one getter twice
 * ({@code getLimit() <= 0 || count < getLimit()}), and a loop over several objects repeats the steps that do not name
 * one (a yield, an iterator's read) while its turns differ. Holding such a thread as spinning let a timeout fire while
 * it could still move (QA: a {@code TimedSemaphore}'s 500 s period ended while the thread that held its monitor was
 * between its two reads), and lost the orders of a loop that takes a different monitor each turn.
 */
public final class SpinWindow {

    /** A step: where, what kind (a monitor's enter and exit share their site), on what. */
    private record Step(int site, OpKind kind, Target target) {

        /** Not the record's: it asks {@code Objects.hashCode}, which stable identity hashes make a lookup. */
        @Override
        public int hashCode() {
            return (31 * site + kind.ordinal()) * 31 + (target == null ? 0 : target.hashCode());
        }
    }

    /** Steps kept at most: a loop whose turn is longer than half of it is not seen as a spin. */
    private static final int MAX_STEPS = 1_024;

    private final List<Step> order = new ArrayList<>();
    private final Set<Step> steps = new HashSet<>();
    private final Set<Target> read = new HashSet<>();

    void add(int site, OpKind kind, Target target) {
        if (order.size() == MAX_STEPS) {
            order.subList(0, MAX_STEPS / 2).clear(); // the oldest half: only the last two turns count
        }
        Step step = new Step(site, kind, target);
        order.add(step);
        steps.add(step);
        if (target != null) {
            read.add(target);
        }
    }

    /**
     * Whether doing the step now would start a third turn: the steps since its last occurrence are the same as those
     * from the occurrence before to the last.
     */
    boolean contains(int site, OpKind kind, Target target) {
        // asked for every waiting thread at every step, and mostly empty: no hashing then
        if (steps.isEmpty()) {
            return false;
        }
        Step step = new Step(site, kind, target);
        if (!steps.contains(step)) {
            return false;
        }
        int last = order.lastIndexOf(step);
        int turn = order.size() - last;
        int before = last - turn;
        return before >= 0 && order.get(before).equals(step)
                && order.subList(before, last).equals(order.subList(last, order.size()));
    }

    /** Whether the thread has done nothing since it last changed something (or the spin rule is off). */
    public boolean isEmpty() {
        return steps.isEmpty();
    }

    /** Whether the window holds a read of some target (see {@link #hasRead}). */
    boolean hasReads() {
        return !read.isEmpty();
    }

    boolean hasRead(Target target) {
        return !read.isEmpty() && read.contains(target);
    }

    void clear() {
        order.clear();
        steps.clear();
        read.clear();
    }
}
