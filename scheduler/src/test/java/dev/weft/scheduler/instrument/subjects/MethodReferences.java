package dev.weft.scheduler.instrument.subjects;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/** Method references to methods that the instrumentation handles at call sites. */
public class MethodReferences {

    public static int getAndIncrement(AtomicInteger counter) {
        IntSupplier next = counter::getAndIncrement; // mark:getAndIncrement
        return next.getAsInt();
    }

    /** An intersection with a marker interface: linked by {@code altMetafactory}. */
    public static boolean getAndIncrementWithMarker(AtomicInteger counter) {
        IntSupplier next = (IntSupplier & Marker) counter::getAndIncrement; // mark:withMarker
        return next.getAsInt() == 0 && next instanceof Marker;
    }

    /** A {@code Runnable}: the metafactory drops the {@code int} that {@code incrementAndGet} returns. */
    public static void incrementAndGet(AtomicInteger counter) {
        Runnable hit = counter::incrementAndGet; // mark:incrementAndGet
        hit.run();
    }

    /** Unbound, boxed: the counter and both ints come as arguments of the functional interface. */
    public static boolean compareAndSet(AtomicInteger counter, int expected, int value) {
        IntCas cas = AtomicInteger::compareAndSet; // mark:compareAndSet
        return cas.apply(counter, expected, value);
    }

    public static void startAndJoin(Thread thread) throws InterruptedException {
        Consumer<Thread> start = Thread::start; // mark:start
        start.accept(thread);
        thread.join(); // mark:join
    }

    public static void notifyAllHolding(Object lock) {
        synchronized (lock) { // mark:notifyAllLock
            Runnable wake = lock::notifyAll; // mark:notifyAll
            wake.run();
        } // mark:notifyAllUnlock
    }

    public static void unpark(Thread thread) {
        Consumer<Thread> unpark = LockSupport::unpark; // mark:unpark
        unpark.accept(thread);
    }

    public static int incrementSynchronized(SyncCounter counter) {
        IntSupplier increment = counter::increment; // mark:increment
        return increment.getAsInt();
    }

    public static int incrementStatic() {
        IntSupplier increment = SyncCounter::incrementStatic; // mark:incrementStatic
        return increment.getAsInt();
    }

    public static void failSynchronized(SyncCounter counter) {
        Runnable fail = counter::fail; // mark:fail
        fail.run();
    }

    /** Not bridged: its {@code $deserializeLambda$} checks the implementation method. */
    public static int serializedRoundTrip(AtomicInteger counter) throws IOException, ClassNotFoundException {
        Serializable next = (IntSupplier & Serializable) counter::incrementAndGet; // mark:serializable
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(next);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return ((IntSupplier) in.readObject()).getAsInt();
        }
    }

    public interface Marker {
    }

    public interface IntCas {
        boolean apply(AtomicInteger counter, Integer expected, Integer value);
    }
}
