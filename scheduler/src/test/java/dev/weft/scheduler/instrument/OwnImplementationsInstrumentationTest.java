package dev.weft.scheduler.instrument;

import static dev.weft.scheduler.instrument.SubjectSetup.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.instrument.subjects.OwnImplementations;
import org.junit.jupiter.api.Test;

/**
 * A replaced call on an implementation of the JDK's interface that is not the JDK's is the original call, arguments
 * untouched; on the JDK's (or a subclass of a concrete JDK class) it is the hook.
 */
class OwnImplementationsInstrumentationTest {

    @Test
    void aConstantFutureAnswersItsOwnGetWithoutTheHook() throws Exception {
        try (RecordingHandler recording = RecordingHandler.start()) {
            // get(1000, null): a conversion of the unit before the decision would throw NullPointerException
            assertThat(new OwnImplementations().futures()).isEqualTo("constant constant task");

            assertThat(recording.rendered(event -> event.hook().equals("futureGet"))).containsExactly(
                    "futureGet " + at(OwnImplementations.class, "jdkGet") + " Future.get 1000000000ns");
        }
    }

    @Test
    void anOwnLockRunsItsOwnCodeAndASubclassOfReentrantLockTheHooks() throws Exception {
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(new OwnImplementations().locks()).isEqualTo("0 true");

            String holds = at(OwnImplementations.class, "holds");
            String release = at(OwnImplementations.class, "release");
            assertThat(recording.rendered(event -> event.hook().matches("lock|unlock|field.*"))).containsExactly(
                    "fieldRead " + holds + " holds",
                    "fieldWrite " + holds + " holds",
                    "fieldRead " + release + " holds",
                    "fieldWrite " + release + " holds",
                    "lock " + at(OwnImplementations.class, "subclassLock") + " Lock.lock",
                    "unlock " + at(OwnImplementations.class, "subclassUnlock") + " Lock.unlock",
                    "fieldRead " + at(OwnImplementations.class, "result") + " holds");
        }
    }
}
