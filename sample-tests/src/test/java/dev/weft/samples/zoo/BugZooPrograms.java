package dev.weft.samples.zoo;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Real concurrency bugs as people write them, each beside its fixed twin ({@code ...Fixed}). {@link BugZooTest} runs
 * every buggy test and checks it fails with the right kind, and every twin and checks it passes. (Named
 * {@code *Programs} so that Surefire does not run them on their own: half of them are meant to fail.)
 */
class BugZooPrograms {

    /** Starts both in order and waits for both, as most of these tests do. */
    private static void runConcurrently(Runnable first, Runnable second) throws InterruptedException {
        Concurrently.run(first, second);
    }

    // 1. Lost update: count++ is a read and a write.

    static final class Counter {
        int count;

        void increment() {
            count++;
        }

        synchronized void incrementSafely() {
            count++;
        }
    }

    @ExhaustiveConcurrency
    void lostUpdate() throws Exception {
        Counter c = new Counter();
        runConcurrently(c::increment, c::increment);
        assertEquals(2, c.count);
    }

    @ExhaustiveConcurrency
    void lostUpdateFixed() throws Exception {
        Counter c = new Counter();
        runConcurrently(c::incrementSafely, c::incrementSafely);
        assertEquals(2, c.count);
    }

    // 2. Non-atomic transfer: the total is not conserved.

    static final class Account {
        int balance;

        Account(int balance) {
            this.balance = balance;
        }

        void transferTo(Account to, int amount) {
            int mine = balance;
            int theirs = to.balance;
            balance = mine - amount;
            to.balance = theirs + amount;
        }

        void transferSafely(Account to, int amount) {
            synchronized (Account.class) {
                transferTo(to, amount);
            }
        }
    }

    @ExhaustiveConcurrency
    void transferLosesMoney() throws Exception {
        Account a = new Account(100);
        Account b = new Account(0);
        runConcurrently(() -> a.transferTo(b, 60), () -> b.transferTo(a, 10));
        assertThat(a.balance + b.balance).isEqualTo(100);
    }

    @ExhaustiveConcurrency
    void transferLosesMoneyFixed() throws Exception {
        Account a = new Account(100);
        Account b = new Account(0);
        runConcurrently(() -> a.transferSafely(b, 60), () -> b.transferSafely(a, 10));
        assertThat(a.balance + b.balance).isEqualTo(100);
    }

    // 3. Lock-order deadlock.

    @ExhaustiveConcurrency
    void lockOrderDeadlock() throws Exception {
        Object left = new Object();
        Object right = new Object();
        runConcurrently(
                () -> {
                    synchronized (left) {
                        synchronized (right) {
                            left.hashCode();
                        }
                    }
                },
                () -> {
                    synchronized (right) {
                        synchronized (left) {
                            right.hashCode();
                        }
                    }
                });
    }

    @ExhaustiveConcurrency
    void lockOrderDeadlockFixed() throws Exception {
        Object left = new Object();
        Object right = new Object();
        Runnable inOrder = () -> {
            synchronized (left) {
                synchronized (right) {
                    left.hashCode();
                }
            }
        };
        runConcurrently(inOrder, inOrder);
    }

    // 4. Missed notify: the waiter does not check a condition, so a notify sent before it waits is lost.

    static final class Latch {
        boolean open;

        synchronized void awaitOpenBroken() throws InterruptedException {
            wait();
        }

        synchronized void awaitOpen() throws InterruptedException {
            while (!open) {
                wait();
            }
        }

        synchronized void open() {
            open = true;
            notifyAll();
        }
    }

    /** Something a thread waits for, interruptibly. */
    @FunctionalInterface
    private interface Waiting {
        void await() throws InterruptedException;
    }

    /** A waiter thread waits while the main thread opens what it waits for; then the main thread joins it. */
    private static void waitWhileMainOpens(Waiting waiting, Runnable open) throws InterruptedException {
        Thread waiter = new Thread(() -> {
            try {
                waiting.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        waiter.start();
        open.run();
        waiter.join();
    }

    private static void runLatch(boolean broken) throws InterruptedException {
        Latch latch = new Latch();
        waitWhileMainOpens(broken ? latch::awaitOpenBroken : latch::awaitOpen, latch::open);
    }

    @ExhaustiveConcurrency
    void missedNotify() throws Exception {
        runLatch(true);
    }

    @ExhaustiveConcurrency
    void missedNotifyFixed() throws Exception {
        runLatch(false);
    }

    // 5. `if` instead of `while` around wait: a second consumer takes the item first.

    static final class Buffer {
        private final Deque<Integer> items = new ArrayDeque<>();
        private int size;

        synchronized void put(int item) {
            items.addLast(item);
            size++;
            notifyAll();
        }

        synchronized int takeWithIf() throws InterruptedException {
            if (size == 0) {
                wait();
            }
            size--;
            return items.removeFirst();
        }

        synchronized int takeWithWhile() throws InterruptedException {
            while (size == 0) {
                wait();
            }
            size--;
            return items.removeFirst();
        }
    }

    private static Thread consumer(Buffer buffer, boolean safely, int[] taken, int slot) {
        return new Thread(() -> {
            try {
                taken[slot] = safely ? buffer.takeWithWhile() : buffer.takeWithIf();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
    }

    @ExhaustiveConcurrency
    void ifInsteadOfWhileAroundWait() throws Exception {
        Buffer buffer = new Buffer();
        int[] taken = new int[2];
        Thread c1 = consumer(buffer, false, taken, 0);
        Thread c2 = consumer(buffer, false, taken, 1);
        c1.start();
        c2.start();
        buffer.put(1);
        buffer.put(2);
        c1.join();
        c2.join();
        assertThat(taken[0] + taken[1]).isEqualTo(3);
    }

    @ExhaustiveConcurrency
    void ifInsteadOfWhileAroundWaitFixed() throws Exception {
        Buffer buffer = new Buffer();
        int[] taken = new int[2];
        Thread c1 = consumer(buffer, true, taken, 0);
        Thread c2 = consumer(buffer, true, taken, 1);
        c1.start();
        c2.start();
        buffer.put(1);
        buffer.put(2);
        c1.join();
        c2.join();
        assertThat(taken[0] + taken[1]).isEqualTo(3);
    }

    // 6. Publication before initialisation: the object is shared before its field is set.

    static final class Config {
        int port;
    }

    static final class Holder {
        Config config;
        boolean ready;
    }

    @ExhaustiveConcurrency
    void publicationBeforeInitialisation() throws Exception {
        Holder holder = new Holder();
        runConcurrently(
                () -> {
                    Config c = new Config();
                    holder.config = c;
                    c.port = 8080;
                },
                () -> {
                    Config c = holder.config;
                    if (c != null) {
                        assertThat(c.port).isEqualTo(8080);
                    }
                });
    }

    @ExhaustiveConcurrency
    void publicationBeforeInitialisationFixed() throws Exception {
        Holder holder = new Holder();
        runConcurrently(
                () -> {
                    Config c = new Config();
                    c.port = 8080;
                    holder.config = c;
                },
                () -> {
                    Config c = holder.config;
                    if (c != null) {
                        assertThat(c.port).isEqualTo(8080);
                    }
                });
    }

    // 7. Broken Peterson: turn is written before the flag, so both can enter.

    static final class Peterson {
        volatile boolean flag0;
        volatile boolean flag1;
        volatile int turn;
        int inside;

        void enter(int me, boolean broken) {
            int other = 1 - me;
            if (broken) {
                turn = other;
                setFlag(me, true);
            } else {
                setFlag(me, true);
                turn = other;
            }
            while (flag(other) && turn == other) {
                Thread.onSpinWait();
            }
            inside++;
            assertThat(inside).as("threads in the critical section").isEqualTo(1);
            inside--;
            setFlag(me, false);
        }

        private boolean flag(int who) {
            return who == 0 ? flag0 : flag1;
        }

        private void setFlag(int who, boolean value) {
            if (who == 0) {
                flag0 = value;
            } else {
                flag1 = value;
            }
        }
    }

    private static void runPeterson(boolean broken) throws InterruptedException {
        Peterson p = new Peterson();
        runConcurrently(() -> p.enter(0, broken), () -> p.enter(1, broken));
    }

    @ExhaustiveConcurrency
    void brokenPeterson() throws Exception {
        runPeterson(true);
    }

    @ExhaustiveConcurrency
    void brokenPetersonFixed() throws Exception {
        runPeterson(false);
    }

    // 8. An exception that dies silently in a worker thread: the test never looks.

    static final class Parser {
        int parsed;

        void parse(String text) {
            parsed = Integer.parseInt(text.strip());
        }
    }

    @ExhaustiveConcurrency
    void exceptionDiesSilentlyInWorker() throws Exception {
        Parser parser = new Parser();
        Thread worker = new Thread(() -> parser.parse("4 2"));
        worker.start();
        worker.join();
    }

    @ExhaustiveConcurrency
    void exceptionDiesSilentlyInWorkerFixed() throws Exception {
        Parser parser = new Parser();
        Thread worker = new Thread(() -> parser.parse("42"));
        worker.start();
        worker.join();
        assertThat(parser.parsed).isEqualTo(42);
    }

    // 9. Check-then-act lazy initialisation: two instances get created.

    static final class Registry {
        static final AtomicInteger CREATED = new AtomicInteger();
        Object instance;

        Object get() {
            if (instance == null) {
                instance = new Object();
                CREATED.incrementAndGet();
            }
            return instance;
        }

        synchronized Object getSafely() {
            return get();
        }
    }

    @ExhaustiveConcurrency
    void lazyInitialisationRace() throws Exception {
        Registry registry = new Registry();
        Object[] seen = new Object[2];
        runConcurrently(() -> seen[0] = registry.get(), () -> seen[1] = registry.get());
        assertThat(seen[0]).isSameAs(seen[1]);
    }

    @ExhaustiveConcurrency
    void lazyInitialisationRaceFixed() throws Exception {
        Registry registry = new Registry();
        Object[] seen = new Object[2];
        runConcurrently(() -> seen[0] = registry.getSafely(), () -> seen[1] = registry.getSafely());
        assertThat(seen[0]).isSameAs(seen[1]);
    }

    // 10. get-then-set on an atomic is not atomic.

    @ExhaustiveConcurrency
    void atomicGetThenSet() throws Exception {
        AtomicInteger hits = new AtomicInteger();
        Runnable hit = () -> hits.set(hits.get() + 1);
        runConcurrently(hit, hit);
        assertThat(hits.get()).isEqualTo(2);
    }

    @ExhaustiveConcurrency
    void atomicGetThenSetFixed() throws Exception {
        AtomicInteger hits = new AtomicInteger();
        Runnable hit = hits::incrementAndGet;
        runConcurrently(hit, hit);
        assertThat(hits.get()).isEqualTo(2);
    }

    // 11. Forgotten join: the result is read before the worker wrote it.

    static final class Result {
        int value;
    }

    @ExhaustiveConcurrency
    void forgottenJoin() throws Exception {
        Result result = new Result();
        Thread worker = new Thread(() -> result.value = 42);
        worker.start();
        assertThat(result.value).isEqualTo(42);
        worker.join();
    }

    @ExhaustiveConcurrency
    void forgottenJoinFixed() throws Exception {
        Result result = new Result();
        Thread worker = new Thread(() -> result.value = 42);
        worker.start();
        worker.join();
        assertThat(result.value).isEqualTo(42);
    }

    // 12. A ReentrantLock not released on the exception path.

    static final class Inventory {
        final ReentrantLock lock = new ReentrantLock();
        int stock = 1;

        void takeLeaky() {
            lock.lock();
            if (stock == 0) {
                throw new IllegalStateException("sold out");
            }
            stock--;
            lock.unlock();
        }

        void takeSafely() {
            lock.lock();
            try {
                if (stock == 0) {
                    throw new IllegalStateException("sold out");
                }
                stock--;
            } finally {
                lock.unlock();
            }
        }
    }

    private static Runnable swallowing(Runnable action) {
        return () -> {
            try {
                action.run();
            } catch (IllegalStateException expected) {
                // sold out is a normal outcome for the second buyer
            }
        };
    }

    private static void runInventory(boolean leaky) throws InterruptedException {
        Inventory inventory = new Inventory();
        Runnable take = leaky ? inventory::takeLeaky : inventory::takeSafely;
        runConcurrently(swallowing(take), swallowing(take));
        // The shop counts its stock at closing time: with a leaked lock, this waits forever.
        inventory.lock.lock();
        try {
            assertThat(inventory.stock).isZero();
        } finally {
            inventory.lock.unlock();
        }
    }

    @ExhaustiveConcurrency
    void lockNotReleasedOnException() throws Exception {
        runInventory(true);
    }

    @ExhaustiveConcurrency
    void lockNotReleasedOnExceptionFixed() throws Exception {
        runInventory(false);
    }

    // 13. A Condition signalled before anyone awaits it, with no state to check.

    static final class Gate {
        final ReentrantLock lock = new ReentrantLock();
        final Condition opened = lock.newCondition();
        boolean open;

        void passBroken() throws InterruptedException {
            lock.lock();
            try {
                opened.await();
            } finally {
                lock.unlock();
            }
        }

        void pass() throws InterruptedException {
            lock.lock();
            try {
                while (!open) {
                    opened.await();
                }
            } finally {
                lock.unlock();
            }
        }

        void open() {
            lock.lock();
            try {
                open = true;
                opened.signalAll();
            } finally {
                lock.unlock();
            }
        }
    }

    private static void runGate(boolean broken) throws InterruptedException {
        Gate gate = new Gate();
        waitWhileMainOpens(broken ? gate::passBroken : gate::pass, gate::open);
    }

    @ExhaustiveConcurrency
    void conditionSignalledTooEarly() throws Exception {
        runGate(true);
    }

    @ExhaustiveConcurrency
    void conditionSignalledTooEarlyFixed() throws Exception {
        runGate(false);
    }

    // 14. A started-once guard that is not atomic: the service starts twice.

    static final class Service {
        boolean started;
        int starts;

        void startOnce() {
            if (!started) {
                started = true;
                starts++;
            }
        }

        synchronized void startOnceSafely() {
            startOnce();
        }
    }

    @ExhaustiveConcurrency
    void serviceStartedTwice() throws Exception {
        Service service = new Service();
        runConcurrently(service::startOnce, service::startOnce);
        assertThat(service.starts).isEqualTo(1);
    }

    @ExhaustiveConcurrency
    void serviceStartedTwiceFixed() throws Exception {
        Service service = new Service();
        runConcurrently(service::startOnceSafely, service::startOnceSafely);
        assertThat(service.starts).isEqualTo(1);
    }

    // 15. A park that nobody unparks when the handshake flag is set first.

    static final class Handshake {
        volatile boolean done;
    }

    @ExhaustiveConcurrency
    void parkWithoutUnpark() throws Exception {
        Handshake h = new Handshake();
        Thread waiter = new Thread(() -> LockSupport.park());
        waiter.start();
        h.done = true;
        waiter.join();
    }

    @ExhaustiveConcurrency
    void parkWithoutUnparkFixed() throws Exception {
        Handshake h = new Handshake();
        Thread waiter = new Thread(() -> {
            while (!h.done) {
                LockSupport.park();
            }
        });
        waiter.start();
        h.done = true;
        LockSupport.unpark(waiter);
        waiter.join();
    }

    // 16. A spin on a flag that nobody sets never ends.

    static final class Flag {
        volatile boolean set;
    }

    @ExhaustiveConcurrency(maxSteps = 2_000)
    void spinOnAFlagNobodySets() throws Exception {
        Flag flag = new Flag();
        Thread spinner = new Thread(() -> {
            while (!flag.set) {
                Thread.onSpinWait();
            }
        });
        spinner.start();
        spinner.join();
    }

    @ExhaustiveConcurrency(maxSteps = 2_000)
    void spinOnAFlagNobodySetsFixed() throws Exception {
        Flag flag = new Flag();
        Thread spinner = new Thread(() -> {
            while (!flag.set) {
                Thread.onSpinWait();
            }
        });
        spinner.start();
        flag.set = true;
        spinner.join();
    }

    // 17. Check-then-act on a concurrent map: each call is atomic, the pair is not. The map is the only shared state
    // (the counter is touched only inside the map's calls), so the bug is found through the map's operations.

    private static void registerOnce(boolean atomically) throws InterruptedException {
        ConcurrentMap<String, Integer> map = new ConcurrentHashMap<>();
        AtomicInteger created = new AtomicInteger();
        Runnable register = () -> {
            if (atomically) {
                map.computeIfAbsent("k", key -> created.incrementAndGet());
            } else if (!map.containsKey("k")) {
                map.put("k", created.incrementAndGet());
            }
        };
        runConcurrently(register, register);
        assertThat(created.get()).as("values created for one key").isEqualTo(1);
    }

    @ExhaustiveConcurrency
    void checkThenActOnAConcurrentMap() throws Exception {
        registerOnce(false);
    }

    @ExhaustiveConcurrency
    void checkThenActOnAConcurrentMapFixed() throws Exception {
        registerOnce(true);
    }
}
