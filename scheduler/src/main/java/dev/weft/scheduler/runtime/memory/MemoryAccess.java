package dev.weft.scheduler.runtime.memory;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.runtime.Action;
import dev.weft.scheduler.runtime.Detail;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.ObjectNames;
import dev.weft.scheduler.runtime.state.StateJournal;
import dev.weft.scheduler.runtime.state.StaticCopies;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.concurrent.atomic.DoubleAdder;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Fields, array elements, atomics and variable handles: a {@code READ}, {@code WRITE}, {@code RMW} or {@code CAS} of a
 * location, always enabled, with no effect on any model — the real instruction does the work once the hook returns.
 * Volatile and plain fields, and every access mode of a variable handle, are treated alike (executions are
 * sequentially consistent).
 *
 * <p>A compare-and-set is pending as {@code CAS}; its event says whether it succeeded, which the thread reports
 * through {@code casResult} after the real instruction ran (see {@link ManagedThread#casOutcome}).
 */
public final class MemoryAccess {

    private MemoryAccess() {
    }

    static void field(ManagedThread self, Object owner, boolean write, int site) {
        Sites.Site where = Sites.get(site);
        String field = fieldName(where.member());
        boolean copied = owner == null && self.execution.staticCopies != null
                && self.execution.staticCopies.keeps(self, site);
        if (owner == null && self.execution.watch.active() && !copied) {
            self.execution.watch.touchedStatic(where.declaringClass() + "." + field, write, Execution.source(site));
        }
        Location location = owner == null
                ? Location.staticField(where.declaringClass(), field)
                : Location.field(nameOfOwner(self, owner, write, where, site), field);
        if (write && !copied) {
            journalFieldWrite(self, owner, site); // a copy ends with the execution
        }
        Supplier<Object> probe = detail(self) ? Detail.field(owner, where, field, self.thread.getContextClassLoader())
                : null;
        Access access = access(self, write ? OpKind.WRITE : OpKind.READ, location, site,
                copied && probe != null ? ownValueOr(() -> self.execution.staticCopies.ownShown(site, self), probe)
                        : probe);
        if (write && owner != null && !self.spinWindow.isEmpty()) {
            // a turn that so far changed nothing: whether this write does, for the spin rule
            Field written = where.declaringClass().isEmpty() ? Detail.readableField(owner, where, field)
                    : WRITTEN_FIELDS.computeIfAbsent(site,
                            s -> Optional.ofNullable(Detail.readableField(owner, where, field))).orElse(null);
            if (written != null) {
                access.valueBefore(() -> Detail.valueOf(written, owner));
            }
        }
    }

    /**
     * The field each site writes, looked up once (a site that names its declaring class names one field): a write in
     * a turn that changed nothing so far reads it twice, and such writes are common (a read, then a write).
     */
    private static final Map<Integer, Optional<Field>> WRITTEN_FIELDS = new ConcurrentHashMap<>();


    /** What the execution's copy of a static field holds ({@code own}), else what {@code real} reads of the field. */
    private static Supplier<Object> ownValueOr(Supplier<Object> own, Supplier<Object> real) {
        return () -> {
            Object value = own.get();
            return value == StaticCopies.ABSENT ? real.get() : value;
        };
    }

    /**
     * The name of the object whose field is accessed; for the shared-state watch, a write in a constructor may be to
     * the object it makes (without a watch, every field write takes the plain way).
     */
    private static String nameOfOwner(ManagedThread self, Object owner, boolean write, Sites.Site where, int site) {
        ObjectNames names = self.execution.names;
        return write && self.execution.watch.active() && "<init>".equals(where.methodName())
                ? names.nameOfWrittenByConstructor(owner, where.className(), self, Execution.source(site))
                : names.nameOf(owner, self, write);
    }

    /** Records the field's value before a write, for the {@link StateJournal}. */
    private static void journalFieldWrite(ManagedThread self, Object owner, int site) {
        if (owner == null) {
            self.execution.journal.staticFieldWrite(site, self.thread.getContextClassLoader());
        } else {
            self.execution.journal.fieldWrite(owner, site);
        }
    }

    static void arrayElement(ManagedThread self, Object array, int index, boolean write, int site) {
        Location location = Location.arrayElement(self.execution.names.nameOf(array, self, write), index);
        if (write) {
            self.execution.journal.arrayWrite(array, index);
        }
        access(self, write ? OpKind.WRITE : OpKind.READ, location, site,
                detail(self) ? Detail.arrayElement(array, index) : null);
    }

    /**
     * A JDK call that reads or writes every element of {@code first} and reads every element of {@code second}
     * ({@link Location#arrayElements}), as one step: the real call runs right after it, with nothing of another thread
     * in between, so it is an access of them all at once (a copy taken while another thread writes is explored before
     * and after each of its writes, though not torn between two of them). A range of the array counts as all of it.
     */
    static void arrayBulk(ManagedThread self, Object first, boolean firstWritten, Object second, int site) {
        if (!isArray(first)) {
            return; // the real call throws
        }
        Location elements = Location.arrayElements(self.execution.names.nameOf(first, self, firstWritten));
        if (firstWritten) {
            self.execution.journal.arrayBulkWrite(first);
        }
        Operation operation = new Operation(firstWritten ? OpKind.WRITE : OpKind.READ, elements);
        if (isArray(second) && second != first) {
            operation = operation.alsoReading(Location.arrayElements(self.execution.names.nameOf(second, self)));
        }
        self.pauseAt(new Access(operation, site, null, self.execution.names));
    }

    private static boolean isArray(Object object) {
        return object != null && object.getClass().isArray();
    }

    /** {@code access} is one of the {@link Sites} access codes. */
    static void atomic(ManagedThread self, Object atomic, int index, int access, int site) {
        String name = self.execution.names.nameOf(atomic, self, access != Sites.READ);
        if (access != Sites.READ) {
            self.execution.journal.atomicWrite(atomic, site);
        }
        if (isAdder(atomic)) {
            adder(self, atomic, name, access, site);
            return;
        }
        Location location = index < 0 ? Location.atomic(name) : Location.arrayElement(name, index);
        access(self, kind(access, site), location, site, detail(self) ? Detail.atomic(atomic, index) : null);
    }

    private static boolean isAdder(Object atomic) {
        return atomic instanceof LongAdder || atomic instanceof DoubleAdder || atomic instanceof LongAccumulator
                || atomic instanceof DoubleAccumulator;
    }

    /**
     * An adder or accumulator: its result does not depend on the order of the updates (an accumulator's function must
     * not let it, says its contract), so each thread's updates are a key of their own of the adder's state, and two
     * threads' updates commute; a query or a reset touches the whole state, which overlaps every key. N threads that
     * each add once then cost 1 execution, not N!.
     */
    private static void adder(ManagedThread self, Object adder, String name, int access, int site) {
        Location whole = Location.objectState(name);
        Location location = access == Sites.ADD
                ? Location.key(whole, Location.keyName("by " + self.id.name()))
                : whole;
        OpKind kind = access == Sites.ADD ? OpKind.WRITE : kind(access, site);
        access(self, kind, location, site, detail(self) ? Detail.atomic(adder, -1) : null);
    }

    /**
     * An access through a {@code VarHandle}: of the very location a plain access of the same field or array element
     * is ({@link VarHandles}), so the two are ordered against each other.
     */
    static void varHandle(ManagedThread self, VarHandle handle, Object coordinate, int index, int access, int site) {
        VarHandles.Target target = VarHandles.targetOf(handle, coordinate, index, site);
        Location location = switch (target.kind()) {
            case INSTANCE_FIELD -> Location.field(self.execution.names.nameOf(coordinate, self, access != Sites.READ),
                    target.field());
            case STATIC_FIELD -> Location.staticField(target.declaringClass(), target.field());
            case ARRAY_ELEMENT -> Location.arrayElement(
                    self.execution.names.nameOf(coordinate, self, access != Sites.READ), index);
        };
        if (target.kind() == VarHandles.Kind.STATIC_FIELD) {
            staticThroughHandle(self, target, access != Sites.READ, site);
        }
        if (access != Sites.READ) {
            self.execution.journal.handleWrite(target, coordinate, index, self.thread.getContextClassLoader(), site);
        }
        access(self, kind(access, site), location, site, detail(self) ? Detail.through(handle, target, coordinate,
                index) : null);
    }

    /**
     * A field read or written through reflection ({@code Field.get...}, {@code Field.set...}): the same location as a
     * plain access of the field, and the same bookkeeping (the watch, the journal, the execution's copy of a static
     * field). A final field is left alone, as a plain access of it is; so is a call the real method will refuse (an
     * instance field asked of an object without it), which throws when this returns.
     */
    static void reflectiveField(ManagedThread self, Field field, Object owner, boolean write, int site) {
        int modifiers = field.getModifiers();
        boolean isStatic = Modifier.isStatic(modifiers);
        if (Modifier.isFinal(modifiers) || !isStatic && !field.getDeclaringClass().isInstance(owner)) {
            return;
        }
        String declaring = field.getDeclaringClass().getName();
        StaticCopies copies = self.execution.staticCopies;
        boolean copied = isStatic && copies != null && copies.keeps(self, field);
        if (isStatic && self.execution.watch.active() && !copied) {
            self.execution.watch.touchedStatic(declaring + "." + field.getName(), write, Execution.source(site));
        }
        Location location = isStatic ? Location.staticField(declaring, field.getName())
                : Location.field(self.execution.names.nameOf(owner, self, write), field.getName());
        if (write && !copied) {
            self.execution.journal.handleWrite(new VarHandles.Target(isStatic ? VarHandles.Kind.STATIC_FIELD
                    : VarHandles.Kind.INSTANCE_FIELD, declaring, field.getName()), owner, -1,
                    self.thread.getContextClassLoader(), site);
        }
        Supplier<Object> probe = detail(self) ? Detail.reflective(field, isStatic ? null : owner) : null;
        access(self, write ? OpKind.WRITE : OpKind.READ, location, site,
                copied && probe != null ? ownValueOr(() -> copies.ownShown(field), probe) : probe);
    }

    /**
     * A handle reaches the static field itself, not the execution's copy ({@link StaticCopies#handOver}): executions
     * side by side cannot keep such a field apart, and one worker explores the test. A field no execution copies is
     * watched as a plain access of it is.
     */
    private static void staticThroughHandle(ManagedThread self, VarHandles.Target target, boolean write, int site) {
        String field = target.declaringClass() + "." + target.field();
        StaticCopies copies = self.execution.staticCopies;
        Runnable record = () -> self.execution.journal.handleWrite(target, null, -1,
                self.thread.getContextClassLoader(), site);
        if (copies != null && copies.handOver(self, target.declaringClass(), target.field(), record)) {
            self.execution.watch.cannotKeepApart("the static field " + field + ", which a VarHandle reaches",
                    Execution.source(site));
        } else if (self.execution.watch.active()) {
            self.execution.watch.touchedStatic(field, write, Execution.source(site));
        }
    }

    private static OpKind kind(int access, int site) {
        return switch (access) {
            case Sites.READ -> OpKind.READ;
            case Sites.WRITE -> OpKind.WRITE;
            case Sites.READ_WRITE -> OpKind.RMW;
            case Sites.CAS -> OpKind.CAS;
            default -> throw new IllegalArgumentException("unknown atomic access code " + access + " at "
                    + Execution.source(site));
        };
    }

    private static boolean detail(ManagedThread self) {
        return self.execution.recordsDetail();
    }

    /** @param probe reads the location's value once the access ran, or {@code null} when no detail is recorded */
    private static Access access(ManagedThread self, OpKind kind, Location location, int site,
                                 Supplier<Object> probe) {
        Access access = new Access(new Operation(kind, location), site, probe, self.execution.names);
        self.pauseAt(access);
        return access;
    }

    /** {@code "balance"} stays, {@code "Config.flag"} (how sites name static fields) becomes {@code "flag"}. */
    private static String fieldName(String member) {
        return member.substring(member.lastIndexOf('.') + 1);
    }

    private static final class Access extends Action {
        private final Supplier<Object> probe;
        private final ObjectNames names;
        /** Reads the written field again, once the write ran; {@code null} unless {@link #valueBefore} was called. */
        private Supplier<Object> field;
        private Object before;

        Access(Operation operation, int site, Supplier<Object> probe, ObjectNames names) {
            super(operation, site);
            this.probe = probe;
            this.names = names;
        }

        /**
         * The value the access read or wrote. The event is made once the thread has run on to its next scheduling
         * point, so the access has run and nothing has changed the location since: one thread runs at a time, and
         * the thread's own next change of it would be that next point.
         */
        @Override
        public String value() {
            return probe == null ? null : Detail.text(probe.get(), names);
        }

        /** Reads the field's value right before the write runs (the thread has its turn: nothing else moves). */
        void valueBefore(Supplier<Object> field) {
            this.field = field;
            this.before = field.get();
        }

        /**
         * A write of the value the field already held changes nothing another thread can see, so a loop that repeats
         * it (a processor setting its sequence to where it already is, round a busy wait) waits fairly
         * ({@code SpinRule}). Primitive values compare by value, references by identity.
         */
        @Override
        public boolean changedNothing(Event event) {
            if (field == null || !Detail.known(before)) {
                return super.changedNothing(event);
            }
            Object after = field.get();
            return after == before || before != null && isBoxedPrimitive(before) && before.equals(after);
        }

        private static boolean isBoxedPrimitive(Object value) {
            return value instanceof Number || value instanceof Boolean || value instanceof Character;
        }
    }
}
