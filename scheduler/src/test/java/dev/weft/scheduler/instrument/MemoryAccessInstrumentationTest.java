package dev.weft.scheduler.instrument;

import static dev.weft.scheduler.instrument.SubjectSetup.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.instrument.subjects.Allocations;
import dev.weft.scheduler.instrument.subjects.ArrayAccess;
import dev.weft.scheduler.instrument.subjects.Fields;
import dev.weft.scheduler.instrument.subjects.StaticInit;
import dev.weft.scheduler.instrument.subjects.FailingStaticInit;
import dev.weft.scheduler.instrument.untouched.Untouched;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MemoryAccessInstrumentationTest {

    @Test
    void instanceFieldReadsAndWritesAreReportedWithTheirOwner() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            Fields fields = new Fields();
            assertThat(fields.bump()).isEqualTo(1);

            assertThat(recording.rendered()).containsExactly(
                    "fieldRead " + at(Fields.class, "bump") + " count",
                    "fieldWrite " + at(Fields.class, "bump") + " count",
                    "fieldRead " + at(Fields.class, "bumpReturn") + " count");
            assertThat(recording.events()).allSatisfy(event -> {
                assertThat(event.target()).isSameAs(fields);
                assertThat(event.site().declaringClass()).isEqualTo(Fields.class.getName());
                assertThat(event.site().methodName()).isEqualTo("bump");
            });
        }
    }

    @Test
    void longAndDoubleFieldsKeepTheirValues() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            Fields fields = new Fields();
            assertThat(fields.wide(5)).isEqualTo(5);
            assertThat(fields.ratio).isEqualTo(5.0);

            assertThat(recording.rendered()).containsExactly(
                    "fieldRead " + at(Fields.class, "wide") + " big",
                    "fieldWrite " + at(Fields.class, "wide") + " big",
                    "fieldRead " + at(Fields.class, "ratio") + " ratio",
                    "fieldRead " + at(Fields.class, "ratio") + " big",
                    "fieldWrite " + at(Fields.class, "ratio") + " ratio",
                    "fieldRead " + at(Fields.class, "wideReturn") + " big");
        }
    }

    @Test
    void volatileAndStaticFieldsAreReportedAndFinalFieldsAreNot() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            Fields fields = new Fields();
            int sharedBefore = Fields.shared;
            assertThat(fields.toggle()).isTrue();
            assertThat(Fields.bumpShared()).isEqualTo(sharedBefore + 1);
            assertThat(fields.readFixed()).isEqualTo(7);

            assertThat(recording.rendered()).containsExactly(
                    "fieldRead " + at(Fields.class, "toggle") + " flag",
                    "fieldWrite " + at(Fields.class, "toggle") + " flag",
                    "fieldRead " + at(Fields.class, "toggleReturn") + " flag",
                    "fieldRead " + at(Fields.class, "shared") + " Fields.shared",
                    "fieldWrite " + at(Fields.class, "shared") + " Fields.shared");
            assertThat(recording.events().get(3).target()).isNull();
        }
    }

    @Test
    void everyKindOfArrayElementIsReportedWithItsIndex() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            int[] ints = {1, 0};
            Object[] objects = {"o", null};
            String copied = ArrayAccess.copyFirstToSecond(ints, new long[] {2, 0}, new float[] {3, 0},
                    new double[] {4, 0}, new byte[] {5, 0}, new char[] {'c', 0}, new short[] {6, 0},
                    new boolean[] {true, false}, objects);

            assertThat(copied).isEqualTo("123.04.05c6trueo");
            List<String> expected = new ArrayList<>();
            for (String marker : List.of("int", "long", "float", "double", "byte", "char", "short", "boolean",
                    "object")) {
                expected.add("arrayRead " + at(ArrayAccess.class, marker) + " [0]");
                expected.add("arrayWrite " + at(ArrayAccess.class, marker) + " [1]");
            }
            assertThat(recording.rendered()).startsWith(expected.toArray(String[]::new));
            assertThat(recording.events().get(0).target()).isSameAs(ints);
            assertThat(recording.events().get(17).target()).isSameAs(objects);
        }
    }

    @Test
    void allocationsAreReportedOnceConstructedAndNamedByType() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            Object[] made = Allocations.make();

            assertThat(recording.rendered()).containsExactly(
                    "allocated " + at(Allocations.class, "object") + " StringBuilder",
                    "allocated " + at(Allocations.class, "ints") + " int[]",
                    "allocated " + at(Allocations.class, "strings") + " String[]",
                    "allocated " + at(Allocations.class, "grid") + " long[][]",
                    "allocated " + at(Allocations.class, "nested") + " Allocations$Holder",
                    "allocated " + at(Allocations.class, "nested") + " Allocations$Holder",
                    "allocated " + at(Allocations.class, "result") + " Object[]",
                    "arrayWrite " + at(Allocations.class, "result") + " [0]",
                    "arrayWrite " + at(Allocations.class, "result") + " [1]",
                    "arrayWrite " + at(Allocations.class, "result") + " [2]",
                    "arrayWrite " + at(Allocations.class, "result") + " [3]",
                    "arrayWrite " + at(Allocations.class, "result") + " [4]");
            List<Object> targets = recording.events().stream().map(RecordingHandler.Event::target).toList();
            assertThat(targets.subList(0, 4)).containsExactly(made[0], made[1], made[2], made[3]);
            assertThat(targets.get(5)).isSameAs(made[4]);
            assertThat(((Allocations.Holder) made[4]).toString()).isNotNull();
        }
    }

    @Test
    void constructorOfInnerClassStoresTheOuterInstanceBeforeSuperAndStillVerifies() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            Allocations outer = new Allocations();
            Allocations.Inner inner = outer.new Inner(3);

            assertThat(recording.rendered()).containsExactly(
                    "fieldWrite " + at(Allocations.class, "innerPublished") + " lastInner",
                    "fieldWrite " + at(Allocations.class, "innerValue") + " value");
            assertThat(recording.events().get(0).target()).isSameAs(outer);
            assertThat(recording.events().get(1).target()).isSameAs(inner);
            assertThat(outer.lastInner).isSameAs(inner);
        }
    }

    @Test
    void staticInitialiserIsBracketed() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(StaticInit.value).isEqualTo(42);

            assertThat(recording.rendered()).containsExactly(
                    "classInitStart",
                    "fieldWrite " + at(StaticInit.class, "clinit") + " StaticInit.value",
                    "classInitEnd");
        }
    }

    @Test
    void failingStaticInitialiserStillEndsItsBracket() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            Throwable thrown = null;
            try {
                FailingStaticInit.value++;
            } catch (ExceptionInInitializerError e) {
                thrown = e.getCause();
            }

            assertThat(thrown).hasMessage("init failed");
            assertThat(recording.rendered()).containsExactly(
                    "classInitStart",
                    "allocated " + at(FailingStaticInit.class, "failingClinit") + " IllegalStateException",
                    "classInitEnd");
        }
    }

    @Test
    void excludedPackagesAreNotInstrumented() {
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(new Untouched().bump()).isEqualTo(1);
        }
        List<Sites.Site> untouchedSites = new ArrayList<>();
        for (int number = 0; ; number++) {
            Sites.Site site;
            try {
                site = Sites.get(number);
            } catch (IllegalArgumentException end) {
                break;
            }
            if (site.className().equals(Untouched.class.getName())) {
                untouchedSites.add(site);
            }
        }
        assertThat(untouchedSites).isEmpty();
    }
}
