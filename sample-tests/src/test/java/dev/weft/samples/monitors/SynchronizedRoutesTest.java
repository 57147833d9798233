package dev.weft.samples.monitors;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.FreshJvm;
import dev.weft.samples.support.Verdicts;
import dev.weft.samples.support.WeftRunner;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.lang.reflect.Modifier;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Synchronized methods entered from anywhere ({@link SynchronizedRoutePrograms}, counts derived there): each program
 * passes with exactly its count, or fails with the lost update, both in a fresh JVM, where the programs keep
 * {@code ACC_SYNCHRONIZED} (loaded before Weft is installed, like a user's test class), and in this JVM, where they
 * are defined after installation and lose it.
 */
class SynchronizedRoutesTest {

    private static final String PROGRAMS = "dev.weft.samples.monitors.SynchronizedRoutePrograms";

    @TempDir
    static Path freshReports;

    @TempDir
    Path reports;

    private static FreshJvm.Runs fresh;

    /** One fresh JVM runs every program; the tests below read what each wrote. */
    @BeforeAll
    static void runEveryProgramInAFreshJvm() {
        fresh = FreshJvm.run(PROGRAMS, freshReports);
        fresh.output().lines().filter(line -> line.startsWith("weft: ")).forEach(line -> System.out.println(
                "[fresh JVM] " + line));
    }

    /** Installs Weft in this JVM before {@link SynchronizedRoutePrograms} is loaded here. */
    @BeforeAll
    static void installWeftFirst(@TempDir Path installReports) {
        Verdicts.passesWith(WeftRunner.run(Installer.class, "installsWeft", installReports), 1);
    }

    static final class Installer {
        @ExhaustiveConcurrency
        void installsWeft() {
        }
    }

    @Test
    void theFreshJvmKeptTheFlagAndThisOneRemovedIt() throws NoSuchMethodException {
        assertThat(fresh.output()).contains("keptAccSynchronized=true");
        assertThat(Modifier.isSynchronized(
                SynchronizedRoutePrograms.class.getDeclaredMethod("increment").getModifiers())).isFalse();
    }

    @ParameterizedTest(name = "{0} passes with exactly {1} executions")
    @CsvSource({
            "methodReferenceToAPrivateSynchronizedMethod, 24",
            "methodReferenceTasksGivenToInvokeAll, 6",
            "reflectiveCallsOfASynchronizedMethod, 6",
            "virtualDispatchToSynchronizedOverrides, 6",
            "callsFromTheJdk, 6",
            "methodReferenceToAStaticSynchronizedMethod, 6",
            "everyRouteIntoOneMonitor, 24",
            "reentrantEntriesThroughEveryRoute, 2",
            "waitAndNotifyInsideMethodsReachedByReference, 4"})
    void passesWithTheOrdersOfItsCriticalSections(String program, long executions) {
        Verdicts.passesWith(WeftRunner.run(SynchronizedRoutePrograms.class, program, reports), executions);

        String summary = fresh.summary(program);
        assertThat(summary).as(program + " in the fresh JVM").contains("\"verdict\": \"PASS\"")
                .contains("\"complete\": true");
        assertThat(executions(summary)).as(program + " in the fresh JVM").isEqualTo(executions);
    }

    @ParameterizedTest(name = "{0} fails: {1}")
    @CsvSource(delimiter = '|', value = {
            "methodReferenceToAPrivateMethodLosesAnUpdate | an increment was lost",
            "methodReferenceTasksGivenToInvokeAllLoseAnUpdate | each task saw its own count",
            "reflectiveCallsOfAMethodLoseAnUpdate | an increment was lost",
            "virtualDispatchToMethodsThatAreNotSynchronizedLosesAnUpdate | an addition was lost",
            "callsFromTheJdkToMethodsThatAreNotSynchronizedLoseAnUpdate | an addition was lost",
            "methodReferenceToAStaticMethodLosesAnUpdate | an increment was lost"})
    void findsTheLostUpdateOfItsTwin(String program, String reason) {
        assertThat(fresh.summary(program)).as(program + " in the fresh JVM")
                .contains("\"kind\": \"ASSERTION\"").contains(reason);

        WeftRunner.Outcome outcome = WeftRunner.run(SynchronizedRoutePrograms.class, program, reports);
        Verdicts.failsWith(outcome, "ASSERTION");
        assertThat(outcome.failure().orElseThrow().getMessage()).contains(reason);
    }

    @Test
    void aReflectiveEntryIntoAnOuterMonitorOfAPausedThreadIsReportedWhereTheFlagIsKept() {
        Verdicts.passesWith(WeftRunner.run(SynchronizedRoutePrograms.class, "nestedMonitorsAndAReflectiveEntry",
                reports), 3);

        assertThat(fresh.summary("nestedMonitorsAndAReflectiveEntry")).as("in the fresh JVM")
                .contains("\"kind\": \"UNCONTROLLED_BLOCKING\"")
                .contains("inside synchronized methods of more than one object");
    }

    private static long executions(String summary) {
        Matcher m = Pattern.compile("\"executions\": (\\d+)").matcher(summary);
        assertThat(m.find()).as("executions in " + summary).isTrue();
        return Long.parseLong(m.group(1));
    }
}
