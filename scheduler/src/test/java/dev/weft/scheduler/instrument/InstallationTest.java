package dev.weft.scheduler.instrument;

import static dev.weft.scheduler.instrument.SubjectSetup.at;
import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.instrument.subjects.Fields;
import dev.weft.scheduler.instrument.subjects.MethodReferences;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class InstallationTest {

    @Test
    void classLoadedBeforeInstallationIsRetransformed() throws IOException, InterruptedException {
        ForkedJvm.Result result = ForkedJvm.run(LoadedBeforeInstallationMain.class);

        String bump = at(Fields.class, "bump").replaceAll(".*:", "");
        String bumpReturn = at(Fields.class, "bumpReturn").replaceAll(".*:", "");
        assertThat(result.output()).contains(
                "read count@" + bump + "\nwrite count@" + bump + "\nread count@" + bumpReturn + "\nbump=2\n"
                        + "failures=[]");
        assertThat(result.exitCode()).isZero();
    }

    @Test
    void synchronizedMethodOfARetransformedClassIsAnnouncedThroughItsMethodReference()
            throws IOException, InterruptedException {
        ForkedJvm.Result result = ForkedJvm.run(RetransformedSynchronizedMain.class);

        String reference = at(MethodReferences.class, "increment");
        // by name: a class literal would load SyncCounter into this JVM before any test installs Weft, and
        // MethodReferenceInstrumentationTest, if it runs later here, needs it loaded after installation
        String body = at("dev.weft.scheduler.instrument.subjects.SyncCounter", "incrementBody");
        assertThat(result.output()).contains(String.join("\n",
                "monitorEnter " + reference + " SyncCounter.increment",
                "synchronizedMethodEntered " + body + " SyncCounter.increment",
                "fieldRead " + body + " value",
                "fieldWrite " + body + " value",
                "monitorExit " + reference + " SyncCounter.increment",
                "value=2",
                "failures=[]"));
        assertThat(result.exitCode()).isZero();
    }

    @ParameterizedTest
    @CsvSource({
            "-XX:+DisableAttachMechanism, Weft could not attach its instrumentation agent to this JVM",
            "-XX:-EnableDynamicAgentLoading, This JVM runs with -XX:-EnableDynamicAgentLoading"})
    void refusedAttachFailsWithTheArgLineToAdd(String option, String message)
            throws IOException, InterruptedException {
        ForkedJvm.Result result = ForkedJvm.run(AttachDisabledMain.class, option);

        assertThat(result.output())
                .contains("WeftSetupException: " + message)
                .containsPattern("<argLine>-javaagent:\\S+\\.jar</argLine>")
                .doesNotContain("installed");
    }

    @Test
    void dynamicLoadingWarningIsExplainedInOneLineOnlyWhereTheJvmPrintsIt() throws IOException, InterruptedException {
        ForkedJvm.Result defaults = ForkedJvm.run(AttachDisabledMain.class);
        ForkedJvm.Result explicit = ForkedJvm.run(AttachDisabledMain.class, "-XX:+EnableDynamicAgentLoading");

        assertThat(defaults.output()).contains("installed");
        assertThat(explicit.output()).contains("installed")
                .doesNotContain("loaded dynamically").doesNotContain("[weft] The JVM warning");
        if (Runtime.version().feature() >= 21) {
            assertThat(defaults.output()).contains("A Java agent has been loaded dynamically")
                    .containsOnlyOnce("[weft] The JVM warning above about a dynamically loaded agent is Weft"
                            + " attaching its instrumentation (JEP 451); to silence it, run the tests with"
                            + " -XX:+EnableDynamicAgentLoading or -javaagent:");
        } else {
            assertThat(defaults.output()).doesNotContain("[weft] The JVM warning");
        }
    }

    @Test
    void installingTwiceIsHarmless() {
        SubjectSetup.ensureInstalled();
        SubjectSetup.ensureInstalled();

        assertThat(WeftInstrumentation.isInstalled()).isTrue();
        assertThat(WeftInstrumentation.failures()).isEmpty();
    }

    @Test
    void threadRunBridgeIsLoadedOnceByTheBootstrapLoaderAndReachesTheInstalledHandler() throws Exception {
        SubjectSetup.ensureInstalled();

        Class<?> bridge = Class.forName(BootstrapBridge.CLASS_NAME);
        assertThat(bridge.getClassLoader()).isNull();
        assertThat(Thread.class.getClassLoader()).isNull();
        try (RecordingHandler recording = RecordingHandler.start()) {
            Thread plain = new Thread(() -> { }, "subject-plain");
            plain.start();
            plain.join();
            assertThat(Hooks.handlers().thread()).isSameAs(recording);
            assertThat(recording.rendered("subject-plain"))
                    .containsExactly("threadRunBegins subject-plain", "threadRunEnds subject-plain null");
        }
    }
}
