package dev.weft.scheduler.instrument;

import static dev.weft.scheduler.instrument.SubjectSetup.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.instrument.subjects.MethodReferences;
import dev.weft.scheduler.instrument.subjects.SyncCounter;
import java.lang.instrument.UnmodifiableClassException;
import java.lang.reflect.Modifier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import net.bytebuddy.agent.ByteBuddyAgent;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Method references are linked into hidden classes, which are not instrumented; their targets are reached through
 * instrumented bridges, whose hooks report the line of the method reference. {@link SyncCounter} is loaded after
 * installation here, so its synchronized methods take their monitors themselves. No lambda in this class may capture
 * a {@code SyncCounter}: JUnit's reflection over the test class would load it, through the parameter types of the
 * lambda's synthetic method, before installation.
 */
class MethodReferenceInstrumentationTest {

    @BeforeAll
    static void installBeforeTheSubjectsLoad() {
        SubjectSetup.ensureInstalled();
    }

    /**
     * The tests of stripped synchronized methods need {@link SyncCounter} loaded after installation. A negative test
     * filter ({@code -Dtest='!SomeTest'}) makes Surefire load every class of the test directory at discovery, before
     * any test installs Weft: then SyncCounter is retransformed and keeps its {@code synchronized} methods, the case
     * {@code InstallationTest} covers, and these tests do not apply.
     */
    private static void assumeSyncCounterLoadedAfterInstallation() {
        int modifiers;
        try {
            modifiers = SyncCounter.class.getDeclaredMethod("increment").getModifiers();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(e);
        }
        boolean keptItsMonitor = Modifier.isSynchronized(modifiers);
        Assumptions.assumeFalse(keptItsMonitor, "SyncCounter was loaded before Weft was installed (a negative -Dtest"
                + " filter loads every test-directory class at discovery); InstallationTest covers that case");
    }

    @Test
    void atomicGetAndIncrementThroughAMethodReferenceIsAnnounced() {
        AtomicInteger counter = new AtomicInteger(7);
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(MethodReferences.getAndIncrement(counter)).isEqualTo(7);

            assertThat(recording.rendered()).containsExactly("atomicAccess "
                    + at(MethodReferences.class, "getAndIncrement") + " AtomicInteger.getAndIncrement READ_WRITE");
            assertThat(recording.events().get(0).target()).isSameAs(counter);
        }
        assertThat(counter.get()).isEqualTo(8);
    }

    @Test
    void methodReferenceWithAMarkerInterfaceIsBridgedThroughTheAlternativeMetafactory() {
        AtomicInteger counter = new AtomicInteger();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(MethodReferences.getAndIncrementWithMarker(counter)).isTrue();

            assertThat(recording.rendered()).containsExactly("atomicAccess "
                    + at(MethodReferences.class, "withMarker") + " AtomicInteger.getAndIncrement READ_WRITE");
        }
    }

    @Test
    void atomicIncrementAndGetAsARunnableIsAnnounced() {
        AtomicInteger counter = new AtomicInteger();
        try (RecordingHandler recording = RecordingHandler.start()) {
            MethodReferences.incrementAndGet(counter);

            assertThat(recording.rendered()).containsExactly("atomicAccess "
                    + at(MethodReferences.class, "incrementAndGet") + " AtomicInteger.incrementAndGet READ_WRITE");
        }
        assertThat(counter.get()).isEqualTo(1);
    }

    @Test
    void unboundCompareAndSetWithBoxedArgumentsReportsItsResult() {
        AtomicInteger counter = new AtomicInteger(1);
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(MethodReferences.compareAndSet(counter, 1, 2)).isTrue();
            assertThat(MethodReferences.compareAndSet(counter, 1, 3)).isFalse();

            String line = at(MethodReferences.class, "compareAndSet");
            assertThat(recording.rendered()).containsExactly(
                    "atomicAccess " + line + " AtomicInteger.compareAndSet CAS",
                    "casResult " + line + " AtomicInteger.compareAndSet true",
                    "atomicAccess " + line + " AtomicInteger.compareAndSet CAS",
                    "casResult " + line + " AtomicInteger.compareAndSet false");
        }
        assertThat(counter.get()).isEqualTo(2);
    }

    @Test
    void threadStartThroughAMethodReferenceIsReplaced() throws InterruptedException {
        boolean[] ran = new boolean[1];
        Thread thread = new Thread(() -> ran[0] = true, "subject-referenced");
        try (RecordingHandler recording = RecordingHandler.start()) {
            MethodReferences.startAndJoin(thread);

            assertThat(recording.rendered()).containsExactly(
                    "threadStart " + at(MethodReferences.class, "start") + " Thread.start subject-referenced",
                    "threadJoin " + at(MethodReferences.class, "join") + " Thread.join 0ms");
            assertThat(recording.rendered("subject-referenced")).containsExactly(
                    "threadRunBegins subject-referenced",
                    "threadRunEnds subject-referenced null");
        }
        assertThat(ran[0]).isTrue();
    }

    @Test
    void notifyAllThroughAMethodReferenceIsReplaced() {
        Object lock = new Object();
        try (RecordingHandler recording = RecordingHandler.start()) {
            MethodReferences.notifyAllHolding(lock);

            assertThat(recording.rendered()).containsExactly(
                    "monitorEnter " + at(MethodReferences.class, "notifyAllLock"),
                    "objectNotifyAll " + at(MethodReferences.class, "notifyAll") + " Object.notifyAll",
                    "monitorExit " + at(MethodReferences.class, "notifyAllUnlock"));
            assertThat(recording.events().get(1).target()).isSameAs(lock);
        }
    }

    @Test
    void staticUnparkThroughAMethodReferenceIsReplaced() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            MethodReferences.unpark(Thread.currentThread());

            assertThat(recording.rendered()).containsExactly(
                    "unpark " + at(MethodReferences.class, "unpark") + " LockSupport.unpark");
        }
        // The permit was really given: this park returns at once.
        LockSupport.park();
    }

    @Test
    void synchronizedMethodThroughAMethodReferenceIsAnnouncedAndTakesItsMonitor() {
        assumeSyncCounterLoadedAfterInstallation();
        SyncCounter counter = new SyncCounter();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(MethodReferences.incrementSynchronized(counter)).isEqualTo(1);

            String reference = at(MethodReferences.class, "increment");
            String body = at(SyncCounter.class, "incrementBody");
            assertThat(recording.rendered()).containsExactly(
                    "monitorEnter " + reference + " SyncCounter.increment",
                    "monitorEnter " + body + " SyncCounter.increment",
                    "fieldRead " + body + " value",
                    "fieldWrite " + body + " value",
                    "monitorExit " + body + " SyncCounter.increment",
                    "monitorExit " + reference + " SyncCounter.increment");
            Object monitor = counter;
            assertThat(recording.events()).allSatisfy(event -> assertThat(event.target()).isSameAs(monitor));
        }
        assertThat(Thread.holdsLock(counter)).isFalse();
    }

    @Test
    void staticSynchronizedMethodThroughAMethodReferenceUsesItsClassAsMonitor() {
        assumeSyncCounterLoadedAfterInstallation();
        try (RecordingHandler recording = RecordingHandler.start()) {
            int total = MethodReferences.incrementStatic();

            String reference = at(MethodReferences.class, "incrementStatic");
            String body = at(SyncCounter.class, "incrementStaticBody");
            assertThat(total).isPositive();
            assertThat(recording.rendered(event -> event.hook().startsWith("monitor"))).containsExactly(
                    "monitorEnter " + reference + " SyncCounter.incrementStatic",
                    "monitorEnter " + body + " SyncCounter.incrementStatic",
                    "monitorExit " + body + " SyncCounter.incrementStatic",
                    "monitorExit " + reference + " SyncCounter.incrementStatic");
            assertThat(recording.events().stream().filter(event -> event.hook().startsWith("monitor")))
                    .allSatisfy(event -> assertThat(event.target()).isSameAs(SyncCounter.class));
        }
        assertThat(Thread.holdsLock(SyncCounter.class)).isFalse();
    }

    @Test
    void exceptionFromAStrippedSynchronizedMethodReleasesItsMonitor() {
        assumeSyncCounterLoadedAfterInstallation();
        SyncCounter counter = new SyncCounter();
        try (RecordingHandler recording = RecordingHandler.start()) {
            try {
                MethodReferences.failSynchronized(counter);
                throw new AssertionError("fail() returned normally");
            } catch (IllegalStateException expected) {
                assertThat(expected).hasMessage("failed inside");
            }

            String reference = at(MethodReferences.class, "fail");
            String body = at(SyncCounter.class, "failBody");
            assertThat(recording.rendered()).containsExactly(
                    "monitorEnter " + reference + " SyncCounter.fail",
                    "monitorEnter " + body + " SyncCounter.fail",
                    "allocated " + body + " IllegalStateException",
                    "monitorExit " + body + " SyncCounter.fail",
                    "monitorExit " + reference + " SyncCounter.fail");
        }
        assertThat(Thread.holdsLock(counter)).isFalse();
    }

    @Test
    void strippedSynchronizedMethodCalledFromUninstrumentedCodeTakesTheRealMonitorUnlessModelled() {
        assumeSyncCounterLoadedAfterInstallation();
        SyncCounter counter = new SyncCounter();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(counter.holdsOwnMonitor()).isTrue();

            String body = at(SyncCounter.class, "holdsOwnMonitor");
            assertThat(recording.rendered()).containsExactly(
                    "monitorEnter " + body + " SyncCounter.holdsOwnMonitor",
                    "holdsLock " + body + " Thread.holdsLock",
                    "monitorExit " + body + " SyncCounter.holdsOwnMonitor");
        }
        try (RecordingHandler recording = RecordingHandler.start(true)) {
            assertThat(counter.holdsOwnMonitor()).isFalse();
        }
        assertThat(Thread.holdsLock(counter)).isFalse();
    }

    @Test
    void strippedClassStaysStrippedWhenRetransformedAgain() throws UnmodifiableClassException {
        assumeSyncCounterLoadedAfterInstallation();
        new SyncCounter();
        // Another agent (Mockito's inline mock maker) may do this; the JVM rejects a change of method modifiers.
        ByteBuddyAgent.getInstrumentation().retransformClasses(SyncCounter.class);

        SyncCounter counter = new SyncCounter();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(counter.increment()).isEqualTo(1);

            assertThat(recording.rendered()).first().isEqualTo(
                    "monitorEnter " + at(SyncCounter.class, "incrementBody") + " SyncCounter.increment");
        }
        assertThat(WeftInstrumentation.failures()).isEmpty();
    }

    @Test
    void serializableMethodReferenceIsLeftAloneAndStillDeserializes() throws Exception {
        AtomicInteger counter = new AtomicInteger();
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(MethodReferences.serializedRoundTrip(counter)).isEqualTo(1);

            assertThat(recording.rendered(event -> event.hook().equals("atomicAccess"))).isEmpty();
        }
    }
}
