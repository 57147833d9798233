package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.runtime.ExecutionAbandoned;

/**
 * What happens to an exception that escapes a managed thread's {@code run()}, as the JVM's
 * {@code Thread.dispatchUncaughtException} does it: the thread's own handler, else its {@code ThreadGroup}, whose
 * {@code uncaughtException} goes up to the parent groups and then to the default handler. When that chain reaches a
 * handler of the user's (a handler set on the thread, a {@code ThreadGroup} subclass, a default handler), the handler
 * runs as the thread's last steps, its actions visible and racing like any others, and the exception fails nothing:
 * on a JVM the handler takes it. When it reaches none (the JVM would print it and go on), or the handler throws, the
 * execution fails with what was thrown. The main thread's exception is the test's own, and never dispatched.
 */
final class UncaughtExceptions {

    private UncaughtExceptions() {
    }

    /** The handler a started thread gets in place of its own ({@link Filter}), keeping the one it had. */
    static Thread.UncaughtExceptionHandler filterFor(ManagedThread child, Thread thread) {
        return new Filter(child, thread.getUncaughtExceptionHandler());
    }

    /**
     * Hands {@code thrown}, escaped from {@code self}'s {@code run()}, to the user's handler if the thread has one,
     * while the thread still runs.
     *
     * @return what fails the execution: {@code thrown} when no handler of the user's took it, what the handler threw,
     *         or {@code null}
     */
    static Throwable dispatch(ManagedThread self, Throwable thrown) {
        if (self.id.index() == 0 || thrown instanceof ExecutionAbandoned || thrown instanceof SystemExit) {
            return thrown;
        }
        Thread thread = self.thread;
        Thread.UncaughtExceptionHandler handler = usersHandler(thread);
        if (handler == null) {
            return thrown;
        }
        if (!(thread.getUncaughtExceptionHandler() instanceof Filter)) {
            // set while the thread ran: the JVM's own call after the run bracket must not call it a second time
            thread.setUncaughtExceptionHandler(new Filter(self, handler));
        }
        self.uncaughtHandled = true;
        try {
            handler.uncaughtException(thread, thrown);
            return null;
        } catch (ExecutionAbandoned abandoned) {
            throw abandoned;
        } catch (Throwable handlerThrew) {
            return handlerThrew;
        }
    }

    /**
     * The handler of the user's that the JVM would end up calling for {@code thread}, or {@code null}: the thread's
     * own, or its group if a group on the way up is a user's subclass or a default handler is set (a
     * {@code ThreadGroup} of the JDK's own calls the default handler, or prints the exception when there is none).
     */
    private static Thread.UncaughtExceptionHandler usersHandler(Thread thread) {
        Thread.UncaughtExceptionHandler handler = thread.getUncaughtExceptionHandler();
        if (handler instanceof Filter filter) {
            handler = filter.delegate;
        }
        if (!(handler instanceof ThreadGroup group)) {
            return handler;
        }
        for (ThreadGroup up = group; up != null; up = up.getParent()) {
            if (up.getClass() != ThreadGroup.class) {
                return group;
            }
        }
        return Thread.getDefaultUncaughtExceptionHandler() != null ? group : null;
    }

    /**
     * The handler of a started thread while Weft manages it. The JVM calls it when the exception has left the run
     * bracket (a platform thread, or a stand-in {@link Carrier}): by then {@link ThreadLifecycle#runEnds} has dispatched
     * it, so it only passes on what no handler of the user's took (the JDK's group prints it) and drops
     * {@link ExecutionAbandoned} and {@link SystemExit} (not the user's exceptions, and never handed to a handler). A virtual thread's task runs inside {@code VirtualThread.run(Runnable)}, which calls
     * this <em>before</em> the bracket ends: then it dispatches, and keeps what fails for {@code runEnds}. Once the
     * execution is closed, it drops everything.
     */
    private record Filter(ManagedThread child, Thread.UncaughtExceptionHandler delegate)
            implements Thread.UncaughtExceptionHandler {
        @Override
        public void uncaughtException(Thread thread, Throwable thrown) {
            if (thrown instanceof ExecutionAbandoned || thrown instanceof SystemExit) {
                return;
            }
            if (child.execution.abandoned()) {
                // Closed: what escapes now is the thread's answer to the close's interrupt (stuck in uncontrolled
                // code, it turned the interrupt into an exception of its own), no part of the test's verdict; the
                // JDK's group printed it below the verdict as if the test had thrown it (QA, JDK 17).
                return;
            }
            if (Thread.currentThread() == thread && !child.ended && child.state() == ManagedThread.State.RUNNING) {
                child.uncaught = dispatch(child, thrown);
                return;
            }
            if (!child.uncaughtHandled && delegate != null) {
                delegate.uncaughtException(thread, thrown);
            }
        }
    }
}
