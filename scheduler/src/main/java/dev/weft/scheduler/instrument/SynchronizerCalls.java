package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The {@link CallReplacements} of the {@code java.util.concurrent} synchronizers: {@code Semaphore},
 * {@code CountDownLatch}, {@code Exchanger}, {@code CyclicBarrier}, {@code Phaser}, {@code StampedLock}, and the timed
 * and uninterruptible {@code Lock}/{@code Condition} methods. Each call becomes one hook; variants of a method (with or
 * without a count, a timeout, interruptibly or not) share a hook, the adapter pushing the defaults. Timeouts reach the
 * hooks in nanoseconds, {@code -1} meaning "no timeout".
 */
final class SynchronizerCalls {

    private static final String PACKAGE = "java/util/concurrent/";
    static final String SEMAPHORE = PACKAGE + "Semaphore";
    static final String LATCH = PACKAGE + "CountDownLatch";
    static final String EXCHANGER = PACKAGE + "Exchanger";
    static final String BARRIER = PACKAGE + "CyclicBarrier";
    static final String PHASER = PACKAGE + "Phaser";
    static final String STAMPED = PACKAGE + "locks/StampedLock";
    static final String REENTRANT = PACKAGE + "locks/ReentrantLock";
    static final String READ_WRITE = PACKAGE + "locks/ReentrantReadWriteLock";

    private static final String TIMED = "JLjava/util/concurrent/TimeUnit;";

    private SynchronizerCalls() {
    }

    static void register() {
        semaphore();
        latch();
        exchanger();
        barrier();
        phaser();
        stampedLock();
        lockAndCondition();
        reentrantLockQueries();
        readWriteLockQueries();
    }

    private static void semaphore() {
        String acquire = "(L" + SEMAPHORE + ";IZI)V";
        replace(SEMAPHORE, "acquire", "()V", "semaphoreAcquire", acquire, 1, 1);
        replace(SEMAPHORE, "acquire", "(I)V", "semaphoreAcquire", acquire, 1);
        replace(SEMAPHORE, "acquireUninterruptibly", "()V", "semaphoreAcquire", acquire, 1, 0);
        replace(SEMAPHORE, "acquireUninterruptibly", "(I)V", "semaphoreAcquire", acquire, 0);
        String tryAcquire = "(L" + SEMAPHORE + ";IJI)Z";
        CallReplacements.instance(SEMAPHORE, "tryAcquire", "()Z", (mv, site) -> {
            Emit.pushInt(mv, 1);
            untimed(mv);
            Emit.callHook(mv, site, "semaphoreTryAcquire", tryAcquire);
        });
        CallReplacements.instance(SEMAPHORE, "tryAcquire", "(I)Z", (mv, site) -> {
            untimed(mv);
            Emit.callHook(mv, site, "semaphoreTryAcquire", tryAcquire);
        });
        CallReplacements.instance(SEMAPHORE, "tryAcquire", "(" + TIMED + ")Z", (mv, site) -> {
            CallReplacements.timeoutToNanos(mv);
            pushIntUnderLong(mv, 1);
            Emit.callHook(mv, site, "semaphoreTryAcquire", tryAcquire);
        });
        CallReplacements.instance(SEMAPHORE, "tryAcquire", "(I" + TIMED + ")Z", (mv, site) -> {
            CallReplacements.timeoutToNanos(mv);
            Emit.callHook(mv, site, "semaphoreTryAcquire", tryAcquire);
        });
        String release = "(L" + SEMAPHORE + ";II)V";
        replace(SEMAPHORE, "release", "()V", "semaphoreRelease", release, 1);
        replace(SEMAPHORE, "release", "(I)V", "semaphoreRelease", release);
        replace(SEMAPHORE, "availablePermits", "()I", "semaphoreAvailablePermits", "(L" + SEMAPHORE + ";I)I");
        replace(SEMAPHORE, "drainPermits", "()I", "semaphoreDrainPermits", "(L" + SEMAPHORE + ";I)I");
        queueQuery(SEMAPHORE, "hasQueuedThreads", "()Z");
        queueQuery(SEMAPHORE, "getQueueLength", "()I");
        queuedThreads(SEMAPHORE, "getQueuedThreads");
    }

    /**
     * One of several queries that share {@code hook}: [operands] → [operands, the method's name]. The hook returns an
     * {@code int}, which the caller of a {@code boolean} method reads as one (0 or 1).
     */
    private static void byName(String jdkClass, String method, String descriptor, String hook, String hookDescriptor) {
        CallReplacements.instance(jdkClass, method, descriptor, (mv, site) -> {
            mv.visitLdcInsn(method);
            Emit.callHook(mv, site, hook, hookDescriptor);
        });
    }

    /** {@code exchange(x)} and {@code exchange(x, time, unit)}: [exchanger, x, nanos] ({@code -1}: untimed). */
    private static void exchanger() {
        String exchange = "(L" + EXCHANGER + ";Ljava/lang/Object;JI)Ljava/lang/Object;";
        CallReplacements.instance(EXCHANGER, "exchange", "(Ljava/lang/Object;)Ljava/lang/Object;", (mv, site) -> {
            untimed(mv);
            Emit.callHook(mv, site, "exchange", exchange);
        });
        CallReplacements.instance(EXCHANGER, "exchange", "(Ljava/lang/Object;" + TIMED + ")Ljava/lang/Object;",
                (mv, site) -> {
                    CallReplacements.timeoutToNanos(mv);
                    Emit.callHook(mv, site, "exchange", exchange);
                });
    }

    private static void latch() {
        String await = "(L" + LATCH + ";JI)Z";
        CallReplacements.instance(LATCH, "await", "()V", (mv, site) -> {
            untimed(mv);
            Emit.callHook(mv, site, "latchAwait", await);
            mv.visitInsn(Opcodes.POP);
        });
        CallReplacements.instance(LATCH, "await", "(" + TIMED + ")Z", (mv, site) -> {
            CallReplacements.timeoutToNanos(mv);
            Emit.callHook(mv, site, "latchAwait", await);
        });
        replace(LATCH, "countDown", "()V", "latchCountDown", "(L" + LATCH + ";I)V");
        replace(LATCH, "getCount", "()J", "latchGetCount", "(L" + LATCH + ";I)J");
    }

    private static void barrier() {
        String await = "(L" + BARRIER + ";JI)I";
        CallReplacements.instance(BARRIER, "await", "()I", (mv, site) -> {
            untimed(mv);
            Emit.callHook(mv, site, "barrierAwait", await);
        });
        CallReplacements.instance(BARRIER, "await", "(" + TIMED + ")I", (mv, site) -> {
            CallReplacements.timeoutToNanos(mv);
            Emit.callHook(mv, site, "barrierAwait", await);
        });
        replace(BARRIER, "getNumberWaiting", "()I", "barrierNumberWaiting", "(L" + BARRIER + ";I)I");
        replace(BARRIER, "isBroken", "()Z", "barrierIsBroken", "(L" + BARRIER + ";I)Z");
        replace(BARRIER, "reset", "()V", "barrierReset", "(L" + BARRIER + ";I)V");
    }

    private static void phaser() {
        String register = "(L" + PHASER + ";II)I";
        replace(PHASER, "register", "()I", "phaserRegister", register, 1);
        replace(PHASER, "bulkRegister", "(I)I", "phaserRegister", register);
        String arrive = "(L" + PHASER + ";ZI)I";
        replace(PHASER, "arrive", "()I", "phaserArrive", arrive, 0);
        replace(PHASER, "arriveAndDeregister", "()I", "phaserArrive", arrive, 1);
        replace(PHASER, "arriveAndAwaitAdvance", "()I", "phaserArriveAndAwaitAdvance", "(L" + PHASER + ";I)I");
        replace(PHASER, "getPhase", "()I", "phaserGetPhase", "(L" + PHASER + ";I)I");
        String query = "(L" + PHASER + ";Ljava/lang/String;I)I";
        byName(PHASER, "getArrivedParties", "()I", "phaserQuery", query);
        byName(PHASER, "getUnarrivedParties", "()I", "phaserQuery", query);
        byName(PHASER, "getRegisteredParties", "()I", "phaserQuery", query);
        byName(PHASER, "isTerminated", "()Z", "phaserQuery", query);
        replace(PHASER, "forceTermination", "()V", "phaserForceTermination", "(L" + PHASER + ";I)V");
        String await = "(L" + PHASER + ";IZJI)I";
        CallReplacements.instance(PHASER, "awaitAdvance", "(I)I", (mv, site) -> {
            Emit.pushInt(mv, 0);
            untimed(mv);
            Emit.callHook(mv, site, "phaserAwaitAdvance", await);
        });
        CallReplacements.instance(PHASER, "awaitAdvanceInterruptibly", "(I)I", (mv, site) -> {
            Emit.pushInt(mv, 1);
            untimed(mv);
            Emit.callHook(mv, site, "phaserAwaitAdvance", await);
        });
        CallReplacements.instance(PHASER, "awaitAdvanceInterruptibly", "(I" + TIMED + ")I", (mv, site) -> {
            CallReplacements.timeoutToNanos(mv);
            pushIntUnderLong(mv, 1);
            Emit.callHook(mv, site, "phaserAwaitAdvance", await);
        });
    }

    private static void stampedLock() {
        String lock = "(L" + STAMPED + ";ZZI)J";
        replace(STAMPED, "writeLock", "()J", "stampedLock", lock, 1, 0);
        replace(STAMPED, "readLock", "()J", "stampedLock", lock, 0, 0);
        replace(STAMPED, "writeLockInterruptibly", "()J", "stampedLock", lock, 1, 1);
        replace(STAMPED, "readLockInterruptibly", "()J", "stampedLock", lock, 0, 1);
        String tryLock = "(L" + STAMPED + ";ZJI)J";
        for (String mode : new String[] {"Write", "Read"}) {
            int write = mode.equals("Write") ? 1 : 0;
            CallReplacements.instance(STAMPED, "try" + mode + "Lock", "()J", (mv, site) -> {
                Emit.pushInt(mv, write);
                untimed(mv);
                Emit.callHook(mv, site, "stampedTryLock", tryLock);
            });
            CallReplacements.instance(STAMPED, "try" + mode + "Lock", "(" + TIMED + ")J", (mv, site) -> {
                CallReplacements.timeoutToNanos(mv);
                pushIntUnderLong(mv, write);
                Emit.callHook(mv, site, "stampedTryLock", tryLock);
            });
        }
        String unlock = "(L" + STAMPED + ";JII)V";
        replace(STAMPED, "unlock", "(J)V", "stampedUnlock", unlock, 0);
        replace(STAMPED, "unlockWrite", "(J)V", "stampedUnlock", unlock, 1);
        replace(STAMPED, "unlockRead", "(J)V", "stampedUnlock", unlock, 2);
        replace(STAMPED, "tryOptimisticRead", "()J", "stampedTryOptimisticRead", "(L" + STAMPED + ";I)J");
        replace(STAMPED, "validate", "(J)Z", "stampedValidate", "(L" + STAMPED + ";JI)Z");
        replace(STAMPED, "tryConvertToWriteLock", "(J)J", "stampedTryConvertToWriteLock",
                "(L" + STAMPED + ";JI)J");
    }

    /**
     * The queries of a {@code ReentrantLock}, whose real lock a managed thread never takes: {@code reentrantLockQuery}
     * and, for a condition's waiters, {@code reentrantLockConditionQuery}, each told the method's name.
     */
    private static void reentrantLockQueries() {
        String query = "(L" + REENTRANT + ";Ljava/lang/String;I)I";
        byName(REENTRANT, "isLocked", "()Z", "reentrantLockQuery", query);
        byName(REENTRANT, "isHeldByCurrentThread", "()Z", "reentrantLockQuery", query);
        byName(REENTRANT, "getHoldCount", "()I", "reentrantLockQuery", query);
        queueQuery(REENTRANT, "hasQueuedThreads", "()Z");
        queueQuery(REENTRANT, "getQueueLength", "()I");
        queueQuery(REENTRANT, "hasQueuedThread", "(Ljava/lang/Thread;)Z");
        String condition = "L" + CallReplacements.CONDITION + ";";
        String conditionQuery = "(L" + REENTRANT + ";" + condition + "Ljava/lang/String;I)I";
        byName(REENTRANT, "hasWaiters", "(" + condition + ")Z", "reentrantLockConditionQuery", conditionQuery);
        byName(REENTRANT, "getWaitQueueLength", "(" + condition + ")I", "reentrantLockConditionQuery",
                conditionQuery);
        // The protected ones a subclass reaches (the JSR-166 TCK's PublicReentrantLock): answered by the model too.
        CallReplacements.protectedQuery(REENTRANT, "getOwner", "()Ljava/lang/Thread;",
                (mv, site) -> Emit.callHook(mv, site, "reentrantLockOwner", "(L" + REENTRANT + ";I)Ljava/lang/Thread;"));
        CallReplacements.protectedQuery(REENTRANT, "getWaitingThreads", "(" + condition + ")Ljava/util/Collection;",
                (mv, site) -> Emit.callHook(mv, site, "reentrantLockWaitingThreads",
                        "(L" + REENTRANT + ";" + condition + "I)Ljava/util/Collection;"));
        queuedThreads(REENTRANT, "getQueuedThreads");
    }

    /** {@code ReentrantReadWriteLock}'s questions about who waits. */
    private static void readWriteLockQueries() {
        String condition = "L" + CallReplacements.CONDITION + ";";
        queueQuery(READ_WRITE, "hasQueuedThreads", "()Z");
        queueQuery(READ_WRITE, "getQueueLength", "()I");
        queueQuery(READ_WRITE, "hasQueuedThread", "(Ljava/lang/Thread;)Z");
        queuedThreads(READ_WRITE, "getQueuedThreads");
        queuedThreads(READ_WRITE, "getQueuedWriterThreads");
        queuedThreads(READ_WRITE, "getQueuedReaderThreads");
        String conditionQuery = "(L" + READ_WRITE + ";" + condition + "Ljava/lang/String;I)I";
        byName(READ_WRITE, "hasWaiters", "(" + condition + ")Z", "readWriteLockConditionQuery", conditionQuery);
        byName(READ_WRITE, "getWaitQueueLength", "(" + condition + ")I", "readWriteLockConditionQuery",
                conditionQuery);
        CallReplacements.protectedQuery(READ_WRITE, "getWaitingThreads", "(" + condition + ")Ljava/util/Collection;",
                (mv, site) -> Emit.callHook(mv, site, "readWriteLockWaitingThreads",
                        "(L" + READ_WRITE + ";" + condition + "I)Ljava/util/Collection;"));
    }

    /**
     * A question about who waits to take a lock or permits, which the real object cannot answer for the model's
     * waiters (they never wait in it): answered from the model (runtime {@code LockQueues}). [lock (, thread)] →
     * [lock, thread or null, the method's name] → {@code Hooks.lockQueueQuery}.
     */
    private static void queueQuery(String jdkClass, String method, String descriptor) {
        CallReplacements.instance(jdkClass, method, descriptor, (mv, site) -> {
            if (descriptor.startsWith("()")) {
                mv.visitInsn(Opcodes.ACONST_NULL);
            }
            mv.visitLdcInsn(method);
            Emit.callHook(mv, site, "lockQueueQuery", "(Ljava/lang/Object;Ljava/lang/Thread;Ljava/lang/String;I)I");
        });
    }

    /** A protected list of who waits ({@link #queueQuery}), which a subclass reaches. */
    private static void queuedThreads(String jdkClass, String method) {
        CallReplacements.protectedQuery(jdkClass, method, "()Ljava/util/Collection;", (mv, site) -> {
            mv.visitLdcInsn(method);
            Emit.callHook(mv, site, "lockQueuedThreads", "(Ljava/lang/Object;Ljava/lang/String;I)Ljava/util/Collection;");
        });
    }

    private static void lockAndCondition() {
        CallReplacements.instance(CallReplacements.LOCK, "tryLock", "(" + TIMED + ")Z", (mv, site) -> {
            CallReplacements.timeoutToNanos(mv);
            Emit.callHook(mv, site, "tryLockTimed", "(L" + CallReplacements.LOCK + ";JI)Z");
        });
        String condition = "L" + CallReplacements.CONDITION + ";";
        replace(CallReplacements.CONDITION, "awaitUninterruptibly", "()V", "conditionAwaitUninterruptibly",
                "(" + condition + "I)V");
        // The deadline as the wall clock's millis, which the hook reads against the execution's virtual clock.
        CallReplacements.instance(CallReplacements.CONDITION, "awaitUntil", "(Ljava/util/Date;)Z", (mv, site) -> {
            mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, "java/util/Date", "getTime", "()J", false);
            Emit.callHook(mv, site, "conditionAwaitUntil", "(" + condition + "JI)Z");
        });
    }

    /** A call that becomes {@code hook} after pushing {@code constants} (ints or booleans) behind its operands. */
    private static void replace(String jdkClass, String method, String descriptor, String hook,
                                String hookDescriptor, int... constants) {
        CallReplacements.instance(jdkClass, method, descriptor, (mv, site) -> {
            for (int constant : constants) {
                Emit.pushInt(mv, constant);
            }
            Emit.callHook(mv, site, hook, hookDescriptor);
        });
    }

    private static void untimed(MethodVisitor mv) {
        mv.visitLdcInsn(-1L);
    }

    /** [..., long] → [..., value, long]. */
    private static void pushIntUnderLong(MethodVisitor mv, int value) {
        Emit.pushInt(mv, value);
        mv.visitInsn(Opcodes.DUP_X2);
        mv.visitInsn(Opcodes.POP);
    }
}
