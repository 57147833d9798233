package dev.weft.samples.executors;

import dev.weft.samples.support.WeftRunner;

import static org.assertj.core.api.Assertions.assertThat;

/** The assertions the executor tests share; each prints the number of executions, for the record. */
final class ExecutorOutcomes {

    private ExecutorOutcomes() {
    }

    static void assertPasses(WeftRunner.Outcome outcome, String method) {
        assertThat(outcome.failure()).as(method + " must pass").isEmpty();
        assertThat(outcome.aborted()).as(method + " must run").isEmpty();
        assertThat(outcome.summaryJson()).contains("\"verdict\": \"PASS\"").contains("\"complete\": true");
        System.out.println("[executors] " + method + " PASS in " + outcome.number("executions") + " executions");
    }

    /** Passes, in exactly the executions derived by hand for it. */
    static void assertPassesIn(WeftRunner.Outcome outcome, String method, long traces) {
        assertPasses(outcome, method);
        assertThat(outcome.number("executions")).as(method).isEqualTo(traces);
    }

    /** Fails with this kind, for this reason (not for a timeout of the waits around the bug). */
    static void assertFailsBecause(WeftRunner.Outcome outcome, String method, String kind, String reason) {
        assertFails(outcome, method, kind);
        assertThat(outcome.failure().orElseThrow().getMessage()).contains(reason);
    }

    static void assertFails(WeftRunner.Outcome outcome, String method, String kind) {
        Throwable failure = outcome.failure().orElseThrow(() -> new AssertionError(method + " did not fail"));
        assertThat(failure.getMessage()).as(method).startsWith(kind + ":");
        assertThat(outcome.summaryJson()).contains("\"kind\": \"" + kind + "\"");
        System.out.println("[executors] " + method + " " + kind + " after " + outcome.number("executions")
                + " executions");
    }
}
