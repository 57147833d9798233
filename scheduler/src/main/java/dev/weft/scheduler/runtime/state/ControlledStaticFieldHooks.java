package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.hooks.StaticFieldHookHandler;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.lang.reflect.Field;

import static dev.weft.scheduler.runtime.ControlledHooks.current;
import static dev.weft.scheduler.runtime.ControlledHooks.withStaticCopies;

/**
 * The JVM runtime's handler of the static-field hooks ({@link StaticFieldHookHandler}): static fields kept per
 * execution while executions run side by side ({@link StaticCopies}). On a thread no execution manages, or where its
 * operations are not visible, each hook does what the uninstrumented code would have done (see {@link
 * ControlledHooks}).
 */
public final class ControlledStaticFieldHooks implements StaticFieldHookHandler {

    @Override
    public int staticReadInt(int value, int site) {
        Object own = ownStatic(site);
        return own == StaticCopies.ABSENT ? value : (Integer) own;
    }

    @Override
    public long staticReadLong(long value, int site) {
        Object own = ownStatic(site);
        return own == StaticCopies.ABSENT ? value : (Long) own;
    }

    @Override
    public float staticReadFloat(float value, int site) {
        Object own = ownStatic(site);
        return own == StaticCopies.ABSENT ? value : (Float) own;
    }

    @Override
    public double staticReadDouble(double value, int site) {
        Object own = ownStatic(site);
        return own == StaticCopies.ABSENT ? value : (Double) own;
    }

    @Override
    public Object staticReadObject(Object value, int site) {
        Object own = ownStatic(site);
        return own == StaticCopies.ABSENT ? value : own;
    }

    @Override
    public boolean staticWriteKept(int site) {
        ManagedThread self = withStaticCopies();
        return self != null && self.execution.staticCopies.keeps(self, site);
    }

    @Override
    public void staticWrite(Object boxed, int site) {
        ManagedThread self = current();
        self.execution.staticCopies.write(site, self, boxed);
    }

    @Override
    public int reflectiveReadInt(int value, Field field, int site) {
        Object own = ownReflective(field);
        return own == StaticCopies.ABSENT ? value : (Integer) own;
    }

    @Override
    public long reflectiveReadLong(long value, Field field, int site) {
        Object own = ownReflective(field);
        return own == StaticCopies.ABSENT ? value : ((Number) own).longValue();
    }

    @Override
    public float reflectiveReadFloat(float value, Field field, int site) {
        Object own = ownReflective(field);
        return own == StaticCopies.ABSENT ? value : ((Number) own).floatValue();
    }

    @Override
    public double reflectiveReadDouble(double value, Field field, int site) {
        Object own = ownReflective(field);
        return own == StaticCopies.ABSENT ? value : ((Number) own).doubleValue();
    }

    @Override
    public Object reflectiveReadObject(Object value, Field field, int site) {
        ManagedThread self = withStaticCopies();
        Object own = self == null ? StaticCopies.ABSENT : self.execution.staticCopies.ownShown(field);
        return own == StaticCopies.ABSENT ? value : own;
    }

    @Override
    public boolean reflectiveWriteKept(Field field, int site) {
        ManagedThread self = withStaticCopies();
        // no field: the real call throws its NullPointerException
        return self != null && field != null && self.execution.staticCopies.keeps(self, field);
    }

    @Override
    public void reflectiveWrite(Field field, Object boxed, int site) {
        current().execution.staticCopies.write(field, boxed);
    }

    /**
     * The calling execution's own value of a field reached through a typed {@code Field.get...}, as kept, or
     * {@link StaticCopies#ABSENT}. (The real call succeeded, so the field's type widens to the getter's: a kept
     * {@code int} for {@code getInt} of a {@code short} field, a number for {@code getDouble}.)
     */
    private static Object ownReflective(Field field) {
        ManagedThread self = withStaticCopies();
        return self == null ? StaticCopies.ABSENT : self.execution.staticCopies.own(field);
    }

    /** The calling execution's own value of the static field at {@code site}, or {@link StaticCopies#ABSENT}. */
    private static Object ownStatic(int site) {
        ManagedThread self = withStaticCopies();
        return self == null ? StaticCopies.ABSENT : self.execution.staticCopies.own(site, self);
    }
}
