package dev.weft.samples.extension;

import dev.weft.junit.Algorithm;
import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.junit.KeepAcrossExecutions;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Tests that exercise the extension's contract (API.md): lifecycle per execution, budgets, misuse, replay,
 * nondeterminism, uncontrolled blocking. {@link ExtensionBehaviourTest} runs them through the JUnit Platform and
 * checks what they produce. (Named {@code *Programs} so that Surefire does not run them on their own.)
 */
class ExtensionPrograms {

    /** Kept across executions: what the test checks once they have all run. */
    @KeepAcrossExecutions
    static final AtomicInteger CONSTRUCTED = new AtomicInteger();
    @KeepAcrossExecutions
    static final AtomicInteger BEFORE_EACH = new AtomicInteger();
    @KeepAcrossExecutions
    static final AtomicInteger AFTER_EACH = new AtomicInteger();
    @KeepAcrossExecutions
    static final AtomicInteger DIVERGING_RUNS = new AtomicInteger();

    /** A counter that two threads increment without synchronisation. */
    static final class Counter {
        int value;
    }

    private Counter counter;

    ExtensionPrograms() {
        CONSTRUCTED.incrementAndGet();
    }

    @BeforeEach
    void freshCounter() {
        BEFORE_EACH.incrementAndGet();
        counter = new Counter();
    }

    @AfterEach
    void countAfter() {
        AFTER_EACH.incrementAndGet();
    }

    /** Two unprotected increments of the instance's counter: 4 traces, one outcome loses an update. */
    private void racyIncrements() throws InterruptedException {
        Thread a = new Thread(() -> counter.value++);
        Thread b = new Thread(() -> counter.value++);
        a.start();
        b.start();
        a.join();
        b.join();
    }

    @ExhaustiveConcurrency
    void countsEveryExecution() throws Exception {
        racyIncrements();
    }

    @Test
    @ExhaustiveConcurrency
    void withTestBesideIt() throws Exception {
        racyIncrements();
    }

    @ExhaustiveConcurrency
    void lostUpdate() throws Exception {
        racyIncrements();
        assertEquals(2, counter.value);
    }

    @ExhaustiveConcurrency(algorithm = Algorithm.NAIVE)
    void everyInterleaving() throws Exception {
        racyIncrements();
    }

    @ExhaustiveConcurrency(maxExecutions = 3)
    void smallBudget() throws Exception {
        racyIncrements();
    }

    @ExhaustiveConcurrency(maxExecutions = 0)
    void zeroBudget() throws Exception {
        racyIncrements();
    }

    @ExhaustiveConcurrency
    void assumptionFails() throws Exception {
        racyIncrements();
        Assumptions.assumeTrue(counter.value == 3, "only on a machine with three increments");
    }

    /** Writes the counter first only from its second execution on: the same schedule no longer does the same. */
    @ExhaustiveConcurrency
    void behavesDifferentlyOnceRun() throws Exception {
        boolean again = DIVERGING_RUNS.getAndIncrement() > 0;
        if (again) {
            counter.value = 5;
        }
        racyIncrements();
    }

    /** One worker only: schedules of the two-thread tests do not fit it. */
    @ExhaustiveConcurrency
    void oneWorker() throws Exception {
        Thread a = new Thread(() -> counter.value++);
        a.start();
        a.join();
    }

    /** Forgets to start the thread it made: nothing runs beside the test's own thread. */
    @ExhaustiveConcurrency
    void neverStartsItsThread() throws Exception {
        Thread made = new Thread(() -> counter.value++);
        counter.value++;
        assertEquals(1, counter.value);
        assertEquals(Thread.State.NEW, made.getState());
    }

    /** A worker blocks in JDK code that Weft does not control. */
    @ExhaustiveConcurrency
    void blocksInUncontrolledCode() throws Exception {
        aWorkerBlocksInUncontrolledCode();
    }

    /**
     * A worker reads a pipe nobody writes to, in the JDK's own monitor wait ({@code PipedInputStream.read} waits a
     * second at a time until it is interrupted), which Weft does not control either.
     */
    @ExhaustiveConcurrency
    void waitsInUncontrolledCode() throws Exception {
        PipedInputStream in = new PipedInputStream();
        PipedOutputStream neverWritten = new PipedOutputStream(in);
        Thread reader = new Thread(() -> {
            try {
                in.read();
            } catch (IOException interrupted) {
                throw new UncheckedIOException(interrupted); // stopped by the close: InterruptedIOException
            }
        });
        reader.start();
        reader.join();
        neverWritten.close();
    }

    /**
     * Starts a worker that reads a pipe nobody writes to, and joins it: blocking I/O, which Weft does not control (an
     * interrupt closes the channel, and the read throws).
     */
    static void aWorkerBlocksInUncontrolledCode() throws Exception {
        Pipe nobodyWrites = Pipe.open();
        Thread worker = new Thread(() -> {
            try {
                nobodyWrites.source().read(ByteBuffer.allocate(1));
            } catch (IOException e) {
                Thread.currentThread().interrupt();
            }
        });
        worker.start();
        worker.join();
        nobodyWrites.sink().close();
        nobodyWrites.source().close();
    }

    /** Executions of {@link #spinsOutOfReachForAWhile} started: one whose exploring thread was given up starts none. */
    @KeepAcrossExecutions
    static final AtomicInteger SPINNER_EXECUTIONS = new AtomicInteger();
    /** How long its worker spins: longer than two watchdog timeouts of one second. */
    static final long SPIN_MILLIS = 3_000;

    /**
     * Two threads write one cell (2 orders), then a worker spins for {@link #SPIN_MILLIS} in code where Weft sees no
     * visible operation and that ignores interrupts: it cannot be unwound, and comes back only when it is done.
     */
    @ExhaustiveConcurrency
    void spinsOutOfReachForAWhile() throws InterruptedException {
        SPINNER_EXECUTIONS.incrementAndGet();
        int[] cell = new int[1];
        Thread writer = new Thread(() -> cell[0] = 1);
        writer.start();
        cell[0] = 2;
        writer.join();
        Thread spinner = new Thread(ExtensionPrograms::spinOutOfReach);
        spinner.start();
        spinner.join();
    }

    /** The two flags of {@link #failsWithAPreemptionAndSpinsOutOfReachWithout}. */
    static final class Flags {
        int first;
        int second;
    }

    /**
     * The reader fails its assertion only when it runs between the writer's two writes, a schedule with a preemption,
     * which the search finds first; it spins out of reach when it runs before both, a schedule without one (the
     * writer has not started), which only the search for fewer preemptions gets to.
     */
    @ExhaustiveConcurrency
    void failsWithAPreemptionAndSpinsOutOfReachWithout() throws InterruptedException {
        Flags flags = new Flags();
        Thread writer = new Thread(() -> {
            flags.first = 1;
            flags.second = 1;
        });
        Thread reader = new Thread(() -> {
            if (flags.first == 0) {
                spinOutOfReach();
            } else {
                assertEquals(1, flags.second, "the reader ran between the writer's two writes");
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }

    /** Written by {@link #daemonSwallowsTheUnwindingAndSpinsOutOfReach}'s daemon in a loop. */
    private volatile int beat;

    /**
     * The body returns at once, so the execution passes; its daemon thread loops on a volatile write, and when closing
     * the execution unwinds it from its next write, it catches that and spins for {@link #SPIN_MILLIS} out of reach.
     * The close cannot stop it, and no execution failed: what is left is no verdict of the test's.
     */
    @ExhaustiveConcurrency
    void daemonSwallowsTheUnwindingAndSpinsOutOfReach() {
        Thread daemon = new Thread(() -> {
            try {
                while (true) {
                    beat++;
                }
            } catch (Throwable unwound) {
                spinOutOfReach();
            }
        });
        daemon.setDaemon(true);
        daemon.start();
    }

    /** Spins on the real clock: through a method handle, which Weft's virtual clock does not replace. */
    private static void spinOutOfReach() {
        try {
            MethodHandle clock = MethodHandles.publicLookup().findStatic(System.class, "nanoTime",
                    MethodType.methodType(long.class));
            long end = (long) clock.invokeExact() + SPIN_MILLIS * 1_000_000;
            while ((long) clock.invokeExact() < end) {
                // nothing Weft can see
            }
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }
}
