package dev.weft.scheduler.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SubjectFailureTest {

    private static final ThreadId MAIN = new ThreadId(0, "main");

    /** An exception without a message (commons-pool's, in the JDK's lock) names where the test's code made the call. */
    @Test
    void anExceptionSaysWhereTheCodeOutsideTheJdkThrewIt() {
        IllegalMonitorStateException thrown = thrownAt(new IllegalMonitorStateException(),
                frame("java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject", "getWaitingThreads",
                        "AbstractQueuedSynchronizer.java", 1838),
                frame("dev.weft.scheduler.runtime.locks.ReentrantLocks", "waitingThreads", "ReentrantLocks.java", 10),
                frame("org.example.pool.InterruptibleLock", "interruptWaiters", "InterruptibleLock.java", 52),
                frame("org.example.pool.Pool", "close", "Pool.java", 482));

        assertThat(SubjectFailure.thrownBy(MAIN, thrown).message()).isEqualTo(
                "java.lang.IllegalMonitorStateException thrown in thread main"
                        + " (at InterruptibleLock.interruptWaiters(InterruptibleLock.java:52))");
    }

    @Test
    void aSampleOfThisRepositoryIsTheTestsCodeNotWefts() {
        IllegalStateException thrown = thrownAt(new IllegalStateException("broken"),
                frame("dev.weft.samples.Programs", "run", "Programs.java", 7));

        assertThat(SubjectFailure.thrownBy(MAIN, thrown).message()).isEqualTo(
                "java.lang.IllegalStateException thrown in thread main: broken (at Programs.run(Programs.java:7))");
    }

    @Test
    void aMessageThatSaysWhereAlreadyAndAnAssertionGetNoPlace() {
        IllegalStateException refused = thrownAt(new IllegalStateException("Weft does not model X (at Pool.java:482)"),
                frame("org.example.pool.Pool", "close", "Pool.java", 482));
        AssertionError failed = thrownAt(new AssertionError("expected 1"),
                frame("org.example.pool.PoolTest", "test", "PoolTest.java", 9));

        assertThat(SubjectFailure.thrownBy(MAIN, refused).message()).endsWith("(at Pool.java:482)");
        assertThat(SubjectFailure.thrownBy(MAIN, failed).message())
                .isEqualTo("assertion failed in thread main: expected 1");
    }

    private static <T extends Throwable> T thrownAt(T thrown, StackTraceElement... frames) {
        thrown.setStackTrace(frames);
        return thrown;
    }

    private static StackTraceElement frame(String type, String method, String file, int line) {
        return new StackTraceElement(type, method, file, line);
    }
}
