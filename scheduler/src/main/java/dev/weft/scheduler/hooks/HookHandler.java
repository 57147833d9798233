package dev.weft.scheduler.hooks;

import java.time.Duration;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.Exchanger;
import java.util.concurrent.Phaser;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.StampedLock;

/**
 * Receives every visible operation of instrumented code. {@code site} identifies the instrumented instruction (see
 * {@link Sites}). The default methods do exactly what the uninstrumented code would have done, without control.
 *
 * <p>Methods named after an operation ({@code fieldRead}, {@code arrayWrite}, ...) are called <em>before</em> the
 * instruction runs; the instruction itself runs when they return. Methods that replace a call ({@code objectWait},
 * {@code threadStart}, ...) must perform the call's effect themselves.
 */
public interface HookHandler extends ForkJoinHookHandler, StaticFieldHookHandler {

    /** Before {@code GETFIELD} (owner is the object) or {@code GETSTATIC} (owner is {@code null}). */
    default void fieldRead(Object owner, int site) {
    }

    /** Before {@code PUTFIELD} (owner is the object) or {@code PUTSTATIC} (owner is {@code null}). */
    default void fieldWrite(Object owner, int site) {
    }

    /**
     * Before a JDK call that reads or writes the elements of an array in bulk ({@code clone()},
     * {@code Arrays.copyOf}, {@code Arrays.fill}, ...): it reads or writes {@code first}, and reads {@code second}
     * ({@code System.arraycopy}'s source, the other array of {@code Arrays.equals}) unless that is {@code null}. Either
     * may be {@code null} or no array, when the real call throws.
     */
    default void arrayBulk(Object first, boolean firstWritten, Object second, int site) {
    }

    /** Before an array element load. */
    default void arrayRead(Object array, int index, int site) {
    }

    /** Before an array element store. */
    default void arrayWrite(Object array, int index, int site) {
    }

    /** After an object or array was allocated (its constructor has returned). */
    default void allocated(Object object, int site) {
    }

    /**
     * In the constructor of a class directly below {@code Object} (or {@code Thread}), once its {@code super()} call
     * returned, or where a lambda that captures values was just made: the object exists, and nothing has asked for its
     * hash yet.
     */
    default void constructing(Object self) {
    }

    /**
     * Before {@code MONITORENTER}, or before an instrumented call of a {@code synchronized} method.
     *
     * <p>For a call of a {@code synchronized} method the result is ignored: the JVM takes the real monitor when the
     * method is invoked, whatever the handler answers. Because this hook runs before the invocation, a handler that
     * lets a thread through only when its model says the monitor is free ensures that the real monitor is free too.
     * The site's member names the called method ({@code "Account.deposit"}); for {@code MONITORENTER} it is empty.
     *
     * @return {@code true} when the handler acquired the monitor in its own model, so that the real monitor must not
     *         be taken; {@code false} to take the real monitor
     */
    default boolean monitorEnter(Object monitor, int site) {
        return false;
    }

    /**
     * Before {@code MONITOREXIT}, or after an instrumented call of a {@code synchronized} method has returned or
     * thrown (the JVM has released the real monitor by then; the result is ignored).
     *
     * <p>Must not throw: javac's handler for a {@code synchronized} block covers its own {@code MONITOREXIT}, so a
     * throwing hook would be called again, forever.
     *
     * @return {@code true} when the handler released the monitor in its own model (the real monitor was never taken)
     */
    default boolean monitorExit(Object monitor, int site) {
        return false;
    }

    /**
     * At entry of a {@code synchronized} method that keeps {@code ACC_SYNCHRONIZED}, once the JVM holds its real
     * monitor. Calls from instrumented code were announced by {@link #monitorEnter} before the invocation; an entry
     * that was not (a method reference, virtual dispatch to a synchronized override, reflection, uninstrumented code)
     * must acquire the monitor here.
     */
    default void synchronizedMethodEntered(Object monitor, int site) {
    }

    /** At every exit of such a method, by return or throwable, before the JVM releases the real monitor. */
    default void synchronizedMethodExited(Object monitor, int site) {
    }

    /** Replaces {@code Thread.holdsLock(monitor)}, which cannot see monitors the handler holds only in its model. */
    default boolean holdsLock(Object monitor, int site) {
        return Thread.holdsLock(monitor);
    }

    /** At entry of a static initialiser: what runs until {@link #classInitEnd()} is not visible. */
    default void classInitStart() {
    }

    /** At every exit of a static initialiser. */
    default void classInitEnd() {
    }

    /**
     * At entry of the static initialiser of a class that can be initialised again ({@code Hooks.classUsed}), before
     * {@link #classInitStart()}: the class's first initialisation in this JVM.
     */
    default void classInitialising(Class<?> type) {
    }

    /**
     * Before an instruction that would initialise {@code type} if it were not ({@code new}, a static field's access,
     * a static method's call), in code of another class, where {@code type} or a superclass of it has a static
     * initialiser that can run again: its copy {@code weft$clinit}, a private static method.
     */
    default void classUsed(Class<?> type) {
    }

    /** Replaces {@code Object.wait(millis, nanos)}; {@code millis == 0 && nanos == 0} waits without timeout. */
    default void objectWait(Object monitor, long millis, int nanos, int site) throws InterruptedException {
        monitor.wait(millis, nanos);
    }

    /** Replaces {@code Object.notify()}. */
    default void objectNotify(Object monitor, int site) {
        monitor.notify();
    }

    /** Replaces {@code Object.notifyAll()}. */
    default void objectNotifyAll(Object monitor, int site) {
        monitor.notifyAll();
    }

    /** Replaces {@code Thread.start()}. */
    default void threadStart(Thread thread, int site) {
        thread.start();
    }

    /** Replaces {@code Thread.join(millis)}; {@code 0} waits without timeout. */
    default void threadJoin(Thread thread, long millis, int site) throws InterruptedException {
        thread.join(millis);
    }

    /**
     * Replaces {@code unit.timedJoin(thread, timeout)}: by default {@link #threadJoin} with the timeout in milliseconds,
     * rounded up as {@code join(millis, nanos)} rounds; nothing when it is not positive, as the JDK does.
     */
    default void timeUnitTimedJoin(TimeUnit unit, Thread thread, long timeout, int site) throws InterruptedException {
        if (timeout > 0) {
            long nanos = unit.toNanos(timeout);
            long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
            threadJoin(thread, nanos % 1_000_000 == 0 ? millis : millis + 1, site);
        }
    }

    /** Replaces {@code unit.timedWait(monitor, timeout)}: {@link #objectWait}; nothing when it is not positive. */
    default void timeUnitTimedWait(TimeUnit unit, Object monitor, long timeout, int site) throws InterruptedException {
        if (timeout > 0) {
            long nanos = unit.toNanos(timeout);
            long millis = TimeUnit.NANOSECONDS.toMillis(nanos);
            objectWait(monitor, millis, (int) (nanos - TimeUnit.MILLISECONDS.toNanos(millis)), site);
        }
    }

    /** Replaces {@code Thread.sleep(millis)}. */
    default void threadSleep(long millis, int site) throws InterruptedException {
        Thread.sleep(millis);
    }

    /** Replaces {@code Thread.Builder.start(task)} (JDK 21+: platform and virtual builders). */
    default Thread threadBuilderStart(Object builder, Runnable task, int site) {
        return ThreadBuilders.start(builder, task);
    }

    /** Replaces {@code Thread.startVirtualThread(task)} (JDK 21+). */
    default Thread startVirtualThread(Runnable task, int site) {
        return ThreadBuilders.start(ThreadBuilders.ofVirtual(), task);
    }

    /**
     * Replaces {@code Thread.sleep(Duration)} (JDK 19+): the same as {@code sleep(millis, nanos)}, except that a
     * negative duration does not sleep (rather than failing).
     */
    default void threadSleepFor(Duration duration, int site) throws InterruptedException {
        long nanos = TimeUnit.NANOSECONDS.convert(duration);
        if (nanos >= 0) {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000));
        }
    }

    /**
     * Replaces {@code Thread.join(Duration)} (JDK 19+): waits at most that long (not at all when it is not
     * positive), then tells whether the thread has terminated.
     */
    default boolean threadJoinFor(Thread thread, Duration duration, int site) throws InterruptedException {
        if (thread.getState() == Thread.State.NEW) {
            throw new IllegalThreadStateException("Thread not started");
        }
        long nanos = TimeUnit.NANOSECONDS.convert(duration);
        if (nanos > 0) {
            thread.join(nanos / 1_000_000, (int) (nanos % 1_000_000));
        }
        return thread.getState() == Thread.State.TERMINATED;
    }

    /** Replaces {@code Thread.yield()}. */
    default void threadYield(int site) {
        Thread.yield();
    }

    /** Replaces {@code Thread.onSpinWait()}. */
    default void onSpinWait(int site) {
        Thread.onSpinWait();
    }

    /** Replaces {@code Thread.isAlive()}. */
    default boolean threadIsAlive(Thread thread, int site) {
        return thread.isAlive();
    }

    /**
     * Follows {@code new Thread(runnable)}, {@code new Thread(runnable, name)}, {@code new Thread(name)} and
     * {@code new Thread()}: the thread the code goes on with, the one constructed or another that stands in for it.
     */
    default Thread threadConstructed(Thread thread, int site) {
        return thread;
    }

    /** Replaces {@code Thread.getState()}. */
    default Thread.State threadGetState(Thread thread, int site) {
        return thread.getState();
    }

    /**
     * After a {@code new Random(..)}: a generator of the test's own.
     *
     * @param unseeded made by {@code new Random()}, which seeds itself from the time and a global counter
     */
    default void randomMade(Random random, boolean unseeded) {
    }

    /**
     * The generator a draw from {@code random} is made from instead (a shuffle's, {@code null} for
     * {@code Collections.shuffle(list)}); it has the same methods.
     */
    default Random randomToDrawFrom(Random random) {
        return random == null ? new Random() : random;
    }

    /** Replaces {@code Math.random()} and {@code StrictMath.random()}. */
    default double mathRandom(int site) {
        return Math.random();
    }

    /** Replaces {@code UUID.randomUUID()}. */
    default UUID randomUUID(int site) {
        return UUID.randomUUID();
    }

    /** The number of a default thread name ({@code "Thread-" + n}), given the JDK's. */
    default int threadNumber(int jdkNumber) {
        return jdkNumber;
    }

    /** The number of a pool of {@code Executors.defaultThreadFactory()} ({@code "pool-" + n + "-thread-"}). */
    default int poolNumber(int jdkNumber) {
        return jdkNumber;
    }

    /** Replaces {@code System.nanoTime()}. */
    default long nanoTime(int site) {
        return System.nanoTime();
    }

    /**
     * Replaces {@code ThreadMXBean.getCurrentThreadCpuTime()} ({@code user} false) and
     * {@code getCurrentThreadUserTime()} ({@code user} true); {@code bean} is the {@code ThreadMXBean}.
     */
    default long currentThreadCpuTime(Object bean, boolean user, int site) {
        java.lang.management.ThreadMXBean threads = (java.lang.management.ThreadMXBean) bean;
        return user ? threads.getCurrentThreadUserTime() : threads.getCurrentThreadCpuTime();
    }

    /** Replaces {@code System.currentTimeMillis()}. */
    default long currentTimeMillis(int site) {
        return System.currentTimeMillis();
    }

    /**
     * The clock that {@code Clock.system(zone)}, {@code systemUTC()}, {@code systemDefaultZone()} and the no-clock
     * {@code now()} methods of {@code java.time} stand for.
     */
    default java.time.Clock systemClock(java.time.ZoneId zone, int site) {
        return java.time.Clock.system(zone);
    }

    /** Replaces {@code Thread.getId()} and {@code Thread.threadId()}. */
    @SuppressWarnings("deprecation") // threadId() is JDK 19+; getId() answers the same
    default long threadId(Thread thread, int site) {
        return thread.getId();
    }

    /** Replaces {@code Thread.isDaemon()}. */
    default boolean threadIsDaemon(Thread thread, int site) {
        return thread.isDaemon();
    }

    /** Replaces {@code Thread.setDaemon(on)}. */
    default void threadSetDaemon(Thread thread, boolean on, int site) {
        thread.setDaemon(on);
    }

    /** Replaces {@code Thread.interrupt()}. */
    default void threadInterrupt(Thread thread, int site) {
        thread.interrupt();
    }

    /** Replaces {@code Thread.isInterrupted()}. */
    default boolean threadIsInterrupted(Thread thread, int site) {
        return thread.isInterrupted();
    }

    /** Replaces {@code Thread.interrupted()}. */
    default boolean threadInterrupted(int site) {
        return Thread.interrupted();
    }

    /** Replaces {@code LockSupport.park(blocker)} ({@code nanos < 0}) and {@code parkNanos(blocker, nanos)}. */
    default void park(Object blocker, long nanos, int site) {
        if (nanos < 0) {
            LockSupport.park(blocker);
        } else {
            LockSupport.parkNanos(blocker, nanos);
        }
    }

    /** Replaces {@code LockSupport.parkUntil(deadline)} and {@code parkUntil(blocker, deadline)}. */
    default void parkUntil(Object blocker, long deadlineMillis, int site) {
        LockSupport.parkUntil(blocker, deadlineMillis);
    }

    /** Replaces {@code LockSupport.unpark(thread)}. */
    default void unpark(Thread thread, int site) {
        LockSupport.unpark(thread);
    }

    /** When a thread's {@code run()} begins. */
    default void threadRunBegins(Thread thread) {
    }

    /** When a thread's {@code run()} ends, normally ({@code thrown == null}) or by a throwable. */
    default void threadRunEnds(Thread thread, Throwable thrown) {
    }

    /**
     * Before a method of an atomic variable ({@code java.util.concurrent.atomic}) runs; the method itself runs when
     * this returns. For compare-and-set methods {@link #casResult} follows with the outcome.
     *
     * @param atomic the atomic object (an {@code AtomicInteger}, an {@code AtomicIntegerArray}, a {@code LongAdder},
     *               or the object an updater updates)
     * @param index  the array index for atomic arrays, else {@code -1}
     * @param access one of {@link Sites#READ}, {@link Sites#WRITE}, {@link Sites#READ_WRITE}, {@link Sites#CAS},
     *               {@link Sites#ADD} (an adder's update)
     */
    default void atomicAccess(Object atomic, int index, int access, int site) {
    }

    /**
     * Before an access method of a {@code VarHandle} ({@code get}, {@code setRelease}, {@code compareAndSet},
     * {@code getAndAdd}, ...) runs; the method itself runs when this returns. For compare-and-set methods
     * {@link #casResult} follows with the outcome.
     *
     * @param varHandle  the variable handle
     * @param coordinate the call's first argument if it is a reference (the object of a field, or the array), else
     *                   {@code null}; which of them the handle takes is known only from the handle
     * @param index      the call's second argument if it is an {@code int} (an array handle's index), else {@code -1}
     * @param access     one of {@link Sites#READ}, {@link Sites#WRITE}, {@link Sites#READ_WRITE}, {@link Sites#CAS}
     */
    default void varHandleAccess(Object varHandle, Object coordinate, int index, int access, int site) {
    }

    /** After a compare-and-set of an atomic ran; returns its result unchanged. */
    default boolean casResult(boolean success, int site) {
        return success;
    }

    /** Replaces {@code Lock.lock()}; the handler may control only {@code ReentrantLock}s and run others as is. */
    default void lock(java.util.concurrent.locks.Lock lock, int site) {
        lock.lock();
    }

    /** Replaces {@code Lock.lockInterruptibly()}. */
    default void lockInterruptibly(java.util.concurrent.locks.Lock lock, int site) throws InterruptedException {
        lock.lockInterruptibly();
    }

    /** Replaces {@code Lock.tryLock()}. */
    default boolean tryLock(java.util.concurrent.locks.Lock lock, int site) {
        return lock.tryLock();
    }

    /** Replaces {@code Lock.unlock()}. */
    default void unlock(java.util.concurrent.locks.Lock lock, int site) {
        lock.unlock();
    }

    /**
     * Replaces {@code Condition.await()} ({@code nanos < 0}) and {@code await(time, unit)} ({@code nanos >= 0}).
     * Returns false when it timed out.
     */
    default boolean conditionAwait(java.util.concurrent.locks.Condition condition, long nanos, int site)
            throws InterruptedException {
        if (nanos < 0) {
            condition.await();
            return true;
        }
        return condition.awaitNanos(nanos) > 0;
    }

    /** Replaces {@code Condition.awaitNanos(nanos)}; returns its estimate of the time left, {@code <= 0} on timeout. */
    default long conditionAwaitNanos(java.util.concurrent.locks.Condition condition, long nanos, int site)
            throws InterruptedException {
        return condition.awaitNanos(nanos);
    }

    /** Replaces {@code Condition.signal()}. */
    default void conditionSignal(java.util.concurrent.locks.Condition condition, int site) {
        condition.signal();
    }

    /** Replaces {@code Condition.signalAll()}. */
    default void conditionSignalAll(java.util.concurrent.locks.Condition condition, int site) {
        condition.signalAll();
    }

    /**
     * In place of {@code JavaLangAccess.start(thread, container)} in instrumented JDK executors (how Java 21+ starts
     * their threads): starts the thread itself and answers {@code true}, or answers {@code false} and the JDK's own
     * call runs.
     */
    default boolean startsManagedThread(Thread thread, int site) {
        return false;
    }

    /**
     * After {@code CompletableFuture}'s code read its default executor ({@code ASYNC_POOL}, the common pool) to run an
     * {@code *Async} method's task without an executor: returns the executor it uses instead ({@code pool} itself by
     * default).
     */
    default Object defaultAsyncExecutor(Object pool, int site) {
        return pool;
    }

    /**
     * Replaces {@code iterator()} of a set of objects hashed by identity inside instrumented JDK code
     * ({@code ThreadPoolExecutor.workers}), whose order would differ between executions.
     */
    default java.util.Iterator<Object> inStableOrder(java.util.Collection<Object> objects, int site) {
        return objects.iterator();
    }

    /**
     * Before a call of a JDK collection's method from instrumented code ({@code map.put}, {@code list.size},
     * {@code iterator.next}); the call itself runs when this returns, and {@link #collectionCallEnds} follows it,
     * also when it throws. {@code access} is one of the {@link CollectionCalls} codes; the site's member names the
     * method ({@code "Map.put"}) and {@link CollectionCalls#signature} its descriptor. {@code key} is the call's first
     * argument when {@code access} has {@link CollectionCalls#KEYED} (the key of {@code map.put(k, v)}), else
     * {@code null}.
     */
    default void collectionCallBegins(Object receiver, Object key, int access, int site) throws InterruptedException {
    }

    /** Replaces {@code Thread.enumerate(array)}: every live thread of the JVM's group, other executions' too. */
    default int threadEnumerate(Thread[] threads, int site) {
        return Thread.enumerate(threads);
    }

    /** Replaces {@code Thread.activeCount()}. */
    default int threadActiveCount(int site) {
        return Thread.activeCount();
    }

    /** Replaces {@code Thread.getAllStackTraces()}. */
    default java.util.Map<Thread, StackTraceElement[]> allStackTraces(int site) {
        return Thread.getAllStackTraces();
    }

    /** Replaces {@code System.setProperty}: the JVM's state, which an execution's end puts back. */
    default String systemPropertySet(String key, String value, int site) {
        return System.setProperty(key, value);
    }

    /** Replaces {@code System.clearProperty}. */
    default String systemPropertyCleared(String key, int site) {
        return System.clearProperty(key);
    }

    /** Replaces {@code Locale.setDefault(Locale)}. */
    default void defaultLocaleSet(java.util.Locale locale, int site) {
        java.util.Locale.setDefault(locale);
    }

    /** Replaces {@code TimeZone.setDefault}. */
    default void defaultTimeZoneSet(java.util.TimeZone zone, int site) {
        java.util.TimeZone.setDefault(zone);
    }

    /** Replaces {@code System.exit(status)}. */
    default void systemExit(int status, int site) {
        System.exit(status);
    }

    /** Replaces {@code Runtime.exit(status)} ({@code halt} is {@code true}: {@code Runtime.halt(status)}). */
    default void runtimeExit(Runtime runtime, int status, boolean halt, int site) {
        if (halt) {
            runtime.halt(status);
        } else {
            runtime.exit(status);
        }
    }

    /**
     * Replaces {@code Thread.currentThread()} in the test's code (not in the JDK's): the code looks at which thread it
     * runs on.
     */
    default Thread currentThread(int site) {
        return Thread.currentThread();
    }

    /** Replaces {@code ThreadLocal.get()} in the test's code: a value of the current thread's own. */
    default Object threadLocalGet(ThreadLocal<Object> local, int site) {
        return local.get();
    }

    /** Replaces {@code ThreadLocal.set(value)} in the test's code. */
    default void threadLocalSet(ThreadLocal<Object> local, Object value, int site) {
        local.set(value);
    }

    /** Replaces {@code ThreadLocal.remove()} in the test's code. */
    default void threadLocalRemove(ThreadLocal<Object> local, int site) {
        local.remove();
    }

    /**
     * Before a JDK constructor or static helper that reads or changes a collection given as an argument
     * ({@code new ArrayList<>(c)}, {@code List.copyOf(c)}, {@code Collections.max(c)}, {@code Collections.sort(list)}),
     * once per such argument.
     */
    default void collectionArgument(Object collection, boolean writes, int site) throws InterruptedException {
    }

    /** After a call announced by {@link #collectionCallBegins} returned or threw. */
    default void collectionCallEnds(int site) {
    }

    /**
     * Replaces an acquisition of a synchronizer built on {@code AbstractQueuedSynchronizer} (or its {@code long}
     * twin) outside the JDK's own code: {@code acquire}, {@code acquireShared}, their interruptible and timed
     * variants ({@link OwnSynchronizers}). Returns what the timed ones return, {@code true} for the others.
     */
    default boolean ownSynchronizerAcquire(Object synchronizer, long arg, long nanos, int mode, int site)
            throws InterruptedException {
        return OwnSynchronizers.acquire(synchronizer, arg, nanos, mode);
    }

    /** Before a query that the handler's model cannot answer ({@code what} names it); the original call follows. */
    default void unmodelledQuery(String what, int site) {
    }

    /**
     * After a call announced by {@link #collectionCallBegins} returned a view or an iterator of its receiver
     * ({@code keySet}, {@code iterator}, {@code subList}), before {@link #collectionCallEnds}.
     */
    default void collectionViewReturned(Object view, int site) {
    }

    /**
     * After an iterator's {@code next}, announced by {@link #collectionCallBegins}, returned {@code element}, before
     * {@link #collectionCallEnds}: an entry of the map when the iterator is of a map's entries.
     */
    default void collectionEntryReturned(Object element, int site) {
    }

    /** Replaces {@code BlockingQueue.put(e)}. */
    default void queuePut(java.util.concurrent.BlockingQueue<Object> queue, Object element, int site)
            throws InterruptedException {
        queue.put(element);
    }

    /** Replaces {@code BlockingQueue.take()}. */
    default Object queueTake(java.util.concurrent.BlockingQueue<Object> queue, int site) throws InterruptedException {
        return queue.take();
    }

    /** Replaces {@code BlockingQueue.offer(e, time, unit)}, the timeout given in nanoseconds. */
    default boolean queueOfferTimed(java.util.concurrent.BlockingQueue<Object> queue, Object element, long nanos,
                                    int site) throws InterruptedException {
        return queue.offer(element, nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code BlockingQueue.poll(time, unit)}, the timeout given in nanoseconds. */
    default Object queuePollTimed(java.util.concurrent.BlockingQueue<Object> queue, long nanos, int site)
            throws InterruptedException {
        return queue.poll(nanos, java.util.concurrent.TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code BlockingQueue.drainTo(c)}. */
    default int queueDrainTo(java.util.concurrent.BlockingQueue<Object> queue,
                             java.util.Collection<Object> target, int site) {
        return queue.drainTo(target);
    }

    /** Replaces {@code BlockingQueue.drainTo(c, max)}. */
    default int queueDrainToMax(java.util.concurrent.BlockingQueue<Object> queue,
                                java.util.Collection<Object> target, int max, int site) {
        return queue.drainTo(target, max);
    }

    /** Replaces {@code Queue.offer(e)}. */
    default boolean queueOffer(java.util.Queue<Object> queue, Object element, int site) {
        return queue.offer(element);
    }

    /** Replaces {@code Queue.add(e)} (a call whose owner is a {@code Queue}). */
    default boolean queueAdd(java.util.Queue<Object> queue, Object element, int site) {
        return queue.add(element);
    }

    /** Replaces {@code Queue.poll()}. */
    default Object queuePoll(java.util.Queue<Object> queue, int site) {
        return queue.poll();
    }

    /** Replaces {@code Queue.remove()}. */
    default Object queueRemove(java.util.Queue<Object> queue, int site) {
        return queue.remove();
    }

    // java.util.concurrent synchronizers. Timeouts are in nanoseconds, {@code nanos < 0} meaning "no timeout".

    /** Replaces {@code Semaphore.acquire(permits)} and {@code acquireUninterruptibly(permits)}. */
    default void semaphoreAcquire(Semaphore semaphore, int permits, boolean interruptibly, int site)
            throws InterruptedException {
        if (interruptibly) {
            semaphore.acquire(permits);
        } else {
            semaphore.acquireUninterruptibly(permits);
        }
    }

    /** Replaces {@code Semaphore.tryAcquire(permits)} and {@code tryAcquire(permits, time, unit)}. */
    default boolean semaphoreTryAcquire(Semaphore semaphore, int permits, long nanos, int site)
            throws InterruptedException {
        return nanos < 0 ? semaphore.tryAcquire(permits) : semaphore.tryAcquire(permits, nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code Semaphore.release(permits)}. */
    default void semaphoreRelease(Semaphore semaphore, int permits, int site) {
        semaphore.release(permits);
    }

    /** Replaces {@code Semaphore.drainPermits()}. */
    default int semaphoreDrainPermits(Semaphore semaphore, int site) {
        return semaphore.drainPermits();
    }

    /** Replaces {@code Semaphore.availablePermits()}. */
    default int semaphoreAvailablePermits(Semaphore semaphore, int site) {
        return semaphore.availablePermits();
    }

    /** Replaces {@code Future.get()} ({@code nanos < 0}) and {@code get(time, unit)}, the timeout in nanoseconds. */
    default Object futureGet(java.util.concurrent.Future<?> future, long nanos, int site)
            throws InterruptedException, java.util.concurrent.ExecutionException, TimeoutException {
        return nanos < 0 ? future.get() : future.get(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code CompletableFuture.join()}. */
    default Object futureJoin(java.util.concurrent.CompletableFuture<?> future, int site) {
        return future.join();
    }

    /** At the entry of {@code FutureTask.run} and {@code runAndReset}: the task runs only if the future is not done. */
    default void futureRuns(Object future, int site) {
    }

    /** At the entry of a JDK method that completes a future ({@code FutureTask.set}, {@code completeValue}, ...). */
    default void futureCompletes(Object future, int site) {
    }

    /**
     * When what a JDK executor's counters and termination show changes: a task begins (before {@code beforeExecute})
     * or is done (after {@code afterExecute}; a thread-per-task executor's task end), a worker exits, the pool has
     * terminated (after {@code terminated()}).
     */
    default void poolCountersChange(Object pool, int site) {
    }

    /** At the entry of {@code ThreadPoolExecutor.processWorkerExit}: a worker leaves the pool. */
    default void poolWorkerExits(Object pool, int site) {
    }

    /** At the entry of {@code ThreadPoolExecutor.getTask}: an idle worker looks at the work queue. */
    default void poolWorkerLooksForTask(Object pool, int site) {
    }

    /**
     * At the entry of {@code ScheduledThreadPoolExecutor.canRunInCurrentRunState}: a thread decides, on the pool's run
     * state, whether a scheduled task may still run (be queued, begin, be put back after a periodic run).
     */
    default void scheduledPoolLooksAtRunState(Object pool, int site) {
    }

    /** Replaces {@code ExecutorService.awaitTermination(time, unit)}, the timeout in nanoseconds. */
    default boolean awaitTermination(java.util.concurrent.ExecutorService pool, long nanos, int site)
            throws InterruptedException {
        return pool.awaitTermination(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code ExecutorService.invokeAny(tasks)} ({@code nanos < 0}) and {@code invokeAny(tasks, time, unit)}. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    default Object invokeAny(java.util.concurrent.ExecutorService pool,
                             java.util.Collection<? extends java.util.concurrent.Callable<?>> tasks, long nanos,
                             int site) throws InterruptedException, java.util.concurrent.ExecutionException,
            java.util.concurrent.TimeoutException {
        java.util.Collection raw = tasks;
        return nanos < 0 ? pool.invokeAny(raw) : pool.invokeAny(raw, nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code ExecutorService.close()} (Java 19+, where every executor service is {@link AutoCloseable}). */
    default void executorClose(java.util.concurrent.ExecutorService pool, int site) {
        try {
            ((AutoCloseable) pool).close();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Exception impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /**
     * Replaces {@code ReentrantLock.isLocked()}, {@code isHeldByCurrentThread()} (a {@code boolean} as 0 or 1) and
     * {@code getHoldCount()}, {@code query} naming the method.
     */
    default int reentrantLockQuery(ReentrantLock lock, String query, int site) {
        return switch (query) {
            case "isLocked" -> lock.isLocked() ? 1 : 0;
            case "isHeldByCurrentThread" -> lock.isHeldByCurrentThread() ? 1 : 0;
            case "getHoldCount" -> lock.getHoldCount();
            default -> throw new IllegalArgumentException("no ReentrantLock query " + query);
        };
    }

    /**
     * Replaces {@code ReentrantLock.hasWaiters(condition)} (0 or 1) and {@code getWaitQueueLength(condition)},
     * {@code query} naming the method.
     */
    default int reentrantLockConditionQuery(ReentrantLock lock, Condition condition, String query, int site) {
        return query.equals("hasWaiters") ? (lock.hasWaiters(condition) ? 1 : 0) : lock.getWaitQueueLength(condition);
    }

    /** Replaces {@code Exchanger.exchange(x)} ({@code nanos < 0}) and {@code exchange(x, time, unit)}. */
    default Object exchange(Exchanger<Object> exchanger, Object element, long nanos, int site)
            throws InterruptedException, TimeoutException {
        return nanos < 0 ? exchanger.exchange(element) : exchanger.exchange(element, nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code CountDownLatch.await()} and {@code await(time, unit)}; false when it timed out. */
    default boolean latchAwait(CountDownLatch latch, long nanos, int site) throws InterruptedException {
        if (nanos < 0) {
            latch.await();
            return true;
        }
        return latch.await(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code CountDownLatch.countDown()}. */
    default void latchCountDown(CountDownLatch latch, int site) {
        latch.countDown();
    }

    /** Replaces {@code CountDownLatch.getCount()}. */
    default long latchGetCount(CountDownLatch latch, int site) {
        return latch.getCount();
    }

    /** Replaces {@code CyclicBarrier.await()} and {@code await(time, unit)}. */
    default int barrierAwait(CyclicBarrier barrier, long nanos, int site)
            throws InterruptedException, BrokenBarrierException, TimeoutException {
        return nanos < 0 ? barrier.await() : barrier.await(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code CyclicBarrier.getNumberWaiting()}. */
    default int barrierNumberWaiting(CyclicBarrier barrier, int site) {
        return barrier.getNumberWaiting();
    }

    /** Replaces {@code CyclicBarrier.isBroken()}. */
    default boolean barrierIsBroken(CyclicBarrier barrier, int site) {
        return barrier.isBroken();
    }

    /** Replaces {@code CyclicBarrier.reset()}. */
    default void barrierReset(CyclicBarrier barrier, int site) {
        barrier.reset();
    }

    /** Replaces {@code Phaser.register()} and {@code bulkRegister(parties)}. */
    default int phaserRegister(Phaser phaser, int parties, int site) {
        return parties == 1 ? phaser.register() : phaser.bulkRegister(parties);
    }

    /** Replaces {@code Phaser.arrive()} and {@code arriveAndDeregister()}. */
    default int phaserArrive(Phaser phaser, boolean deregister, int site) {
        return deregister ? phaser.arriveAndDeregister() : phaser.arrive();
    }

    /** Replaces {@code Phaser.arriveAndAwaitAdvance()}. */
    default int phaserArriveAndAwaitAdvance(Phaser phaser, int site) {
        return phaser.arriveAndAwaitAdvance();
    }

    /** Replaces {@code Phaser.awaitAdvance(phase)} and {@code awaitAdvanceInterruptibly(phase[, time, unit])}. */
    default int phaserAwaitAdvance(Phaser phaser, int phase, boolean interruptibly, long nanos, int site)
            throws InterruptedException, TimeoutException {
        if (!interruptibly) {
            return phaser.awaitAdvance(phase);
        }
        return nanos < 0
                ? phaser.awaitAdvanceInterruptibly(phase)
                : phaser.awaitAdvanceInterruptibly(phase, nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code Phaser.getPhase()}. */
    default int phaserGetPhase(Phaser phaser, int site) {
        return phaser.getPhase();
    }

    /**
     * Replaces {@code Phaser.getArrivedParties()}, {@code getUnarrivedParties()}, {@code getRegisteredParties()} and
     * {@code isTerminated()} (a {@code boolean} as 0 or 1), {@code query} naming the method.
     */
    default int phaserQuery(Phaser phaser, String query, int site) {
        return switch (query) {
            case "getArrivedParties" -> phaser.getArrivedParties();
            case "getUnarrivedParties" -> phaser.getUnarrivedParties();
            case "getRegisteredParties" -> phaser.getRegisteredParties();
            case "isTerminated" -> phaser.isTerminated() ? 1 : 0;
            default -> throw new IllegalArgumentException("no Phaser query " + query);
        };
    }

    /** Replaces {@code Phaser.forceTermination()}. */
    default void phaserForceTermination(Phaser phaser, int site) {
        phaser.forceTermination();
    }

    /** Replaces {@code StampedLock.writeLock/readLock()} and their {@code Interruptibly} variants. */
    default long stampedLock(StampedLock lock, boolean write, boolean interruptibly, int site)
            throws InterruptedException {
        if (interruptibly) {
            return write ? lock.writeLockInterruptibly() : lock.readLockInterruptibly();
        }
        return write ? lock.writeLock() : lock.readLock();
    }

    /** Replaces {@code StampedLock.tryWriteLock/tryReadLock()} and their timed variants. */
    default long stampedTryLock(StampedLock lock, boolean write, long nanos, int site) throws InterruptedException {
        if (nanos < 0) {
            return write ? lock.tryWriteLock() : lock.tryReadLock();
        }
        return write ? lock.tryWriteLock(nanos, TimeUnit.NANOSECONDS) : lock.tryReadLock(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code StampedLock.unlock} ({@code mode} 0), {@code unlockWrite} (1), {@code unlockRead} (2). */
    default void stampedUnlock(StampedLock lock, long stamp, int mode, int site) {
        switch (mode) {
            case 1 -> lock.unlockWrite(stamp);
            case 2 -> lock.unlockRead(stamp);
            default -> lock.unlock(stamp);
        }
    }

    /** Replaces {@code StampedLock.tryOptimisticRead()}. */
    default long stampedTryOptimisticRead(StampedLock lock, int site) {
        return lock.tryOptimisticRead();
    }

    /** Replaces {@code StampedLock.validate(stamp)}. */
    default boolean stampedValidate(StampedLock lock, long stamp, int site) {
        return lock.validate(stamp);
    }

    /** Replaces {@code StampedLock.tryConvertToWriteLock(stamp)}. */
    default long stampedTryConvertToWriteLock(StampedLock lock, long stamp, int site) {
        return lock.tryConvertToWriteLock(stamp);
    }

    /** Replaces {@code Lock.tryLock(time, unit)}. */
    default boolean tryLockTimed(java.util.concurrent.locks.Lock lock, long nanos, int site)
            throws InterruptedException {
        return lock.tryLock(nanos, TimeUnit.NANOSECONDS);
    }

    /** Replaces {@code Condition.awaitUninterruptibly()}. */
    default void conditionAwaitUninterruptibly(java.util.concurrent.locks.Condition condition, int site) {
        condition.awaitUninterruptibly();
    }
}
