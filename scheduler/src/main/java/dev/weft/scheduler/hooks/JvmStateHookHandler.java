package dev.weft.scheduler.hooks;

import javax.management.InstanceAlreadyExistsException;
import javax.management.MBeanRegistrationException;
import javax.management.MBeanServer;
import javax.management.NotCompliantMBeanException;
import javax.management.ObjectInstance;
import javax.management.ObjectName;

/**
 * The JVM-state hooks, one family of {@link HookHandlers}: the state of the whole JVM that a test may change (system
 * properties, the default locale and time zone, registrations with JMX), and exiting. The default methods do exactly
 * what the uninstrumented code would have done, without control.
 */
public interface JvmStateHookHandler {

    /** Replaces {@code System.setProperty}: the JVM's state, which an execution's end puts back. */
    default String systemPropertySet(String key, String value, int site) {
        return System.setProperty(key, value);
    }

    /** Replaces {@code System.clearProperty}. */
    default String systemPropertyCleared(String key, int site) {
        return System.clearProperty(key);
    }

    /** Replaces {@code Locale.setDefault(Locale)}. */
    default void defaultLocaleSet(java.util.Locale locale, int site) {
        java.util.Locale.setDefault(locale);
    }

    /** Replaces {@code Thread.setDefaultUncaughtExceptionHandler}. */
    default void defaultUncaughtExceptionHandlerSet(Thread.UncaughtExceptionHandler handler, int site) {
        Thread.setDefaultUncaughtExceptionHandler(handler);
    }

    /** Replaces {@code TimeZone.setDefault}. */
    default void defaultTimeZoneSet(java.util.TimeZone zone, int site) {
        java.util.TimeZone.setDefault(zone);
    }

    /**
     * Replaces {@code MBeanServer.registerMBean} on the JDK's server: a registration in the JVM's platform MBean
     * server, which an execution's end undoes.
     */
    default ObjectInstance mbeanRegistered(MBeanServer server, Object bean, ObjectName name, int site)
            throws InstanceAlreadyExistsException, MBeanRegistrationException, NotCompliantMBeanException {
        return server.registerMBean(bean, name);
    }

    /** Replaces {@code System.exit(status)}. */
    default void systemExit(int status, int site) {
        System.exit(status);
    }

    /** Replaces {@code Runtime.exit(status)} ({@code halt} is {@code true}: {@code Runtime.halt(status)}). */
    default void runtimeExit(Runtime runtime, int status, boolean halt, int site) {
        if (halt) {
            runtime.halt(status);
        } else {
            runtime.exit(status);
        }
    }

    /**
     * Replaces {@code System.gc()} and {@code Runtime.gc()} (for the latter, {@code runtime} is the receiver; for the
     * former, {@code null}).
     */
    default void garbageCollected(Runtime runtime, int site) {
        if (runtime == null) {
            System.gc();
        } else {
            runtime.gc();
        }
    }
}
