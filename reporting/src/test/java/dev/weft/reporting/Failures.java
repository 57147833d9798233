package dev.weft.reporting;

import static dev.weft.reporting.Execution.at;
import static dev.weft.reporting.Execution.thread;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.dpor.RacingSteps;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.ThreadId;

import java.util.List;

/** Failing executions the tests render, written out step by step. */
final class Failures {

    static final ThreadId MAIN = thread(0, "main");
    static final ThreadId T1 = thread(1, "main.1");
    static final ThreadId T2 = thread(2, "main.2");
    static final ThreadId LOGGER = thread(3, "main.3");

    static final Location BALANCE = Location.field("Account@1", "balance");
    static final Location LOG_COUNT = Location.field("Log@1", "count");

    private Failures() {
    }

    /**
     * Two withdrawals from one account both read 100 and write back, so one is lost; main joins both and its
     * assertion fails (step 14). A logger thread that main never joins writes a counter in between: nothing it does
     * happens before the failure (steps 4, 6, 10).
     */
    static Execution lostUpdate() {
        return new Execution()
                .step(MAIN, Operation.start(T1), at("AccountTest.java", 20))
                .step(MAIN, Operation.start(T2), at("AccountTest.java", 21))
                .step(MAIN, Operation.start(LOGGER), at("AccountTest.java", 22))
                .step(T1, Operation.read(BALANCE), at("Account.java", 12), "100")
                .step(LOGGER, Operation.write(LOG_COUNT), at("Logger.java", 8), "1")
                .step(T2, Operation.read(BALANCE), at("Account.java", 12), "100")
                .step(LOGGER, Operation.write(LOG_COUNT), at("Logger.java", 8), "2")
                .step(T1, Operation.write(BALANCE), at("Account.java", 13), "40")
                .step(T2, Operation.write(BALANCE), at("Account.java", 13), "90")
                .step(T1, Operation.end(T1), at("Account.java", 14))
                .step(LOGGER, Operation.write(LOG_COUNT), at("Logger.java", 8), "3")
                .step(T2, Operation.end(T2), at("Account.java", 14))
                .step(MAIN, Operation.join(T1), at("AccountTest.java", 23))
                .step(MAIN, Operation.join(T2), at("AccountTest.java", 24))
                .step(MAIN, Operation.read(BALANCE), at("AccountTest.java", 25), "90");
    }

    static ExplorationFailure lostUpdateFailure() {
        return lostUpdate().failure(FailureKind.ASSERTION,
                "org.opentest4j.AssertionFailedError: expected: <30> but was: <90> in thread main");
    }

    /**
     * The lost update as the explorer reports it: it reversed main.2's read (step 5) and main.1's write (step 7), so
     * that race is named, not guessed.
     */
    static ExplorationFailure lostUpdateReversed() {
        return lostUpdate().failure(FailureKind.ASSERTION, "expected: <30> but was: <90>",
                new RacingSteps(RacingSteps.Origin.REVERSED, 5, 7, null));
    }

    static final Location REGISTRY = Location.unsafeObject("HashMap@1");

    /**
     * Two threads put into one HashMap with nothing ordering them; main joins both and finds both entries (each call
     * is atomic under Weft, so nothing is lost). Steps 2 and 3 race. The steps carry stacks, as the report's replay
     * records them.
     */
    static ExplorationFailure registryDataRace() {
        return new Execution()
                .step(MAIN, Operation.start(T1), at("RegistryTest.java", 10))
                .step(MAIN, Operation.start(T2), at("RegistryTest.java", 11))
                .step(T1, Operation.write(REGISTRY), at("Registry.java", 12), "put", List.of(
                        new StackTraceElement("com.example.Registry", "register", "Registry.java", 12),
                        new StackTraceElement("com.example.RegistryTest", "lambda$0", "RegistryTest.java", 8)))
                .step(T2, Operation.write(REGISTRY), at("Registry.java", 12), "put", List.of(
                        new StackTraceElement("com.example.Registry", "register", "Registry.java", 12),
                        new StackTraceElement("com.example.RegistryTest", "lambda$1", "RegistryTest.java", 9)))
                .step(T1, Operation.end(T1), at("Registry.java", 13))
                .step(T2, Operation.end(T2), at("Registry.java", 13))
                .step(MAIN, Operation.join(T1), at("RegistryTest.java", 12))
                .step(MAIN, Operation.join(T2), at("RegistryTest.java", 13))
                .step(MAIN, Operation.read(REGISTRY), at("RegistryTest.java", 14), "size")
                .failure(FailureKind.DATA_RACE, "HashMap@1 is not thread-safe: main.1 called put at Registry.java:12"
                        + " and main.2 called put at Registry.java:12 with nothing ordering them (no lock, no"
                        + " volatile, no join)", new RacingSteps(RacingSteps.Origin.DATA_RACE, 2, 3, null));
    }

    static final LockId ACCOUNT_1 = new LockId("Account@1");
    static final LockId ACCOUNT_2 = new LockId("Account@2");
    static final LockId BANK = new LockId("Bank@1");

    /**
     * Two transfers lock their accounts in opposite orders. Before that, main.1 takes and releases the bank's
     * monitor that main took and released first (steps 2, 3, 5, 6), so the graph has a release-to-acquire edge.
     */
    static ExplorationFailure lockOrderDeadlock() {
        return new Execution()
                .step(MAIN, Operation.start(T1), at("BankTest.java", 30))
                .step(MAIN, Operation.start(T2), at("BankTest.java", 31))
                .step(MAIN, Operation.lock(BANK), at("BankTest.java", 32))
                .step(MAIN, Operation.unlock(BANK), at("BankTest.java", 33))
                .step(T2, Operation.lock(ACCOUNT_2), at("Bank.java", 10))
                .step(T1, Operation.lock(BANK), at("Bank.java", 8))
                .step(T1, Operation.unlock(BANK), at("Bank.java", 9))
                .step(T1, Operation.lock(ACCOUNT_1), at("Bank.java", 10))
                .stuck(MAIN, Operation.join(T1), at("BankTest.java", 34))
                .stuck(T1, Operation.lock(ACCOUNT_2), at("Bank.java", 11))
                .stuck(T2, Operation.lock(ACCOUNT_1), at("Bank.java", 11))
                .failure(FailureKind.DEADLOCK, "no thread can move");
    }

    static final LockId QUEUE = new LockId("Queue@1");
    static final Location QUEUE_SIZE = Location.field("Queue@1", "size");
    static final Location QUEUE_HEAD = Location.field("Queue@1", "head");

    /**
     * A consumer waits until the queue's size is non-zero; the producer raises the size and notifies, but sets the
     * head only after leaving the monitor, so the consumer woken by the notify reads a null head (step 11).
     */
    static Execution waitNotify() {
        return new Execution()
                .step(MAIN, Operation.start(T1), at("QueueTest.java", 40))
                .step(MAIN, Operation.start(T2), at("QueueTest.java", 41))
                .step(T1, Operation.lock(QUEUE), at("Queue.java", 20))
                .step(T1, Operation.read(QUEUE_SIZE), at("Queue.java", 21), "0")
                .step(T1, new Operation(OpKind.WAIT, QUEUE).alsoReading(Location.interruptFlag(T1)),
                        at("Queue.java", 22))
                .step(T2, Operation.lock(QUEUE), at("Queue.java", 10))
                .step(T2, Operation.write(QUEUE_SIZE), at("Queue.java", 11), "1")
                .step(T2, new Operation(OpKind.NOTIFY, QUEUE), at("Queue.java", 12))
                .step(T2, Operation.unlock(QUEUE), at("Queue.java", 13))
                .step(T1, Operation.lock(QUEUE), at("Queue.java", 22))
                .step(T1, Operation.read(QUEUE_SIZE), at("Queue.java", 21), "1")
                .step(T1, Operation.read(QUEUE_HEAD), at("Queue.java", 23), "null");
    }

    static ExplorationFailure waitNotifyFailure() {
        return waitNotify().failure(FailureKind.EXCEPTION, "java.lang.NullPointerException in thread main.1");
    }
}
