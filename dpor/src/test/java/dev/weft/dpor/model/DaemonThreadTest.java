package dev.weft.dpor.model;

import dev.weft.scheduler.model.FailureKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Daemon threads ({@link ProgramBuilder#daemonThread}): an execution ends once every other thread has ended, with the
 * daemons wherever they were, as a JVM exits then. DPOR runs the ways a daemon can be cut off that the test can tell
 * apart, and no other ({@code AbandonedDaemons}). Counts are derived by hand in the comments; where the program is
 * finite, NAIVE (which runs every interleaving, so every way to cut the daemon off) must meet the same failures.
 */
class DaemonThreadTest {

    /**
     * A daemon that increments its own counter forever, beside two workers that each increment a shared one: the
     * workers' increments are the only dependent pair, so 2 traces. The heartbeat depends on nothing and adds none,
     * and it never keeps the workers from moving (it runs only when no other thread can).
     */
    @Test
    void aHeartbeatThatNobodyReadsAddsNoExecution() {
        ProgramBuilder p = ProgramBuilder.program("heartbeat");
        CellRef beats = p.atomic("beats");
        CellRef counter = p.atomic("counter");
        p.daemonThread("heartbeat", t -> {
            Reg old = t.reg("old");
            t.loop(body -> body.getAndIncrement(old, beats));
        });
        p.thread("T1", t -> t.getAndIncrement(t.reg("r"), counter));
        p.thread("T2", t -> t.getAndIncrement(t.reg("r"), counter));

        Exploration dpor = Exploration.dpor(p.build());

        assertThat(dpor.result().exhaustive()).as(dpor.summary()).isTrue();
        assertThat(dpor.result().failures()).as(dpor.summary()).isEmpty();
        assertThat(dpor.result().executions()).as(dpor.summary()).isEqualTo(2);
        assertThat(dpor.result().sleepSetBlocked()).as(dpor.summary()).isZero();
    }

    /**
     * The daemon asserts that it never reads the main thread's 1. Cut off by the end, it may have read nothing, 0
     * (before the write) or 1 (between the write and the end): 3 outcomes, the last one failing, and DPOR's 3
     * executions. NAIVE meets one trace more: after reading 0 the daemon may also have ended before the main thread,
     * which nothing can see. The first execution ends before the daemon's read; that the read, run after the end,
     * fails is what makes the explorer try it before the end.
     */
    @Test
    void aDaemonFailingBeforeTheEndIsFound() {
        ProgramBuilder p = ProgramBuilder.program("daemon asserts");
        CellRef x = p.shared("x");
        ThreadHandle daemon = p.daemonThread("D", t -> {
            Reg seen = t.reg("seen");
            t.read(seen, x).check(seen.ne(1), "the daemon saw 1");
        });
        p.main(t -> t.start(daemon).write(x, 1));
        ModelProgram program = p.build();

        Exploration dpor = Exploration.dpor(program);
        Exploration naive = Exploration.naive(program);

        assertThat(dpor.result().failures()).extracting(f -> f.kind()).containsExactly(FailureKind.ASSERTION);
        assertThat(dpor.result().executions()).as(dpor.summary()).isEqualTo(3);
        assertThat(dpor.result().completed()).as(dpor.summary()).isEqualTo(2);
        assertThat(naive.log().distinctTraces()).as(naive.summary()).isEqualTo(4);
        assertThat(naive.result().failures()).extracting(f -> f.kind()).containsExactly(FailureKind.ASSERTION);
    }

    /**
     * The daemon copies x + 1 into y; the main thread writes x = 1, then asserts that y is not 2. It fails only when
     * the daemon reads x after the write and writes y before the main thread reads it: a daemon step (the read) that
     * races with the main thread's write must be run before the end, so that its next step (the write of y, seen only
     * after the end in the first execution) can race with the main thread's read.
     */
    @Test
    void whatADaemonDoesAfterAStepThatRacesIsLookedAtToo() {
        ProgramBuilder p = ProgramBuilder.program("daemon copies");
        CellRef x = p.shared("x");
        CellRef y = p.shared("y");
        ThreadHandle daemon = p.daemonThread("D", t -> {
            Reg seen = t.reg("seen");
            t.read(seen, x).write(y, seen.plus(1));
        });
        p.main(t -> {
            Reg copy = t.reg("copy");
            t.start(daemon).write(x, 1).read(copy, y).check(copy.ne(2), "main read y = 2");
        });
        ModelProgram program = p.build();

        Exploration dpor = Exploration.dpor(program);
        Exploration naive = Exploration.naive(program);

        assertThat(naive.result().failures()).as(naive.summary()).isNotEmpty();
        assertThat(dpor.result().failures()).extracting(f -> f.kind()).containsExactly(FailureKind.ASSERTION);
        assertThat(DifferentialCheck.checkObservable(program).problems()).isEmpty();
    }
}
