package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.Run;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.model.ThreadId;

import java.util.List;
import java.util.Optional;

/** A run that hands every call to another: tests override what they watch or change. */
abstract class ForwardingRun implements Run {

    final Run run;

    ForwardingRun(Run run) {
        this.run = run;
    }

    @Override
    public List<PendingOperation> pending() {
        return run.pending();
    }

    @Override
    public PendingOperation pendingOf(ThreadId thread) {
        return run.pendingOf(thread);
    }

    @Override
    public Event step(ThreadId thread) {
        return run.step(thread);
    }

    @Override
    public Optional<SubjectFailure> failure() {
        return run.failure();
    }

    @Override
    public void close() {
        run.close();
    }
}
