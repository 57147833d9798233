package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.model.SourcePosition;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** When two workers' executions share state they did not create: one writes what the other reads or writes. */
class SideBySideExecutionsTest {

    private static final SourcePosition HERE = new SourcePosition("Config", "run", "Config.java", 12);

    @Test
    void staticFieldsOnlyReadByEveryWorkerAreNotShared() {
        SideBySideExecutions executions = new SideBySideExecutions();
        executions.watch(0).touchedStatic("Config.limit", false, HERE);
        executions.watch(1).touchedStatic("Config.limit", false, HERE);
        executions.watch(1).touchedStatic("Config.other", true, HERE);

        assertThat(executions.sharing()).isNull();
    }

    @Test
    void aStaticFieldOneWorkerWritesAndAnotherReadsIsShared() {
        SideBySideExecutions executions = new SideBySideExecutions();
        executions.watch(0).touchedStatic("Config.limit", true, HERE);
        executions.watch(0).touchedStatic("Config.limit", false, HERE);
        assertThat(executions.sharing()).as("one worker's own state").isNull();

        executions.watch(1).touchedStatic("Config.limit", false, HERE);

        assertThat(executions.sharing()).contains("static field Config.limit").contains("read at")
                .contains("Config.java:12");
    }

    @Test
    void aWriteAfterAnotherWorkersReadIsShared() {
        SideBySideExecutions executions = new SideBySideExecutions();
        executions.watch(2).touchedStatic("Config.limit", false, HERE);
        executions.watch(5).touchedStatic("Config.limit", true, HERE);

        assertThat(executions.sharing()).contains("Config.limit").contains("written at");
    }

    /**
     * The JVM's initialisation of a class in the first execution, alone, is the state every later execution starts
     * from (they run the initialiser again on their own copies); once the others run beside it, it would change the
     * class's state under them.
     */
    /**
     * A change of the JVM's own state (a system property) is seen by every execution, and reads of it are not told:
     * the first execution's change makes the first worker go on alone, a later one has the test explored by one.
     */
    @Test
    void aChangeOfTheJvmsStateIsSharedWhicheverExecutionMakesIt() {
        SideBySideExecutions first = new SideBySideExecutions();
        first.watch(0).cannotKeepApart("the system property app.mode", HERE);
        assertThat(first.changed()).isEqualTo("the system property app.mode (changed at Config.java:12)");

        SideBySideExecutions later = new SideBySideExecutions();
        later.othersJoin();
        later.watch(1).cannotKeepApart("the default locale", HERE);
        assertThat(later.sharing()).isEqualTo("the default locale (changed at Config.java:12)");
    }

    @Test
    void aClassInitialisedWhileExecutionsRunSideBySideIsShared() {
        SideBySideExecutions executions = new SideBySideExecutions();
        executions.watch(0).initialisedClass("Registry");
        assertThat(executions.sharing()).as("the first execution, alone").isNull();
        assertThat(executions.changed()).isNull();

        executions.othersJoin();
        executions.watch(1).initialisedClass("Cache");

        assertThat(executions.sharing()).contains("the static state of Cache");
    }

    @Test
    void objectsAreToldApartByIdentityNotByEquality() {
        SideBySideExecutions executions = new SideBySideExecutions();
        List<String> mine = new ArrayList<>();
        List<String> yours = new ArrayList<>();
        assertThat(mine).isEqualTo(yours);
        executions.watch(0).touchedObject(mine, true);
        executions.watch(1).touchedObject(yours, true);
        assertThat(executions.sharing()).as("two equal lists, one per worker").isNull();

        AtomicInteger counter = new AtomicInteger();
        executions.watch(0).touchedObject(counter, false);
        executions.watch(1).touchedObject(counter, false);
        assertThat(executions.sharing()).as("read by both").isNull();
        executions.watch(1).touchedObject(counter, true);

        assertThat(executions.sharing()).contains(AtomicInteger.class.getName()).contains("changed at");
    }

    @Test
    void theFirstSharingFoundIsTheOneTold() {
        SideBySideExecutions executions = new SideBySideExecutions();
        executions.watch(0).touchedStatic("A.first", true, HERE);
        executions.watch(1).touchedStatic("A.first", true, HERE);
        executions.watch(0).touchedStatic("B.second", true, HERE);
        executions.watch(1).touchedStatic("B.second", true, HERE);

        assertThat(executions.sharing()).contains("A.first").doesNotContain("B.second");
    }

    @Test
    void aWorkerIsNumberedFromZeroToTheLimit() {
        SideBySideExecutions executions = new SideBySideExecutions();
        assertThat(executions.watch(SideBySideExecutions.MAX_WORKERS - 1).active()).isTrue();
        assertThatThrownBy(() -> executions.watch(SideBySideExecutions.MAX_WORKERS))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("0 to 63");
        assertThat(SharedStateWatch.NONE.active()).isFalse();
    }
}
