package dev.weft.reporting;

import static dev.weft.reporting.Execution.at;
import static dev.weft.reporting.Execution.thread;

import dev.weft.dpor.ExplorationFailure;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.ThreadId;

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
                .step(T1, new Operation(OpKind.WAIT, QUEUE), at("Queue.java", 22))
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
