package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.SubjectFailure;
import dev.weft.scheduler.runtime.Execution;

/**
 * {@code System.exit}, {@code Runtime.exit} or {@code Runtime.halt} called on a managed thread. Ending the JVM would
 * end every test in it, with no report of what led there; so the execution fails with {@code SYSTEM_EXIT} (its
 * interleaving, replay token and report like any failure), the JVM's shutdown hooks are not run, and the calling
 * thread unwinds with this error, as if the call had ended it: the code after the call does not run.
 */
public final class SystemExit extends Error {

    private SystemExit(String message) {
        super(message, null, false, false);
    }

    /** Fails the execution of {@code self}, which called {@code call} at {@code site}; returns the error to throw. */
    public static SystemExit failExecution(ManagedThread self, String call, int site) {
        String message = call + " called in thread " + self.id.name() + " at " + Execution.source(site)
                + ": the JVM was not ended and its shutdown hooks were not run";
        self.execution.fail(new SubjectFailure(FailureKind.SYSTEM_EXIT, self.id, message, null));
        return new SystemExit(message);
    }
}
