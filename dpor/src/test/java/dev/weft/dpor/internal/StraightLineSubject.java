package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.model.Subject;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.model.ThreadId;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The simplest subject: worker threads that each perform a fixed list of operations, started in order by the main
 * thread and joined at the end. No values, no branches: enough for programs whose trace count does not depend on
 * what is read, and for the explorer's own unit tests. Locks are modelled (an acquisition waits while another thread
 * holds the lock).
 */
final class StraightLineSubject implements Subject {

    private final List<List<Operation>> workers;

    StraightLineSubject(List<List<Operation>> workers) {
        this.workers = workers;
    }

    @Override
    public Run start() {
        return new StraightLineRun();
    }

    private final class StraightLineRun implements Run {
        private final List<ThreadId> threads = new ArrayList<>();
        private final List<List<Operation>> programs = new ArrayList<>();
        private final List<Integer> positions = new ArrayList<>();
        private final Set<LockId> held = new HashSet<>();
        /** shared holds (read locks) not released yet, per lock */
        private final Map<LockId, Integer> sharedHolds = new HashMap<>();
        private final Set<ThreadId> ended = new HashSet<>();
        private int events;

        StraightLineRun() {
            ThreadId main = new ThreadId(0, "main");
            List<Operation> mainProgram = new ArrayList<>();
            for (int i = 0; i < workers.size(); i++) {
                mainProgram.add(Operation.start(new ThreadId(i + 1, "main." + (i + 1))));
            }
            for (int i = 0; i < workers.size(); i++) {
                mainProgram.add(Operation.join(new ThreadId(i + 1, "main." + (i + 1))));
            }
            add(main, mainProgram);
        }

        private void add(ThreadId thread, List<Operation> program) {
            List<Operation> withEnd = new ArrayList<>(program);
            withEnd.add(Operation.end(thread));
            threads.add(thread);
            programs.add(withEnd);
            positions.add(0);
        }

        @Override
        public List<PendingOperation> pending() {
            List<PendingOperation> result = new ArrayList<>();
            for (ThreadId t : threads) {
                if (!ended.contains(t)) {
                    Operation op = programs.get(t.index()).get(positions.get(t.index()));
                    result.add(new PendingOperation(t, op, enabled(op), SourcePosition.UNKNOWN));
                }
            }
            return result;
        }

        private boolean enabled(Operation op) {
            if (op.kind() == OpKind.LOCK) {
                return !held.contains(op.lockId()) && (op.shared() || sharedHolds.getOrDefault(op.lockId(), 0) == 0);
            }
            if (op.kind() == OpKind.JOIN) {
                return ended.stream().anyMatch(t -> t.name().equals(op.location().owner()));
            }
            return true;
        }

        @Override
        public Event step(ThreadId thread) {
            int position = positions.get(thread.index());
            Operation op = programs.get(thread.index()).get(position);
            positions.set(thread.index(), position + 1);
            switch (op.kind()) {
                case LOCK -> {
                    if (op.shared()) {
                        sharedHolds.merge(op.lockId(), 1, Integer::sum);
                    } else {
                        held.add(op.lockId());
                    }
                }
                case UNLOCK -> {
                    if (op.shared()) {
                        sharedHolds.merge(op.lockId(), -1, Integer::sum);
                    } else {
                        held.remove(op.lockId());
                    }
                }
                case START -> add(op.startedThread(), workers.get(op.startedThread().index() - 1));
                case END -> ended.add(thread);
                default -> { }
            }
            return new Event(events++, thread, position, op, SourcePosition.UNKNOWN, null);
        }

        @Override
        public Optional<SubjectFailure> failure() {
            return Optional.empty();
        }

        @Override
        public void close() {
        }
    }
}
