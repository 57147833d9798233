package dev.weft.scheduler.runtime.fibers;

import dev.weft.scheduler.runtime.threads.HandOff;

/**
 * Lets a driving thread carry its executions' fibers itself ({@link HandOff}): it runs the continuations in its own
 * loop instead of waking its {@link FiberCarrier} and parking, so that an execution wakes no OS thread at all.
 *
 * <p>A driving thread that carries a fiber runs the test's code, and can get stuck in it for good (a loop without
 * visible operations, a blocking call that no interrupt ends). So only a thread that may be abandoned carries inline:
 * one that a supervisor waits for and gives up on when {@link #lostBecause()} says so (the extension's exploration
 * thread, a parallel worker). Meanwhile the {@link InlineWatcher} runs the watchdog of the executions it carries, as a
 * parked driver does for its own; when it fires, the other threads of the execution are unwound on a helper carrier
 * and the stuck one is interrupted, as closing the execution would: a driving thread that gets back from the fiber
 * goes on as usual. One that does not is given up within the watchdog timeout.
 *
 * <p>Installed by the thread itself ({@link #install}), taken out by it ({@link #uninstall}); the other methods are for
 * its supervisor. Without continuations (before JDK 24) it changes nothing.
 */
public final class InlineCarrying {

    private static final ThreadLocal<InlineCarrying> OF_THREAD = new ThreadLocal<>();

    private volatile Thread thread;
    /** The execution its thread drives now, or {@code null}; for the watcher. */
    public volatile HandOff current;
    /** Incremented when its thread mounts a fiber and again when it unmounts it: odd while it runs one. */
    public volatile long mounts;
    private volatile String lostBecause;

    /**
     * Whether driving threads can carry fibers at all on this JVM (JDK 24 on, with the instrumentation installed):
     * without that, a supervisor need not run the exploration on a thread of its own.
     */
    public static boolean possible() {
        // weft.inlineCarrying=false: for measuring against the drivers that only wait (a prototype's switch)
        return Continuations.available() && Boolean.parseBoolean(System.getProperty("weft.inlineCarrying", "true"));
    }

    /**
     * The calling thread may carry its executions' fibers from now on; it may be abandoned. Nothing changes where
     * fibers are not {@linkplain #possible() possible}.
     */
    public void install() {
        if (!possible()) {
            return;
        }
        thread = Thread.currentThread();
        OF_THREAD.set(this);
        InlineWatcher.watch(this);
    }

    /** The calling thread carries no fibers any more (it is done with its explorations). */
    public void uninstall() {
        OF_THREAD.remove();
        InlineWatcher.forget(this);
    }

    /**
     * Why the thread was given up (it is stuck in the test's code, inside a fiber, and will not come back), or
     * {@code null} while it is not.
     */
    public String lostBecause() {
        return lostBecause;
    }

    /** The calling thread's, or {@code null} if it must not carry inline. */
    public static InlineCarrying ofCurrentThread() {
        return OF_THREAD.get();
    }

    Thread thread() {
        return thread;
    }

    void lose(String because) {
        lostBecause = because;
    }

    /** Driver side: it mounts a fiber, or has unmounted it. */
    void mounted() {
        mounts++; // written by its thread only
    }
}
