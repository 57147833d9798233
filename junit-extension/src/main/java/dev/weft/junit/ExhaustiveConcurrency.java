package dev.weft.junit;

import dev.weft.junit.internal.WeftExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Runs a test method under every non-equivalent interleaving of the threads it starts.
 *
 * <p>The method is a JUnit Jupiter test by itself ({@code @Test} beside it is allowed and still runs it once). Weft
 * runs the method many times: each run (an <em>execution</em>) gets a fresh test instance and its
 * {@code @BeforeEach}/{@code @AfterEach} methods, and runs under a cooperative scheduler that lets one thread move at a
 * time and decides, at every shared-memory access, lock, wait/notify, thread start/join, park/unpark and atomic
 * operation, which thread moves next. The test fails when any execution fails: an assertion or exception in any
 * thread, a deadlock, an unbounded run, or a thread blocked outside Weft's control. The failure names the kind, keeps
 * the original exception as its cause, shows the interleaving, and gives a replay token.
 *
 * <p>Attributes left at their defaults take the build-wide defaults of the JUnit configuration parameters
 * {@code weft.algorithm}, {@code weft.maxExecutions}, {@code weft.maxSeconds}, {@code weft.maxSteps} and {@code weft.replay}
 * ({@code junit-platform.properties} or {@code -D}).
 */
@Target({ElementType.METHOD, ElementType.ANNOTATION_TYPE})
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Test
@ExtendWith(WeftExtension.class)
public @interface ExhaustiveConcurrency {

    /** Marks numeric attributes left at their default: the configuration parameter, or the built-in default, applies. */
    long FROM_CONFIGURATION = -1;

    /** How interleavings are chosen; {@link Algorithm#OPTIMAL} unless {@code weft.algorithm} says otherwise. */
    Algorithm algorithm() default Algorithm.OPTIMAL;

    /**
     * The most executions to run (default: {@code weft.maxExecutions}, else 200,000). When the budget runs out before
     * every interleaving ran and none failed, the test passes but says loudly that the search was not exhaustive, and
     * what it covered: when the exhaustive search cannot finish in the budget, it gets the first half (less, once its
     * estimate says it cannot finish), and the rest covers the schedules by increasing number of preemptions, with
     * random schedules besides, so that the verdict names the bound it completed.
     */
    long maxExecutions() default FROM_CONFIGURATION;

    /**
     * The most seconds the search may take (default: {@code weft.maxSeconds}, else 60). When they run out, no new
     * execution starts: as when {@link #maxExecutions()} runs out, the test passes if none failed but says loudly that
     * the search was not exhaustive, and what it covered. (JUnit's {@code @Timeout} instead fails the test when it
     * runs out; Weft then stops at the next execution and says how far it got.)
     */
    long maxSeconds() default FROM_CONFIGURATION;

    /**
     * The most visible operations in one execution (default: {@code weft.maxSteps}, else 1,000,000). An execution that
     * passes it fails with {@code STEP_LIMIT}: a livelock or an unbounded loop. So does one that fills the heap before
     * it (Weft keeps one to three KB a step), at the steps that fitted, with a message that says so.
     */
    int maxSteps() default (int) FROM_CONFIGURATION;

    /** A replay token from a failure report: when set, only that interleaving runs, for debugging. */
    String replay() default "";
}
