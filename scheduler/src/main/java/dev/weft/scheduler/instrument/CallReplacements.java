package dev.weft.scheduler.instrument;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The JDK calls that instrumented code makes through {@code Hooks} instead: each entry turns the call's operands into
 * the hook's (the receiver first, {@code site} last) and calls it. Keyed by method name and descriptor; an entry
 * applies when the call's owner is the JDK class or a subtype of it ({@code myThread.start()}, {@code this.wait()}),
 * and, on an interface or an abstract class, only to receivers that reach the JDK's implementation
 * ({@link CallReplacementVisitor}). Several JDK classes may share a signature ({@code Condition.await()} and
 * {@code CountDownLatch.await()}); the owner decides which entry applies.
 */
final class CallReplacements {

    /** Emits the hook call in place of the original call; the stack holds the original call's operands. */
    interface Adapter {
        void emit(MethodVisitor mv, int site);
    }

    /** One replaced method of {@code jdkClass} (internal name). */
    record Replacement(String jdkClass, String method, boolean isStatic, Adapter adapter, boolean superCalls) {

        Replacement(String jdkClass, String method, boolean isStatic, Adapter adapter) {
            this(jdkClass, method, isStatic, adapter, false);
        }

        /** How sites name the call: {@code "Thread.start"}. */
        String member() {
            return Emit.simpleName(jdkClass) + "." + method;
        }
    }

    static final String OBJECT = "java/lang/Object";
    static final String THREAD = "java/lang/Thread";
    static final String THREAD_BUILDER = "java/lang/Thread$Builder";
    static final String LOCK_SUPPORT = "java/util/concurrent/locks/LockSupport";
    static final String LOCK = "java/util/concurrent/locks/Lock";
    static final String CONDITION = "java/util/concurrent/locks/Condition";
    static final String QUEUE = "java/util/Queue";
    static final String BLOCKING_QUEUE = "java/util/concurrent/BlockingQueue";
    static final String THREAD_LOCAL = "java/lang/ThreadLocal";
    static final String CLOCK = "java/time/Clock";
    /** The {@code java.time} types whose {@code now()} and {@code now(ZoneId)} read the system clock. */
    private static final List<String> NOW_TYPES = List.of("Instant", "LocalDate", "LocalTime", "LocalDateTime",
            "ZonedDateTime", "OffsetDateTime", "OffsetTime", "Year", "YearMonth", "MonthDay");

    private static final String WAIT = "(Ljava/lang/Object;JII)V";
    private static final String ON_OBJECT = "(Ljava/lang/Object;I)V";
    private static final String ON_THREAD = "(Ljava/lang/Thread;I)V";
    private static final String ASK_THREAD = "(Ljava/lang/Thread;I)Z";
    private static final String THREAD_ID = "(Ljava/lang/Thread;I)J";
    private static final String JOIN = "(Ljava/lang/Thread;JI)V";
    private static final String PARK = "(Ljava/lang/Object;JI)V";
    private static final String ON_LOCK = "(Ljava/util/concurrent/locks/Lock;I)V";
    private static final String ON_CONDITION = "(Ljava/util/concurrent/locks/Condition;I)V";
    private static final String AWAIT = "(Ljava/util/concurrent/locks/Condition;JI)Z";
    private static final String ON_QUEUE = "(Ljava/util/Queue;I)Ljava/lang/Object;";
    private static final String ON_QUEUE_WITH = "(Ljava/util/Queue;Ljava/lang/Object;I)Z";
    private static final String BQ = "Ljava/util/concurrent/BlockingQueue;";

    private static final Map<String, List<Replacement>> BY_SIGNATURE = new HashMap<>();

    static {
        // Object's monitor methods are final: whatever the owner, the call is Object's.
        instance(OBJECT, "wait", "()V", (mv, site) -> {
            mv.visitInsn(Opcodes.LCONST_0);
            mv.visitInsn(Opcodes.ICONST_0);
            Emit.callHook(mv, site, "objectWait", WAIT);
        });
        instance(OBJECT, "wait", "(J)V", (mv, site) -> {
            mv.visitInsn(Opcodes.ICONST_0);
            Emit.callHook(mv, site, "objectWait", WAIT);
        });
        instance(OBJECT, "wait", "(JI)V", (mv, site) -> Emit.callHook(mv, site, "objectWait", WAIT));
        instance(OBJECT, "notify", "()V", (mv, site) -> Emit.callHook(mv, site, "objectNotify", ON_OBJECT));
        instance(OBJECT, "notifyAll", "()V", (mv, site) -> Emit.callHook(mv, site, "objectNotifyAll", ON_OBJECT));

        instance(THREAD, "start", "()V", (mv, site) -> Emit.callHook(mv, site, "threadStart", ON_THREAD));
        instance(THREAD, "join", "()V", (mv, site) -> {
            mv.visitInsn(Opcodes.LCONST_0);
            Emit.callHook(mv, site, "threadJoin", JOIN);
        });
        instance(THREAD, "join", "(J)V", (mv, site) -> Emit.callHook(mv, site, "threadJoin", JOIN));
        instance(THREAD, "join", "(JI)V", (mv, site) -> {
            roundNanosUpToMillis(mv);
            Emit.callHook(mv, site, "threadJoin", JOIN);
        });
        instance(THREAD, "isAlive", "()Z", (mv, site) -> Emit.callHook(mv, site, "threadIsAlive", ASK_THREAD));
        // What a thread that stands in for the test's new Thread(...) answers as an unstarted or ended one would.
        instance(THREAD, "getState", "()Ljava/lang/Thread$State;", (mv, site) -> Emit.callHook(mv, site,
                "threadGetState", "(Ljava/lang/Thread;I)Ljava/lang/Thread$State;"));
        instance(THREAD, "isDaemon", "()Z", (mv, site) -> Emit.callHook(mv, site, "threadIsDaemon", ASK_THREAD));
        // A thread's id the same in every execution: the JVM numbers every thread it makes, Weft's reused ones too.
        instance(THREAD, "getId", "()J", (mv, site) -> Emit.callHook(mv, site, "threadId", THREAD_ID));
        instance(THREAD, "threadId", "()J", (mv, site) -> Emit.callHook(mv, site, "threadId", THREAD_ID));
        instance(THREAD, "setDaemon", "(Z)V",
                (mv, site) -> Emit.callHook(mv, site, "threadSetDaemon", "(Ljava/lang/Thread;ZI)V"));
        instance(THREAD, "interrupt", "()V", (mv, site) -> Emit.callHook(mv, site, "threadInterrupt", ON_THREAD));
        instance(THREAD, "isInterrupted", "()Z",
                (mv, site) -> Emit.callHook(mv, site, "threadIsInterrupted", ASK_THREAD));
        statik(THREAD, "sleep", "(J)V", (mv, site) -> Emit.callHook(mv, site, "threadSleep", "(JI)V"));
        statik(THREAD, "sleep", "(JI)V", (mv, site) -> {
            roundNanosUpToMillis(mv);
            Emit.callHook(mv, site, "threadSleep", "(JI)V");
        });
        // TimeUnit.sleep calls Thread.sleep inside the JDK, which is not instrumented: [unit, time] -> [millis].
        instance("java/util/concurrent/TimeUnit", "sleep", "(J)V", (mv, site) -> {
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/concurrent/TimeUnit", "toMillis", "(J)J", false);
            Emit.callHook(mv, site, "threadSleep", "(JI)V");
        });
        // TimeUnit.timedJoin/timedWait call join/wait inside the JDK: the hooks convert the timeout and make them.
        instance("java/util/concurrent/TimeUnit", "timedJoin", "(Ljava/lang/Thread;J)V", (mv, site) -> Emit.callHook(mv,
                site, "timeUnitTimedJoin", "(Ljava/util/concurrent/TimeUnit;Ljava/lang/Thread;JI)V"));
        instance("java/util/concurrent/TimeUnit", "timedWait", "(Ljava/lang/Object;J)V", (mv, site) -> Emit.callHook(mv,
                site, "timeUnitTimedWait", "(Ljava/util/concurrent/TimeUnit;Ljava/lang/Object;JI)V"));
        // JDK 19+/21+ thread API, for code compiled for a newer release; the hooks take builders as Object.
        statik(THREAD, "sleep", "(Ljava/time/Duration;)V",
                (mv, site) -> Emit.callHook(mv, site, "threadSleepFor", "(Ljava/time/Duration;I)V"));
        instance(THREAD, "join", "(Ljava/time/Duration;)Z",
                (mv, site) -> Emit.callHook(mv, site, "threadJoinFor", "(Ljava/lang/Thread;Ljava/time/Duration;I)Z"));
        statik(THREAD, "startVirtualThread", "(Ljava/lang/Runnable;)Ljava/lang/Thread;",
                (mv, site) -> Emit.callHook(mv, site, "startVirtualThread", "(Ljava/lang/Runnable;I)Ljava/lang/Thread;"));
        instance(THREAD_BUILDER, "start", "(Ljava/lang/Runnable;)Ljava/lang/Thread;",
                (mv, site) -> Emit.callHook(mv, site, "threadBuilderStart",
                        "(Ljava/lang/Object;Ljava/lang/Runnable;I)Ljava/lang/Thread;"));
        statik(THREAD, "yield", "()V", (mv, site) -> Emit.callHook(mv, site, "threadYield", "(I)V"));
        statik(THREAD, "onSpinWait", "()V", (mv, site) -> Emit.callHook(mv, site, "onSpinWait", "(I)V"));
        statik(THREAD, "interrupted", "()Z", (mv, site) -> Emit.callHook(mv, site, "threadInterrupted", "(I)Z"));
        // The live threads: on a thread of an execution, the execution's own (runtime ThreadLooks.liveInGroup).
        statik(THREAD, "enumerate", "([Ljava/lang/Thread;)I",
                (mv, site) -> Emit.callHook(mv, site, "threadEnumerate", "([Ljava/lang/Thread;I)I"));
        statik(THREAD, "activeCount", "()I", (mv, site) -> Emit.callHook(mv, site, "threadActiveCount", "(I)I"));
        statik(THREAD, "getAllStackTraces", "()Ljava/util/Map;",
                (mv, site) -> Emit.callHook(mv, site, "allStackTraces", "(I)Ljava/util/Map;"));
        // A registration with the JDK's MBean server: undone at the execution's end (runtime StateJournal).
        instance("javax/management/MBeanServer", "registerMBean",
                "(Ljava/lang/Object;Ljavax/management/ObjectName;)Ljavax/management/ObjectInstance;",
                (mv, site) -> Emit.callHook(mv, site, "mbeanRegistered", "(Ljavax/management/MBeanServer;"
                        + "Ljava/lang/Object;Ljavax/management/ObjectName;I)Ljavax/management/ObjectInstance;"));
        // Ending the JVM: an execution fails with SYSTEM_EXIT instead (runtime SystemExit).
        statik("java/lang/System", "exit", "(I)V", (mv, site) -> Emit.callHook(mv, site, "systemExit", "(II)V"));
        instance("java/lang/Runtime", "exit", "(I)V", (mv, site) -> {
            mv.visitInsn(Opcodes.ICONST_0);
            Emit.callHook(mv, site, "runtimeExit", "(Ljava/lang/Runtime;IZI)V");
        });
        instance("java/lang/Runtime", "halt", "(I)V", (mv, site) -> {
            mv.visitInsn(Opcodes.ICONST_1);
            Emit.callHook(mv, site, "runtimeExit", "(Ljava/lang/Runtime;IZI)V");
        });
        // A collection the test asks for: the execution's own tables let go of its objects meanwhile (runtime
        // GarbageCollection).
        statik("java/lang/System", "gc", "()V", (mv, site) -> {
            mv.visitInsn(Opcodes.ACONST_NULL);
            Emit.callHook(mv, site, "garbageCollected", "(Ljava/lang/Runtime;I)V");
        });
        instance("java/lang/Runtime", "gc", "()V",
                (mv, site) -> Emit.callHook(mv, site, "garbageCollected", "(Ljava/lang/Runtime;I)V"));
        // The JVM's settings a test may change: put back after each execution (runtime StateJournal).
        statik("java/lang/System", "setProperty", "(Ljava/lang/String;Ljava/lang/String;)Ljava/lang/String;",
                (mv, site) -> Emit.callHook(mv, site, "systemPropertySet",
                        "(Ljava/lang/String;Ljava/lang/String;I)Ljava/lang/String;"));
        statik("java/lang/System", "clearProperty", "(Ljava/lang/String;)Ljava/lang/String;",
                (mv, site) -> Emit.callHook(mv, site, "systemPropertyCleared",
                        "(Ljava/lang/String;I)Ljava/lang/String;"));
        statik("java/util/Locale", "setDefault", "(Ljava/util/Locale;)V",
                (mv, site) -> Emit.callHook(mv, site, "defaultLocaleSet", "(Ljava/util/Locale;I)V"));
        statik("java/util/TimeZone", "setDefault", "(Ljava/util/TimeZone;)V",
                (mv, site) -> Emit.callHook(mv, site, "defaultTimeZoneSet", "(Ljava/util/TimeZone;I)V"));
        statik("java/lang/Thread", "setDefaultUncaughtExceptionHandler",
                "(Ljava/lang/Thread$UncaughtExceptionHandler;)V",
                (mv, site) -> Emit.callHook(mv, site, "defaultUncaughtExceptionHandlerSet",
                        "(Ljava/lang/Thread$UncaughtExceptionHandler;I)V"));
        // Time: the execution's virtual clock (runtime VirtualClock).
        for (String math : List.of("java/lang/Math", "java/lang/StrictMath")) {
            statik(math, "random", "()D", (mv, site) -> Emit.callHook(mv, site, "mathRandom", "(I)D"));
        }
        statik("java/util/UUID", "randomUUID", "()Ljava/util/UUID;",
                (mv, site) -> Emit.callHook(mv, site, "randomUUID", "(I)Ljava/util/UUID;"));
        statik("java/lang/System", "nanoTime", "()J", (mv, site) -> Emit.callHook(mv, site, "nanoTime", "(I)J"));
        statik("java/lang/System", "currentTimeMillis", "()J",
                (mv, site) -> Emit.callHook(mv, site, "currentTimeMillis", "(I)J"));
        // A thread's CPU time: computing takes no time on the virtual clock either.
        String threadMxBean = "java/lang/management/ThreadMXBean";
        instance(threadMxBean, "getCurrentThreadCpuTime", "()J", (mv, site) -> {
            mv.visitInsn(Opcodes.ICONST_0);
            Emit.callHook(mv, site, "currentThreadCpuTime", "(Ljava/lang/Object;ZI)J");
        });
        instance(threadMxBean, "getCurrentThreadUserTime", "()J", (mv, site) -> {
            mv.visitInsn(Opcodes.ICONST_1);
            Emit.callHook(mv, site, "currentThreadCpuTime", "(Ljava/lang/Object;ZI)J");
        });
        statik(CLOCK, "system", "(Ljava/time/ZoneId;)Ljava/time/Clock;", CallReplacements::systemClock);
        statik(CLOCK, "systemUTC", "()Ljava/time/Clock;", (mv, site) -> {
            pushUtc(mv);
            systemClock(mv, site);
        });
        statik(CLOCK, "systemDefaultZone", "()Ljava/time/Clock;", (mv, site) -> {
            pushDefaultZone(mv);
            systemClock(mv, site);
        });
        for (String type : NOW_TYPES) {
            String owner = "java/time/" + type;
            String fromClock = "(Ljava/time/Clock;)L" + owner + ";";
            statik(owner, "now", "()L" + owner + ";", (mv, site) -> {
                if (type.equals("Instant")) {
                    pushUtc(mv);
                } else {
                    pushDefaultZone(mv);
                }
                systemClock(mv, site);
                mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, "now", fromClock, false);
            });
            if (!type.equals("Instant")) {
                statik(owner, "now", "(Ljava/time/ZoneId;)L" + owner + ";", (mv, site) -> {
                    systemClock(mv, site);
                    mv.visitMethodInsn(Opcodes.INVOKESTATIC, owner, "now", fromClock, false);
                });
            }
        }
        // The test's code looking at which thread it runs on (PoolModel.takenBy); never replaced in the JDK's code.
        statik(THREAD, "currentThread", "()Ljava/lang/Thread;",
                (mv, site) -> Emit.callHook(mv, site, "currentThread", "(I)Ljava/lang/Thread;"));
        instance(THREAD_LOCAL, "get", "()Ljava/lang/Object;",
                (mv, site) -> Emit.callHook(mv, site, "threadLocalGet", "(Ljava/lang/ThreadLocal;I)Ljava/lang/Object;"));
        instance(THREAD_LOCAL, "set", "(Ljava/lang/Object;)V", (mv, site) -> Emit.callHook(mv, site,
                "threadLocalSet", "(Ljava/lang/ThreadLocal;Ljava/lang/Object;I)V"));
        instance(THREAD_LOCAL, "remove", "()V",
                (mv, site) -> Emit.callHook(mv, site, "threadLocalRemove", "(Ljava/lang/ThreadLocal;I)V"));
        statik(THREAD, "holdsLock", "(Ljava/lang/Object;)Z",
                (mv, site) -> Emit.callHook(mv, site, "holdsLock", "(Ljava/lang/Object;I)Z"));

        // Hooks.park takes (blocker, nanos), nanos < 0 meaning "no timeout".
        statik(LOCK_SUPPORT, "park", "()V", (mv, site) -> {
            mv.visitInsn(Opcodes.ACONST_NULL);
            mv.visitLdcInsn(-1L);
            Emit.callHook(mv, site, "park", PARK);
        });
        statik(LOCK_SUPPORT, "park", "(Ljava/lang/Object;)V", (mv, site) -> {
            mv.visitLdcInsn(-1L);
            Emit.callHook(mv, site, "park", PARK);
        });
        statik(LOCK_SUPPORT, "parkNanos", "(J)V", (mv, site) -> {
            atLeastZero(mv);
            mv.visitInsn(Opcodes.ACONST_NULL);
            mv.visitInsn(Opcodes.DUP_X2);
            mv.visitInsn(Opcodes.POP);
            Emit.callHook(mv, site, "park", PARK);
        });
        statik(LOCK_SUPPORT, "parkNanos", "(Ljava/lang/Object;J)V", (mv, site) -> {
            atLeastZero(mv);
            Emit.callHook(mv, site, "park", PARK);
        });
        // parkUntil(deadline): an absolute time in milliseconds, on the execution's virtual clock.
        statik(LOCK_SUPPORT, "parkUntil", "(J)V", (mv, site) -> {
            mv.visitInsn(Opcodes.ACONST_NULL);
            mv.visitInsn(Opcodes.DUP_X2);
            mv.visitInsn(Opcodes.POP);
            Emit.callHook(mv, site, "parkUntil", PARK);
        });
        statik(LOCK_SUPPORT, "parkUntil", "(Ljava/lang/Object;J)V",
                (mv, site) -> Emit.callHook(mv, site, "parkUntil", PARK));
        statik(LOCK_SUPPORT, "unpark", "(Ljava/lang/Thread;)V",
                (mv, site) -> Emit.callHook(mv, site, "unpark", ON_THREAD));

        instance(LOCK, "lock", "()V", (mv, site) -> Emit.callHook(mv, site, "lock", ON_LOCK));
        instance(LOCK, "lockInterruptibly", "()V",
                (mv, site) -> Emit.callHook(mv, site, "lockInterruptibly", ON_LOCK));
        instance(LOCK, "tryLock", "()Z",
                (mv, site) -> Emit.callHook(mv, site, "tryLock", "(Ljava/util/concurrent/locks/Lock;I)Z"));
        instance(LOCK, "unlock", "()V", (mv, site) -> Emit.callHook(mv, site, "unlock", ON_LOCK));

        // Hooks.conditionAwait takes nanos, nanos < 0 meaning "no timeout".
        instance(CONDITION, "await", "()V", (mv, site) -> {
            mv.visitLdcInsn(-1L);
            Emit.callHook(mv, site, "conditionAwait", AWAIT);
            mv.visitInsn(Opcodes.POP);
        });
        instance(CONDITION, "await", "(JLjava/util/concurrent/TimeUnit;)Z", (mv, site) -> {
            timeoutToNanos(mv);
            Emit.callHook(mv, site, "conditionAwait", AWAIT);
        });
        instance(CONDITION, "awaitNanos", "(J)J", (mv, site) -> Emit.callHook(mv, site, "conditionAwaitNanos",
                "(Ljava/util/concurrent/locks/Condition;JI)J"));
        instance(CONDITION, "signal", "()V", (mv, site) -> Emit.callHook(mv, site, "conditionSignal", ON_CONDITION));
        instance(CONDITION, "signalAll", "()V",
                (mv, site) -> Emit.callHook(mv, site, "conditionSignalAll", ON_CONDITION));

        blockingQueues();
        SynchronizerCalls.register();
        OwnSynchronizerCalls.register();
        ExecutorCalls.register();
    }

    /**
     * The calls on queues whose outcome a {@code SynchronousQueue} decides in the runtime's model (a hand-off needs
     * a partner the real queue never sees), and the blocking and timed calls of {@code BlockingQueue}. The other
     * methods of queues are bracketed by {@link CollectionCallVisitor}.
     */
    private static void blockingQueues() {
        instance(BLOCKING_QUEUE, "put", "(Ljava/lang/Object;)V",
                (mv, site) -> Emit.callHook(mv, site, "queuePut", "(" + BQ + "Ljava/lang/Object;I)V"));
        instance(BLOCKING_QUEUE, "take", "()Ljava/lang/Object;",
                (mv, site) -> Emit.callHook(mv, site, "queueTake", "(" + BQ + "I)Ljava/lang/Object;"));
        instance(BLOCKING_QUEUE, "offer", "(Ljava/lang/Object;JLjava/util/concurrent/TimeUnit;)Z", (mv, site) -> {
            timeoutToNanos(mv);
            Emit.callHook(mv, site, "queueOfferTimed", "(" + BQ + "Ljava/lang/Object;JI)Z");
        });
        instance(BLOCKING_QUEUE, "poll", "(JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;", (mv, site) -> {
            timeoutToNanos(mv);
            Emit.callHook(mv, site, "queuePollTimed", "(" + BQ + "JI)Ljava/lang/Object;");
        });
        instance(BLOCKING_QUEUE, "drainTo", "(Ljava/util/Collection;)I",
                (mv, site) -> Emit.callHook(mv, site, "queueDrainTo", "(" + BQ + "Ljava/util/Collection;I)I"));
        instance(BLOCKING_QUEUE, "drainTo", "(Ljava/util/Collection;I)I",
                (mv, site) -> Emit.callHook(mv, site, "queueDrainToMax", "(" + BQ + "Ljava/util/Collection;II)I"));
        instance(QUEUE, "offer", "(Ljava/lang/Object;)Z",
                (mv, site) -> Emit.callHook(mv, site, "queueOffer", ON_QUEUE_WITH));
        instance(QUEUE, "add", "(Ljava/lang/Object;)Z",
                (mv, site) -> Emit.callHook(mv, site, "queueAdd", ON_QUEUE_WITH));
        instance(QUEUE, "poll", "()Ljava/lang/Object;", (mv, site) -> Emit.callHook(mv, site, "queuePoll", ON_QUEUE));
        instance(QUEUE, "remove", "()Ljava/lang/Object;",
                (mv, site) -> Emit.callHook(mv, site, "queueRemove", ON_QUEUE));
    }

    private CallReplacements() {
    }

    /** [zone] → the clock the hooks give for it. */
    private static void systemClock(MethodVisitor mv, int site) {
        Emit.callHook(mv, site, "systemClock", "(Ljava/time/ZoneId;I)Ljava/time/Clock;");
    }

    private static void pushUtc(MethodVisitor mv) {
        mv.visitFieldInsn(Opcodes.GETSTATIC, "java/time/ZoneOffset", "UTC", "Ljava/time/ZoneOffset;");
    }

    private static void pushDefaultZone(MethodVisitor mv) {
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/time/ZoneId", "systemDefault", "()Ljava/time/ZoneId;", false);
    }

    /** The replacements for calls of {@code name descriptor}, before checking the owner, in registration order. */
    static List<Replacement> candidates(String name, String descriptor) {
        return BY_SIGNATURE.getOrDefault(name + descriptor, List.of());
    }

    static void instance(String jdkClass, String name, String descriptor, Adapter adapter) {
        register(name + descriptor, new Replacement(jdkClass, name, false, adapter));
    }

    /**
     * A call Weft does not model: {@code Hooks.unmodelledQuery}, which fails closed on a managed thread naming
     * {@code what}, then the original call (off the threads Weft controls).
     */
    static void unmodelled(String jdkClass, String name, String descriptor, String what) {
        instance(jdkClass, name, descriptor, (mv, site) -> {
            mv.visitLdcInsn(what);
            Emit.callHook(mv, site, "unmodelledQuery", "(Ljava/lang/String;I)V");
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, jdkClass, name, descriptor, false);
        });
    }

    /**
     * A protected query of a JDK class, which only a subclass calls: through {@code super} ({@code INVOKESPECIAL},
     * which other replacements leave alone) as much as through {@code this}. The adapter never makes the original call
     * (a virtual one would run the subclass's override again).
     */
    static void protectedQuery(String jdkClass, String name, String descriptor, Adapter adapter) {
        register(name + descriptor, new Replacement(jdkClass, name, false, adapter, true));
    }

    /**
     * Whether the replacement is there to see the test's code look at which thread it runs on
     * ({@code Thread.currentThread()}, a {@code ThreadLocal}); the JDK's own looks are the same whichever worker runs.
     */
    static boolean looksAtThreadIdentity(Replacement replacement) {
        return replacement.jdkClass().equals(THREAD_LOCAL)
                || replacement.jdkClass().equals(THREAD) && replacement.method().equals("currentThread");
    }

    private static void statik(String jdkClass, String name, String descriptor, Adapter adapter) {
        register(name + descriptor, new Replacement(jdkClass, name, true, adapter));
    }

    private static void register(String signature, Replacement replacement) {
        BY_SIGNATURE.computeIfAbsent(signature, any -> new ArrayList<>()).add(replacement);
    }

    /** [millis, nanos] → [millis + (nanos > 0 ? 1 : 0)], as {@code Thread.sleep/join(millis, nanos)} round. */
    private static void roundNanosUpToMillis(MethodVisitor mv) {
        Label done = new Label();
        Label roundUp = new Label();
        mv.visitJumpInsn(Opcodes.IFGT, roundUp);
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(roundUp);
        mv.visitInsn(Opcodes.LCONST_1);
        mv.visitInsn(Opcodes.LADD);
        mv.visitLabel(done);
    }

    /** [time (long), unit] → [unit.toNanos(time), at least 0]: how every timed hook takes its timeout. */
    static void timeoutToNanos(MethodVisitor mv) {
        mv.visitInsn(Opcodes.DUP_X2);
        mv.visitInsn(Opcodes.POP);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/concurrent/TimeUnit", "toNanos", "(J)J", false);
        atLeastZero(mv);
    }

    /** Negative timeouts mean "do not wait" in the JDK, but "no timeout" to the hooks. */
    private static void atLeastZero(MethodVisitor mv) {
        mv.visitInsn(Opcodes.LCONST_0);
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Math", "max", "(JJ)J", false);
    }
}
