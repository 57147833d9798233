package dev.weft.scheduler.hooks;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which {@code Thread} subclasses report the start and end of their {@code run()} themselves: those whose effective
 * {@code run()} Weft bracketed when it instrumented the class (or {@code Thread}'s own, which it brackets in the
 * JDK). Such a thread binds itself to the execution wherever its {@code run()} is called, so the runtime may run it as
 * a fiber instead of on a platform thread of its own, made again in every execution. A subclass whose {@code run()}
 * Weft did not instrument (a library it excludes) keeps a platform thread.
 */
public final class ThreadRunReports {

    /** Internal names of the classes whose {@code run()} was bracketed. */
    private static final Set<String> BRACKETED = ConcurrentHashMap.newKeySet();

    /**
     * Answered once per class: a class is instrumented when it is defined (or retransformed when Weft is installed),
     * before any of its instances can start.
     */
    private static final ClassValue<Boolean> REPORTS = new ClassValue<>() {
        @Override
        protected Boolean computeValue(Class<?> type) {
            for (Class<?> c = type; c != null && c != Thread.class; c = c.getSuperclass()) {
                if (declaresRun(c)) {
                    return BRACKETED.contains(c.getName().replace('.', '/'));
                }
            }
            return true; // Thread's own run(), bracketed in the JDK
        }
    };

    private ThreadRunReports() {
    }

    /** The instrumentation bracketed the {@code run()} of this class (internal name). */
    public static void bracketed(String internalName) {
        BRACKETED.add(internalName);
    }

    /** Whether a thread of this class reports its run's start and end from the {@code run()} it executes. */
    public static boolean reportsItsRun(Class<? extends Thread> type) {
        return REPORTS.get(type);
    }

    private static boolean declaresRun(Class<?> type) {
        try {
            type.getDeclaredMethod("run");
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
