package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.StaticFieldHookHandler;

import static dev.weft.scheduler.runtime.ControlledHooks.current;
import static dev.weft.scheduler.runtime.ControlledHooks.withStaticCopies;

/**
 * The JVM runtime's handler of the static-field hooks ({@link StaticFieldHookHandler}): static fields kept per
 * execution while executions run side by side ({@link StaticCopies}). On a thread no execution manages, or where its
 * operations are not visible, each hook does what the uninstrumented code would have done (see {@link
 * ControlledHooks}).
 */
final class ControlledStaticFieldHooks implements StaticFieldHookHandler {

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

    /** The calling execution's own value of the static field at {@code site}, or {@link StaticCopies#ABSENT}. */
    private static Object ownStatic(int site) {
        ManagedThread self = withStaticCopies();
        return self == null ? StaticCopies.ABSENT : self.execution.staticCopies.own(site, self);
    }
}
