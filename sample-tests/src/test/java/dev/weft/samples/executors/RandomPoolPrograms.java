package dev.weft.samples.executors;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Small random programs on a pool of two or three workers, for {@link NeutralTakesDifferentialTest}: tasks that read and write
 * two shared cells under one monitor, some of them queueing a follow-up task from inside themselves (before, between
 * or after their own operations), the main thread awaiting some tasks before it submits the next. Every outcome (what
 * every read saw) that one exploration reaches is recorded, so that two explorations of one program can be compared.
 *
 * <p>The program is chosen before the exploration ({@link #use}) and is the same in every execution.
 */
class RandomPoolPrograms {

    /** One operation of a task: read cell {@code cell}, write {@code value} to it, or queue follow-up {@code task}. */
    record Op(char kind, int cell, int value, int task) {
        @Override
        public String toString() {
            return switch (kind) {
                case 'r' -> "read x" + cell;
                case 'w' -> "x" + cell + " = " + value;
                default -> "queue task " + task;
            };
        }
    }

    /**
     * @param workers the pool's size: 2, or 3 for about one program in four
     * @param tasks   each task's operations; a follow-up is queued by exactly one task before it and is not submitted by
     *                the main thread
     * @param awaited for each task the main thread submits, whether it awaits it before it submits the next
     */
    record Program(int workers, List<List<Op>> tasks, boolean[] awaited) {

        /**
         * A program drawn from {@code seed}: on two workers 3 or 4 tasks of 1 to 3 operations, on three workers 3 tasks
         * of 1 or 2; at most 2 follow-ups.
         */
        static Program random(long seed) {
            Random random = new Random(seed * 0x9E3779B97F4A7C15L); // spread: nearby seeds start alike
            int workers = random.nextInt(4) == 0 ? 3 : 2;
            int count = workers == 3 ? 3 : 3 + random.nextInt(2); // three workers: smaller, or too many executions
            int most = workers == 3 ? 2 : 3;
            List<List<Op>> tasks = new ArrayList<>();
            boolean[] followUp = new boolean[count];
            for (int t = 0; t < count; t++) {
                tasks.add(new ArrayList<>());
            }
            int followUps = 0;
            for (int t = 0; t < count; t++) {
                int ops = 1 + random.nextInt(most);
                for (int i = 0; i < ops; i++) {
                    int cell = random.nextInt(2);
                    tasks.get(t).add(random.nextBoolean()
                            ? new Op('r', cell, 0, -1)
                            : new Op('w', cell, 1 + random.nextInt(9), -1));
                }
                int next = t + 1 + random.nextInt(count);
                if (next < count && !followUp[next] && followUps < 2 && !followUp[t] && random.nextInt(3) > 0) {
                    followUp[next] = true;
                    followUps++;
                    tasks.get(t).add(random.nextInt(ops + 1), new Op('q', 0, 0, next));
                }
            }
            boolean[] awaited = new boolean[count];
            for (int t = 0; t < count; t++) {
                awaited[t] = !followUp[t] && random.nextInt(4) == 0;
            }
            return new Program(workers, tasks, awaited);
        }

        boolean isFollowUp(int task) {
            return tasks.stream().flatMap(List::stream).anyMatch(op -> op.kind == 'q' && op.task == task);
        }

        int reads() {
            return (int) tasks.stream().flatMap(List::stream).filter(op -> op.kind == 'r').count();
        }

        @Override
        public String toString() {
            StringBuilder text = new StringBuilder(workers + " workers\n");
            for (int t = 0; t < tasks.size(); t++) {
                text.append("task ").append(t).append(isFollowUp(t) ? " (follow-up)" : "")
                        .append(awaited[t] ? " (awaited)" : "").append(": ").append(tasks.get(t)).append('\n');
            }
            return text.toString();
        }
    }

    private static volatile Program program;
    /** What the reads saw, one entry per distinct outcome, in every execution of the current exploration. */
    static final Set<String> OUTCOMES = ConcurrentHashMap.newKeySet();

    /** Explores {@code chosen} next; forgets the outcomes so far. */
    static void use(Program chosen) {
        program = chosen;
        OUTCOMES.clear();
    }

    /** The shared cells and what each read saw, in the order of the program's reads. */
    static final class Memory {
        final int[] cells = new int[2];
        final int[] seen;

        Memory(int reads) {
            seen = new int[reads];
            Arrays.fill(seen, -1);
        }

        synchronized void read(int cell, int slot) {
            seen[slot] = cells[cell];
        }

        synchronized void write(int cell, int value) {
            cells[cell] = value;
        }
    }

    @ExhaustiveConcurrency
    void runTheProgram() throws Exception {
        Program chosen = program;
        ExecutorService pool = Executors.newFixedThreadPool(chosen.workers());
        Memory memory = new Memory(chosen.reads());
        List<Future<?>> submitted = new ArrayList<>();
        int[] firstRead = new int[chosen.tasks().size()];
        for (int t = 0, slot = 0; t < chosen.tasks().size(); t++) {
            firstRead[t] = slot;
            slot += (int) chosen.tasks().get(t).stream().filter(op -> op.kind() == 'r').count();
        }
        for (int t = 0; t < chosen.tasks().size(); t++) {
            if (!chosen.isFollowUp(t)) {
                Future<?> task = pool.submit(task(chosen, t, memory, firstRead, pool));
                submitted.add(task);
                if (chosen.awaited()[t]) {
                    task.get();
                }
            }
        }
        for (Future<?> task : submitted) {
            task.get(); // every follow-up is queued by now: it was queued inside a task awaited here
        }
        pool.shutdown();
        assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        OUTCOMES.add(Arrays.toString(memory.seen));
    }

    private static Runnable task(Program chosen, int t, Memory memory, int[] firstRead, ExecutorService pool) {
        return () -> {
            int slot = firstRead[t];
            for (Op op : chosen.tasks().get(t)) {
                switch (op.kind()) {
                    case 'r' -> memory.read(op.cell(), slot++);
                    case 'w' -> memory.write(op.cell(), op.value());
                    default -> pool.execute(task(chosen, op.task(), memory, firstRead, pool));
                }
            }
        };
    }
}
