package dev.weft.scheduler.runtime.pools;

import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * One execution's fork/join tasks ({@link ForkJoinTasks}): which managed thread runs a task of which pool, which
 * threads each thread forked, in order, and how many of a pool's tasks have not finished. Made at the first fork.
 */
public final class ForkJoinWork {

    /**
     * A thread that runs one task: its pool, the thread that forked it, and how many it forked before. Threads are
     * known by their Java thread, since a task thread may run (up to its first step) before its start returns.
     */
    record TaskThread(Object pool, Thread forker, int index) {
    }

    private final Map<Thread, TaskThread> taskThreads = new IdentityHashMap<>();
    private final Map<Thread, List<Thread>> forked = new IdentityHashMap<>();
    /** The threads each thread has already waited for before a completer's report: their ends are in its past. */
    private final Map<Thread, List<Thread>> awaited = new IdentityHashMap<>();
    private final Map<Object, int[]> unfinished = new IdentityHashMap<>();
    private final Map<Object, List<Thread>> byPool = new IdentityHashMap<>();

    /** The task thread {@code thread}, or {@code null} for a thread that is not one (the test's own). */
    TaskThread taskThread(ManagedThread thread) {
        return taskThreads.get(thread.thread);
    }

    /** The name the JDK would give the pool's next worker: its prefix and a number counted per execution. */
    int nextWorkerNumber(Object pool) {
        return threadsOf(pool).size() + 1;
    }

    /** How many task threads the execution has started. */
    int started() {
        return taskThreads.size();
    }

    /** Before {@code child} is started by {@code forker} for a task of {@code pool}. */
    void starting(ManagedThread forker, Thread child, Object pool) {
        List<Thread> siblings = forked.computeIfAbsent(forker.thread, f -> new ArrayList<>(4));
        taskThreads.put(child, new TaskThread(pool, forker.thread, siblings.size()));
        siblings.add(child);
        unfinished.computeIfAbsent(pool, p -> new int[1])[0]++;
        byPool.computeIfAbsent(pool, p -> new ArrayList<>()).add(child);
    }

    /** Every thread started for a task of the pool, in the order they were started. */
    List<Thread> threadsOf(Object pool) {
        return byPool.getOrDefault(pool, List.of());
    }

    void finished(ManagedThread thread) {
        unfinished.get(taskThreads.get(thread.thread).pool())[0]--;
    }

    /** How many of the pool's tasks have been handed to threads and not finished. */
    int unfinished(Object pool) {
        int[] count = unfinished.get(pool);
        return count == null ? 0 : count[0];
    }

    /**
     * The threads that must have ended before {@code thread} reports to a completer: those it forked, and, for a task
     * thread, those its forker forked before it; less those it already waited for.
     */
    List<Thread> toAwaitBeforeReport(ManagedThread thread) {
        List<Thread> due = new ArrayList<>(forked.getOrDefault(thread.thread, List.of()));
        TaskThread task = taskThreads.get(thread.thread);
        if (task != null) {
            due.addAll(forked.get(task.forker()).subList(0, task.index()));
        }
        due.removeAll(awaited.getOrDefault(thread.thread, List.of()));
        return due;
    }

    void awaited(ManagedThread thread, List<Thread> ended) {
        awaited.computeIfAbsent(thread.thread, t -> new ArrayList<>(ended.size())).addAll(ended);
    }
}
