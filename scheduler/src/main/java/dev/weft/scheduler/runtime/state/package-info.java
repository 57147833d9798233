/**
 * State that outlives an execution or that executions share: static fields and what they hold, put back after each
 * execution ({@code StateJournal}), static initialisers ({@code StaticInitialisers}), each execution's own copies of
 * static fields when workers run side by side ({@code StaticCopies}, {@code SideBySideExecutions},
 * {@code SharedStateWatch}), state a test keeps on purpose ({@code KeptState}), the JVM's settings, and the test's
 * randomness made the same for the same schedule ({@code Randomness}).
 */
package dev.weft.scheduler.runtime.state;
