package dev.weft.scheduler.instrument;

import dev.weft.scheduler.instrument.subjects.MethodReferences;
import dev.weft.scheduler.instrument.subjects.SyncCounter;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * In a fresh JVM: loads {@link SyncCounter} and {@link MethodReferences} before the instrumentation exists, so that
 * both are retransformed and {@code SyncCounter} keeps {@code ACC_SYNCHRONIZED}; then calls its synchronized method
 * through a method reference not linked yet. Prints the recorded hooks, then {@code value=<result>} and the failures.
 */
public final class RetransformedSynchronizedMain {

    public static void main(String[] args) {
        SyncCounter counter = new SyncCounter();
        counter.increment();
        MethodReferences.getAndIncrement(new AtomicInteger());
        try (RecordingHandler recording = RecordingHandler.start()) {
            int value = MethodReferences.incrementSynchronized(counter);
            recording.rendered().forEach(System.out::println);
            System.out.println("value=" + value);
        }
        System.out.println("failures=" + WeftInstrumentation.failures());
    }
}
