package dev.weft.dpor.internal;

import dev.weft.dpor.Coverage;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Subject;
import dev.weft.sleepsets.SleepSet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Random schedules with a stated guarantee: probabilistic concurrency testing (PCT; Burckhardt, Kothari, Musuvathi and
 * Nagarakatte, ASPLOS 2010). Each thread gets a random priority when it first shows up, the highest-priority enabled
 * thread moves, and at {@code d - 1} random steps the running thread drops below every other. For a program of
 * {@code n} threads and {@code k} steps, one such schedule runs a given bug of depth {@code d} (one that needs
 * {@code d} ordering constraints between steps of different threads to show) with probability at least
 * {@code 1 / (n k^(d-1))}: a bug of depth 1 (one thread's step before another's) at least {@code 1/n}, however many
 * schedules other orders have. Depths 1, 2 and 3 take turns ({@link Coverage#SAMPLE_DEPTHS}). Seeded by the sample's
 * number, so a test samples the same schedules in every run.
 */
final class PctSampler {

    private static final long SEED = 0x5eedL;

    private final Subject subject;
    private final int maxSteps;
    private long samples;
    private int steps = 1;
    private int maxThreads = 1;

    PctSampler(Subject subject, int maxSteps) {
        this.subject = subject;
        this.maxSteps = maxSteps;
    }

    /** Runs the next random schedule. */
    ExecutionOutcome sample() {
        SplittableRandom random = new SplittableRandom(SEED + samples * 0x9E3779B97F4A7C15L);
        int depth = (int) (samples % Coverage.SAMPLE_DEPTHS) + 1;
        samples++;
        Schedule schedule = new Schedule(random, depth, steps);
        ExecutionOutcome outcome = new ExecutionRunner(subject, new ArrayList<>(), maxSteps, schedule::choose,
                ExecutionRunner.UNFORCED).run(0);
        steps = Math.max(1, outcome.events().size());
        maxThreads = Math.max(maxThreads, schedule.threads());
        return outcome;
    }

    /** The schedules sampled so far. */
    long samples() {
        return samples;
    }

    /** The most threads a sampled execution had: the {@code n} of the guarantee. */
    int maxThreads() {
        return maxThreads;
    }

    /** The priorities of one sampled execution. */
    private static final class Schedule {
        private final SplittableRandom random;
        /** by thread index, its priority; NaN until the thread is first seen enabled (an array: asked at every step) */
        private double[] priority = new double[0];
        /** the steps after which the thread that moved drops to the lowest priority yet, in increasing order */
        private final int[] changePoints;
        private int changes;

        Schedule(SplittableRandom random, int depth, int expectedSteps) {
            this.random = random;
            this.changePoints = random.ints(depth - 1, 1, expectedSteps + 1).sorted().toArray();
        }

        Node choose(List<Node> stack, List<PendingOperation> pending) {
            int step = stack.size();
            if (!stack.isEmpty()) {
                int previous = stack.get(step - 1).chosen;
                while (changes < changePoints.length && changePoints[changes] <= step) {
                    changes++;
                    prioritise(previous, -changes); // below every initial priority, and every drop before
                }
            }
            Node node = new Node(pending, SleepSet.empty());
            node.chosen = highest(node);
            return node;
        }

        /** The enabled thread with the highest priority; a daemon thread only when no other one is enabled. */
        private int highest(Node node) {
            int best = -1;
            boolean bestDaemon = true;
            for (int t = node.enabled.nextSetBit(0); t >= 0; t = node.enabled.nextSetBit(t + 1)) {
                double p = priorityOf(t);
                boolean daemon = node.daemon(t);
                if (best < 0 || (bestDaemon && !daemon) || (bestDaemon == daemon && p > priority[best])) {
                    best = t;
                    bestDaemon = daemon;
                }
            }
            return best;
        }

        /** The thread's priority, drawn when it is first asked for. */
        private double priorityOf(int thread) {
            if (thread >= priority.length || Double.isNaN(priority[thread])) {
                prioritise(thread, random.nextDouble());
            }
            return priority[thread];
        }

        private void prioritise(int thread, double value) {
            if (thread >= priority.length) {
                int from = priority.length;
                priority = Arrays.copyOf(priority, Math.max(thread + 1, 2 * from));
                Arrays.fill(priority, from, priority.length, Double.NaN);
            }
            priority[thread] = value;
        }

        /** How many threads were given a priority: asked once per sampled execution. */
        int threads() {
            int prioritised = 0;
            for (double p : priority) {
                if (!Double.isNaN(p)) {
                    prioritised++;
                }
            }
            return prioritised;
        }
    }
}
