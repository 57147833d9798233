package dev.weft.scheduler.instrument.subjects;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;

/** Variable handles of every shape, and an adder, for the instrumentation tests. */
public class Handles {
    static final VarHandle COUNT;
    static final VarHandle TOTAL;
    static final VarHandle LONGS = MethodHandles.arrayElementVarHandle(long[].class);

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(Handles.class, "count", int.class);
            TOTAL = MethodHandles.lookup().findStaticVarHandle(Handles.class, "total", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    volatile int count;
    static long total;
    public final long[] longs = new long[4];
    public final LongAdder adder = new LongAdder();

    public String accesses() {
        COUNT.setRelease(this, 1); // mark:set
        boolean won = COUNT.compareAndSet(this, 1, 2); // mark:casWon
        int witness = (int) COUNT.compareAndExchange(this, 1, 3); // mark:exchangeLost
        long before = (long) TOTAL.getAndAdd(5L); // mark:staticAdd
        long element = (long) LONGS.getAcquire(longs, 2); // mark:element
        adder.increment(); // mark:adderIncrement
        long sum = adder.sum(); // mark:adderSum
        return won + " " + witness + " " + before + " " + element + " " + count + " " + total + " " + sum;
    }
}
