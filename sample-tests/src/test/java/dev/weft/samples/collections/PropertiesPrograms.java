package dev.weft.samples.collections;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code Properties} shared by threads. Its changes are {@code synchronized} on it, its queries are not (they read
 * a concurrent map). Run by {@link PropertiesTest}.
 */
class PropertiesPrograms {

    /** Two threads each claim a key if nobody has: both may see it free. */
    @ExhaustiveConcurrency
    void checkThenSet() throws Exception {
        Properties props = new Properties();
        AtomicInteger claims = new AtomicInteger();
        Runnable claim = () -> {
            if (props.getProperty("owner") == null) {
                props.setProperty("owner", Thread.currentThread().getName());
                claims.incrementAndGet();
            }
        };
        Concurrently.run(claim, claim);
        assertThat(claims.get()).as("threads that claimed the key").isEqualTo(1);
    }

    /** The same claim under the object's monitor, which its changes take too. */
    @ExhaustiveConcurrency
    void checkThenSetUnderItsMonitor() throws Exception {
        Properties props = new Properties();
        AtomicInteger claims = new AtomicInteger();
        Runnable claim = () -> {
            synchronized (props) {
                if (props.getProperty("owner") == null) {
                    props.setProperty("owner", "claimed");
                    claims.incrementAndGet();
                }
            }
        };
        Concurrently.run(claim, claim);
        assertThat(claims.get()).as("threads that claimed the key").isEqualTo(1);
    }

    /**
     * A writer changes two keys under the monitor; a reader reads them without it, as {@code getProperty} does not
     * wait for the monitor: it may see the first change and not the second.
     */
    @ExhaustiveConcurrency
    void readingTwoKeysWhileAnotherThreadChangesThemUnderTheMonitor() throws Exception {
        Properties props = new Properties();
        props.setProperty("host", "a");
        props.setProperty("port", "1");
        String[] seen = new String[1];
        Concurrently.run(() -> {
            synchronized (props) {
                props.setProperty("host", "b");
                props.setProperty("port", "2");
            }
        }, () -> seen[0] = props.getProperty("host") + ":" + props.getProperty("port"));
        assertThat(seen[0]).as("the address read").isIn("a:1", "b:2");
    }

    /** A thread holding the monitor reads a key twice; another thread's change waits for the monitor. */
    @ExhaustiveConcurrency
    void aChangeWaitsForTheMonitor() throws Exception {
        Properties props = new Properties();
        props.setProperty("mode", "old");
        Concurrently.run(() -> {
            synchronized (props) {
                String first = props.getProperty("mode");
                assertThat(props.getProperty("mode")).as("the second read").isEqualTo(first);
            }
        }, () -> props.setProperty("mode", "new"));
    }
}
