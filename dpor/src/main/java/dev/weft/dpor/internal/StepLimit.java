package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Why an execution ran past the step limit, in words that point at the loop: which thread took most of the latest
 * steps, where it went round, and whether another thread could have moved meanwhile. A correct test trips the limit
 * too when a loop changes something on every turn (a counter) while it waits for another thread: the explorer runs
 * the schedule where that thread keeps going, and that schedule has no end. "A livelock or an unbounded loop?" alone
 * left users adding a {@code volatile} that was already there (found by QA, 2026-11-27). When the latest steps are
 * spread over many threads, none of them taking half, the execution is a long one of many threads (Jetty's queue
 * test: 32 producers of 1,000 messages each and 32 consumers), and the message says that instead of blaming a loop.
 */
final class StepLimit {

    /** The latest steps looked at: a loop's turns, not the test's start. */
    static final int WINDOW = 1_000;
    /** At most this many of the looping thread's source lines are named. */
    private static final int LINES = 4;
    /** At most this many groups of threads waiting at the same operation are listed, */
    private static final int GROUPS = 12;
    /** each naming at most this many of its threads. */
    private static final int NAMED = 3;

    private StepLimit() {
    }

    static String describe(List<Event> events, List<PendingOperation> pending, int maxSteps) {
        StringBuilder text = new StringBuilder("the execution passed ").append(maxSteps).append(" visible operations");
        List<Event> latest = events.subList(Math.max(0, events.size() - WINDOW), events.size());
        ThreadId looping = busiest(latest);
        int movers = movers(latest);
        if (looping != null && 2 * turnsOf(latest, looping) < latest.size() && movers > 2) {
            text.append(": the last ").append(latest.size()).append(" steps were taken by ").append(movers)
                    .append(" threads, the busiest (").append(busiestTurns(latest, looping)).append(") not half of")
                    .append(" them: an execution in which many threads each take many steps rather than one")
                    .append(" thread's loop. If it is bounded, raise maxSteps (weft.maxSteps) or let the test run")
                    .append(" fewer threads or turns; the threads are listed below.");
        } else if (looping != null) {
            text.append(": ").append(busiestTurns(latest, looping));
            List<PendingOperation> others = new ArrayList<>();
            for (PendingOperation p : pending) {
                if (p.enabled() && !p.thread().equals(looping)) {
                    others.add(p);
                }
            }
            if (others.isEmpty()) {
                text.append(", and no other thread could move: a loop that never ends, a livelock, or an execution")
                        .append(" longer than the limit (a loop of many turns: raise maxSteps, weft.maxSteps).");
            } else {
                text.append(", while another thread could move (").append(grouped(others, "; ")).append(").")
                        .append(" Weft runs every schedule, those where ").append(looping.name())
                        .append(" keeps going too: a loop that waits for another thread without blocking, and")
                        .append(" changes something another thread could see on every turn (a counter, a")
                        .append(" ReentrantLock's lock and unlock), has no end in such a schedule (a turn that only")
                        .append(" reads, yields or takes a monitor waits for the others). Let it block (a lock, a")
                        .append(" latch, wait/notify, park) or bound it. A bounded loop whose execution is simply")
                        .append(" longer than the limit needs a higher maxSteps (weft.maxSteps).");
            }
        } else {
            text.append(": a livelock or an unbounded loop?");
        }
        return text.append(" Still running: [").append(grouped(pending, ", ")).append("]").toString();
    }

    /**
     * Why an execution ended before its step limit because the memory that keeps its record was full
     * ({@link dev.weft.scheduler.model.Run#memoryFull}): how far it got, and the looping thread as for the step limit.
     */
    static String describeMemoryFull(List<Event> events, List<PendingOperation> pending, int maxSteps, String use) {
        StringBuilder text = new StringBuilder("the execution took ").append(events.size())
                .append(" visible operations, as many as the heap holds (").append(use)
                .append(" in use after a full collection), before its step limit of ").append(maxSteps)
                .append(busiestOfLatest(events));
        return text.append(". Weft keeps a record of every step of an execution, one to three KB each. If the")
                .append(" execution is simply this long, give the test JVM a larger heap (Surefire's argLine,")
                .append(" -Xmx) or lower weft.maxSteps to fail sooner; if it is a loop that never ends, see the")
                .append(" user guide on STEP_LIMIT.")
                .append(" Still running: [").append(grouped(pending, ", ")).append("]").toString();
    }

    /**
     * Why an execution ran longer than its time limit: as for the step limit, the thread that took most of the latest
     * steps and where it went round, and what could make such a loop slow in real time.
     */
    static String describeOverTime(List<Event> events, List<PendingOperation> pending, String limit) {
        StringBuilder text = new StringBuilder("one execution ran for more than ").append(limit)
                .append(", the limit on one execution, without ending, after ").append(events.size())
                .append(" visible operations").append(busiestOfLatest(events));
        return text.append(". A loop whose turns take real time but few visible operations passes no step limit")
                .append(" soon. One that waits for a WeakReference to clear never ends if the object is still")
                .append(" reachable: from a thread the execution started (Weft keeps the threads it ran until the")
                .append(" execution ends), or if no System.gc() is called (see the user guide's Limitations). If the")
                .append(" execution is simply this long, raise the test's time budget, which sets the limit.")
                .append(" Still running: [").append(grouped(pending, ", ")).append("]").toString();
    }

    /**
     * The threads and what each waits to do, those waiting at the same operation and line named together ("main.1,
     * main.2, main.3 and 146 others blocked on: lock L (A.java:9)"), at most {@value #GROUPS} such groups. With a pool
     * of 200 threads, listing each one made a message of 30,000 characters that hid the looping thread.
     */
    static String grouped(List<PendingOperation> threads, String separator) {
        Map<String, List<String>> namesByWhat = new LinkedHashMap<>();
        for (PendingOperation p : threads) {
            namesByWhat.computeIfAbsent(p.whatNext(), what -> new ArrayList<>()).add(p.thread().name());
        }
        List<String> groups = new ArrayList<>();
        int left = threads.size();
        for (Map.Entry<String, List<String>> group : namesByWhat.entrySet()) {
            if (groups.size() == GROUPS) {
                groups.add("and " + left + " other threads");
                break;
            }
            List<String> names = group.getValue();
            String named = names.size() <= NAMED ? String.join(", ", names)
                    : String.join(", ", names.subList(0, NAMED)) + " and " + (names.size() - NAMED) + " others";
            groups.add(named + " " + group.getKey());
            left -= names.size();
        }
        return String.join(separator, groups);
    }

    /** ": main took 800 of the last 1000 steps, going round A.java:3" for the busiest thread of the latest, or "". */
    private static String busiestOfLatest(List<Event> events) {
        List<Event> latest = events.subList(Math.max(0, events.size() - WINDOW), events.size());
        ThreadId looping = busiest(latest);
        return looping == null ? "" : ": " + busiestTurns(latest, looping);
    }

    /** "main took 800 of the last 1000 steps, going round A.java:3, A.java:4". */
    private static String busiestTurns(List<Event> latest, ThreadId looping) {
        StringBuilder text = new StringBuilder(looping.name()).append(" took ").append(turnsOf(latest, looping))
                .append(" of the last ").append(latest.size()).append(" steps");
        Set<String> lines = linesOf(latest, looping);
        if (!lines.isEmpty()) {
            text.append(", going round ").append(String.join(", ", lines));
        }
        return text.toString();
    }

    private static long turnsOf(List<Event> latest, ThreadId thread) {
        return latest.stream().filter(e -> e.thread().equals(thread)).count();
    }

    /** How many threads took the latest steps. */
    private static int movers(List<Event> latest) {
        return (int) latest.stream().map(Event::thread).distinct().count();
    }

    private static ThreadId busiest(List<Event> latest) {
        Map<ThreadId, Integer> counts = new HashMap<>();
        ThreadId busiest = null;
        for (Event e : latest) {
            int count = counts.merge(e.thread(), 1, Integer::sum);
            if (busiest == null || count > counts.get(busiest)) {
                busiest = e.thread();
            }
        }
        return busiest;
    }

    /** The thread's source lines among the latest steps, the most frequent first, at most {@link #LINES}. */
    private static Set<String> linesOf(List<Event> latest, ThreadId thread) {
        Map<String, Integer> counts = new HashMap<>();
        for (Event e : latest) {
            SourcePosition source = e.source();
            if (e.thread().equals(thread) && source.isKnown()) {
                counts.merge(source.toString(), 1, Integer::sum);
            }
        }
        Set<String> lines = new LinkedHashSet<>();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()
                        .thenComparing(Map.Entry.comparingByKey()))
                .limit(LINES)
                .forEach(entry -> lines.add(entry.getKey()));
        return lines;
    }
}
