package dev.weft.samples.monitors;

import dev.weft.junit.ExhaustiveConcurrency;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A synchronized method's monitor belongs to the method, wherever it is called from: a method reference (whose
 * {@code LambdaMetafactory} class Weft never instruments), {@code Method.invoke}, virtual dispatch to a synchronized
 * override, or the JDK calling back into this class. Each program enters synchronized methods of one monitor from
 * such a route; its count is derived in its comment: the critical sections all read and write the same count, so
 * they conflict, and the traces are the orders of the critical sections, {@code N!} for N threads each entering once.
 * Each program that counts has a buggy twin that reaches a method that is <em>not</em> synchronized the same way; the
 * lost update must be found.
 *
 * <p>{@link SynchronizedRoutesTest} runs every program twice: in a fresh JVM, where this class is loaded before Weft
 * is installed and therefore keeps {@code ACC_SYNCHRONIZED} (the JVM takes the real monitor at every entry), and in
 * the test JVM after installation, where the flag is removed as the class is defined. (Named {@code *Programs} so
 * that Surefire does not run them on their own: the buggy ones are meant to fail.)
 */
class SynchronizedRoutePrograms extends Tally implements Runnable, IntConsumer {

    static int total;

    boolean ready;

    private synchronized void increment() {
        count++;
    }

    private void incrementUnsynchronized() {
        count++;
    }

    private synchronized int incrementAndGet() {
        return ++count;
    }

    private int incrementAndGetUnsynchronized() {
        return ++count;
    }

    private static synchronized void incrementTotal() {
        total++;
    }

    private static void incrementTotalUnsynchronized() {
        total++;
    }

    /** Synchronized here, not in {@link Tally}: a call of {@code Tally.add} reaches it by virtual dispatch. */
    @Override
    synchronized void add(int delta) {
        count += delta;
    }

    /** For the JDK's {@code Thread.run}, which calls it on the thread's target. */
    @Override
    public synchronized void run() {
        count++;
    }

    /** For the JDK's streams and {@code IntConsumer.andThen}, which call it. */
    @Override
    public synchronized void accept(int delta) {
        count += delta;
    }

    /** Enters its own monitor twice more: through a call site and through a method reference. */
    private synchronized void incrementTwiceReentrantly() {
        increment();
        Runnable again = this::increment;
        again.run();
    }

    private synchronized void awaitReady() {
        try {
            while (!ready) {
                wait();
            }
        } catch (InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private synchronized void makeReady() {
        ready = true;
        notifyAll();
    }

    /** The same three methods as this class's, none synchronized: for the twins of the virtual and JDK routes. */
    static final class Unguarded extends Tally implements Runnable, IntConsumer {
        @Override
        public void run() {
            count++;
        }

        @Override
        public void accept(int delta) {
            count += delta;
        }
    }

    /** Starts one thread per task, in order, and joins them all. */
    static void runAll(Runnable... tasks) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (Runnable task : tasks) {
            threads.add(new Thread(task));
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /** {@code method.invoke(this)}, for a thread's task. */
    private Runnable invoking(Method method) {
        return () -> {
            try {
                method.invoke(this);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException(e);
            }
        };
    }

    private static Method declared(String name) throws NoSuchMethodException {
        Method method = SynchronizedRoutePrograms.class.getDeclaredMethod(name);
        method.setAccessible(true);
        return method;
    }

    /** Four threads whose task is {@code this::increment}, a private synchronized method: 4! = 24 orders. */
    @ExhaustiveConcurrency
    void methodReferenceToAPrivateSynchronizedMethod() throws InterruptedException {
        runAll(this::increment, this::increment, this::increment, this::increment);
        assertEquals(4, count, "an increment was lost");
    }

    @ExhaustiveConcurrency
    void methodReferenceToAPrivateMethodLosesAnUpdate() throws InterruptedException {
        runAll(this::incrementUnsynchronized, this::incrementUnsynchronized, this::incrementUnsynchronized,
                this::incrementUnsynchronized);
        assertEquals(4, count, "an increment was lost");
    }

    /**
     * {@code Callable<Integer> task = this::incrementAndGet} three times to {@code invokeAll} on three workers: the
     * order of the three increments, 3! = 6 (the pool's own synchronization is not the user's, see
     * {@code UserLevelPrograms}).
     */
    @ExhaustiveConcurrency
    void methodReferenceTasksGivenToInvokeAll() throws Exception {
        Callable<Integer> task = this::incrementAndGet;
        assertEquals(Set.of(1, 2, 3), results(List.of(task, task, task)), "each task saw its own count");
    }

    @ExhaustiveConcurrency
    void methodReferenceTasksGivenToInvokeAllLoseAnUpdate() throws Exception {
        Callable<Integer> task = this::incrementAndGetUnsynchronized;
        assertEquals(Set.of(1, 2, 3), results(List.of(task, task, task)), "each task saw its own count");
    }

    private static Set<Integer> results(List<Callable<Integer>> tasks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size());
        Set<Integer> results = new TreeSet<>();
        for (Future<Integer> result : pool.invokeAll(tasks)) {
            results.add(result.get());
        }
        pool.shutdown();
        return results;
    }

    /** Three threads calling {@code increment} through {@code Method.invoke}: 3! = 6. */
    @ExhaustiveConcurrency
    void reflectiveCallsOfASynchronizedMethod() throws Exception {
        Method increment = declared("increment");
        runAll(invoking(increment), invoking(increment), invoking(increment));
        assertEquals(3, count, "an increment was lost");
    }

    @ExhaustiveConcurrency
    void reflectiveCallsOfAMethodLoseAnUpdate() throws Exception {
        Method increment = declared("incrementUnsynchronized");
        runAll(invoking(increment), invoking(increment), invoking(increment));
        assertEquals(3, count, "an increment was lost");
    }

    /**
     * Two threads call {@code Tally.add}, which is not synchronized, and reach this class's synchronized override; a
     * third calls {@code IntConsumer.accept} through the interface: three critical sections of one monitor, 3! = 6.
     */
    @ExhaustiveConcurrency
    void virtualDispatchToSynchronizedOverrides() throws InterruptedException {
        Tally tally = this;
        IntConsumer consumer = this;
        runAll(() -> tally.add(1), () -> tally.add(1), () -> consumer.accept(1));
        assertEquals(3, count, "an addition was lost");
    }

    @ExhaustiveConcurrency
    void virtualDispatchToMethodsThatAreNotSynchronizedLosesAnUpdate() throws InterruptedException {
        Unguarded unguarded = new Unguarded();
        Tally tally = unguarded;
        IntConsumer consumer = unguarded;
        runAll(() -> tally.add(1), () -> tally.add(1), () -> consumer.accept(1));
        assertEquals(3, unguarded.count, "an addition was lost");
    }

    /**
     * The JDK calls the synchronized methods: {@code Thread.run} calls {@code run()} of its target, a stream's
     * {@code forEach} calls {@code accept}, and so does the consumer {@code IntConsumer.andThen} composes. Three
     * critical sections of one monitor: 3! = 6.
     */
    @ExhaustiveConcurrency
    void callsFromTheJdk() throws InterruptedException {
        callFromTheJdk(this, this);
        assertEquals(3, count, "an addition was lost");
    }

    @ExhaustiveConcurrency
    void callsFromTheJdkToMethodsThatAreNotSynchronizedLoseAnUpdate() throws InterruptedException {
        Unguarded unguarded = new Unguarded();
        callFromTheJdk(unguarded, unguarded);
        assertEquals(3, unguarded.count, "an addition was lost");
    }

    private static void callFromTheJdk(Runnable target, IntConsumer consumer) throws InterruptedException {
        Thread byThreadRun = new Thread(target);
        Thread byStream = new Thread(() -> IntStream.of(1).forEach(consumer));
        Thread byComposition = new Thread(() -> consumer.andThen(ignored -> { }).accept(1));
        byThreadRun.start();
        byStream.start();
        byComposition.start();
        byThreadRun.join();
        byStream.join();
        byComposition.join();
    }

    /** {@code SynchronizedRoutePrograms::incrementTotal}, static synchronized (the class's monitor), thrice: 3! = 6. */
    @ExhaustiveConcurrency
    void methodReferenceToAStaticSynchronizedMethod() throws InterruptedException {
        total = 0;
        runAll(SynchronizedRoutePrograms::incrementTotal, SynchronizedRoutePrograms::incrementTotal,
                SynchronizedRoutePrograms::incrementTotal);
        assertEquals(3, total, "an increment was lost");
    }

    @ExhaustiveConcurrency
    void methodReferenceToAStaticMethodLosesAnUpdate() throws InterruptedException {
        total = 0;
        runAll(SynchronizedRoutePrograms::incrementTotalUnsynchronized,
                SynchronizedRoutePrograms::incrementTotalUnsynchronized,
                SynchronizedRoutePrograms::incrementTotalUnsynchronized);
        assertEquals(3, total, "an increment was lost");
    }

    /**
     * Four routes into one monitor at once: a call the instrumentation sees (in a lambda), a method reference,
     * {@code Method.invoke} and virtual dispatch. The four critical sections in any order: 4! = 24.
     */
    @ExhaustiveConcurrency
    void everyRouteIntoOneMonitor() throws Exception {
        Tally tally = this;
        runAll(() -> increment(), this::increment, invoking(declared("increment")), () -> tally.add(1));
        assertEquals(4, count, "an increment was lost");
    }

    /**
     * Two threads enter {@code incrementTwiceReentrantly} through a method reference; inside, each enters the monitor
     * it holds twice more (a direct call and a method reference). Only the outermost entry is a lock operation, so
     * the traces are the orders of the two outer critical sections: 2! = 2.
     */
    @ExhaustiveConcurrency
    void reentrantEntriesThroughEveryRoute() throws InterruptedException {
        runAll(this::incrementTwiceReentrantly, this::incrementTwiceReentrantly);
        assertEquals(4, count, "an increment was lost");
    }

    /**
     * {@code awaitReady} waits inside a synchronized method reached by a method reference until {@code makeReady},
     * reached the same way, sets the flag and notifies. Four traces: the notifier's section first (the waiter finds the
     * flag set and never waits); the waiter's first, and it is notified; or it wakes spuriously as it begins to wait
     * (weft.spuriousWakeups) and takes the monitor back before the notifier (it waits again, and is notified) or after
     * (it finds the flag set).
     */
    @ExhaustiveConcurrency
    void waitAndNotifyInsideMethodsReachedByReference() throws InterruptedException {
        runAll(this::awaitReady, this::makeReady);
        assertTrue(ready);
    }

    /** Two monitors, nested: {@code enterBoth} holds this object's and, inside, {@link Inner}'s. */
    static final class Outer {
        final Inner inner = new Inner(this);
        volatile boolean flag;

        synchronized void enterBoth() {
            inner.readFlag();
        }

        synchronized void touch() {
        }
    }

    static final class Inner {
        private final Outer outer;
        boolean seen;

        Inner(Outer outer) {
            this.outer = outer;
        }

        synchronized void readFlag() {
            seen = outer.flag;
        }
    }

    /**
     * One thread enters {@code Outer.enterBoth} and, inside it, {@code Inner.readFlag}, which reads a volatile flag;
     * the other writes the flag, then enters {@code Outer.touch} by {@code Method.invoke}. Three traces: the second
     * thread's section before the first's; the first's before, with the write before the read; or with it after (a
     * write before the first's lock and after it are the same trace, the write and the lock being independent).
     *
     * <p>Where the classes keep {@code ACC_SYNCHRONIZED} (the fresh JVM), a thread paused inside both methods keeps the
     * outer real monitor (it waits in the inner one only), so the reflective entry blocks in the JVM in the trace where
     * the write comes between the first thread's lock and its read: reported as {@code UNCONTROLLED_BLOCKING} with
     * this cause, as the user guide's limitations say.
     */
    @ExhaustiveConcurrency
    void nestedMonitorsAndAReflectiveEntry() throws Exception {
        Outer outer = new Outer();
        Method touch = Outer.class.getDeclaredMethod("touch");
        runAll(outer::enterBoth, () -> {
            outer.flag = true;
            try {
                touch.invoke(outer);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException(e);
            }
        });
    }
}
