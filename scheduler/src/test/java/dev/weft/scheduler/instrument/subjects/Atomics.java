package dev.weft.scheduler.instrument.subjects;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.AtomicReferenceFieldUpdater;

public class Atomics {
    public static final AtomicIntegerFieldUpdater<Atomics> COUNT =
            AtomicIntegerFieldUpdater.newUpdater(Atomics.class, "count");
    static final AtomicLongFieldUpdater<Atomics> TOTAL = AtomicLongFieldUpdater.newUpdater(Atomics.class, "total");
    static final AtomicReferenceFieldUpdater<Atomics, String> NAME =
            AtomicReferenceFieldUpdater.newUpdater(Atomics.class, String.class, "name");

    public final AtomicInteger integer = new AtomicInteger();
    public final AtomicLong along = new AtomicLong();
    public final AtomicBoolean bool = new AtomicBoolean();
    public final AtomicReference<String> reference = new AtomicReference<>("a");
    public final AtomicIntegerArray integers = new AtomicIntegerArray(4);
    public final AtomicLongArray longs = new AtomicLongArray(4);
    public final AtomicReferenceArray<String> references = new AtomicReferenceArray<>(4);
    volatile int count;
    volatile long total;
    volatile String name;

    public String scalars() {
        int incremented = integer.incrementAndGet(); // mark:increment
        boolean won = integer.compareAndSet(1, 5); // mark:casWon
        boolean lost = integer.compareAndSet(1, 6); // mark:casLost
        int read = integer.get(); // mark:get
        long witness = along.compareAndExchange(0L, 3L); // mark:exchangeWon
        long missed = along.compareAndExchange(0L, 4L); // mark:exchangeLost
        boolean flipped = bool.weakCompareAndSetVolatile(false, true); // mark:weakCas
        reference.set("b"); // mark:set
        String old = reference.getAndUpdate(s -> s + "c"); // mark:update
        return incremented + " " + won + " " + lost + " " + read + " " + witness + " " + missed + " " + flipped + " "
                + old + " " + reference.get();
    }

    public String arrays() {
        int before = integers.getAndAdd(2, 5); // mark:arrayAdd
        boolean won = longs.compareAndSet(1, 0L, 9L); // mark:arrayCas
        references.set(3, "x"); // mark:arraySet
        return before + " " + won + " " + integers.get(2) + " " + longs.get(1) + " " + references.get(3);
    }

    public String updaters() {
        int counted = COUNT.incrementAndGet(this); // mark:updaterIncrement
        boolean won = TOTAL.compareAndSet(this, 0L, 4L); // mark:updaterCas
        String old = NAME.getAndSet(this, "n"); // mark:updaterSet
        return counted + " " + won + " " + old + " " + count + " " + total + " " + name;
    }
}
