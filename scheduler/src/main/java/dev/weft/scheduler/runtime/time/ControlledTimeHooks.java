package dev.weft.scheduler.runtime.time;

import dev.weft.scheduler.hooks.TimeHookHandler;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.ThreadLifecycle;

import java.time.Clock;
import java.time.Duration;
import java.time.ZoneId;
import java.util.concurrent.TimeUnit;

import static dev.weft.scheduler.runtime.ControlledHooks.current;
import static dev.weft.scheduler.runtime.ControlledHooks.visible;

/**
 * The JVM runtime's handler of the time hooks ({@link TimeHookHandler}): the clocks the test reads and the sleeps it
 * takes. On a thread no execution manages, or where its operations are not visible, each hook does what the
 * uninstrumented code would have done (see {@link ControlledHooks}).
 */
public final class ControlledTimeHooks implements TimeHookHandler {

    @Override
    public void threadSleep(long millis, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            TimeHookHandler.super.threadSleep(millis, site);
        } else {
            ThreadLifecycle.sleep(self, millis, site);
        }
    }

    @Override
    public void threadSleepFor(Duration duration, int site) throws InterruptedException {
        ManagedThread self = visible();
        if (self == null) {
            TimeHookHandler.super.threadSleepFor(duration, site);
        } else {
            if (!duration.isNegative()) {
                ThreadLifecycle.sleep(self, TimeUnit.MILLISECONDS.convert(duration), site);
            }
        }
    }

    @Override
    public long nanoTime(int site) {
        ManagedThread self = current();
        return self == null ? System.nanoTime() : self.execution.clock.nanoTime();
    }

    /**
     * A test thread's CPU time, as the virtual clock has it: computing takes no time, so it stays at 0 (and the same
     * in every execution); -1 when the JVM's measurement is switched off, as the JDK answers then.
     */
    @Override
    public long currentThreadCpuTime(Object bean, boolean user, int site) {
        java.lang.management.ThreadMXBean threads = (java.lang.management.ThreadMXBean) bean;
        if (current() == null || !threads.isCurrentThreadCpuTimeSupported()) {
            return TimeHookHandler.super.currentThreadCpuTime(bean, user, site);
        }
        return threads.isThreadCpuTimeEnabled() ? 0 : -1;
    }

    @Override
    public long currentTimeMillis(int site) {
        ManagedThread self = current();
        return self == null ? System.currentTimeMillis() : self.execution.clock.currentTimeMillis();
    }

    /** A clock that reads the execution's time on its threads (and the real time elsewhere). */
    @Override
    public Clock systemClock(ZoneId zone, int site) {
        return current() == null ? Clock.system(zone) : new VirtualClock.Reading(zone);
    }
}
