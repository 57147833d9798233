package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Target;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * What one thread did since it last changed anything: the read-only operations (by site and target) it performed,
 * and how often, while no other thread changed anything they read. If the thread is about to do one of them a third
 * time, the loop iteration it just went through observed nothing new, and under sequential consistency the next one
 * will observe the same: the thread is spinning. See {@link SpinRule}. Twice is not enough: straight-line code reads
 * the same field at the same site twice whenever it calls one getter twice ({@code getLimit() <= 0 || count <
 * getLimit()}), and holding such a thread as spinning let a timeout fire while it could still move (QA: a
 * {@code TimedSemaphore}'s 500 s period ended while the thread that held its monitor was between its two reads).
 */
final class SpinWindow {

    private record Step(int site, Target target) {

        /** Not the record's: it asks {@code Objects.hashCode}, which stable identity hashes make a lookup. */
        @Override
        public int hashCode() {
            return 31 * site + (target == null ? 0 : target.hashCode());
        }
    }

    /** How many times a step was done before the next one of it would make a spin. */
    private static final int TIMES = 2;

    private final Map<Step, Integer> steps = new HashMap<>();
    private final Set<Target> read = new HashSet<>();

    void add(int site, Target target) {
        steps.merge(new Step(site, target), 1, Integer::sum);
        if (target != null) {
            read.add(target);
        }
    }

    /** Whether doing the step now would be the third time since the thread (or one it read from) changed anything. */
    boolean contains(int site, Target target) {
        // asked for every waiting thread at every step, and mostly empty: no hashing then
        return !steps.isEmpty() && steps.getOrDefault(new Step(site, target), 0) >= TIMES;
    }

    boolean hasRead(Target target) {
        return !read.isEmpty() && read.contains(target);
    }

    void clear() {
        steps.clear();
        read.clear();
    }
}
