package dev.weft.samples.atomics;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Variables accessed through {@code VarHandle}s, as lock-free code does: an instance field, a static field, array
 * elements, with plain accesses of the same field beside them. Run by {@link VarHandleTest}.
 */
class VarHandlePrograms {

    static final class Counter {
        private static final VarHandle VALUE = handle(Counter.class, "value", int.class);
        private static final VarHandle TOTAL = staticHandle(Counter.class, "total", long.class);

        volatile int value;
        static long total;

        /** get, then set: not atomic. */
        void racyIncrement() {
            int seen = (int) VALUE.getVolatile(this);
            VALUE.setVolatile(this, seen + 1);
        }

        void casIncrement() {
            int seen;
            do {
                seen = (int) VALUE.getVolatile(this);
            } while (!VALUE.compareAndSet(this, seen, seen + 1));
        }

        void exchangeIncrement() {
            int seen = (int) VALUE.getAcquire(this);
            int witness;
            while ((witness = (int) VALUE.compareAndExchange(this, seen, seen + 1)) != seen) {
                seen = witness;
            }
        }

        static void racyTotal() {
            long seen = (long) TOTAL.getOpaque();
            TOTAL.setOpaque(seen + 1);
        }
    }

    /** How a handle is found: {@code Lookup::findVarHandle} or {@code Lookup::findStaticVarHandle}. */
    private interface Finder {
        VarHandle find(MethodHandles.Lookup lookup, Class<?> owner, String name, Class<?> type)
                throws ReflectiveOperationException;
    }

    private static VarHandle handle(Class<?> owner, String name, Class<?> type) {
        return found(MethodHandles.Lookup::findVarHandle, owner, name, type);
    }

    private static VarHandle staticHandle(Class<?> owner, String name, Class<?> type) {
        return found(MethodHandles.Lookup::findStaticVarHandle, owner, name, type);
    }

    private static VarHandle found(Finder finder, Class<?> owner, String name, Class<?> type) {
        try {
            return finder.find(MethodHandles.lookup(), owner, name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @ExhaustiveConcurrency
    void getThenSetLosesAnIncrement() throws Exception {
        Counter counter = new Counter();
        Concurrently.run(counter::racyIncrement, counter::racyIncrement);
        assertThat(counter.value).isEqualTo(2);
    }

    @ExhaustiveConcurrency
    void compareAndSetLoopCountsBoth() throws Exception {
        Counter counter = new Counter();
        Concurrently.run(counter::casIncrement, counter::casIncrement);
        assertThat(counter.value).isEqualTo(2);
    }

    @ExhaustiveConcurrency
    void compareAndExchangeLoopCountsBoth() throws Exception {
        Counter counter = new Counter();
        Concurrently.run(counter::exchangeIncrement, counter::exchangeIncrement);
        assertThat(counter.value).isEqualTo(2);
    }

    @ExhaustiveConcurrency
    void staticFieldLosesAnIncrement() throws Exception {
        Counter.total = 0;
        Concurrently.run(Counter::racyTotal, Counter::racyTotal);
        assertThat(Counter.total).isEqualTo(2);
    }

    /** A plain increment of the field against an atomic add through its handle: the plain one is not atomic. */
    @ExhaustiveConcurrency
    void plainIncrementRacesWithTheHandle() throws Exception {
        Counter counter = new Counter();
        Concurrently.run(() -> counter.value++, () -> Counter.VALUE.getAndAdd(counter, 1));
        assertThat(counter.value).isEqualTo(2);
    }

    private static final VarHandle SLOTS = MethodHandles.arrayElementVarHandle(int[].class);

    @ExhaustiveConcurrency
    void arrayElementLosesAnIncrement() throws Exception {
        int[] slots = new int[2];
        Runnable increment = () -> {
            int seen = (int) SLOTS.getVolatile(slots, 1);
            SLOTS.setVolatile(slots, 1, seen + 1);
        };
        Concurrently.run(increment, increment);
        assertThat(slots[1]).isEqualTo(2);
    }

    /** Two threads each set their own element: nothing conflicts. */
    @ExhaustiveConcurrency
    void distinctArrayElementsDoNotConflict() throws Exception {
        int[] slots = new int[2];
        Concurrently.run(() -> SLOTS.setRelease(slots, 0, 1), () -> SLOTS.setRelease(slots, 1, 1));
        assertThat(slots).containsExactly(1, 1);
    }

    static final class Message {
        private static final VarHandle READY = handle(Message.class, "ready", boolean.class);

        int payload;
        boolean ready;
    }

    /** Publication through a release/acquire flag, in the right order (write, then flag) or the wrong one. */
    private static void publish(boolean flagFirst) throws InterruptedException {
        Message message = new Message();
        Concurrently.run(() -> {
            if (flagFirst) {
                Message.READY.setRelease(message, true);
                message.payload = 42;
            } else {
                message.payload = 42;
                Message.READY.setRelease(message, true);
            }
        }, () -> {
            if ((boolean) Message.READY.getAcquire(message)) {
                assertThat(message.payload).isEqualTo(42);
            }
        });
    }

    @ExhaustiveConcurrency
    void flagSetBeforeThePayload() throws Exception {
        publish(true);
    }

    @ExhaustiveConcurrency
    void flagSetAfterThePayload() throws Exception {
        publish(false);
    }

    /** A counter padded as lock-free libraries pad one: its field in a superclass, the only field of its type. */
    static class CounterValue {
        long value;
    }

    static final class PaddedCounter extends CounterValue {
        private static final VarHandle VALUE = handle(PaddedCounter.class, "value", long.class);
    }

    /** The same, with other fields of the handle's type beside it (the LMAX Disruptor's {@code Sequence} shape). */
    static class LeftPadding {
        long p1;
        long p2;
    }

    static class SequenceValue extends LeftPadding {
        long value;
    }

    static final class PaddedSequence extends SequenceValue {
        private static final VarHandle VALUE = handle(PaddedSequence.class, "value", long.class);

        long p3;

        void casIncrement() {
            long seen;
            do {
                seen = (long) VALUE.getVolatile(this);
            } while (!VALUE.compareAndSet(this, seen, seen + 1));
        }
    }

    /** A handle on an inherited field (which cannot describe itself) against a plain increment of the field. */
    @ExhaustiveConcurrency
    void inheritedFieldRacesWithAPlainIncrement() throws Exception {
        PaddedCounter counter = new PaddedCounter();
        Concurrently.run(() -> counter.value++, () -> PaddedCounter.VALUE.getAndAdd(counter, 1L));
        assertThat(counter.value).isEqualTo(2);
    }

    @ExhaustiveConcurrency
    void inheritedFieldAmongOthersRacesWithAPlainIncrement() throws Exception {
        PaddedSequence sequence = new PaddedSequence();
        Concurrently.run(() -> sequence.value++, () -> PaddedSequence.VALUE.getAndAdd(sequence, 1L));
        assertThat(sequence.value).isEqualTo(2);
    }

    @ExhaustiveConcurrency
    void inheritedFieldCompareAndSetLoopsCountBoth() throws Exception {
        PaddedSequence sequence = new PaddedSequence();
        Concurrently.run(sequence::casIncrement, sequence::casIncrement);
        assertThat(sequence.value).isEqualTo(2);
    }

    private static final VarHandle INTS_IN_BYTES =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /** A view of a byte array as ints cannot describe itself: Weft cannot tell which bytes it touches. */
    @ExhaustiveConcurrency
    void byteArrayViewFailsClosed() throws Exception {
        byte[] bytes = new byte[8];
        Concurrently.run(() -> INTS_IN_BYTES.setVolatile(bytes, 0, 1), () -> INTS_IN_BYTES.getVolatile(bytes, 4));
    }
}
