package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;

import java.util.function.Supplier;

/**
 * Fields, array elements and atomics: a {@code READ}, {@code WRITE}, {@code RMW} or {@code CAS} of a location,
 * always enabled, with no effect on any model — the real instruction does the work once the hook returns. Volatile
 * and plain fields are treated alike (executions are sequentially consistent).
 *
 * <p>A compare-and-set is pending as {@code CAS}; its event says whether it succeeded, which the thread reports
 * through {@code casResult} after the real instruction ran (see {@link ManagedThread#casOutcome}).
 */
final class MemoryAccess {

    private MemoryAccess() {
    }

    static void field(ManagedThread self, Object owner, boolean write, int site) {
        Sites.Site where = Sites.get(site);
        String field = fieldName(where.member());
        if (owner == null && self.execution.watch.active()) {
            self.execution.watch.touchedStatic(where.declaringClass() + "." + field, write, Execution.source(site));
        }
        Location location = owner == null
                ? Location.staticField(where.declaringClass(), field)
                : Location.field(self.execution.names.nameOf(owner, self, write), field);
        access(self, write ? OpKind.WRITE : OpKind.READ, location, site,
                detail(self) ? Detail.field(owner, where, field, self.thread.getContextClassLoader()) : null);
    }

    static void arrayElement(ManagedThread self, Object array, int index, boolean write, int site) {
        Location location = Location.arrayElement(self.execution.names.nameOf(array, self, write), index);
        access(self, write ? OpKind.WRITE : OpKind.READ, location, site,
                detail(self) ? Detail.arrayElement(array, index) : null);
    }

    /** {@code access} is one of the {@link Sites} access codes. */
    static void atomic(ManagedThread self, Object atomic, int index, int access, int site) {
        String name = self.execution.names.nameOf(atomic, self, access != Sites.READ);
        Location location = index < 0 ? Location.atomic(name) : Location.arrayElement(name, index);
        OpKind kind = switch (access) {
            case Sites.READ -> OpKind.READ;
            case Sites.WRITE -> OpKind.WRITE;
            case Sites.READ_WRITE -> OpKind.RMW;
            case Sites.CAS -> OpKind.CAS;
            default -> throw new IllegalArgumentException("unknown atomic access code " + access + " at "
                    + Execution.source(site));
        };
        access(self, kind, location, site, detail(self) ? Detail.atomic(atomic, index) : null);
    }

    private static boolean detail(ManagedThread self) {
        return self.execution.settings.recordDetail();
    }

    /** @param probe reads the location's value once the access ran, or {@code null} when no detail is recorded */
    private static void access(ManagedThread self, OpKind kind, Location location, int site, Supplier<Object> probe) {
        self.pauseAt(new Access(new Operation(kind, location), site, probe, self.execution.names));
    }

    /** {@code "balance"} stays, {@code "Config.flag"} (how sites name static fields) becomes {@code "flag"}. */
    private static String fieldName(String member) {
        return member.substring(member.lastIndexOf('.') + 1);
    }

    private static final class Access extends Action {
        private final Supplier<Object> probe;
        private final ObjectNames names;

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
        String value() {
            return probe == null ? null : Detail.text(probe.get(), names);
        }
    }
}
