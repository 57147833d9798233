package dev.weft.dpor;

import dev.weft.dpor.model.CellRef;
import dev.weft.dpor.model.LockRef;
import dev.weft.dpor.model.ModelProgram;
import dev.weft.dpor.model.ModelSubject;
import dev.weft.dpor.model.ProgramBuilder;
import dev.weft.dpor.model.Reg;
import dev.weft.dpor.model.ThreadHandle;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.FailureKind;
import dev.weft.scheduler.model.Location;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Data races on objects that are not thread-safe, at the model level: {@code map} stands for a {@code HashMap} whose
 * every call the runtime makes one atomic access (a put is an update of its size), so no interleaving loses an entry;
 * what is reported is that two calls were ordered by nothing.
 */
class DataRaceTest {

    /** Two workers put into the map; main joins them and checks the size, which the model never gets wrong. */
    private static ModelProgram racyPuts() {
        ProgramBuilder p = ProgramBuilder.program("racyPuts");
        CellRef map = p.unsafeObject("map");
        ThreadHandle t1 = p.thread("T1", t -> t.getAndIncrement(t.reg("old"), map));
        ThreadHandle t2 = p.thread("T2", t -> t.getAndIncrement(t.reg("old"), map));
        return p.main(t -> {
            Reg size = t.reg("size");
            t.start(t1).start(t2).join(t1).join(t2).read(size, map).check(size.eq(2), "size == 2");
        }).build();
    }

    private static ExplorationResult explore(ModelProgram program, SearchAlgorithm algorithm, boolean stopOnFirst) {
        return Explorer.create(ExplorationOptions.of(algorithm).withStopOnFirstFailure(stopOnFirst))
                .explore(new ModelSubject(program), ExplorationListener.NONE);
    }

    private static Location map() {
        return Location.unsafeObject("map");
    }

    @ParameterizedTest
    @EnumSource(SearchAlgorithm.class)
    void twoUnorderedPutsAreADataRaceReportedAfterTheWholeExploration(SearchAlgorithm algorithm) {
        for (boolean stopOnFirst : List.of(true, false)) {
            ExplorationResult result = explore(racyPuts(), algorithm, stopOnFirst);

            assertThat(result.exhaustive()).as("a data race does not stop the exploration").isTrue();
            assertThat(result.failures()).extracting(ExplorationFailure::kind).containsExactly(FailureKind.DATA_RACE);
            ExplorationFailure race = result.failures().get(0);
            RacingSteps pair = race.race();
            assertThat(pair.origin()).isEqualTo(RacingSteps.Origin.DATA_RACE);
            Event first = race.events().get(pair.first());
            Event second = race.events().get(pair.second());
            assertThat(List.of(first.operation().location(), second.operation().location()))
                    .containsOnly(map());
            assertThat(List.of(first.thread().name(), second.thread().name()))
                    .containsExactlyInAnyOrder("main.1", "main.2");
            assertThat(race.message()).startsWith("map is not thread-safe: " + first.thread().name() + " changed it at")
                    .endsWith("with nothing ordering them (no lock, no volatile, no join)");
        }
        if (algorithm == SearchAlgorithm.DPOR) {
            // the two puts conflict and nothing else does: two traces, both run although the first already races
            assertThat(explore(racyPuts(), algorithm, true).executions()).isEqualTo(2);
        }
    }

    /** Programs whose two map calls something orders, each with its ordering. */
    enum Ordered {
        LOCK(p -> {
            CellRef map = p.unsafeObject("map");
            LockRef m = p.lock("m");
            for (int i = 1; i <= 2; i++) {
                p.thread("T" + i, t -> t.lock(m).getAndIncrement(t.reg("old"), map).unlock(m));
            }
        }),
        JOIN(p -> {
            CellRef map = p.unsafeObject("map");
            ThreadHandle t1 = p.thread("T1", t -> t.getAndIncrement(t.reg("old"), map));
            ThreadHandle t2 = p.thread("T2", t -> t.getAndIncrement(t.reg("old"), map));
            p.main(t -> t.start(t1).join(t1).start(t2).join(t2).getAndIncrement(t.reg("old"), map));
        }),
        START(p -> {
            CellRef map = p.unsafeObject("map");
            ThreadHandle second = p.thread("T2", t -> t.getAndIncrement(t.reg("old"), map));
            ThreadHandle first = p.thread("T1", t -> t.getAndIncrement(t.reg("old"), map).start(second));
            p.main(t -> t.start(first).join(first).join(second));
        }),
        VOLATILE_FLAG(p -> {
            CellRef map = p.unsafeObject("map");
            CellRef ready = p.shared("ready");
            p.thread("T1", t -> t.getAndIncrement(t.reg("old"), map).write(ready, 1));
            p.thread("T2", t -> {
                Reg r = t.reg("ready");
                t.read(r, ready).ifThen(r.eq(1), then -> then.getAndIncrement(t.reg("old"), map));
            });
        }),
        ONLY_QUERIES(p -> {
            CellRef map = p.unsafeObject("map");
            for (int i = 1; i <= 2; i++) {
                p.thread("T" + i, t -> t.read(t.reg("size"), map));
            }
        });

        final Consumer<ProgramBuilder> declare;

        Ordered(Consumer<ProgramBuilder> declare) {
            this.declare = declare;
        }

        ModelProgram program() {
            ProgramBuilder p = ProgramBuilder.program(name());
            declare.accept(p);
            return p.build();
        }
    }

    @ParameterizedTest
    @EnumSource(Ordered.class)
    void callsOrderedByALockAJoinAStartOrAVolatileOrThatOnlyQueryAreNoDataRace(Ordered ordered) {
        for (SearchAlgorithm algorithm : SearchAlgorithm.values()) {
            ExplorationResult result = explore(ordered.program(), algorithm, false);
            assertThat(result.failures()).as(algorithm + " on " + ordered).isEmpty();
            assertThat(result.exhaustive()).isTrue();
        }
    }

    /** racyPuts plus a lost update on a plain field, which main's check catches. */
    private static ModelProgram racyPutsAndALostUpdate() {
        ProgramBuilder p = ProgramBuilder.program("racyPutsAndALostUpdate");
        CellRef map = p.unsafeObject("map");
        CellRef x = p.shared("x");
        List<ThreadHandle> workers = List.of(
                p.thread("T1", t -> counterAndPut(t, x, map)),
                p.thread("T2", t -> counterAndPut(t, x, map)));
        return p.main(t -> {
            Reg r = t.reg("x");
            workers.forEach(t::start);
            workers.forEach(t::join);
            t.read(r, x).check(r.eq(2), "x == 2");
        }).build();
    }

    private static void counterAndPut(dev.weft.dpor.model.ThreadBuilder t, CellRef x, CellRef map) {
        Reg r = t.reg("r");
        t.read(r, x).write(x, r.plus(1)).getAndIncrement(t.reg("old"), map);
    }

    @ParameterizedTest
    @EnumSource(SearchAlgorithm.class)
    void anAssertionFailureIsReportedRatherThanTheDataRace(SearchAlgorithm algorithm) {
        ExplorationResult stopping = explore(racyPutsAndALostUpdate(), algorithm, true);
        assertThat(stopping.failures()).extracting(ExplorationFailure::kind).containsExactly(FailureKind.ASSERTION);

        ExplorationResult collecting = explore(racyPutsAndALostUpdate(), algorithm, false);
        List<FailureKind> kinds = collecting.failures().stream().map(ExplorationFailure::kind).toList();
        assertThat(kinds.get(0)).isEqualTo(FailureKind.ASSERTION);
        assertThat(kinds).as("collect-all keeps the data race, last").endsWith(FailureKind.DATA_RACE)
                .containsOnlyOnce(FailureKind.DATA_RACE);
    }

    @Test
    void replayingTheRacyScheduleReportsTheSameDataRace() {
        ExplorationFailure found = explore(racyPuts(), SearchAlgorithm.DPOR, true).failures().get(0);

        ExplorationResult replay = Explorer.replaying(found.schedule(), ExplorationOptions.of(SearchAlgorithm.DPOR))
                .explore(new ModelSubject(racyPuts()), ExplorationListener.NONE);

        assertThat(replay.executions()).isEqualTo(1);
        assertThat(replay.failures()).hasSize(1);
        ExplorationFailure replayed = replay.failures().get(0);
        assertThat(replayed.kind()).isEqualTo(FailureKind.DATA_RACE);
        assertThat(replayed.race()).isEqualTo(found.race());
        assertThat(replayed.events()).isEqualTo(found.events());
        assertThat(replayed.message()).isEqualTo(found.message());
    }

    /**
     * T1 puts, then sets a flag; T2 puts only if it sees the flag unset. The first execution lets T1 finish first (no
     * race); DPOR finds the race by cutting T1 before its flag (a preemption), while letting T2 run first when main
     * blocks in its join costs none.
     */
    @Test
    void theFewestPreemptionsSearchShortensADataRace() {
        ProgramBuilder p = ProgramBuilder.program("putUnlessFlagged");
        CellRef map = p.unsafeObject("map");
        CellRef flag = p.shared("flag");
        p.thread("T1", t -> t.getAndIncrement(t.reg("old"), map).write(flag, 1));
        p.thread("T2", t -> {
            Reg r = t.reg("flag");
            t.read(r, flag).ifThen(r.eq(0), then -> then.getAndIncrement(t.reg("old"), map));
        });
        ModelProgram program = p.build();
        ExplorationOptions options = ExplorationOptions.of(SearchAlgorithm.DPOR);
        ExplorationFailure found = explore(program, SearchAlgorithm.DPOR, true).failures().get(0);

        PreemptionBounding.Result shortest = PreemptionBounding.minimize(new ModelSubject(program), found, options,
                new PreemptionBounding.Budget(2, 1_000));

        assertThat(found.kind()).isEqualTo(FailureKind.DATA_RACE);
        assertThat(found.preemptions()).isPositive();
        assertThat(shortest.failure().kind()).isEqualTo(FailureKind.DATA_RACE);
        assertThat(shortest.failure().preemptions()).isZero();
        assertThat(shortest.failure().race().origin()).isEqualTo(RacingSteps.Origin.DATA_RACE);
    }
}
