package dev.weft.scheduler.runtime;

import dev.weft.scheduler.runtime.fibers.FiberCarrier;
import dev.weft.scheduler.runtime.pools.DefaultAsyncExecutor;
import dev.weft.scheduler.runtime.threads.Carrier;
import dev.weft.scheduler.runtime.time.VirtualClock;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.ZoneOffset;
import java.util.concurrent.Executor;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The objects of Weft's own classes that the test's code may hold stand in for the test's or the JDK's, and are named
 * as those: no report or message names a class of Weft's.
 */
class StandInNamesTest {

    /** A class of the test's, in a package of Weft's: named as itself. */
    static final class Counter {
    }

    @Test
    void aStandInIsNamedAsWhatItStandsIn() {
        assertThat(ObjectNames.simpleName(Carrier.class)).isEqualTo("Thread");
        assertThat(ObjectNames.simpleName(FiberCarrier.class)).isEqualTo("Thread");
        assertThat(ObjectNames.shownClass(VirtualClock.Reading.class)).isEqualTo(Clock.class);
        assertThat(ObjectNames.shownClass(DefaultAsyncExecutor.class)).isEqualTo(Executor.class);
    }

    @Test
    void theTestsOwnClassesAndTheJdksAreNamedAsThemselves() {
        assertThat(ObjectNames.simpleName(Counter.class)).isEqualTo("Counter");
        assertThat(ObjectNames.simpleName(Thread.class)).isEqualTo("Thread");
        assertThat(ObjectNames.shownClass(String.class)).isEqualTo(String.class);
    }

    @Test
    void theVirtualClockReadsAsTheSystemClock() {
        assertThat(new VirtualClock.Reading(ZoneOffset.UTC)).hasToString(Clock.systemUTC().toString());
    }
}
