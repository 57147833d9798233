package dev.weft.dpor.model;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What one execution of a model program produced: the final value of every shared cell, every value each thread's
 * reads returned (plain reads, and the old values seen by CAS and getAndIncrement), and how it ended. Two
 * executions of one Mazurkiewicz trace always have the same outcome, so the set of outcomes an explorer produces
 * must not depend on which representative of each trace it ran.
 *
 * @param ending  how the execution ended
 * @param memory  cell name to final value, in cell order
 * @param reads   thread name to the values its reads returned, in program order, for every thread that started
 * @param failure for an assertion or exception, the failing thread and message; else {@code null}
 * @param daemons the names of the daemon threads among those that started
 */
public record Outcome(Ending ending, Map<String, Integer> memory, Map<String, List<Integer>> reads, String failure,
                      java.util.Set<String> daemons) {

    /** How an execution ended, as the model program sees it. */
    public enum Ending {
        /** every thread ended */
        COMPLETE,
        /** an assertion of the program failed */
        ASSERTION,
        /** the program did something illegal (index out of bounds, unlocking a lock it does not hold) */
        EXCEPTION,
        /** some thread is alive and none can move */
        DEADLOCK,
        /** closed while some thread could still move (sleep-set blocked, step limit) */
        UNFINISHED
    }

    public Outcome {
        memory = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(memory));
        reads = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(reads));
        daemons = java.util.Set.copyOf(daemons);
    }

    /**
     * What the test can observe of an execution that ran until its end: what the threads that are not daemon threads
     * read. Not the final memory, nor what daemon threads read: nothing looks at them once the test has ended, and
     * how far a daemon got before is seen only through what the others read.
     */
    public Outcome observable() {
        Map<String, List<Integer>> seen = new java.util.TreeMap<>(reads);
        seen.keySet().removeAll(daemons);
        return new Outcome(ending, Map.of(), seen, failure, daemons);
    }

    @Override
    public String toString() {
        String cells = memory.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(" "));
        String seen = reads.entrySet().stream().filter(e -> !e.getValue().isEmpty())
                .map(e -> e.getKey() + " read " + e.getValue()).collect(Collectors.joining(", "));
        return ending + (failure == null ? "" : " (" + failure + ")") + " | " + cells + " | " + seen;
    }
}
