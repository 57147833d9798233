package bench;

import dev.weft.junit.ExhaustiveConcurrency;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.TestMethodOrder;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * big0 of ORACLES.md (69,112 traces) as a user writes it: four plain threads on a shared object, joined, checked with
 * AssertJ. The same test three times in one JVM: the first pays for starting Weft (its agent, instrumentation, the
 * JIT's first compilations), the third runs warm.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class Big0Test {

    static final class Shared {
        int x;
        int y;
        int z;
        int w;
    }

    @ExhaustiveConcurrency
    @Order(1)
    void first() throws InterruptedException {
        big0();
    }

    @ExhaustiveConcurrency
    @Order(2)
    void second() throws InterruptedException {
        big0();
    }

    @ExhaustiveConcurrency
    @Order(3)
    void third() throws InterruptedException {
        big0();
    }

    private static void big0() throws InterruptedException {
        Shared s = new Shared();
        List<Thread> threads = new ArrayList<>();
        threads.add(new Thread(() -> {
            int r = s.x + s.y + s.z + s.w + s.x + s.y + s.z;
        }));
        threads.add(new Thread(() -> {
            int r = s.x + s.y + s.z;
        }));
        threads.add(new Thread(() -> {
            s.x = 1;
            s.y = 1;
            s.x = 2;
            s.y = 2;
            s.x = 3;
            s.y = 3;
        }));
        threads.add(new Thread(() -> {
            s.z = 1;
            s.w = 1;
            s.z = 2;
            s.w = 2;
            s.z = 3;
            s.w = 3;
        }));
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(s.x).isEqualTo(3);
        assertThat(s.w).isEqualTo(3);
    }
}
