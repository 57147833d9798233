package dev.weft.scheduler.runtime.fibers;

import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.instrument.ForkedJvm;
import dev.weft.scheduler.instrument.SubjectSetup;
import dev.weft.scheduler.runtime.Dfs;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.JvmRunTest;
import dev.weft.scheduler.runtime.JvmSubject;
import dev.weft.scheduler.runtime.TestSite;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Closing an execution wakes every thread, one whose fiber has just ended too, and the wake puts it in the ready
 * queue. If the carrier it ended on let go of it before marking it done, another carrier could take it from the queue
 * and run its ended continuation ({@code IllegalStateException: Continuation terminated}): that carrier died, the
 * execution's other fibers were never unwound, and the test ended without a report (CI, Temurin 25, under load).
 * Here a second carrier takes every ended fiber the moment the first lets go of it.
 *
 * <p>In a fresh JVM: continuations are found usable or not once per JVM, and a test of this module that runs before
 * the instrumentation is installed makes them unusable for the rest of its JVM.
 */
class FiberRaceTest {

    private static final int WRITE = TestSite.at("value");

    static final class Cell {
        int value;
    }

    @Test
    void aFiberTakenByAnotherCarrierTheMomentItEndedIsNotRunAgain() throws IOException, InterruptedException {
        assumeTrue(Runtime.version().feature() >= 24, "managed threads run as fibers only on JDK 24 and later");

        ForkedJvm.Result result = ForkedJvm.run(SecondCarrierMain.class);

        assertThat(result.output()).contains("fibers=true", "secondCarrierThrew=0\n", "failures=0")
                .containsPattern("secondCarrierRan=[1-9]\\d* times, always true");
        assertThat(result.exitCode()).isZero();
    }

    /** Explores two writers under the hand-off with a second carrier that takes each ended fiber at once. */
    static final class SecondCarrierMain {
        public static void main(String[] args) {
            SubjectSetup.ensureInstalled(); // exports the continuations to Weft; this test's classes stay as they are
            System.out.println("fibers=" + Continuations.available());
            List<Boolean> ran = new CopyOnWriteArrayList<>();
            List<Throwable> threw = new CopyOnWriteArrayList<>();
            Fiber.afterItEnded = fiber -> {
                Thread second = new Thread(() -> {
                    try {
                        ran.add(fiber.runOn(Thread.currentThread()));
                    } catch (RuntimeException | Error e) {
                        threw.add(e);
                    }
                }, "second-carrier");
                second.start();
                try {
                    second.join();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            };
            List<Dfs.Execution> executions = Dfs.explore(new JvmSubject(() -> {
                Cell cell = new Cell();
                JvmRunTest.startAndJoin(() -> {
                    Hooks.fieldWrite(cell, WRITE);
                    cell.value = 1;
                }, () -> {
                    Hooks.fieldWrite(cell, WRITE);
                    cell.value = 2;
                });
            }));
            System.out.println("secondCarrierThrew=" + threw.size()
                    + (threw.isEmpty() ? "" : " times, first " + threw.get(0)));
            System.out.println("secondCarrierRan=" + ran.size() + " times, always " + !ran.contains(false));
            System.out.println("failures=" + executions.stream().filter(e -> e.failure() != null).count());
            System.exit(0);
        }
    }
}
