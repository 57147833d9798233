package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;

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
        Location location = owner == null
                ? Location.staticField(where.declaringClass(), fieldName(where.member()))
                : Location.field(self.execution.names.nameOf(owner, self), fieldName(where.member()));
        access(self, write ? OpKind.WRITE : OpKind.READ, location, site);
    }

    static void arrayElement(ManagedThread self, Object array, int index, boolean write, int site) {
        Location location = Location.arrayElement(self.execution.names.nameOf(array, self), index);
        access(self, write ? OpKind.WRITE : OpKind.READ, location, site);
    }

    /** {@code access} is one of the {@link Sites} access codes. */
    static void atomic(ManagedThread self, Object atomic, int index, int access, int site) {
        String name = self.execution.names.nameOf(atomic, self);
        Location location = index < 0 ? Location.atomic(name) : Location.arrayElement(name, index);
        OpKind kind = switch (access) {
            case Sites.READ -> OpKind.READ;
            case Sites.WRITE -> OpKind.WRITE;
            case Sites.READ_WRITE -> OpKind.RMW;
            case Sites.CAS -> OpKind.CAS;
            default -> throw new IllegalArgumentException("unknown atomic access code " + access + " at "
                    + Execution.source(site));
        };
        access(self, kind, location, site);
    }

    private static void access(ManagedThread self, OpKind kind, Location location, int site) {
        self.pauseAt(new Access(new Operation(kind, location), site));
    }

    /** {@code "balance"} stays, {@code "Config.flag"} (how sites name static fields) becomes {@code "flag"}. */
    private static String fieldName(String member) {
        return member.substring(member.lastIndexOf('.') + 1);
    }

    private static final class Access extends Action {
        Access(Operation operation, int site) {
            super(operation, site);
        }
    }
}
