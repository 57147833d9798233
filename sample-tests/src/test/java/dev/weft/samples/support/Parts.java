package dev.weft.samples.support;

import java.util.Collection;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Objects with {@code Object}'s {@code hashCode} and {@code equals}, as most classes have, which two threads take one
 * after the other in an order the test chose (a hash set's, a random one): the shape of the programs whose
 * interleavings must not depend on that order being the same in every execution.
 */
public final class Parts {

    private Parts() {
    }

    /** Not final: a program may give a subclass a {@code hashCode} of its own. */
    public static class Part {
        public int uses;
    }

    /** Adds four new parts. */
    public static <C extends Collection<Part>> C four(C into) {
        for (int i = 0; i < 4; i++) {
            into.add(new Part());
        }
        return into;
    }

    /**
     * Two threads each take the parts' monitors one after the other, in the order {@code parts} iterates. Each
     * monitor's two uses conflict and nothing else does; each monitor may go either thread first independently of the
     * others (the threads can overtake each other between two monitors): 2^n traces for n parts, whatever the order.
     */
    public static void bothUseEachInTurn(Iterable<Part> parts) throws InterruptedException {
        Runnable useEach = () -> {
            for (Part part : parts) {
                synchronized (part) {
                    part.uses++;
                }
            }
        };
        Concurrently.run(useEach, useEach);
        for (Part part : parts) {
            assertEquals(2, part.uses);
        }
    }
}
