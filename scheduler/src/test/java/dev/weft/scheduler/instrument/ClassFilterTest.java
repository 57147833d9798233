package dev.weft.scheduler.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ClassFilterTest {

    private static final ClassLoader APP = ClassFilterTest.class.getClassLoader();

    @Test
    void applicationClassesAreInstrumentedAndTheJdkAndTestInfrastructureAreNot() {
        ClassFilter filter = new ClassFilter(null, null);

        assertThat(filter.instruments("com/example/Account", APP)).isTrue();
        assertThat(filter.instruments("dev/weft/samples/BankTest", APP)).isTrue();
        assertThat(filter.instruments("kotlin/concurrent/ThreadsKt", APP)).isTrue();
        assertThat(filter.instruments("java/util/HashMap", APP)).isFalse();
        assertThat(filter.instruments("jdk/internal/misc/Unsafe", APP)).isFalse();
        assertThat(filter.instruments("dev/weft/scheduler/runtime/Scheduler", APP)).isFalse();
        assertThat(filter.instruments("dev/weft/junit/WeftExtension", APP)).isFalse();
        assertThat(filter.instruments("org/junit/jupiter/engine/JupiterTestEngine", APP)).isFalse();
        assertThat(filter.instruments("org/apache/maven/surefire/booter/ForkedBooter", APP)).isFalse();
        assertThat(filter.instruments("org/assertj/core/api/Assertions", APP)).isFalse();
        assertThat(filter.instruments("net/bytebuddy/ByteBuddy", APP)).isFalse();
    }

    @Test
    void bootstrapClassesAndLambdaProxiesAreNeverInstrumented() {
        ClassFilter filter = new ClassFilter("com.example", null);

        assertThat(filter.instruments("com/example/Account", null)).isFalse();
        assertThat(filter.instruments("com/example/Account$$Lambda$14", APP)).isFalse();
    }

    @Test
    void includeWinsOverDefaultAndConfiguredExcludes() {
        ClassFilter filter = new ClassFilter(" org.junit.example , com.acme.core.Special", "com.acme.core");

        assertThat(filter.instruments("org/junit/example/Subject", APP)).isTrue();
        assertThat(filter.instruments("org/junit/jupiter/api/Test", APP)).isFalse();
        assertThat(filter.instruments("com/acme/core/Special", APP)).isTrue();
        assertThat(filter.instruments("com/acme/core/Other", APP)).isFalse();
        assertThat(filter.instruments("com/acme/web/Page", APP)).isTrue();
    }

    @Test
    void includeCannotReachTheClassesTheHooksRunOn() {
        ClassFilter filter = new ClassFilter("java,dev.weft.scheduler,net.bytebuddy", null);

        assertThat(filter.instruments("java/util/HashMap", APP)).isFalse();
        assertThat(filter.instruments("dev/weft/scheduler/hooks/Hooks", APP)).isFalse();
        assertThat(filter.instruments("dev/weft/scheduler/instrument/WeftTransformer", APP)).isFalse();
        assertThat(filter.instruments("dev/weft/scheduler/instrument/subjects/Fields", APP)).isTrue();
        assertThat(filter.instruments("net/bytebuddy/ByteBuddy", APP)).isFalse();
    }
}
