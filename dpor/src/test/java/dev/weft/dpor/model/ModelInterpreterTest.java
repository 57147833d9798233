package dev.weft.dpor.model;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The interpreter keeps the contract explorers rely on; checked by driving runs along explicit schedules. */
class ModelInterpreterTest {

    @Test
    void aRunStartsWithOnlyTheMainThreadInFrontOfItsFirstStart() {
        try (ModelRun run = new ModelSubject(Programs.inc(2)).start()) {
            assertThat(run.pending()).singleElement().satisfies(p -> {
                assertThat(p.thread()).isEqualTo(new ThreadId(0, "main"));
                assertThat(p.operation().kind()).isEqualTo(OpKind.START);
                assertThat(p.operation().startedThread()).isEqualTo(new ThreadId(1, "main.1"));
                assertThat(p.enabled()).isTrue();
            });
        }
    }

    @Test
    void startedThreadsGetDenseIndexesAndParentBasedNamesAndAreListedByIndex() {
        try (ModelRun run = new ModelSubject(Programs.inc(2)).start()) {
            Script.steps(run, "main", "main");
            assertThat(run.pending()).extracting(PendingOperation::thread).containsExactly(
                    new ThreadId(0, "main"), new ThreadId(1, "main.1"), new ThreadId(2, "main.2"));
        }
    }

    @Test
    void incrementsOneAfterTheOtherAddUp() {
        try (ModelRun run = new ModelSubject(Programs.inc(2)).start()) {
            Script.steps(run, "main", "main", "main.1", "main.1", "main.2", "main.2");
            assertThat(run.value("x")).isEqualTo(2);
        }
    }

    @Test
    void interleavedIncrementsLoseOne() {
        try (ModelRun run = new ModelSubject(Programs.inc(2)).start()) {
            Script.steps(run, "main", "main", "main.1", "main.2", "main.1", "main.2");
            assertThat(run.value("x")).isEqualTo(1);
        }
    }

    @Test
    void eventsCountPositionsInTheExecutionAndInTheirThread() {
        try (ModelRun run = new ModelSubject(Programs.inc(2)).start()) {
            List<Event> events = Script.steps(run, "main", "main", "main.2", "main.1", "main.2");
            assertThat(events).extracting(Event::index).containsExactly(0, 1, 2, 3, 4);
            assertThat(events).extracting(Event::threadStep).containsExactly(0, 1, 0, 0, 1);
            assertThat(events.get(4).operation().kind()).isEqualTo(OpKind.WRITE);
            assertThat(events.get(4).value()).isEqualTo("1");
        }
    }

    @Test
    void aThreadThatEndsLeavesThePendingList() {
        try (ModelRun run = new ModelSubject(Programs.inc(1)).start()) {
            Script.steps(run, "main", "main.1", "main.1");
            assertThat(Script.pendingOf(run, "main.1").operation().kind()).isEqualTo(OpKind.END);
            Event end = Script.step(run, "main.1");
            assertThat(end.operation().kind()).isEqualTo(OpKind.END);
            assertThat(run.pending()).extracting(p -> p.thread().name()).containsExactly("main");
        }
    }

    @Test
    void aJoinIsDisabledUntilTheJoinedThreadHasEnded() {
        try (ModelRun run = new ModelSubject(Programs.inc(1)).start()) {
            Script.steps(run, "main");
            PendingOperation join = Script.pendingOf(run, "main");
            assertThat(join.operation().kind()).isEqualTo(OpKind.JOIN);
            assertThat(join.enabled()).isFalse();
            assertThatThrownBy(() -> Script.step(run, "main")).isInstanceOf(IllegalStateException.class);
            Script.steps(run, "main.1", "main.1", "main.1");
            assertThat(Script.pendingOf(run, "main").enabled()).isTrue();
            Script.steps(run, "main", "main");
            assertThat(run.pending()).isEmpty();
            assertThat(run.outcome().ending()).isEqualTo(Outcome.Ending.COMPLETE);
        }
    }

    @Test
    void aHeldLockDisablesOtherAcquirersUntilReleased() {
        try (ModelRun run = new ModelSubject(Programs.lockinc(2)).start()) {
            Script.steps(run, "main", "main", "main.1");
            assertThat(Script.pendingOf(run, "main.2").operation().kind()).isEqualTo(OpKind.LOCK);
            assertThat(Script.pendingOf(run, "main.2").enabled()).isFalse();
            Script.steps(run, "main.1", "main.1", "main.1");
            assertThat(Script.pendingOf(run, "main.2").enabled()).isTrue();
        }
    }

    @Test
    void aCompareAndSetIsPendingAsCasAndResolvesToSuccessOrFailure() {
        ProgramBuilder p = ProgramBuilder.program("casTwice");
        CellRef x = p.atomic("x");
        p.thread("T", t -> {
            Reg first = t.reg("first");
            Reg second = t.reg("second");
            t.cas(first, x, Expr.constant(0), Expr.constant(5));
            t.cas(second, x, Expr.constant(0), Expr.constant(6));
            t.check(first.eq(1).and(second.eq(0)), "first CAS succeeds, second fails");
        });
        try (ModelRun run = new ModelSubject(p.build()).start()) {
            Script.steps(run, "main");
            assertThat(Script.pendingOf(run, "main.1").operation().kind()).isEqualTo(OpKind.CAS);
            List<Event> cas = Script.steps(run, "main.1", "main.1");
            assertThat(cas).extracting(e -> e.operation().kind())
                    .containsExactly(OpKind.CAS_SUCCESS, OpKind.CAS_FAILURE);
            assertThat(run.failure()).isEmpty();
            assertThat(run.value("x")).isEqualTo(5);
            assertThat(run.outcome().reads().get("main.1")).containsExactly(0, 5);
        }
    }

    @Test
    void aFailedAssertionEndsTheExecutionWithAnAssertionFailureOfItsThread() {
        ProgramBuilder p = ProgramBuilder.program("expectOne");
        CellRef x = p.shared("x");
        p.thread("T", t -> {
            Reg r = t.reg("r");
            t.read(r, x);
            t.check(r.eq(1), "x should be 1");
        });
        try (ModelRun run = new ModelSubject(p.build()).start()) {
            Script.steps(run, "main", "main.1");
            assertThat(run.failure()).hasValueSatisfying(f -> {
                assertThat(f.kind()).isEqualTo(FailureKind.ASSERTION);
                assertThat(f.thread().name()).isEqualTo("main.1");
                assertThat(f.cause()).isInstanceOf(AssertionError.class).hasMessage("x should be 1");
            });
            assertThatThrownBy(() -> Script.step(run, "main")).isInstanceOf(IllegalStateException.class);
            assertThat(run.outcome().ending()).isEqualTo(Outcome.Ending.ASSERTION);
        }
    }

    @Test
    void locksTakenInOppositeOrdersCanLeaveNoThreadEnabled() {
        ProgramBuilder p = ProgramBuilder.program("lockOrder");
        LockRef a = p.lock("a");
        LockRef b = p.lock("b");
        p.thread("AB", t -> t.lock(a).lock(b).unlock(b).unlock(a));
        p.thread("BA", t -> t.lock(b).lock(a).unlock(a).unlock(b));
        ModelSubject subject = new ModelSubject(p.build());
        try (ModelRun run = subject.start()) {
            Script.steps(run, "main", "main", "main.1", "main.2");
            assertThat(run.pending()).isNotEmpty().noneMatch(PendingOperation::enabled);
        }
        assertThat(subject.lastOutcome().ending()).isEqualTo(Outcome.Ending.DEADLOCK);
    }

    @Test
    void theSubjectKeepsTheOutcomeOfTheRunClosedLast() {
        ModelSubject subject = new ModelSubject(Programs.inc(2));
        try (ModelRun run = subject.start()) {
            Script.steps(run, "main", "main", "main.1", "main.2", "main.1", "main.2");
        }
        Outcome lost = subject.lastOutcome();
        assertThat(lost.ending()).isEqualTo(Outcome.Ending.UNFINISHED);
        assertThat(lost.memory()).containsEntry("x", 1);
        assertThat(lost.reads()).containsEntry("main.1", List.of(0)).containsEntry("main.2", List.of(0));
    }

    @Test
    void loopsAndArrayIndexesFollowTheRegisters() {
        try (ModelRun run = new ModelSubject(Programs.lastzero(2)).start()) {
            Script.steps(run, "main", "main", "main", "main.3", "main.3");
            assertThat(run.value("a[1]")).isEqualTo(0);
            assertThat(run.value("a[2]")).isEqualTo(1);
            Script.steps(run, "main.1", "main.1");
            assertThat(run.outcome().reads().get("main.1")).containsExactly(1, 0);
            assertThat(Script.pendingOf(run, "main.1").operation().kind()).isEqualTo(OpKind.END);
        }
    }

    @Test
    void lockArraysAndBranchesClaimOneFreeBlockPerInode() {
        try (ModelRun run = new ModelSubject(Programs.filesystem(14)).start()) {
            Script.runSequentially(run);
            assertThat(run.value("inode[0]")).isEqualTo(1);
            assertThat(run.value("inode[13]")).as("block 0 is taken, so inode 13 probes on to block 1")
                    .isEqualTo(2);
            assertThat(run.outcome().ending()).isEqualTo(Outcome.Ending.COMPLETE);
        }
    }

    @Test
    void stepsAfterAnEndedThreadOrOfADisabledOneAreRejected() {
        try (ModelRun run = new ModelSubject(Programs.inc(1)).start()) {
            assertThatThrownBy(() -> run.step(new ThreadId(1, "main.1")))
                    .isInstanceOf(IllegalStateException.class).hasMessageContaining("not a live thread");
        }
    }
}
