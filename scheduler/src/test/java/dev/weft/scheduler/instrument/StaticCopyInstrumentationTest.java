package dev.weft.scheduler.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.hooks.HookHandlers;
import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.instrument.subjects.StaticKinds;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The static-field hooks through which an execution keeps its own copy of a static field: a handler that keeps every
 * write gets each kind of value, boxed as the JVM's stack holds it, and the code reads back what it kept, while the
 * real fields stay as they were.
 */
class StaticCopyInstrumentationTest {

    private static final String UNTOUCHED = "false 0 \u0000 0 0 0 0.0 0.0 null null";
    private static final String WRITTEN = "true 5 w 300 70000 5000000000 1.5 2.25 copy 2";

    /** Keeps every static write of the subjects, by field name, as the copies of an execution do. */
    private static final class KeepingHandler implements EveryHookHandler {
        final Map<String, Object> kept = new HashMap<>();

        private String field(int site) {
            return Sites.get(site).member();
        }

        @Override
        public boolean staticWriteKept(int site) {
            return Sites.get(site).className().equals(StaticKinds.class.getName());
        }

        @Override
        public void staticWrite(Object boxed, int site) {
            kept.put(field(site), boxed);
        }

        @Override
        public int staticReadInt(int value, int site) {
            return (Integer) kept.getOrDefault(field(site), value);
        }

        @Override
        public long staticReadLong(long value, int site) {
            return (Long) kept.getOrDefault(field(site), value);
        }

        @Override
        public float staticReadFloat(float value, int site) {
            return (Float) kept.getOrDefault(field(site), value);
        }

        @Override
        public double staticReadDouble(double value, int site) {
            return (Double) kept.getOrDefault(field(site), value);
        }

        @Override
        public Object staticReadObject(Object value, int site) {
            return kept.getOrDefault(field(site), value);
        }
    }

    @Test
    void everyKindOfStaticFieldIsKeptAsideAndReadBack() {
        SubjectSetup.ensureInstalled();
        KeepingHandler keeping = new KeepingHandler();
        Hooks.install(HookHandlers.allFrom(keeping));
        String readBack;
        try {
            readBack = StaticKinds.writeAndReadBack();
        } finally {
            Hooks.uninstall();
        }

        assertThat(readBack).isEqualTo(WRITTEN);
        assertThat(StaticKinds.shown()).as("the real fields").isEqualTo(UNTOUCHED);
        assertThat(keeping.kept).containsEntry("StaticKinds.flag", 1).containsEntry("StaticKinds.letter", (int) 'w')
                .containsEntry("StaticKinds.big", 5_000_000_000L).containsEntry("StaticKinds.ratio", 1.5f)
                .containsEntry("StaticKinds.name", "copy").hasSize(10);
    }

    @Test
    void withoutAHandlerThatKeepsThemTheWritesAreReal() {
        SubjectSetup.ensureInstalled();
        try {
            assertThat(StaticKinds.writeAndReadBack()).isEqualTo(WRITTEN);
            assertThat(StaticKinds.shown()).isEqualTo(WRITTEN);
        } finally {
            StaticKinds.flag = false;
            StaticKinds.small = 0;
            StaticKinds.letter = 0;
            StaticKinds.medium = 0;
            StaticKinds.count = 0;
            StaticKinds.big = 0;
            StaticKinds.ratio = 0;
            StaticKinds.precise = 0;
            StaticKinds.name = null;
            StaticKinds.numbers = null;
        }
    }
}
