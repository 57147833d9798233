package dev.weft.samples.collections;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.junit.KeepAcrossExecutions;
import dev.weft.samples.support.Concurrently;
import dev.weft.samples.support.Parts;
import dev.weft.samples.support.Parts.Part;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Correct tests whose threads do things in the order of their objects' identity hashes: the iteration order of a hash
 * set of objects without their own {@code hashCode}, or a lock order chosen by {@code System.identityHashCode}.
 * {@link IdentityHashTest} runs them.
 */
class IdentityHashPrograms {

    @ExhaustiveConcurrency
    void inAHashSet() throws InterruptedException {
        Parts.bothUseEachInTurn(Parts.four(new HashSet<>()));
    }

    @ExhaustiveConcurrency
    void inAConcurrentKeySet() throws InterruptedException {
        Parts.bothUseEachInTurn(Parts.four(ConcurrentHashMap.newKeySet()));
    }

    @ExhaustiveConcurrency
    void inASetOf() throws InterruptedException {
        Parts.bothUseEachInTurn(Set.of(new Part(), new Part(), new Part(), new Part()));
    }

    @ExhaustiveConcurrency
    void inAnIdentityMapsKeys() throws InterruptedException {
        Map<Part, Boolean> parts = new IdentityHashMap<>();
        for (Part part : Parts.four(new ArrayList<>())) {
            parts.put(part, true);
        }
        Parts.bothUseEachInTurn(parts.keySet());
    }

    /** Lambdas that capture a value are new objects each time, hashed by identity too. */
    @ExhaustiveConcurrency
    void lambdasInAHashSet() throws InterruptedException {
        Set<Runnable> uses = new HashSet<>();
        for (Part part : Parts.four(new ArrayList<>())) {
            uses.add(() -> {
                synchronized (part) {
                    part.uses++;
                }
            });
        }
        Runnable useEach = () -> uses.forEach(Runnable::run);
        Concurrently.run(useEach, useEach);
    }

    /** A list's hash is made of its elements' hashes. */
    @ExhaustiveConcurrency
    void listsOfThemInAHashSet() throws InterruptedException {
        Set<List<Part>> lists = new HashSet<>();
        for (Part part : Parts.four(new ArrayList<>())) {
            lists.add(new ArrayList<>(List.of(part)));
        }
        List<Part> parts = new ArrayList<>();
        lists.forEach(parts::addAll);
        Parts.bothUseEachInTurn(parts);
    }

    /** A record that holds one: the record's hashCode (the JDK's ObjectMethods, through Objects.hashCode) is its. */
    @ExhaustiveConcurrency
    void recordsOfThemInAHashSet() throws InterruptedException {
        Set<Holding> holdings = new HashSet<>();
        for (Part part : Parts.four(new ArrayList<>())) {
            holdings.add(new Holding(part));
        }
        List<Part> parts = new ArrayList<>();
        holdings.forEach(holding -> parts.add(holding.part()));
        Parts.bothUseEachInTurn(parts);
    }

    private record Holding(Part part) {
    }

    /** {@code Object.toString()} ends in the object's hash: a map keyed by it, as a log or a report might be. */
    @ExhaustiveConcurrency
    void keyedByTheirToString() throws InterruptedException {
        Map<String, Part> byName = new TreeMap<>();
        for (Part part : Parts.four(new ArrayList<>())) {
            byName.put(part.toString(), part);
        }
        Parts.bothUseEachInTurn(byName.values());
    }

    @ExhaustiveConcurrency
    void sortedByIdentityHash() throws InterruptedException {
        Parts.bothUseEachInTurn(sortedBy(System::identityHashCode));
    }

    @ExhaustiveConcurrency
    void sortedByHashCode() throws InterruptedException {
        Parts.bothUseEachInTurn(sortedBy(part -> part.hashCode()));
    }

    /** Plain {@code new Object()} locks, taken in the order of their identity hashes. */
    @ExhaustiveConcurrency
    void plainLocksSortedByIdentityHash() throws InterruptedException {
        List<Object> locks = new ArrayList<>(List.of(new Object(), new Object(), new Object(), new Object()));
        locks.sort(Comparator.comparingInt(System::identityHashCode));
        Runnable takeEach = () -> {
            for (Object lock : locks) {
                synchronized (lock) {
                    Thread.onSpinWait(); // the block's only content: the monitor is what counts
                }
            }
        };
        Concurrently.run(takeEach, takeEach);
    }

    /**
     * Three threads each take a monitor of their own; main takes them too, in the order of a hash set of the threads.
     * The threads the test sees are reused threads of Weft's, a different one in each execution: each takes the hash
     * of the thread it stands for.
     */
    @ExhaustiveConcurrency
    void threadsInAHashSet() throws InterruptedException {
        Map<Thread, Object> lockOf = new IdentityHashMap<>();
        Set<Thread> threads = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            Object lock = new Object();
            Thread thread = new Thread(() -> {
                synchronized (lock) {
                    Thread.onSpinWait();
                }
            });
            lockOf.put(thread, lock);
            threads.add(thread);
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            synchronized (lockOf.get(thread)) {
                Thread.onSpinWait();
            }
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    /** A part whose class has its own {@code hashCode}: every one hashes alike, so only identity tells them apart. */
    static final class Valued extends Part {
        @Override
        public int hashCode() {
            return 1;
        }

        @Override
        public boolean equals(Object other) {
            return this == other;
        }
    }

    /** A part whose {@code hashCode} is {@code Object}'s, reached through {@code super.hashCode()}. */
    static final class Logged {
        int uses;

        @Override
        public int hashCode() {
            return super.hashCode() * 31;
        }
    }

    /**
     * A library's identity key (commons-pool's {@code IdentityWrapper} is one): equal to another key of the same
     * object, hashed by the object's identity hash, whatever the object's class says.
     */
    record IdentityKey(Part part) {
        @Override
        public int hashCode() {
            return System.identityHashCode(part);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof IdentityKey key && key.part == part;
        }
    }

    @ExhaustiveConcurrency
    void withTheirOwnHashCodeSortedByIdentityHash() throws InterruptedException {
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            parts.add(new Valued());
        }
        parts.sort(Comparator.comparingInt(System::identityHashCode));
        Parts.bothUseEachInTurn(parts);
    }

    @ExhaustiveConcurrency
    void withTheirOwnHashCodeKeyedByIdentity() throws InterruptedException {
        Map<IdentityKey, Part> all = new ConcurrentHashMap<>();
        for (int i = 0; i < 4; i++) {
            Part part = new Valued();
            all.put(new IdentityKey(part), part);
        }
        Parts.bothUseEachInTurn(all.values());
    }

    @ExhaustiveConcurrency
    void withTheirOwnHashCodeInAnIdentityMapsKeys() throws InterruptedException {
        Map<Part, Boolean> parts = new IdentityHashMap<>();
        for (int i = 0; i < 4; i++) {
            parts.put(new Valued(), true);
        }
        Parts.bothUseEachInTurn(parts.keySet());
    }

    /** A registry keyed by weak references to its parts (commons-pool keeps its evictors so). */
    @ExhaustiveConcurrency
    void keyedByWeakReferences() throws InterruptedException {
        Map<WeakReference<Part>, Part> registry = new HashMap<>();
        for (Part part : Parts.four(new ArrayList<>())) {
            registry.put(new WeakReference<>(part), part);
        }
        Parts.bothUseEachInTurn(registry.values());
    }

    /** Each part comes with a lock of the JDK's; the parts are used in the order of their locks' identity hashes. */
    @ExhaustiveConcurrency
    void inTheOrderOfTheirLocks() throws InterruptedException {
        Map<ReentrantLock, Part> byLock = new TreeMap<>(Comparator.comparingInt(System::identityHashCode));
        for (Part part : Parts.four(new ArrayList<>())) {
            byLock.put(new ReentrantLock(), part);
        }
        Parts.bothUseEachInTurn(byLock.values());
    }

    @ExhaustiveConcurrency
    void hashedBySuperHashCodeInAHashSet() throws InterruptedException {
        Set<Logged> logged = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            logged.add(new Logged());
        }
        Runnable useEach = () -> {
            for (Logged each : logged) {
                synchronized (each) {
                    each.uses++;
                }
            }
        };
        Concurrently.run(useEach, useEach);
        logged.forEach(each -> assertEquals(2, each.uses));
    }

    private static List<Part> sortedBy(Function<Part, Integer> hash) {
        List<Part> parts = Parts.four(new ArrayList<>());
        parts.sort(Comparator.comparing(hash));
        return parts;
    }

    static final class Account {
        int balance = 10;
    }

    /** Java Concurrency in Practice's way to take two locks without a deadlock: in the order of their hashes. */
    private static void transfer(Account from, Account to, int amount) {
        boolean fromFirst = System.identityHashCode(from) < System.identityHashCode(to);
        Account first = fromFirst ? from : to;
        Account second = fromFirst ? to : from;
        synchronized (first) {
            synchronized (second) {
                from.balance -= amount;
                to.balance += amount;
            }
        }
    }

    @ExhaustiveConcurrency
    void transfersLockInIdentityHashOrder() throws InterruptedException {
        Account a = new Account();
        Account b = new Account();
        Concurrently.run(() -> transfer(a, b, 1), () -> transfer(b, a, 2));
        assertEquals(20, a.balance + b.balance);
    }

    /** The tasks' futures, which the pool makes, in a hash set: main waits for them in its order. */
    @ExhaustiveConcurrency
    void futuresInAHashSet() throws Exception {
        waitForEach(new HashSet<>());
    }

    /** The same with the futures in the order they were made: the independent count for the one above. */
    @ExhaustiveConcurrency
    void futuresInAList() throws Exception {
        waitForEach(new ArrayList<>());
    }

    private static void waitForEach(Collection<Future<?>> futures) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Part shared = new Part();
        for (int i = 0; i < 3; i++) {
            futures.add(pool.submit(() -> {
                synchronized (shared) {
                    shared.uses++;
                }
            }));
        }
        for (Future<?> future : futures) {
            future.get();
        }
        pool.shutdown();
        assertEquals(3, shared.uses);
    }

    /** Made in class initialisation, before any execution: it keeps the JVM's identity hash. */
    static final Part MADE_BEFORE = new Part();
    static final Set<Part> TABLE_MADE_BEFORE = new HashSet<>(Set.of(MADE_BEFORE));

    /** A table built with the JVM's hash before the test still finds its object during it. */
    @ExhaustiveConcurrency
    void aTableBuiltBeforeStillFindsItsObject() throws InterruptedException {
        boolean[] found = new boolean[1];
        Thread looking = new Thread(() -> found[0] = TABLE_MADE_BEFORE.contains(MADE_BEFORE)
                && System.identityHashCode(MADE_BEFORE) == MADE_BEFORE.hashCode());
        looking.start();
        looking.join();
        assertTrue(found[0], "the table made before the test lost its object");
    }

    /** Adds itself to a set in its constructor: before anything else could ask for its hash. */
    static class Registered {
        Registered(Set<Object> registry) {
            registry.add(this);
        }
    }

    /** A subclass: its superclass's constructor registers it, before the subclass's own constructor goes on. */
    static final class RegisteredTwice extends Registered {
        RegisteredTwice(Set<Object> registry) {
            super(registry);
            registry.add(this);
        }
    }

    /** The objects the last execution made and left in a static set, for the test to look for afterwards. */
    @KeepAcrossExecutions
    static final Set<Object> LEFT_BEHIND = ConcurrentHashMap.newKeySet();
    @KeepAcrossExecutions
    static final List<Object> LEFT_BEHIND_OBJECTS = new ArrayList<>();

    /** An object that adds itself to a set as it is constructed is in it afterwards, in the test and after it. */
    @ExhaustiveConcurrency
    void anObjectRegisteringItselfIsFound() throws InterruptedException {
        Set<Object> registry = new HashSet<>();
        Object[] made = new Object[2];
        Thread maker = new Thread(() -> {
            made[0] = new Registered(registry);
            made[1] = new RegisteredTwice(registry);
        });
        maker.start();
        maker.join();
        assertTrue(registry.contains(made[0]) && registry.contains(made[1]), "lost: " + registry);
        assertEquals(2, registry.size());
        synchronized (LEFT_BEHIND_OBJECTS) {
            LEFT_BEHIND.clear();
            LEFT_BEHIND_OBJECTS.clear();
            for (Object each : made) {
                LEFT_BEHIND.add(each);
                LEFT_BEHIND_OBJECTS.add(each);
            }
        }
    }
}
