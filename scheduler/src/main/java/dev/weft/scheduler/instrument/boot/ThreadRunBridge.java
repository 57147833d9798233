package dev.weft.scheduler.instrument.boot;

import java.util.function.BiConsumer;
import java.util.function.Consumer;

/**
 * Where instrumented {@code run()} methods report, {@code java.lang.Thread}'s among them. This class is loaded by the
 * bootstrap class loader (Weft appends a jar holding only it to the bootstrap class path), because classes of the
 * bootstrap loader can call only classes of that loader. It knows no Weft type: Weft connects it to
 * {@code Hooks.threadRunBegins/threadRunEnds} with JDK functional interfaces.
 *
 * <p>Only the outermost {@code run()} on the thread's own stack is reported: a subclass's {@code run()} may call
 * {@code super.run()}, and any code may call {@code run()} as a plain method.
 */
public final class ThreadRunBridge {

    private static final ThreadLocal<int[]> DEPTH = new ThreadLocal<>();

    private static volatile Consumer<Thread> begins;
    private static volatile BiConsumer<Thread, Throwable> ends;

    private ThreadRunBridge() {
    }

    /** Where the reports go from now on. */
    public static void connect(Consumer<Thread> runBegins, BiConsumer<Thread, Throwable> runEnds) {
        begins = runBegins;
        ends = runEnds;
    }

    public static void runBegins(Thread thread) {
        if (Thread.currentThread() != thread) {
            return;
        }
        int[] depth = DEPTH.get();
        if (depth == null) {
            depth = new int[1];
            DEPTH.set(depth);
        }
        if (depth[0]++ == 0) {
            Consumer<Thread> listener = begins;
            if (listener != null) {
                listener.accept(thread);
            }
        }
    }

    public static void runEnds(Thread thread, Throwable thrown) {
        if (Thread.currentThread() != thread) {
            return;
        }
        int[] depth = DEPTH.get();
        if (depth != null && --depth[0] == 0) {
            DEPTH.remove();
            BiConsumer<Thread, Throwable> listener = ends;
            if (listener != null) {
                listener.accept(thread, thrown);
            }
        }
    }
}
