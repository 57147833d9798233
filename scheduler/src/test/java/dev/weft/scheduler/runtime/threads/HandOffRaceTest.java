package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.runtime.Dfs;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.JvmRunTest;
import dev.weft.scheduler.runtime.JvmSubject;
import dev.weft.scheduler.runtime.TestSite;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.locks.LockSupport;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The main thread's first pause releases the driver, which installs the direct hand-off and lets main perform that
 * very operation. If main looked for the hand-off only after publishing its pause, a quick driver made it take the
 * token as if the operation were done: a step that never ran, and an execution cut short with no thread pending (the
 * NONDETERMINISM "found no such thread" of big0, once in tens of thousands of executions). Here every pause wakes the
 * driver and then lingers, so the driver always wins that race.
 */
class HandOffRaceTest {

    static final class Cell {
        int value;
    }

    private static final int WRITE = TestSite.at("value");

    @AfterEach
    void noMoreSlowDown() {
        ManagedThread.afterPausePublished = null;
    }

    /**
     * Main writes twice and starts two children, one of which writes: with every pause lingering, the hand-off (and
     * stepping from the driver, which {@link Dfs#explore} compares it with) sees the same executions as without.
     */
    @Test
    void aPauseThatLingersAfterItIsPublishedLosesNoStep() {
        JvmSubject subject = new JvmSubject(() -> {
            Cell cell = new Cell();
            Hooks.fieldWrite(cell, WRITE);
            cell.value = 1;
            Hooks.fieldWrite(cell, WRITE);
            cell.value = 2;
            JvmRunTest.startAndJoin(() -> {
                Hooks.fieldWrite(cell, WRITE);
                cell.value = 3;
            }, () -> { });
        });
        List<List<Event>> undisturbed = eventsOf(Dfs.explore(subject));

        Thread driver = Thread.currentThread();
        ManagedThread.afterPausePublished = () -> {
            LockSupport.unpark(driver); // as if the driver had seen the pause at once
            linger();
        };
        List<Dfs.Execution> lingering = Dfs.explore(subject);

        assertThat(lingering).allSatisfy(execution -> assertThat(execution.failure()).isNull());
        assertThat(eventsOf(lingering)).isEqualTo(undisturbed);
    }

    /** A sleep, not a park: a thread may hold an unpark permit here, which would end a park at once. */
    private static void linger() {
        try {
            Thread.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static List<List<Event>> eventsOf(List<Dfs.Execution> executions) {
        return executions.stream().map(Dfs.Execution::events).toList();
    }
}
