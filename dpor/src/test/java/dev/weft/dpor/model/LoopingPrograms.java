package dev.weft.dpor.model;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Small random model programs with loops, for the differential test of the stateful search: 2–3 workers, each a loop
 * of 1–3 turns over a body of 1–3 operations on 1–2 shared variables (reads, writes of a constant or of what was read
 * plus one, getAndIncrement, a lock block around a read and a write, a tryLock block), now and then an assertion on a
 * value read. Loops are where different schedules reach the same states (the workers' turns commute), which is what a
 * stateful search saves; the counters and values stay small, so every program has a few thousand states at most. A
 * seed always gives the same program.
 */
final class LoopingPrograms {

    private final SplittableRandom random;
    private final List<CellRef> vars = new ArrayList<>();
    private LockRef lock;

    private LoopingPrograms(long seed) {
        this.random = new SplittableRandom(seed);
    }

    static ModelProgram generate(long seed) {
        return new LoopingPrograms(seed).program("looping#" + seed);
    }

    private ModelProgram program(String name) {
        ProgramBuilder p = ProgramBuilder.program(name);
        int variables = 1 + random.nextInt(2);
        for (int v = 0; v < variables; v++) {
            vars.add(p.shared("x" + v));
        }
        lock = p.lock("m");
        int workers = 2 + random.nextInt(2);
        for (int w = 1; w <= workers; w++) {
            int turns = 1 + random.nextInt(workers == 2 ? 3 : 2);
            int operations = 1 + random.nextInt(workers == 2 ? 3 : 2);
            p.thread("T" + w, t -> worker(t, turns, operations));
        }
        return p.build();
    }

    private void worker(ThreadBuilder t, int turns, int operations) {
        Reg r = t.reg("r");
        Reg ok = t.reg("ok");
        t.repeat(turns, body -> {
            for (int o = 0; o < operations; o++) {
                operation(body, r, ok);
            }
        });
    }

    private void operation(ThreadBuilder t, Reg r, Reg ok) {
        CellRef x = vars.get(random.nextInt(vars.size()));
        switch (random.nextInt(7)) {
            case 0 -> t.read(r, x);
            case 1 -> t.write(x, r.plus(1));
            case 2 -> t.write(x, random.nextInt(3));
            case 3 -> t.getAndIncrement(r, x);
            case 4 -> t.lock(lock).read(r, x).write(x, r.plus(1)).unlock(lock);
            case 5 -> t.tryLock(ok, lock).ifThen(ok.eq(1), then -> then.write(x, r).unlock(lock));
            default -> t.read(r, x).check(r.ne(2 + random.nextInt(3)), "x must not be that");
        }
    }
}
