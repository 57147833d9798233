package dev.weft.scheduler.instrument;

import static dev.weft.scheduler.instrument.SubjectSetup.at;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.weft.scheduler.instrument.subjects.Locks;
import dev.weft.scheduler.instrument.subjects.Monitors;
import dev.weft.scheduler.instrument.subjects.Parking;
import org.junit.jupiter.api.Test;

/**
 * {@link Monitors} is loaded before installation: JUnit's discovery loads it as the parameter type of the lambdas
 * below that capture it, before any test installs the instrumentation. It is therefore retransformed and keeps
 * {@code ACC_SYNCHRONIZED}, so its synchronized methods are announced at call sites. Classes loaded after installation
 * take their monitors themselves ({@link MethodReferenceInstrumentationTest}).
 */
class SynchronizationInstrumentationTest {

    @Test
    void synchronizedBlockTakesTheRealMonitorWhenTheHandlerDoesNotModelIt() throws InterruptedException {
        Monitors monitors = new Monitors();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(monitors.block()).isTrue();

            String line = at(Monitors.class, "block");
            assertThat(recording.rendered()).containsExactly(
                    "monitorEnter " + line,
                    "fieldRead " + line + " value",
                    "fieldWrite " + line + " value",
                    "holdsLock " + line + " Thread.holdsLock",
                    "monitorExit " + line);
        }
        assertThat(monitors.isLockFree()).isTrue();
    }

    @Test
    void synchronizedBlockSkipsTheRealMonitorWhenTheHandlerModelsIt() throws InterruptedException {
        Monitors monitors = new Monitors();
        try (RecordingHandler recording = RecordingHandler.start(true)) {
            assertThat(monitors.block()).isFalse();
            assertThat(recording.rendered()).first().asString().startsWith("monitorEnter");
        }
        assertThat(monitors.isLockFree()).isTrue();
    }

    @Test
    void exceptionInsideSynchronizedBlockReleasesTheMonitor() throws InterruptedException {
        Monitors monitors = new Monitors();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThatThrownBy(monitors::throwInside).hasMessage("inside");

            String line = at(Monitors.class, "throwInside");
            assertThat(recording.rendered()).containsExactly(
                    "monitorEnter " + line,
                    "allocated " + line + " IllegalStateException",
                    "monitorExit " + line);
        }
        assertThat(monitors.isLockFree()).isTrue();
    }

    @Test
    void callOfSynchronizedMethodIsAnnouncedAtTheCallSite() throws InterruptedException {
        Monitors monitors = new Monitors();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(monitors.callsSync()).isEqualTo(1);

            String call = at(Monitors.class, "callSync");
            String body = at(Monitors.class, "syncBody");
            assertThat(recording.rendered()).containsExactly(
                    "monitorEnter " + call + " Monitors.syncInc",
                    "synchronizedMethodEntered " + body + " Monitors.syncInc",
                    "fieldRead " + body + " value",
                    "fieldWrite " + body + " value",
                    "monitorExit " + call + " Monitors.syncInc");
            assertThat(recording.events()).allSatisfy(event -> assertThat(event.target()).isSameAs(monitors));
        }
        assertThat(monitors.isLockFree()).isTrue();
    }

    @Test
    void throwingSynchronizedMethodIsReleasedInTheModelBeforeTheCallersHandlerRuns() {
        Monitors monitors = new Monitors();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(monitors.callsSyncThrow()).isEqualTo("sync");

            String call = at(Monitors.class, "callSyncThrow");
            String body = at(Monitors.class, "syncThrow");
            assertThat(recording.rendered()).containsExactly(
                    "monitorEnter " + call + " Monitors.syncThrow",
                    "synchronizedMethodEntered " + body + " Monitors.syncThrow",
                    "allocated " + body + " IllegalStateException",
                    "monitorExit " + call + " Monitors.syncThrow");
        }
    }

    @Test
    void staticSynchronizedMethodUsesItsClassAsMonitor() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(Monitors.callsSyncStatic()).isEqualTo(5);

            assertThat(recording.rendered()).containsExactly(
                    "monitorEnter " + at(Monitors.class, "callSyncStatic") + " Monitors.syncStatic",
                    "synchronizedMethodEntered " + recording.events().get(1).site().fileName() + ":"
                            + recording.events().get(1).site().line() + " Monitors.syncStatic",
                    "monitorExit " + at(Monitors.class, "callSyncStatic") + " Monitors.syncStatic");
            assertThat(recording.events()).allSatisfy(event -> assertThat(event.target()).isSameAs(Monitors.class));
        }
    }

    @Test
    void entryFromUninstrumentedCodeIsOnlyNotified() {
        Monitors monitors = new Monitors();
        try (RecordingHandler recording = RecordingHandler.start()) {
            monitors.syncInc();

            assertThat(recording.rendered()).first()
                    .isEqualTo("synchronizedMethodEntered " + at(Monitors.class, "syncBody") + " Monitors.syncInc");
        }
    }

    @Test
    void waitAndNotifyGoThroughTheHooks() throws InterruptedException {
        Monitors monitors = new Monitors();
        try (RecordingHandler recording = RecordingHandler.start()) {
            monitors.waitAndNotify();

            assertThat(recording.rendered()).containsSubsequence(
                    "objectNotify " + at(Monitors.class, "notify") + " Object.notify",
                    "objectNotifyAll " + at(Monitors.class, "notifyAll") + " Object.notifyAll",
                    "objectWait " + at(Monitors.class, "wait") + " Object.wait 0ms+0ns",
                    "objectWait " + at(Monitors.class, "waitMillis") + " Object.wait 1ms+0ns",
                    "objectWait " + at(Monitors.class, "waitNanos") + " Object.wait 0ms+1ns");
        }
    }

    @Test
    void parkAndUnparkGoThroughTheHooksWithNegativeTimeoutsMeaningNoWait() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            Parking.parkWithPermits();

            assertThat(recording.rendered(event -> event.site() != null)).containsExactly(
                    "unpark " + at(Parking.class, "unpark") + " LockSupport.unpark",
                    "park " + at(Parking.class, "park") + " LockSupport.park null -1ns",
                    "unpark " + at(Parking.class, "unparkAgain") + " LockSupport.unpark",
                    "park " + at(Parking.class, "parkBlocker") + " LockSupport.park blocker -1ns",
                    "park " + at(Parking.class, "parkNanos") + " LockSupport.parkNanos null 1ns",
                    "park " + at(Parking.class, "parkNegative") + " LockSupport.parkNanos blocker 0ns");
        }
    }

    @Test
    void reentrantLockAndConditionGoThroughTheHooks() throws InterruptedException {
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(new Locks().useAll()).isEqualTo("true false false true true false");

            assertThat(recording.rendered()).containsExactly(
                    "allocated " + at(Locks.class, "newLock") + " ReentrantLock",
                    "lock " + at(Locks.class, "lock") + " Lock.lock",
                    "conditionSignal " + at(Locks.class, "signal") + " Condition.signal",
                    "conditionSignalAll " + at(Locks.class, "signalAll") + " Condition.signalAll",
                    "conditionAwait " + at(Locks.class, "await") + " Condition.await -1ns",
                    "conditionAwaitNanos " + at(Locks.class, "awaitNanos") + " Condition.awaitNanos 1ns",
                    "conditionAwait " + at(Locks.class, "awaitTimed") + " Condition.await 1000000ns",
                    "conditionAwait " + at(Locks.class, "awaitNegative") + " Condition.await 0ns",
                    "unlock " + at(Locks.class, "unlock") + " Lock.unlock",
                    "tryLock " + at(Locks.class, "tryLock") + " Lock.tryLock",
                    "unlock " + at(Locks.class, "asUnlock") + " Lock.unlock",
                    "lockInterruptibly " + at(Locks.class, "lockInterruptibly") + " Lock.lockInterruptibly",
                    "unlock " + at(Locks.class, "lastUnlock") + " Lock.unlock");
        }
    }
}
