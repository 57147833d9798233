package dev.weft.dpor.internal;

import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.PendingOperation;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class DivergenceTest {

    private static final ThreadId MAIN = new ThreadId(0, "main");
    private static final SourcePosition LINE = new SourcePosition("Config", "setLifo", "Config.java", 270);

    private static PendingOperation writeLifoOf(String object) {
        return new PendingOperation(MAIN, Operation.write(Location.field(object, "lifo")), true, LINE);
    }

    /** commons-pool's testBorrowObjectFairness: the same write, on GenericObjectPoolConfig@357 instead of @356. */
    @Test
    void theSameOperationOnAnObjectWithAnotherNumberIsSaidToBeThat() {
        String message = Divergence.describe(93, List.of(writeLifoOf("GenericObjectPoolConfig@356")),
                List.of(writeLifoOf("GenericObjectPoolConfig@357")));

        assertThat(message).contains("expected main next: write GenericObjectPoolConfig@356.lifo")
                .contains("The operation is the same, on an object with another number")
                .contains("JMX").doesNotContain("hash order");
    }

    @Test
    void anotherOperationIsTheGeneralCase() {
        String message = Divergence.describe(93, List.of(writeLifoOf("GenericObjectPoolConfig@356")),
                List.of(new PendingOperation(MAIN, Operation.read(Location.field("GenericObjectPoolConfig@356",
                        "lifo")), true, LINE)));

        assertThat(message).contains("hash order").doesNotContain("another number");
    }
}
