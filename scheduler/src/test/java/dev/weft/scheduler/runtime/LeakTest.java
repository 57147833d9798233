package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.model.ThreadId;
import dev.weft.scheduler.runtime.fibers.FiberCarrier;
import dev.weft.scheduler.runtime.threads.Carrier;
import dev.weft.scheduler.runtime.threads.CoreKeeper;
import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class LeakTest {

    static final class Cell {
        int value;
    }

    private static final int READ = TestSite.at("value");
    private static final int WRITE = TestSite.at("value");
    private static final int START = TestSite.at("start");
    private static final int ENTER = TestSite.at("monitorenter");

    /**
     * Half of the runs are closed in the middle, with a child paused inside a critical section. The only threads
     * left are the idle ones the runtime reuses ({@link Carrier}, {@link FiberCarrier}) and the {@link CoreKeeper},
     * which ends on its own.
     */
    @Test
    void noThreadOutlivesItsRunAcrossTwoThousandRuns() {
        AtomicInteger ended = new AtomicInteger();
        JvmSubject subject = new JvmSubject(() -> {
            Cell cell = new Cell();
            Thread child = Managed.thread(() -> {
                Hooks.monitorEnter(cell, ENTER);
                Hooks.fieldWrite(cell, WRITE);
                cell.value = 1;
            });
            Hooks.threadStart(child, START);
            Hooks.fieldRead(cell, READ);
            ended.incrementAndGet();
        });
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        int pooledBefore = Carrier.idleCount();

        for (int i = 0; i < 2_000; i++) {
            try (JvmRun run = subject.start()) {
                if (i % 2 == 0) {
                    run.step(new ThreadId(0, "main")); // start
                    run.step(new ThreadId(1, "main.1")); // lock: main.1 is now paused inside, main before its read
                    continue;
                }
                while (!run.pending().isEmpty()) {
                    run.step(run.pending().stream().filter(p -> p.enabled()).findFirst().orElseThrow().thread());
                }
            }
        }

        Set<Thread> left = new HashSet<>(Thread.getAllStackTraces().keySet());
        left.removeAll(before);
        // a carrier of fibers stays with its driving thread (this one) and ends a second after its last execution
        left.removeIf(thread -> Carrier.isIdle(thread) || CoreKeeper.isKeeper(thread)
                || thread instanceof FiberCarrier);
        assertThat(left).as("threads other than idle reusable ones").isEmpty();
        assertThat(Carrier.idleCount() - pooledBefore).as("new idle threads: a run uses two").isLessThanOrEqualTo(2);
        assertThat(ended).hasValue(1_000);
    }
}
