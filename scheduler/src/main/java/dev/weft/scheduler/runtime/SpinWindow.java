package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Target;

import java.util.HashSet;
import java.util.Set;

/**
 * What one thread did since it last changed anything: the read-only operations (by site and target) it performed,
 * while no other thread changed anything they read. If the thread is about to repeat one of them, the loop iteration
 * it just went through observed nothing new, and under sequential consistency the next one will observe the same:
 * the thread is spinning. See {@link SpinRule}.
 */
final class SpinWindow {

    private record Step(int site, Target target) {

        /** Not the record's: it asks {@code Objects.hashCode}, which stable identity hashes make a lookup. */
        @Override
        public int hashCode() {
            return 31 * site + (target == null ? 0 : target.hashCode());
        }
    }

    private final Set<Step> steps = new HashSet<>();
    private final Set<Target> read = new HashSet<>();

    void add(int site, Target target) {
        steps.add(new Step(site, target));
        if (target != null) {
            read.add(target);
        }
    }

    boolean contains(int site, Target target) {
        // asked for every waiting thread at every step, and mostly empty: no hashing then
        return !steps.isEmpty() && steps.contains(new Step(site, target));
    }

    boolean hasRead(Target target) {
        return !read.isEmpty() && read.contains(target);
    }

    void clear() {
        steps.clear();
        read.clear();
    }
}
