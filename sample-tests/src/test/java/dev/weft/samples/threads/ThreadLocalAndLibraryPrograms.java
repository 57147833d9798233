package dev.weft.samples.threads;

import dev.weft.junit.ExhaustiveConcurrency;
import org.assertj.core.api.SoftAssertions;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.spy;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;

/** Thread locals, Mockito and AssertJ in managed threads; run by {@link ThreadLocalAndLibraryTest}. */
class ThreadLocalAndLibraryPrograms {

    /** Shared between executions on purpose: a value left behind by one execution would show in the next. */
    static final ThreadLocal<String> LOCAL = new ThreadLocal<>();
    static final InheritableThreadLocal<String> INHERITED = new InheritableThreadLocal<>();

    /** A collaborator to mock. */
    public interface Listener {
        void onEvent(String event);
    }

    /** A class to spy on. */
    public static class Journal {
        private final List<String> entries = new ArrayList<>();

        public synchronized void add(String entry) {
            entries.add(entry);
        }

        public synchronized int size() {
            return entries.size();
        }
    }

    static final class Box {
        int value;
    }

    /**
     * Every execution starts with fresh threads: no thread local is set at the start, each thread sees only its own
     * value, and a child sees its parent's inheritable value (copied when the {@code Thread} was created).
     */
    @ExhaustiveConcurrency
    void threadLocalsDoNotLeakAndAreInherited() throws InterruptedException {
        assertNull(LOCAL.get(), "a thread local leaked from an earlier execution");
        assertNull(INHERITED.get(), "an inheritable thread local leaked from an earlier execution");
        LOCAL.set("main");
        INHERITED.set("from main");
        Box box = new Box();
        String[] seen = new String[4];
        Thread a = new Thread(() -> {
            seen[0] = LOCAL.get();
            seen[1] = INHERITED.get();
            LOCAL.set("a");
            box.value++;
        });
        Thread b = new Thread(() -> {
            LOCAL.set("b");
            INHERITED.set("b's own");
            box.value++;
            seen[2] = LOCAL.get();
            seen[3] = INHERITED.get();
        });
        a.start();
        b.start();
        a.join();
        b.join();
        assertNull(seen[0], "a thread local is per thread");
        assertEquals("from main", seen[1]);
        assertEquals("b", seen[2]);
        assertEquals("b's own", seen[3]);
        assertEquals("main", LOCAL.get());
        assertEquals("from main", INHERITED.get(), "a child's set does not reach its parent");
    }

    /** Two threads call a mock; both calls are verified. */
    @ExhaustiveConcurrency
    void mockCalledFromTwoThreadsIsVerified() throws InterruptedException {
        Listener listener = mock(Listener.class);
        Thread a = new Thread(() -> listener.onEvent("tick"));
        Thread b = new Thread(() -> listener.onEvent("tick"));
        a.start();
        b.start();
        a.join();
        b.join();
        verify(listener, times(2)).onEvent("tick");
    }

    /** A spy of a synchronized class, called from two threads: both entries are there. */
    @ExhaustiveConcurrency
    void spyCalledFromTwoThreadsIsVerified() throws InterruptedException {
        Journal journal = spy(new Journal());
        Thread a = new Thread(() -> journal.add("a"));
        Thread b = new Thread(() -> journal.add("b"));
        a.start();
        b.start();
        a.join();
        b.join();
        verify(journal, times(2)).add(org.mockito.ArgumentMatchers.anyString());
        assertThat(journal.size()).isEqualTo(2);
    }

    /** The bug: the mock is called only when the racy check-then-act lets it, and is verified as called twice. */
    @ExhaustiveConcurrency
    void mockVerifiedTwiceButCalledOnceInSomeInterleaving() throws InterruptedException {
        Listener listener = mock(Listener.class);
        Box box = new Box();
        Runnable once = () -> {
            if (box.value == 0) {
                box.value = 1;
                listener.onEvent("first");
            }
        };
        Thread a = new Thread(once);
        Thread b = new Thread(once);
        a.start();
        b.start();
        a.join();
        b.join();
        verify(listener, times(2)).onEvent("first");
    }

    /** An AssertJ assertion in a worker thread that fails in one interleaving: a lost update. */
    @ExhaustiveConcurrency
    void assertJInAWorkerFindsALostUpdate() throws InterruptedException {
        Box box = new Box();
        Thread a = new Thread(() -> box.value++);
        Thread checker = new Thread(() -> {
            box.value++;
            assertThat(box.value).as("the checker sees its own increment").isGreaterThanOrEqualTo(1);
        });
        a.start();
        checker.start();
        a.join();
        checker.join();
        assertThat(box.value).as("both increments").isEqualTo(2);
    }

    /** A soft assertion in a worker that fails in some interleaving must fail the test, not be lost. */
    @ExhaustiveConcurrency
    void softAssertionInAWorkerFails() throws InterruptedException {
        Box box = new Box();
        Thread writer = new Thread(() -> box.value = 1);
        Thread checker = new Thread(() -> {
            SoftAssertions softly = new SoftAssertions();
            softly.assertThat(box.value).as("the writer ran first").isEqualTo(1);
            softly.assertAll();
        });
        writer.start();
        checker.start();
        writer.join();
        checker.join();
    }

    /** The same, correct: the checker joins the writer first. */
    @ExhaustiveConcurrency
    void softAssertionInAWorkerPasses() throws InterruptedException {
        Box box = new Box();
        Thread writer = new Thread(() -> box.value = 1);
        writer.start();
        Thread checker = new Thread(() -> {
            try {
                writer.join();
            } catch (InterruptedException e) {
                throw new AssertionError(e);
            }
            SoftAssertions softly = new SoftAssertions();
            softly.assertThat(box.value).isEqualTo(1);
            softly.assertAll();
        });
        checker.start();
        checker.join();
    }
}
