package dev.weft.samples.oracles;

import dev.weft.junit.ExhaustiveConcurrency;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The programs of {@code ORACLES.md} as plain Java tests, each with plain threads, fields, arrays, monitors and
 * atomics. They assert nothing about values: {@link OracleCountsOnTheJvmTest} runs them and checks that the number of
 * executions equals the oracle's trace count exactly. (Named {@code *Programs} so that Surefire does not run them on
 * their own.)
 */
class OraclePrograms {

    /** Shared fields; each starts at 0. */
    static final class Shared {
        int x;
        int y;
        int z;
        int w;
    }

    /** Starts the workers in order, then joins them all, as {@code ORACLES.md} says. */
    static void runAll(List<Runnable> workers) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (Runnable worker : workers) {
            threads.add(new Thread(worker));
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    static List<Runnable> times(int n, Runnable worker) {
        List<Runnable> workers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            workers.add(worker);
        }
        return workers;
    }

    static void inc(int n) throws InterruptedException {
        Shared s = new Shared();
        runAll(times(n, () -> {
            int t = s.x;
            s.x = t + 1;
        }));
    }

    static void lockinc(int n) throws InterruptedException {
        Shared s = new Shared();
        Object m = new Object();
        runAll(times(n, () -> {
            synchronized (m) {
                int t = s.x;
                s.x = t + 1;
            }
        }));
    }

    /** {@code lockinc(N)} with a {@code ReentrantLock} instead of a monitor: the same N! traces. */
    static void reentrantLockInc(int n) throws InterruptedException {
        Shared s = new Shared();
        ReentrantLock m = new ReentrantLock();
        runAll(times(n, () -> {
            m.lock();
            try {
                int t = s.x;
                s.x = t + 1;
            } finally {
                m.unlock();
            }
        }));
    }

    static void ainc(int n) throws InterruptedException {
        AtomicInteger x = new AtomicInteger();
        runAll(times(n, x::getAndIncrement));
    }

    static void readers(int n) throws InterruptedException {
        Shared s = new Shared();
        List<Runnable> workers = new ArrayList<>();
        workers.add(() -> s.x = 42);
        workers.addAll(times(n, () -> {
            int r = s.x;
        }));
        runAll(workers);
    }

    static void writers(int w) throws InterruptedException {
        Shared s = new Shared();
        List<Runnable> workers = new ArrayList<>();
        for (int i = 1; i <= w; i++) {
            int value = i;
            workers.add(() -> s.x = value);
        }
        workers.add(() -> {
            int r = s.x;
        });
        runAll(workers);
    }

    static void lastzero(int n) throws InterruptedException {
        int[] a = new int[n + 1];
        List<Runnable> workers = new ArrayList<>();
        workers.add(() -> {
            int i = n;
            while (a[i] != 0) {
                i--;
            }
        });
        for (int j = 1; j <= n; j++) {
            int k = j;
            workers.add(() -> a[k] = a[k - 1] + 1);
        }
        runAll(workers);
    }

    static void popl14() throws InterruptedException {
        Shared s = new Shared();
        runAll(List.of(
                () -> s.x = 1,
                () -> s.y = 1,
                () -> {
                    if (s.y == 0) {
                        s.z = 1;
                    }
                },
                () -> {
                    if (s.z == 1) {
                        if (s.y == 0) {
                            s.x = 2;
                        }
                    }
                }));
    }

    static void indexer(int n) throws InterruptedException {
        AtomicIntegerArray table = new AtomicIntegerArray(128);
        List<Runnable> workers = new ArrayList<>();
        for (int tid = 0; tid < n; tid++) {
            int id = tid;
            workers.add(() -> {
                for (int m = 1; m <= 4; m++) {
                    int w = m * 11 + id;
                    int h = (w * 7) % 128;
                    while (!table.compareAndSet(h, 0, w)) {
                        h = (h + 1) % 128;
                    }
                }
            });
        }
        runAll(workers);
    }

    static void filesystem(int n) throws InterruptedException {
        Object[] locki = new Object[32];
        Object[] lockb = new Object[26];
        for (int i = 0; i < locki.length; i++) {
            locki[i] = new Object();
        }
        for (int b = 0; b < lockb.length; b++) {
            lockb[b] = new Object();
        }
        int[] inode = new int[32];
        int[] busy = new int[26];
        List<Runnable> workers = new ArrayList<>();
        for (int tid = 0; tid < n; tid++) {
            int i = tid % 32;
            workers.add(() -> {
                synchronized (locki[i]) {
                    if (inode[i] == 0) {
                        int b = (i * 2) % 26;
                        while (true) {
                            synchronized (lockb[b]) {
                                if (busy[b] == 0) {
                                    busy[b] = 1;
                                    inode[i] = b + 1;
                                    break;
                                }
                            }
                            b = (b + 1) % 26;
                        }
                    }
                }
            });
        }
        runAll(workers);
    }

    static void optlock(int n) throws InterruptedException {
        Shared s = new Shared();
        List<Runnable> workers = new ArrayList<>();
        for (int id = 0; id < 2; id++) {
            int me = id;
            workers.add(() -> {
                for (int i = 0; i < n; i++) {
                    s.x = me;
                    s.y = 1;
                    if (s.x == me) {
                        int r = s.y;
                        break;
                    }
                }
            });
        }
        runAll(workers);
    }

    static void big0() throws InterruptedException {
        Shared s = new Shared();
        runAll(List.of(
                () -> {
                    int r = s.x + s.y + s.z + s.w + s.x + s.y + s.z;
                },
                () -> {
                    int r = s.x + s.y + s.z;
                },
                () -> {
                    s.x = 1;
                    s.y = 1;
                    s.x = 2;
                    s.y = 2;
                    s.x = 3;
                    s.y = 3;
                },
                () -> {
                    s.z = 1;
                    s.w = 1;
                    s.z = 2;
                    s.w = 2;
                    s.z = 3;
                    s.w = 3;
                }));
    }

    static void mpat(int k) throws InterruptedException {
        Object mi = new Object();
        Object[] ma = new Object[k];
        for (int i = 0; i < k; i++) {
            ma[i] = new Object();
        }
        List<Runnable> workers = new ArrayList<>();
        for (int i = 0; i < k; i++) {
            Object m = ma[i];
            workers.add(() -> {
                synchronized (m) {
                    m.hashCode();
                }
            });
        }
        for (int i = 0; i < k; i++) {
            Object m = ma[i];
            workers.add(() -> {
                synchronized (mi) {
                    synchronized (m) {
                        m.hashCode();
                    }
                }
            });
        }
        runAll(workers);
    }

    static void pi(int n) throws InterruptedException {
        Shared sum = new Shared();
        Object m = new Object();
        List<Runnable> workers = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int value = 4 * (i % 2 == 0 ? 1 : -1) * 1000 / (2 * i + 1);
            workers.add(() -> {
                synchronized (m) {
                    sum.x += value;
                }
            });
        }
        runAll(workers);
    }

    static void sleepTrap() throws InterruptedException {
        Shared s = new Shared();
        runAll(List.of(
                () -> {
                    int r = s.x;
                    s.y = r + 2;
                    int t = s.y;
                },
                () -> {
                    int a = s.x;
                    int b = s.y;
                },
                () -> {
                    int c = s.y;
                }));
    }

    static void twoWriters() throws InterruptedException {
        Shared s = new Shared();
        runAll(List.of(
                () -> {
                    s.x = 1;
                    s.y = 1;
                },
                () -> {
                    s.x = 2;
                    s.y = 2;
                }));
    }

    // The tests the driver selects by name: name and size in the method name.

    @ExhaustiveConcurrency void inc2() throws Exception { inc(2); }
    @ExhaustiveConcurrency void inc3() throws Exception { inc(3); }
    @ExhaustiveConcurrency void lockinc3() throws Exception { lockinc(3); }
    @ExhaustiveConcurrency void lockinc5() throws Exception { lockinc(5); }
    @ExhaustiveConcurrency void reentrantLockInc3() throws Exception { reentrantLockInc(3); }
    @ExhaustiveConcurrency void reentrantLockInc4() throws Exception { reentrantLockInc(4); }
    @ExhaustiveConcurrency void ainc3() throws Exception { ainc(3); }
    @ExhaustiveConcurrency void ainc5() throws Exception { ainc(5); }
    @ExhaustiveConcurrency void readers3() throws Exception { readers(3); }
    @ExhaustiveConcurrency void readers8() throws Exception { readers(8); }
    @ExhaustiveConcurrency void writers3() throws Exception { writers(3); }
    @ExhaustiveConcurrency void lastzero3() throws Exception { lastzero(3); }
    @ExhaustiveConcurrency void lastzero5() throws Exception { lastzero(5); }
    @ExhaustiveConcurrency void lastzero8() throws Exception { lastzero(8); }
    @ExhaustiveConcurrency void lastzero10() throws Exception { lastzero(10); }
    @ExhaustiveConcurrency void popl14Program() throws Exception { popl14(); }
    @ExhaustiveConcurrency void indexer12() throws Exception { indexer(12); }
    @ExhaustiveConcurrency void filesystem14() throws Exception { filesystem(14); }
    @ExhaustiveConcurrency void filesystem16() throws Exception { filesystem(16); }
    @ExhaustiveConcurrency void optlock2() throws Exception { optlock(2); }
    @ExhaustiveConcurrency void mpat3() throws Exception { mpat(3); }
    @ExhaustiveConcurrency void pi5() throws Exception { pi(5); }
    @ExhaustiveConcurrency void sleepTrapProgram() throws Exception { sleepTrap(); }
    @ExhaustiveConcurrency void twoWritersProgram() throws Exception { twoWriters(); }
    @ExhaustiveConcurrency void big0Program() throws Exception { big0(); }
}
