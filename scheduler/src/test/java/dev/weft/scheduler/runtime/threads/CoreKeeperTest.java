package dev.weft.scheduler.runtime.threads;

import dev.weft.scheduler.runtime.JvmSubject;
import dev.weft.scheduler.runtime.RuntimeSettings;
import org.junit.jupiter.api.Test;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.assertj.core.api.Assertions.assertThat;

/** The keeper lives while executions start, ends on its own after them, and is not started when switched off. */
class CoreKeeperTest {

    @Test
    void theKeeperRunsWhileExecutionsStartAndEndsAfterThem() throws InterruptedException {
        AtomicBoolean seenDuringTheExecution = new AtomicBoolean();
        JvmSubject subject = new JvmSubject(() -> seenDuringTheExecution.set(keeperAlive()),
                RuntimeSettings.defaults().withKeepCoreAwake(true));

        subject.start().close();

        assertThat(seenDuringTheExecution).as("keeper running while an execution runs").isTrue();
        assertThat(keeperEndsWithin(5_000)).as("keeper ended once no execution started").isTrue();
    }

    @Test
    void noKeeperWhenSwitchedOff() throws InterruptedException {
        assertThat(keeperEndsWithin(5_000)).as("no keeper left from an earlier test").isTrue();
        JvmSubject subject = new JvmSubject(() -> { }, RuntimeSettings.defaults().withKeepCoreAwake(false));

        for (int i = 0; i < 10; i++) {
            subject.start().close();
        }

        assertThat(keeperAlive()).isFalse();
    }

    private static boolean keeperAlive() {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(CoreKeeper::isKeeper);
    }

    private static boolean keeperEndsWithin(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (keeperAlive()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(10);
        }
        return true;
    }
}
