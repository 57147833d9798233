package dev.weft.dpor.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The oracle programs of {@code ORACLES.md} (whose trace counts {@link OracleCounts} gives) and a few small programs
 * that aim at one explorer mistake each. Threads are started by the main thread in the order written and joined at
 * the end; shared cells start at 0.
 */
public final class Programs {

    private Programs() {
    }

    /** N threads: {@code t = x; x = t + 1} on a plain field. */
    public static ModelProgram inc(int n) {
        ProgramBuilder p = ProgramBuilder.program("inc(" + n + ")");
        CellRef x = p.shared("x");
        for (int i = 1; i <= n; i++) {
            p.thread("T" + i, t -> {
                Reg r = t.reg("t");
                t.read(r, x);
                t.write(x, r.plus(1));
            });
        }
        return p.build();
    }

    /** N threads: {@code synchronized (m) { t = x; x = t + 1; }}. */
    public static ModelProgram lockinc(int n) {
        ProgramBuilder p = ProgramBuilder.program("lockinc(" + n + ")");
        CellRef x = p.shared("x");
        LockRef m = p.lock("m");
        for (int i = 1; i <= n; i++) {
            p.thread("T" + i, t -> {
                Reg r = t.reg("t");
                t.lock(m);
                t.read(r, x);
                t.write(x, r.plus(1));
                t.unlock(m);
            });
        }
        return p.build();
    }

    /** N threads: {@code x.getAndIncrement()} on an atomic. */
    public static ModelProgram ainc(int n) {
        ProgramBuilder p = ProgramBuilder.program("ainc(" + n + ")");
        CellRef x = p.atomic("x");
        for (int i = 1; i <= n; i++) {
            p.thread("T" + i, t -> t.getAndIncrement(t.reg("old"), x));
        }
        return p.build();
    }

    /** One writer {@code x = 42}, then N readers {@code r = x}. */
    public static ModelProgram readers(int n) {
        ProgramBuilder p = ProgramBuilder.program("readers(" + n + ")");
        CellRef x = p.shared("x");
        p.thread("W", t -> t.write(x, 42));
        for (int i = 1; i <= n; i++) {
            p.thread("R" + i, t -> t.read(t.reg("r"), x));
        }
        return p.build();
    }

    /** W writers {@code x = i}, then one reader {@code r = x}. */
    public static ModelProgram writers(int w) {
        ProgramBuilder p = ProgramBuilder.program("writers(" + w + ")");
        CellRef x = p.shared("x");
        for (int i = 1; i <= w; i++) {
            int value = i;
            p.thread("W" + i, t -> t.write(x, value));
        }
        p.thread("R", t -> t.read(t.reg("r"), x));
        return p.build();
    }

    /** {@code a[0..N]}; T0: {@code i = N; while (a[i] != 0) i--;} Tj (j = 1..N): {@code a[j] = a[j-1] + 1}. */
    public static ModelProgram lastzero(int n) {
        ProgramBuilder p = ProgramBuilder.program("lastzero(" + n + ")");
        SharedArray a = p.array("a", n + 1);
        p.thread("T0", t -> {
            Reg i = t.reg("i");
            Reg v = t.reg("v");
            t.set(i, n);
            t.loop(body -> {
                body.read(v, a.at(i));
                body.breakIf(v.eq(0));
                body.set(i, i.minus(1));
            });
        });
        for (int j = 1; j <= n; j++) {
            int index = j;
            p.thread("T" + j, t -> {
                Reg v = t.reg("v");
                t.read(v, a.at(index - 1));
                t.write(a.at(index), v.plus(1));
            });
        }
        return p.build();
    }

    /** {@code p: x=1}; {@code q: y=1}; {@code r: if (y==0) z=1}; {@code s: if (z==1) { if (y==0) x=2 }}. */
    public static ModelProgram popl14() {
        ProgramBuilder p = ProgramBuilder.program("popl14");
        CellRef x = p.shared("x");
        CellRef y = p.shared("y");
        CellRef z = p.shared("z");
        p.thread("p", t -> t.write(x, 1));
        p.thread("q", t -> t.write(y, 1));
        p.thread("r", t -> {
            Reg a = t.reg("a");
            t.read(a, y);
            t.ifThen(a.eq(0), then -> then.write(z, 1));
        });
        p.thread("s", t -> {
            Reg b = t.reg("b");
            Reg c = t.reg("c");
            t.read(b, z);
            t.ifThen(b.eq(1), then -> {
                then.read(c, y);
                then.ifThen(c.eq(0), inner -> inner.write(x, 2));
            });
        });
        return p.build();
    }

    /**
     * {@code table[128]}; thread tid (0..N-1), for m = 1..4: {@code w = m*11+tid; h = (w*7)%128;
     * while (!cas(table[h], 0, w)) h = (h+1)%128;}.
     */
    public static ModelProgram indexer(int n) {
        ProgramBuilder p = ProgramBuilder.program("indexer(" + n + ")");
        SharedArray table = p.array("table", 128);
        for (int tid = 0; tid < n; tid++) {
            int id = tid;
            p.thread("T" + tid, t -> {
                Reg h = t.reg("h");
                Reg ok = t.reg("ok");
                for (int m = 1; m <= 4; m++) {
                    int w = m * 11 + id;
                    t.set(h, (w * 7) % 128);
                    t.loop(body -> {
                        body.cas(ok, table.at(h), Expr.constant(0), Expr.constant(w));
                        body.breakIf(ok.eq(1));
                        body.set(h, h.plus(1).mod(128));
                    });
                }
            });
        }
        return p.build();
    }

    /**
     * Locks {@code locki[32]}, {@code lockb[26]}; arrays {@code inode[32]}, {@code busy[26]}; thread tid (0..N-1)
     * claims a free block for inode {@code tid % 32}, probing blocks from {@code (i*2) % 26}.
     */
    public static ModelProgram filesystem(int n) {
        ProgramBuilder p = ProgramBuilder.program("filesystem(" + n + ")");
        LockArray locki = p.locks("locki", 32);
        LockArray lockb = p.locks("lockb", 26);
        SharedArray inode = p.array("inode", 32);
        SharedArray busy = p.array("busy", 26);
        for (int tid = 0; tid < n; tid++) {
            int i = tid % 32;
            p.thread("T" + tid, t -> {
                Reg node = t.reg("node");
                Reg b = t.reg("b");
                Reg used = t.reg("used");
                t.lock(locki.at(i));
                t.read(node, inode.at(i));
                t.ifThen(node.eq(0), claim -> {
                    claim.set(b, (i * 2) % 26);
                    claim.loop(probe -> {
                        probe.lock(lockb.at(b));
                        probe.read(used, busy.at(b));
                        probe.ifThen(used.eq(0), free -> {
                            free.write(busy.at(b), 1);
                            free.write(inode.at(i), b.plus(1));
                            free.unlock(lockb.at(b));
                            free.breakLoop();
                        });
                        probe.unlock(lockb.at(b));
                        probe.set(b, b.plus(1).mod(26));
                    });
                });
                t.unlock(locki.at(i));
            });
        }
        return p.build();
    }

    /** Two threads, id 0 and 1: {@code for (i < N) { x = id; y = 1; if (x == id) { r = y; break; } }}. */
    public static ModelProgram optlock(int n) {
        ProgramBuilder p = ProgramBuilder.program("optlock(" + n + ")");
        CellRef x = p.shared("x");
        CellRef y = p.shared("y");
        for (int id = 0; id < 2; id++) {
            int self = id;
            p.thread("T" + id, t -> {
                Reg i = t.reg("i");
                Reg seen = t.reg("seen");
                Reg r = t.reg("r");
                t.loop(body -> {
                    body.breakIf(i.lt(n).not());
                    body.write(x, self);
                    body.write(y, 1);
                    body.read(seen, x);
                    body.ifThen(seen.eq(self), owned -> {
                        owned.read(r, y);
                        owned.breakLoop();
                    });
                    body.set(i, i.plus(1));
                });
            });
        }
        return p.build();
    }

    /**
     * T1 reads {@code x,y,z,w,x,y,z}; T2 reads {@code x,y,z}; T3 writes {@code x=1;y=1;x=2;y=2;x=3;y=3}; T4 writes
     * {@code z=1;w=1;z=2;w=2;z=3;w=3}.
     */
    public static ModelProgram big0() {
        ProgramBuilder p = ProgramBuilder.program("big0");
        CellRef x = p.shared("x");
        CellRef y = p.shared("y");
        CellRef z = p.shared("z");
        CellRef w = p.shared("w");
        p.thread("T1", t -> {
            Reg r = t.reg("r");
            for (CellRef cell : new CellRef[] {x, y, z, w, x, y, z}) {
                t.read(r, cell);
            }
        });
        p.thread("T2", t -> {
            Reg r = t.reg("r");
            for (CellRef cell : new CellRef[] {x, y, z}) {
                t.read(r, cell);
            }
        });
        p.thread("T3", t -> writeInTurns(t, x, y));
        p.thread("T4", t -> writeInTurns(t, z, w));
        return p.build();
    }

    private static void writeInTurns(ThreadBuilder t, CellRef first, CellRef second) {
        for (int value = 1; value <= 3; value++) {
            t.write(first, value);
            t.write(second, value);
        }
    }

    /**
     * k writers {@code lock(ma[i]); unlock(ma[i])}; k readers {@code lock(mi); lock(ma[i]); unlock(ma[i]);
     * unlock(mi)}.
     */
    public static ModelProgram mpat(int k) {
        ProgramBuilder p = ProgramBuilder.program("mpat(" + k + ")");
        LockArray ma = p.locks("ma", k);
        LockRef mi = p.lock("mi");
        for (int i = 0; i < k; i++) {
            int index = i;
            p.thread("W" + i, t -> t.lock(ma.at(index)).unlock(ma.at(index)));
        }
        for (int i = 0; i < k; i++) {
            int index = i;
            p.thread("R" + i, t -> t.lock(mi).lock(ma.at(index)).unlock(ma.at(index)).unlock(mi));
        }
        return p.build();
    }

    /** n workers each add {@code i + 1} to a shared sum under one lock. */
    public static ModelProgram pi(int n) {
        ProgramBuilder p = ProgramBuilder.program("pi(" + n + ")");
        CellRef sum = p.shared("sum");
        LockRef m = p.lock("m");
        for (int i = 0; i < n; i++) {
            int term = i + 1;
            p.thread("W" + i, t -> {
                Reg s = t.reg("s");
                t.lock(m);
                t.read(s, sum);
                t.write(sum, s.plus(term));
                t.unlock(m);
            });
        }
        return p.build();
    }

    /**
     * T0: {@code r = x; y = r + 2; s = y}; T1: {@code a = x; b = y}; T2: {@code c = y}. A sleeping thread whose next
     * operation is independent can hide a later race of the same thread; explorers that add one thread (or all) of
     * the racing set at the last race run 3 of the 4 traces.
     */
    public static ModelProgram sleepTrap() {
        ProgramBuilder p = ProgramBuilder.program("sleepTrap");
        CellRef x = p.shared("x");
        CellRef y = p.shared("y");
        p.thread("T0", t -> {
            Reg r = t.reg("r");
            Reg s = t.reg("s");
            t.read(r, x);
            t.write(y, r.plus(2));
            t.read(s, y);
        });
        p.thread("T1", t -> {
            t.read(t.reg("a"), x);
            t.read(t.reg("b"), y);
        });
        p.thread("T2", t -> t.read(t.reg("c"), y));
        return p.build();
    }

    /** T0: {@code x = 1; y = 1}; T1: {@code x = 2; y = 2}: 4 traces, 4 final states, 6 interleavings. */
    public static ModelProgram twoWriters() {
        ProgramBuilder p = ProgramBuilder.program("twoWriters");
        CellRef x = p.shared("x");
        CellRef y = p.shared("y");
        p.thread("T0", t -> t.write(x, 1).write(y, 1));
        p.thread("T1", t -> t.write(x, 2).write(y, 2));
        return p.build();
    }

    /**
     * A race whose reversal needs a thread that is blocked on a lock. Main holds {@code m} while it starts W
     * ({@code lock m; x = 1; unlock m}), R ({@code r = x}) and Z ({@code z = 1}), and releases it only after joining
     * Z. When R reads x while main still holds m, the race between that read and W's write can only be reversed by
     * scheduling Z (so main can join it and unlock): W itself is blocked, and so is main. Two traces: R reads 0 or 1.
     */
    public static ModelProgram lockBlockedWriter() {
        ProgramBuilder p = ProgramBuilder.program("lockBlockedWriter");
        CellRef x = p.shared("x");
        CellRef z = p.shared("z");
        LockRef m = p.lock("m");
        ThreadHandle writer = p.thread("W", t -> t.lock(m).write(x, 1).unlock(m));
        ThreadHandle reader = p.thread("R", t -> t.read(t.reg("r"), x));
        ThreadHandle other = p.thread("Z", t -> t.write(z, 1));
        p.main(t -> t.lock(m).start(writer).start(reader).start(other).join(other).unlock(m)
                .join(writer).join(reader));
        return p.build();
    }

    /** N threads that each read x and then y, which nobody writes: reads do not race, so there is one trace. */
    public static ModelProgram readOnly(int n) {
        ProgramBuilder p = ProgramBuilder.program("readOnly(" + n + ")");
        CellRef x = p.shared("x");
        CellRef y = p.shared("y");
        for (int i = 1; i <= n; i++) {
            p.thread("R" + i, t -> {
                Reg r = t.reg("r");
                t.read(r, x).read(r, y);
            });
        }
        return p.build();
    }

    /**
     * {@code Semaphore(0)}: W releases a permit; main starts W, then {@code r = tryAcquire()} and, when
     * {@code assertFails}, asserts that it failed. The try runs before the release (fails) or after it (succeeds).
     */
    public static ModelProgram tryAcquireVsRelease(boolean assertFails) {
        ProgramBuilder p = ProgramBuilder.program("tryAcquireVsRelease" + (assertFails ? "(asserts)" : ""));
        LockRef s = p.semaphore("s", 0);
        ThreadHandle releaser = p.thread("W", t -> t.unlock(s));
        p.main(t -> {
            Reg r = t.reg("r");
            t.start(releaser).tryLock(r, s);
            if (assertFails) {
                t.check(r.eq(0), "tryAcquire should have failed");
            }
            t.join(releaser);
        });
        return p.build();
    }

    /**
     * W: {@code lock m; x = 1; unlock m}; main starts W, then {@code r = tryLock(m); if (r) unlock m}, and joins W.
     * The try runs before W's lock (succeeds, and W waits for main's unlock), inside W's critical section (fails) or
     * after W's unlock (succeeds).
     */
    public static ModelProgram tryLockVsCriticalSection() {
        ProgramBuilder p = ProgramBuilder.program("tryLockVsCriticalSection");
        CellRef x = p.shared("x");
        LockRef m = p.lock("m");
        ThreadHandle holder = p.thread("W", t -> t.lock(m).write(x, 1).unlock(m));
        p.main(t -> {
            Reg r = t.reg("r");
            t.start(holder).tryLock(r, m).ifThen(r.eq(1), then -> then.unlock(m)).join(holder);
        });
        return p.build();
    }

    /** {@code Semaphore(0)}: n workers each release a permit; main starts them, reads availablePermits, joins them. */
    public static ModelProgram availableVsReleases(int n) {
        ProgramBuilder p = ProgramBuilder.program("availableVsReleases(" + n + ")");
        LockRef s = p.semaphore("s", 0);
        List<ThreadHandle> releasers = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            releasers.add(p.thread("W" + i, t -> t.unlock(s)));
        }
        p.main(t -> {
            releasers.forEach(t::start);
            t.available(t.reg("r"), s);
            releasers.forEach(t::join);
        });
        return p.build();
    }
    /**
     * {@code Semaphore(1)}, a permit to spare: T1 {@code r = x; release}, T2 {@code acquire; x = 1}. T2's acquisition
     * never waits, so it may run before T1's release and T1 may read T2's write.
     */
    public static ModelProgram spareSemaphorePermit() {
        ProgramBuilder p = ProgramBuilder.program("spareSemaphorePermit");
        CellRef x = p.shared("x");
        LockRef s = p.semaphore("s", 1);
        p.thread("T1", t -> t.read(t.reg("r"), x).unlock(s));
        p.thread("T2", t -> t.lock(s).write(x, 1));
        return p.build();
    }

    /**
     * {@code Semaphore(0)}, releases by threads that never acquired: W1 {@code release}, W2 {@code release;
     * r = availablePermits}. W2's query sees W1's release or not.
     */
    public static ModelProgram releasesWithoutAcquisitions() {
        ProgramBuilder p = ProgramBuilder.program("releasesWithoutAcquisitions");
        LockRef s = p.semaphore("s", 0);
        p.thread("W1", t -> t.unlock(s));
        p.thread("W2", t -> t.unlock(s).available(t.reg("r"), s));
        return p.build();
    }
}
