package dev.weft.scheduler.runtime;

import java.util.Locale;

/**
 * Whether one execution has filled the heap: the explorer keeps a record of every step (the state, the event, its
 * clock, the pending operations of every live thread), about one to three kilobytes a step, and a step limit of a
 * million is more than a small heap holds. Before, such an execution ended in an {@code OutOfMemoryError} that
 * killed the Surefire fork and its report (commons-pool's tests, 2 GB heap); now it ends with {@code STEP_LIMIT} and
 * a message that says how many steps the heap held.
 *
 * <p>How: every {@value #EVERY} steps it looks at the heap in use. Only when that is over {@value #CROWDED_PERCENT} %
 * of the largest heap (garbage included) does it ask for a full collection, and the heap is full when what is left
 * after it is over {@value #FULL_PERCENT} % (the rest is for the failure's report, which holds the events). So an
 * execution pays for a collection only when the heap is crowded; and after one, the next look waits until the
 * execution's growth so far, step for step, would take it half the way to full, so that an execution that holds a
 * steady 70 % does not collect at every look. If the JVM ignores explicit
 * collections ({@code -XX:+DisableExplicitGC}), what is in use counts, garbage and all.
 */
final class HeapWatch {

    static final int EVERY = 4_096;
    private static final int CROWDED_PERCENT = 85;
    private static final int FULL_PERCENT = 80;

    /** The heap as the watch sees it: the JVM's, or a scripted one in tests. */
    interface Heap {
        long used();

        long max();

        void collect();

        /** This JVM's heap: what {@link Runtime} says, and {@link System#gc()}. */
        Heap JVM = new Heap() {
            @Override
            public long used() {
                return Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory();
            }

            @Override
            public long max() {
                return Runtime.getRuntime().maxMemory();
            }

            @Override
            public void collect() {
                System.gc();
            }
        };
    }

    private final Heap heap;
    private long nextLook = EVERY;
    private long usedAfterCollection;

    HeapWatch(Heap heap) {
        this.heap = heap;
    }

    /** Whether the heap is full after {@code steps} steps of the execution; looks only now and then. */
    boolean full(long steps) {
        if (steps < nextLook) {
            return false;
        }
        long max = heap.max();
        if (max == Long.MAX_VALUE || heap.used() * 100 < max * CROWDED_PERCENT) {
            nextLook = steps + EVERY;
            return false;
        }
        heap.collect();
        usedAfterCollection = heap.used();
        if (usedAfterCollection * 100 >= max * FULL_PERCENT) {
            return true;
        }
        long perStep = Math.max(1, usedAfterCollection / steps);
        long stepsToFull = (max * FULL_PERCENT / 100 - usedAfterCollection) / perStep;
        nextLook = steps + Math.max(EVERY, stepsToFull / 2);
        return false;
    }

    /** "1,792 MB of 2,048 MB": what the heap held at the last full collection, against its largest size. */
    String describe() {
        return String.format(Locale.ROOT, "%,d MB of %,d MB", usedAfterCollection >> 20, heap.max() >> 20);
    }
}
