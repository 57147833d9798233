package dev.weft.reporting;

import dev.weft.dpor.Schedule;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.model.ThreadId;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ReplayTokenTest {

    @Test
    void aTokenDecodesToTheSameScheduleAndFingerprint() {
        Random random = new Random(7);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            names.add(random.nextInt(3) == 0 ? "main" : "main." + (1 + random.nextInt(4)));
        }
        ReplayToken token = new ReplayToken(new Schedule(names), "0badcafe");
        ReplayToken decoded = ReplayToken.decode(token.encode());
        assertThat(decoded).isEqualTo(token);
    }

    @Test
    void anEmptyScheduleSurvivesTheRoundTrip() {
        ReplayToken token = new ReplayToken(new Schedule(List.of()), "00000000");
        assertThat(ReplayToken.decode(token.encode()).schedule().threadNames()).isEmpty();
    }

    @Test
    void longRunsOfOneThreadStayShort() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            names.add(i < 1000 ? "main" : "main.1");
        }
        assertThat(new ReplayToken(new Schedule(names), "12345678").encode()).hasSizeLessThan(60);
    }

    @Test
    void theFingerprintChangesWhenAnOperationChanges() {
        ThreadId main = new ThreadId(0, "main");
        Location x = Location.field("A@1", "x");
        List<Event> read = List.of(new Event(0, main, 0, Operation.read(x), SourcePosition.UNKNOWN, null));
        List<Event> write = List.of(new Event(0, main, 0, Operation.write(x), SourcePosition.UNKNOWN, null));
        assertThat(ReplayToken.fingerprint(read)).isNotEqualTo(ReplayToken.fingerprint(write)).hasSize(8);
    }

    @Test
    void somethingThatIsNotATokenIsRejectedWithAMessageThatSaysWhatATokenLooksLike() {
        assertThatThrownBy(() -> ReplayToken.decode("hello"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("weft1.<schedule>.<fingerprint>");
        assertThatThrownBy(() -> ReplayToken.decode("weft1.AAAA.0badcafe"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("damaged");
    }
}
