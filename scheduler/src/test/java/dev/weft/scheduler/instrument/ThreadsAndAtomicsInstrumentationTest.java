package dev.weft.scheduler.instrument;

import static dev.weft.scheduler.instrument.SubjectSetup.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.instrument.subjects.Atomics;
import dev.weft.scheduler.instrument.subjects.Handles;
import dev.weft.scheduler.hooks.ThreadRunReports;
import dev.weft.scheduler.instrument.subjects.Threads;
import dev.weft.scheduler.instrument.subjects.UpdaterUser;
import org.junit.jupiter.api.Test;

class ThreadsAndAtomicsInstrumentationTest {

    @Test
    void threadOperationsGoThroughTheHooks() throws InterruptedException {
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(Threads.startJoinAndFriends()).isEqualTo("ran false true true");

            assertThat(recording.rendered(event -> event.site() != null && event.thread().equals(
                    Thread.currentThread().getName()) && !event.hook().equals("allocated"))).containsExactly(
                    "threadStart " + at(Threads.class, "start") + " Thread.start subject-runnable",
                    "threadJoin " + at(Threads.class, "join") + " Thread.join 0ms",
                    "threadJoin " + at(Threads.class, "joinMillis") + " Thread.join 5ms",
                    "threadJoin " + at(Threads.class, "joinNanos") + " Thread.join 6ms",
                    "threadIsAlive " + at(Threads.class, "alive") + " Thread.isAlive",
                    "threadSleep " + at(Threads.class, "sleep") + " Thread.sleep 1ms",
                    "threadSleep " + at(Threads.class, "sleepNanos") + " Thread.sleep 1ms",
                    "threadYield " + at(Threads.class, "yield") + " Thread.yield",
                    "onSpinWait " + at(Threads.class, "spin") + " Thread.onSpinWait",
                    "threadInterrupt " + at(Threads.class, "interrupt") + " Thread.interrupt",
                    "threadIsInterrupted " + at(Threads.class, "isInterrupted") + " Thread.isInterrupted",
                    "threadInterrupted " + at(Threads.class, "interrupted") + " Thread.interrupted");
            // java.lang.Thread.run() itself reports the thread's run.
            assertThat(recording.rendered("subject-runnable")).containsExactly(
                    "threadRunBegins subject-runnable",
                    "threadRunEnds subject-runnable null");
        }
    }

    @Test
    void subclassRunThatNeverCallsSuperReportsItsUncaughtThrowable() throws InterruptedException {
        try (RecordingHandler recording = RecordingHandler.start()) {
            Threads.runFailingSubclass();

            assertThat(recording.rendered(event -> event.hook().equals("threadStart"))).containsExactly(
                    "threadStart " + at(Threads.class, "subclassStart") + " Thread.start subject-failing");
            assertThat(recording.rendered("subject-failing")).containsExactly(
                    "threadRunBegins subject-failing",
                    "allocated " + at(Threads.class, "failingRun") + " IllegalStateException",
                    "threadRunEnds subject-failing java.lang.IllegalStateException: failed");
        }
    }

    @Test
    void subclassRunCallingSuperRunIsReportedOnce() throws InterruptedException {
        try (RecordingHandler recording = RecordingHandler.start()) {
            Threads.runDelegatingSubclass();

            assertThat(recording.rendered("subject-delegating")).containsExactly(
                    "threadRunBegins subject-delegating",
                    "threadRunEnds subject-delegating null");
        }
    }

    /**
     * The runtime may run a thread as a fiber only if its run() reports its start and end: a subclass Weft instrumented
     * (its own run(), or one inherited from an instrumented class) does; one whose run() Weft did not instrument (this
     * test class is outside the instrumented subjects) does not.
     */
    @Test
    void aSubclassReportsItsRunWhenWeftInstrumentedTheRunItExecutes() {
        SubjectSetup.ensureInstalled();
        assertThat(ThreadRunReports.reportsItsRun(Threads.Failing.class)).isTrue();
        assertThat(ThreadRunReports.reportsItsRun(Threads.Delegating.class)).isTrue();
        assertThat(ThreadRunReports.reportsItsRun(InheritsAnInstrumentedRun.class)).isTrue();
        assertThat(ThreadRunReports.reportsItsRun(Thread.class)).isTrue();
        assertThat(ThreadRunReports.reportsItsRun(NotInstrumented.class)).isFalse();
        assertThat(ThreadRunReports.reportsItsRun(InheritsAnUninstrumentedRun.class)).isFalse();
    }

    /** Outside the subjects: its run() is not instrumented. */
    private static class NotInstrumented extends Thread {
        @Override
        public void run() {
        }
    }

    private static final class InheritsAnUninstrumentedRun extends NotInstrumented {
    }

    private static final class InheritsAnInstrumentedRun extends Threads.Subclassable {
    }

    @Test
    void runCalledAsAPlainMethodIsNotAThreadRun() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            new Thread(() -> { }, "subject-never-started").run();

            assertThat(recording.rendered(event -> event.hook().startsWith("threadRun"))).isEmpty();
        }
    }

    @Test
    void scalarAtomicsReportAccessKindsAndCasResults() {
        Atomics atomics = new Atomics();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(atomics.scalars()).isEqualTo("1 true false 5 0 3 true b bc");

            assertThat(recording.rendered()).startsWith(
                    "atomicAccess " + at(Atomics.class, "increment") + " AtomicInteger.incrementAndGet READ_WRITE",
                    "atomicAccess " + at(Atomics.class, "casWon") + " AtomicInteger.compareAndSet CAS",
                    "casResult " + at(Atomics.class, "casWon") + " AtomicInteger.compareAndSet true",
                    "atomicAccess " + at(Atomics.class, "casLost") + " AtomicInteger.compareAndSet CAS",
                    "casResult " + at(Atomics.class, "casLost") + " AtomicInteger.compareAndSet false",
                    "atomicAccess " + at(Atomics.class, "get") + " AtomicInteger.get READ",
                    "atomicAccess " + at(Atomics.class, "exchangeWon") + " AtomicLong.compareAndExchange CAS",
                    "casResult " + at(Atomics.class, "exchangeWon") + " AtomicLong.compareAndExchange true",
                    "atomicAccess " + at(Atomics.class, "exchangeLost") + " AtomicLong.compareAndExchange CAS",
                    "casResult " + at(Atomics.class, "exchangeLost") + " AtomicLong.compareAndExchange false",
                    "atomicAccess " + at(Atomics.class, "weakCas")
                            + " AtomicBoolean.weakCompareAndSetVolatile CAS",
                    "casResult " + at(Atomics.class, "weakCas") + " AtomicBoolean.weakCompareAndSetVolatile true",
                    "atomicAccess " + at(Atomics.class, "set") + " AtomicReference.set WRITE",
                    "atomicAccess " + at(Atomics.class, "update") + " AtomicReference.getAndUpdate READ_WRITE");
            assertThat(recording.events().get(0).target()).isSameAs(atomics.integer);
            assertThat(recording.events().get(6).target()).isSameAs(atomics.along);
        }
    }

    /**
     * A handle's coordinates are its call's first arguments: the hook gets the first if it is a reference and the
     * second if it is an int, and the runtime decides from the handle which of them it takes: a field handle's
     * {@code setRelease(this, 1)} passes the value 1 as a would-be index, which the runtime ignores.
     */
    @Test
    void variableHandlesAndAddersReportTheirCoordinatesAndAccessKinds() {
        Handles handles = new Handles();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(handles.accesses()).isEqualTo("true 2 0 0 2 5 1");

            assertThat(recording.rendered()).startsWith(
                    "varHandleAccess " + at(Handles.class, "set") + " VarHandle.setRelease [1] WRITE",
                    "varHandleAccess " + at(Handles.class, "casWon") + " VarHandle.compareAndSet [1] CAS",
                    "casResult " + at(Handles.class, "casWon") + " VarHandle.compareAndSet true",
                    "varHandleAccess " + at(Handles.class, "exchangeLost") + " VarHandle.compareAndExchange [1] CAS",
                    "casResult " + at(Handles.class, "exchangeLost") + " VarHandle.compareAndExchange false",
                    "varHandleAccess " + at(Handles.class, "staticAdd") + " VarHandle.getAndAdd READ_WRITE",
                    "varHandleAccess " + at(Handles.class, "element") + " VarHandle.getAcquire [2] READ",
                    "atomicAccess " + at(Handles.class, "adderIncrement") + " LongAdder.increment ADD",
                    "atomicAccess " + at(Handles.class, "adderSum") + " LongAdder.sum READ");
            assertThat(recording.events().get(0).target()).isSameAs(handles);
            assertThat(recording.events().get(5).target()).isNull();
            assertThat(recording.events().get(6).target()).isSameAs(handles.longs);
            assertThat(recording.events().get(7).target()).isSameAs(handles.adder);
        }
    }

    @Test
    void atomicArraysReportTheIndex() {
        Atomics atomics = new Atomics();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(atomics.arrays()).isEqualTo("0 true 5 9 x");

            assertThat(recording.rendered()).startsWith(
                    "atomicAccess " + at(Atomics.class, "arrayAdd") + " AtomicIntegerArray.getAndAdd [2] READ_WRITE",
                    "atomicAccess " + at(Atomics.class, "arrayCas") + " AtomicLongArray.compareAndSet [1] CAS",
                    "casResult " + at(Atomics.class, "arrayCas") + " AtomicLongArray.compareAndSet true",
                    "atomicAccess " + at(Atomics.class, "arraySet") + " AtomicReferenceArray.set [3] WRITE");
            assertThat(recording.events().get(0).target()).isSameAs(atomics.integers);
        }
    }

    @Test
    void fieldUpdatersReportTheUpdatedObjectAndField() {
        Atomics atomics = new Atomics();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(atomics.updaters()).isEqualTo("1 true null 1 4 n");
            assertThat(UpdaterUser.bump(atomics)).isEqualTo(2);

            assertThat(recording.rendered(event -> event.hook().startsWith("atomic")
                    || event.hook().equals("casResult"))).containsExactly(
                    "atomicAccess " + at(Atomics.class, "updaterIncrement") + " count READ_WRITE",
                    "atomicAccess " + at(Atomics.class, "updaterCas") + " total CAS",
                    "casResult " + at(Atomics.class, "updaterCas") + " total true",
                    "atomicAccess " + at(Atomics.class, "updaterSet") + " name READ_WRITE",
                    "atomicAccess " + at(UpdaterUser.class, "foreignUpdater") + " count READ_WRITE");
            assertThat(recording.events()).filteredOn(event -> event.hook().equals("atomicAccess"))
                    .allSatisfy(event -> {
                        assertThat(event.target()).isSameAs(atomics);
                        assertThat(event.site().declaringClass()).isEqualTo(Atomics.class.getName());
                    });
        }
    }
}
