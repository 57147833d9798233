package dev.weft.dpor;

import dev.weft.dpor.model.ModelProgram;
import dev.weft.dpor.model.ModelRun;
import dev.weft.dpor.model.ModelSubject;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Preemption counts computed without any explorer: by running a model program along a schedule, and by trying every
 * interleaving. It shares nothing with the code under test but the model, so the two can disagree.
 */
final class PreemptionOracle {

    private PreemptionOracle() {
    }

    /** The preemptions of the schedule: switches away from the thread that moved last while it was still enabled. */
    static int count(ModelProgram program, Schedule schedule) {
        int preemptions = 0;
        try (ModelRun run = new ModelSubject(program).start()) {
            ThreadId previous = null;
            for (String name : schedule.threadNames()) {
                ThreadId next = thread(run.pending(), name);
                if (previous != null && !previous.equals(next) && enabled(run.pending(), previous)) {
                    preemptions++;
                }
                run.step(next);
                previous = next;
            }
        }
        return preemptions;
    }

    /** The fewest preemptions of any interleaving that fails with the kind, over every interleaving of the program. */
    static int minimum(ModelProgram program, FailureKind kind) {
        int found = minimum(program, kind, new ArrayList<>(), 0);
        if (found == Integer.MAX_VALUE) {
            throw new IllegalArgumentException(program.name() + " never fails with " + kind);
        }
        return found;
    }

    private static int minimum(ModelProgram program, FailureKind kind, List<String> prefix, int spent) {
        List<PendingOperation> pending;
        Optional<FailureKind> failed;
        try (ModelRun run = new ModelSubject(program).start()) {
            for (String name : prefix) {
                run.step(thread(run.pending(), name));
            }
            pending = run.pending();
            failed = run.failure().map(f -> f.kind());
        }
        boolean deadlocked = !pending.isEmpty() && pending.stream().noneMatch(PendingOperation::enabled);
        if (failed.isPresent() || deadlocked) {
            return failed.orElse(FailureKind.DEADLOCK) == kind ? spent : Integer.MAX_VALUE;
        }
        String previous = prefix.isEmpty() ? null : prefix.get(prefix.size() - 1);
        boolean previousCanGoOn = pending.stream().anyMatch(p -> p.enabled() && p.thread().name().equals(previous));
        int best = Integer.MAX_VALUE;
        for (PendingOperation p : pending) {
            if (p.enabled()) {
                int cost = previousCanGoOn && !p.thread().name().equals(previous) ? 1 : 0;
                prefix.add(p.thread().name());
                best = Math.min(best, minimum(program, kind, prefix, spent + cost));
                prefix.remove(prefix.size() - 1);
            }
        }
        return best;
    }

    private static ThreadId thread(List<PendingOperation> pending, String name) {
        return pending.stream().filter(p -> p.thread().name().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no live thread " + name + " in " + pending)).thread();
    }

    private static boolean enabled(List<PendingOperation> pending, ThreadId thread) {
        return pending.stream().anyMatch(p -> p.thread().equals(thread) && p.enabled());
    }
}
