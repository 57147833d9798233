package dev.weft.dpor.model;

import java.util.ArrayList;
import java.util.List;

/**
 * Model programs for the benchmark families of Table 5.1 of Nguyen's thesis "Quasi-optimal partial order reduction"
 * (the table of the CAV 2018 paper by Nguyen, Rodríguez, Sousa, Coti and Petrucci): DISP, MPAT, MPC, PI and POL. Each
 * family is a small POSIX-threads C program of the DPU repository ({@code cesaro/dpu}: {@code dispatcher.c},
 * {@code mpat.c}, {@code multiprodcon.c}, {@code pi/pth_pi_mutex.c}, {@code poke.c}, in {@code benchmarks/ase17/}
 * until 2018 and unchanged since in {@code experiments/cav18/bench/}, where the thesis's footnote points), with
 * compile-time parameters ({@code PARAM1}, {@code PARAM2}); the factories here take them in the order of the table's
 * names, which is the order of the artifact's file names ({@code dispatch-serv5_reqs2},
 * {@code multipc-prods2_workers5}, {@code poke-threads07_iters3}): {@code DISP(servers, requests)}, {@code MPAT(k)},
 * {@code MPC(producers, workers)}, {@code PI(threads)}, {@code POL(threads, iterations)}.
 *
 * <p>How the C programs became model programs, for all families alike:
 *
 * <ul>
 *   <li>a {@code pthread_mutex_t} is a model lock (an array of them a {@link LockArray}); a global {@code int} (or
 *       {@code double}, for PI) is a shared cell, an array of them a {@link SharedArray}; globals start at 0 in C and
 *       cells start at 0 here, so the main thread's writes of 0 to a global before it creates the threads that use
 *       it are left out (they happen before every access of another thread and cannot change the number of
 *       traces);</li>
 *   <li>every loop has a bound fixed by the parameters, so it is unrolled in Java, and a thread created inside a loop
 *       of the main thread is one worker per iteration;</li>
 *   <li>local computation (the C locals, {@code printf}s and arithmetic that does not touch a global) is either left
 *       out or kept as registers, which the scheduler does not see;</li>
 *   <li>{@code pthread_exit(0)} at the end of {@code main} (DISP, MPAT, MPC) lets the process run until every thread
 *       has ended; here the main thread joins the threads instead, which adds no trace, as a join depends only on
 *       the end of the thread it waits for;</li>
 *   <li>the programs are data-race free (the thesis says so, and every shared access below is either under the lock
 *       that guards it or ordered by a create/join), so their Mazurkiewicz traces, with reads and writes as events,
 *       are exactly the orders in which the threads take each mutex, which is what DPU's maximal configurations
 *       count.</li>
 * </ul>
 */
public final class BenchmarkFamilies {

    private BenchmarkFamilies() {
    }

    /**
     * DISP(servers, requests), {@code dispatcher.c} with {@code SNUM = servers} and {@code RNUM = requests}: a
     * dispatcher sends requests to servers over a lossy channel.
     *
     * <ul>
     *   <li>globals: mutexes {@code servers[SNUM]} and {@code k}; {@code sid}; {@code in_channel[SNUM]},
     *       {@code out_channel[SNUM]};</li>
     *   <li>server thread {@code x} (one per server, created first, in order):
     *       {@code lock servers[x]; if (in_channel[x] > 0) out_channel[x] = in_channel[x]; unlock servers[x]};</li>
     *   <li>for each request, the main thread creates a {@code pick_server} thread ({@code for x in 0..SNUM-1:
     *       lock k; sid = x; unlock k}; its argument, the last server, is unused) and then runs
     *       {@code lock k; idx = sid; unlock k; lock servers[idx]; in_channel[idx]++; unlock servers[idx];
     *       join pick_server}; then {@code pthread_exit}, modelled as joins of the servers.</li>
     * </ul>
     *
     * {@code sid} is not reset between requests: in a later request the main thread may still read the value the
     * previous pick thread left ({@code SNUM - 1}, as that thread was joined). Threads: main, SNUM servers, RNUM
     * pick threads (8 for DISP(5,2), as in the table's Th column). The final checks of {@code main} are under
     * {@code #if 0} in the source and are left out.
     */
    public static ModelProgram disp(int servers, int requests) {
        ProgramBuilder p = ProgramBuilder.program("DISP(" + servers + "," + requests + ")");
        LockArray serverLocks = p.locks("servers", servers);
        LockRef k = p.lock("k");
        CellRef sid = p.shared("sid");
        SharedArray inChannel = p.array("in_channel", servers);
        SharedArray outChannel = p.array("out_channel", servers);
        List<ThreadHandle> serverThreads = new ArrayList<>();
        for (int x = 0; x < servers; x++) {
            int id = x;
            serverThreads.add(p.thread("server" + id, t -> {
                Reg in = t.reg("in");
                t.lock(serverLocks.at(id));
                t.read(in, inChannel.at(id));
                t.ifThen(in.lt(1).not(), then -> then.write(outChannel.at(id), in));
                t.unlock(serverLocks.at(id));
            }));
        }
        List<ThreadHandle> pickThreads = new ArrayList<>();
        for (int r = 0; r < requests; r++) {
            pickThreads.add(p.thread("pick" + r, t -> {
                for (int x = 0; x < servers; x++) {
                    t.lock(k);
                    t.write(sid, x);
                    t.unlock(k);
                }
            }));
        }
        p.main(t -> {
            Reg idx = t.reg("idx");
            Reg in = t.reg("in");
            serverThreads.forEach(t::start);
            for (ThreadHandle pick : pickThreads) {
                t.start(pick);
                t.lock(k);
                t.read(idx, sid);
                t.unlock(k);
                t.lock(serverLocks.at(idx));
                t.read(in, inChannel.at(idx));
                t.write(inChannel.at(idx), in.plus(1));
                t.unlock(serverLocks.at(idx));
                t.join(pick);
            }
            serverThreads.forEach(t::join);
        });
        return p.build();
    }

    /**
     * MPAT(k), {@code mpat.c} with {@code K = k}: mutexes {@code ma[K]} and {@code mi}; for each i in 0..K-1 the main
     * thread creates {@code wa(i)} ({@code lock ma[i]; unlock ma[i]}) and then {@code ra(i)}
     * ({@code lock mi; lock ma[i]; unlock ma[i]; unlock mi}), and exits. No shared variables. Threads: main and 2K
     * (9 for MPAT(4)). Traces: the order of the readers on {@code mi} (K!) times, for each i, whether {@code wa(i)}
     * or {@code ra(i)} takes {@code ma[i]} first (2^K): K!·2^K.
     */
    public static ModelProgram mpat(int k) {
        ProgramBuilder p = ProgramBuilder.program("MPAT(" + k + ")");
        LockArray ma = p.locks("ma", k);
        LockRef mi = p.lock("mi");
        for (int i = 0; i < k; i++) {
            int id = i;
            p.thread("wa" + id, t -> t.lock(ma.at(id)).unlock(ma.at(id)));
            p.thread("ra" + id, t -> t.lock(mi).lock(ma.at(id)).unlock(ma.at(id)).unlock(mi));
        }
        return p.build();
    }

    /**
     * MPC(producers, workers), {@code multiprodcon.c} with {@code PRODS = producers}, {@code WORKERS = workers} and
     * the fixed {@code TASKS = 2}, {@code ITERS = 2}: producers build a number together and send work to the worker
     * it selects.
     *
     * <ul>
     *   <li>globals: mutexes {@code mut[WORKERS]} and {@code prodmut}; {@code workreq[WORKERS]},
     *       {@code workdone[WORKERS]}, {@code prodbuff};</li>
     *   <li>worker {@code id} (created first, in order), TASKS times: {@code lock mut[id]; if (workreq[id])
     *       { workreq[id]--; havework = 1 } unlock mut[id]; if (havework) { workdone[id]++; havework = 0 }}
     *       ({@code workdone[id]} is only touched by worker id);</li>
     *   <li>producer {@code id} (created next, in order), ITERS times: {@code lock prodmut;
     *       prodbuff = prodbuff * PRODS + id; tmp = prodbuff; unlock prodmut}; then
     *       {@code assert tmp <= PRODS^(ITERS*PRODS)}; {@code dst = tmp % WORKERS; lock mut[dst]; workreq[dst]++;
     *       unlock mut[dst]}.</li>
     * </ul>
     *
     * {@code prodbuff} is {@code unsigned} in C; it stays below PRODS^(ITERS·PRODS) (under 10^7 for the
     * table's instances, PRODS ≤ 5), so Java's {@code int} computes the same values. Threads: main, WORKERS,
     * PRODS (8 for MPC(2,5)).
     */
    public static ModelProgram mpc(int producers, int workers) {
        return mpc(producers, workers, 2, 2);
    }

    /**
     * {@link #mpc(int, int)} with the source's two fixed {@code #define}s as parameters too: {@code TASKS}, the
     * iterations of each worker, and {@code ITERS}, the digits each producer adds. The table's instances have
     * {@code TASKS = ITERS = 2}; smaller values give instances small enough for the explorer-free counts.
     */
    public static ModelProgram mpc(int producers, int workers, int tasks, int iters) {
        long bound = 1;
        for (int i = 0; i < iters * producers; i++) {
            bound *= producers;
        }
        if (bound >= Integer.MAX_VALUE) {
            throw new IllegalArgumentException("prodbuff would overflow an int for " + producers + " producers");
        }
        int maxBuff = (int) bound;
        String suffix = tasks == 2 && iters == 2 ? "" : ",tasks=" + tasks + ",iters=" + iters;
        ProgramBuilder p = ProgramBuilder.program("MPC(" + producers + "," + workers + suffix + ")");
        LockArray mut = p.locks("mut", workers);
        LockRef prodmut = p.lock("prodmut");
        SharedArray workreq = p.array("workreq", workers);
        SharedArray workdone = p.array("workdone", workers);
        CellRef prodbuff = p.shared("prodbuff");
        for (int w = 0; w < workers; w++) {
            int id = w;
            p.thread("worker" + id, t -> {
                Reg req = t.reg("req");
                Reg havework = t.reg("havework");
                Reg done = t.reg("done");
                for (int i = 0; i < tasks; i++) {
                    t.lock(mut.at(id));
                    t.read(req, workreq.at(id));
                    t.ifThen(req.ne(0), then -> {
                        then.write(workreq.at(id), req.minus(1));
                        then.set(havework, 1);
                    });
                    t.unlock(mut.at(id));
                    t.ifThen(havework.ne(0), then -> {
                        then.read(done, workdone.at(id));
                        then.write(workdone.at(id), done.plus(1));
                        then.set(havework, 0);
                    });
                }
            });
        }
        for (int q = 0; q < producers; q++) {
            int id = q;
            p.thread("producer" + id, t -> {
                Reg buff = t.reg("buff");
                Reg tmp = t.reg("tmp");
                Reg req = t.reg("req");
                for (int i = 0; i < iters; i++) {
                    t.lock(prodmut);
                    t.read(buff, prodbuff);
                    t.set(tmp, buff.times(producers).plus(id));
                    t.write(prodbuff, tmp);
                    t.unlock(prodmut);
                }
                t.check(tmp.lt(maxBuff + 1), "tmp <= pow(PRODS, ITERS*PRODS)");
                t.lock(mut.at(tmp.mod(workers)));
                t.read(req, workreq.at(tmp.mod(workers)));
                t.write(workreq.at(tmp.mod(workers)), req.plus(1));
                t.unlock(mut.at(tmp.mod(workers)));
            });
        }
        return p.build();
    }

    /**
     * PI(threads), {@code pi/pth_pi_mutex.c} with {@code THREADS = threads} (the table uses {@code ITERS = 5000}
     * series terms, which only changes local computation): the main thread sets {@code sum = 0}, creates the threads,
     * joins them in order and then computes {@code sum = 4 * sum}; thread {@code rank} computes its share of the
     * series in locals, then {@code lock mutex; sum += my_sum; unlock mutex}. The serial computation and the
     * {@code printf}s after it are local and left out. The shared {@code double} is an int cell here, each thread
     * adding a different term ({@code rank + 1}) so that each order of the critical sections is visible in the
     * values read. Threads: main and THREADS (6 for PI(5)); traces: THREADS!, the order of the critical sections.
     */
    public static ModelProgram pi(int threads) {
        ProgramBuilder p = ProgramBuilder.program("PI(" + threads + ")");
        LockRef mutex = p.lock("mutex");
        CellRef sum = p.shared("sum");
        List<ThreadHandle> handles = new ArrayList<>();
        for (int rank = 0; rank < threads; rank++) {
            int term = rank + 1;
            handles.add(p.thread("Thread_sum" + rank, t -> {
                Reg s = t.reg("s");
                t.lock(mutex);
                t.read(s, sum);
                t.write(sum, s.plus(term));
                t.unlock(mutex);
            }));
        }
        p.main(t -> {
            Reg s = t.reg("s");
            handles.forEach(t::start);
            handles.forEach(t::join);
            t.read(s, sum);
            t.write(sum, s.times(4));
        });
        return p.build();
    }

    /**
     * POL(threads, iterations), {@code poke.c} with {@code N = threads} and {@code K = iterations}: a thread pool is
     * poked K times to find out which workers are free.
     *
     * <ul>
     *   <li>globals: mutexes {@code ma[N]} and {@code mi}; {@code a[N]}, {@code i}, {@code d};</li>
     *   <li>the main thread creates {@code wa(x)} for x in 0..N-1 ({@code lock ma[x]; a[x] = 1; unlock ma[x]});</li>
     *   <li>then, K times: it creates a {@code choice} thread ({@code for x in 1..N-1: lock mi; i = x; unlock mi}) and
     *       an {@code ra} thread ({@code lock mi; idx = i; unlock mi; lock ma[idx]; if (a[idx] == 1) { d++;
     *       a[idx] = 0 } unlock ma[idx]}), and joins both (choice first);</li>
     *   <li>then {@code assert d >= 0; assert d <= N}, joins the writers, adds the {@code a[x]} still set to
     *       {@code d} and asserts {@code d == N}.</li>
     * </ul>
     *
     * {@code i} is not reset between iterations, so a later {@code ra} may read the last value of an earlier choice
     * thread. {@code d} is written by the {@code ra} threads without a lock, but they never overlap (each is joined
     * before the next is created), so the program stays data-race free. Threads: main, N writers, and 2K for the
     * iterations (14 for POL(7,3), as in the table's Th column).
     */
    public static ModelProgram pol(int threads, int iterations) {
        ProgramBuilder p = ProgramBuilder.program("POL(" + threads + "," + iterations + ")");
        LockArray ma = p.locks("ma", threads);
        LockRef mi = p.lock("mi");
        SharedArray a = p.array("a", threads);
        CellRef i = p.shared("i");
        CellRef d = p.shared("d");
        List<ThreadHandle> writers = new ArrayList<>();
        for (int x = 0; x < threads; x++) {
            int id = x;
            writers.add(p.thread("wa" + id, t -> {
                t.lock(ma.at(id));
                t.write(a.at(id), 1);
                t.unlock(ma.at(id));
            }));
        }
        List<ThreadHandle> choices = new ArrayList<>();
        List<ThreadHandle> pokers = new ArrayList<>();
        for (int iteration = 0; iteration < iterations; iteration++) {
            choices.add(p.thread("choice" + iteration, t -> {
                for (int x = 1; x < threads; x++) {
                    t.lock(mi);
                    t.write(i, x);
                    t.unlock(mi);
                }
            }));
            pokers.add(p.thread("ra" + iteration, t -> {
                Reg idx = t.reg("idx");
                Reg seen = t.reg("seen");
                Reg count = t.reg("count");
                t.lock(mi);
                t.read(idx, i);
                t.unlock(mi);
                t.lock(ma.at(idx));
                t.read(seen, a.at(idx));
                t.ifThen(seen.eq(1), then -> {
                    then.read(count, d);
                    then.write(d, count.plus(1));
                    then.write(a.at(idx), 0);
                });
                t.unlock(ma.at(idx));
            }));
        }
        p.main(t -> {
            Reg count = t.reg("d");
            Reg set = t.reg("a");
            writers.forEach(t::start);
            for (int iteration = 0; iteration < iterations; iteration++) {
                t.start(choices.get(iteration));
                t.start(pokers.get(iteration));
                t.join(choices.get(iteration));
                t.join(pokers.get(iteration));
            }
            t.read(count, d);
            t.check(count.lt(0).not(), "d >= 0");
            t.check(count.lt(threads + 1), "d <= N");
            writers.forEach(t::join);
            for (int x = 0; x < threads; x++) {
                t.read(set, a.at(x));
                t.ifThen(set.ne(0), then -> then.set(count, count.plus(1)));
            }
            t.check(count.eq(threads), "d == N");
        });
        return p.build();
    }
}
