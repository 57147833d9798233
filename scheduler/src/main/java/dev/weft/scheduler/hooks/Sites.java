package dev.weft.scheduler.hooks;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The instrumented instructions, numbered. Instrumentation registers each instruction once, when it transforms the
 * class, and passes the number to {@link Hooks}; the runtime looks the number up to say where an operation happened
 * and what it touched.
 */
public final class Sites {

    /** Access codes for {@link MemoryHookHandler#atomicAccess}. */
    public static final int READ = 0;
    public static final int WRITE = 1;
    public static final int READ_WRITE = 2;
    public static final int CAS = 3;
    /**
     * An update of an adder ({@code LongAdder.add}, {@code LongAccumulator.accumulate}): it commutes with the other
     * threads' updates, since the adder's result does not depend on their order, and conflicts with its queries.
     */
    public static final int ADD = 4;

    /**
     * One instrumented instruction.
     *
     * @param className  the class that contains it (dotted name)
     * @param methodName the method that contains it
     * @param fileName   the source file, or {@code null}
     * @param line       the source line, or {@code -1}
     * @param member     what it touches in user terms: {@code "balance"} for a field of {@code Account},
     *                   {@code "Config.flag"} for a static field, the called method for a call, or empty
     * @param declaringClass for field accesses, the class that declares the field (dotted); else empty
     */
    public record Site(String className, String methodName, String fileName, int line, String member,
                       String declaringClass) {
    }

    private static final List<Site> SITES = new ArrayList<>();
    /** Accesses of static fields that an execution may keep a copy of its own of ({@link StaticFieldHookHandler}). */
    private static final Set<Integer> STATIC_COPY_SITES = ConcurrentHashMap.newKeySet();
    /** The classes whose static fields every instrumented access reaches through those hooks (binary names). */
    private static final Set<String> STATIC_COPY_CLASSES = ConcurrentHashMap.newKeySet();

    private Sites() {
    }

    /** Registers an instruction and returns its number. */
    public static synchronized int register(Site site) {
        SITES.add(site);
        return SITES.size() - 1;
    }

    /** The access with this number goes through the {@link StaticFieldHookHandler} hooks. */
    public static void staticCopyable(int number) {
        STATIC_COPY_SITES.add(number);
    }

    /** Whether the access with this number goes through the {@link StaticFieldHookHandler} hooks. */
    public static boolean isStaticCopyable(int number) {
        return STATIC_COPY_SITES.contains(number);
    }

    /**
     * Every access of a (not final) static field of this class goes through the {@link StaticFieldHookHandler} hooks:
     * Weft instruments the class. Told when the class is transformed, before the JVM defines it.
     */
    public static void staticFieldsCopyable(String className) {
        STATIC_COPY_CLASSES.add(className);
    }

    /** Whether the class's static fields are reached through the {@link StaticFieldHookHandler} hooks. */
    public static boolean areStaticFieldsCopyable(String className) {
        return STATIC_COPY_CLASSES.contains(className);
    }

    /** The instruction with this number. */
    public static synchronized Site get(int number) {
        if (number < 0 || number >= SITES.size()) {
            throw new IllegalArgumentException("no instrumented site numbered " + number);
        }
        return SITES.get(number);
    }
}
