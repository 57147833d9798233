package dev.weft.dpor;

import dev.weft.dpor.model.CellRef;
import dev.weft.dpor.model.ModelProgram;
import dev.weft.dpor.model.ModelSubject;
import dev.weft.dpor.model.ProgramBuilder;
import dev.weft.dpor.model.Reg;
import dev.weft.dpor.model.ThreadHandle;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The explorer names the race whose reversal produced a failing execution. In each program here the first execution
 * passes and exactly one race, on {@code x}, leads to the failure, so the answer is known.
 */
class ReversedRaceTest {

    private static final Location X = Location.staticField("Shared", "x");

    private static ExplorationFailure firstFailure(ModelProgram program, SearchAlgorithm algorithm) {
        ExplorationResult result = Explorer.create(ExplorationOptions.of(algorithm))
                .explore(new ModelSubject(program), ExplorationListener.NONE);
        assertThat(result.failures()).as(program.name()).hasSize(1);
        return result.failures().get(0);
    }

    /**
     * W writes x = 1; R copies x to y; main joins both and checks y == 1. The first execution runs W first (the
     * lowest ready thread goes first) and passes; reversing W's write and R's read gives the failure, in which both
     * ran: R's read first.
     */
    private static ModelProgram copyBeforeWrite() {
        ProgramBuilder p = ProgramBuilder.program("copyBeforeWrite");
        CellRef x = p.shared("x");
        CellRef y = p.shared("y");
        ThreadHandle w = p.thread("W", t -> t.write(x, 1));
        ThreadHandle r = p.thread("R", t -> {
            Reg v = t.reg("v");
            t.read(v, x).write(y, v);
        });
        return p.main(t -> {
            Reg v = t.reg("v");
            t.start(w).start(r).join(w).join(r).read(v, y).check(v.eq(1), "y == 1");
        }).build();
    }

    @Test
    void theReversedPairIsNamedWithBothStepsInTheFailingExecution() {
        ExplorationFailure failure = firstFailure(copyBeforeWrite(), SearchAlgorithm.DPOR);

        RacingSteps race = failure.race();
        assertThat(race).isNotNull();
        assertThat(race.origin()).isEqualTo(RacingSteps.Origin.REVERSED);
        Event first = failure.events().get(race.first());
        Event second = failure.events().get(race.second());
        assertThat(first.thread().name()).isEqualTo("main.2");
        assertThat(first.operation()).isEqualTo(Operation.read(X));
        assertThat(second.thread().name()).isEqualTo("main.1");
        assertThat(second.operation()).isEqualTo(Operation.write(X));
    }

    /**
     * As before, but R checks what it read at once: in the failing execution W's write never runs, so the pair names
     * it as the operation W was about to do.
     */
    @Test
    void aReversedStepThatNeverRanIsNamedByWhatItsThreadWasAboutToDo() {
        ProgramBuilder p = ProgramBuilder.program("checkBeforeWrite");
        CellRef x = p.shared("x");
        p.thread("W", t -> t.write(x, 1));
        p.thread("R", t -> {
            Reg v = t.reg("v");
            t.read(v, x).check(v.eq(1), "x == 1");
        });
        ExplorationFailure failure = firstFailure(p.build(), SearchAlgorithm.DPOR);

        RacingSteps race = failure.race();
        assertThat(race.origin()).isEqualTo(RacingSteps.Origin.REVERSED);
        assertThat(failure.events().get(race.first()).operation()).isEqualTo(Operation.read(X));
        assertThat(race.first()).isEqualTo(failure.events().size() - 1);
        assertThat(race.second()).isEqualTo(-1);
        assertThat(race.notRun().thread().name()).isEqualTo("main.1");
        assertThat(race.notRun().operation()).isEqualTo(Operation.write(X));
    }

    @Test
    void noRaceIsNamedWhenTheFirstExecutionFailsOrTheSearchIsNaive() {
        ProgramBuilder p = ProgramBuilder.program("forgottenJoin");
        CellRef x = p.shared("x");
        ThreadHandle w = p.thread("W", t -> t.write(x, 1));
        ModelProgram forgottenJoin = p.main(t -> {
            Reg v = t.reg("v");
            t.start(w).read(v, x).check(v.eq(1), "x == 1").join(w);
        }).build();

        assertThat(firstFailure(forgottenJoin, SearchAlgorithm.DPOR).race()).isNull();
        assertThat(firstFailure(copyBeforeWrite(), SearchAlgorithm.NAIVE).race()).isNull();
        assertThat(firstFailure(copyBeforeWrite(), SearchAlgorithm.NAIVE).kind()).isEqualTo(FailureKind.ASSERTION);
    }
}
