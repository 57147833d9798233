package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.hooks.JvmStateHookHandler;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.Execution;
import dev.weft.scheduler.runtime.threads.ManagedThread;
import dev.weft.scheduler.runtime.threads.SystemExit;

import java.util.Objects;
import javax.management.InstanceAlreadyExistsException;
import javax.management.MBeanRegistrationException;
import javax.management.MBeanServer;
import javax.management.NotCompliantMBeanException;
import javax.management.ObjectInstance;
import javax.management.ObjectName;

import static dev.weft.scheduler.runtime.ControlledHooks.current;

/**
 * The JVM runtime's handler of the JVM-state hooks ({@link JvmStateHookHandler}): the state of the whole JVM that a
 * test may change (system properties, the default locale and time zone, the default handler of uncaught exceptions,
 * registrations with JMX), and exiting. On a
 * thread no execution manages, or where its operations are not visible, each hook does what the uninstrumented code
 * would have done (see {@link ControlledHooks}).
 */
public final class ControlledJvmStateHooks implements JvmStateHookHandler {

    @Override
    public String systemPropertySet(String key, String value, int site) {
        beforeSystemPropertyChange(key, value, site);
        return JvmStateHookHandler.super.systemPropertySet(key, value, site);
    }

    @Override
    public String systemPropertyCleared(String key, int site) {
        beforeSystemPropertyChange(key, null, site);
        return JvmStateHookHandler.super.systemPropertyCleared(key, site);
    }

    @Override
    public void defaultLocaleSet(java.util.Locale locale, int site) {
        StateJournal journal = currentJournal();
        if (journal != null) {
            changedJvmState("the default locale", site);
            journal.defaultLocale();
        }
        JvmStateHookHandler.super.defaultLocaleSet(locale, site);
    }

    @Override
    public void defaultTimeZoneSet(java.util.TimeZone zone, int site) {
        StateJournal journal = currentJournal();
        if (journal != null) {
            changedJvmState("the default time zone", site);
            journal.defaultTimeZone();
        }
        JvmStateHookHandler.super.defaultTimeZoneSet(zone, site);
    }

    /**
     * The JVM's default handler of uncaught exceptions, put back after the execution like the other settings: a
     * library that sets its own for a while (Awaitility, while it waits) and puts the old one back only if it gets to
     * the end left it set whenever an execution ended first, and the next execution, finding it set, took another path
     * (Jetty's BlockingArrayQueueTest#testTake: NONDETERMINISM on JDK 25).
     */
    @Override
    public void defaultUncaughtExceptionHandlerSet(Thread.UncaughtExceptionHandler handler, int site) {
        StateJournal journal = currentJournal();
        if (journal != null) {
            if (Thread.getDefaultUncaughtExceptionHandler() != handler) {
                changedJvmState("the default uncaught exception handler", site);
            }
            journal.defaultUncaughtExceptionHandler();
        }
        JvmStateHookHandler.super.defaultUncaughtExceptionHandlerSet(handler, site);
    }

    @Override
    public void garbageCollected(Runtime runtime, int site) {
        ManagedThread self = current();
        if (self == null) {
            JvmStateHookHandler.super.garbageCollected(runtime, site);
        } else {
            self.execution.garbageCollection.collect();
        }
    }

    @Override
    public ObjectInstance mbeanRegistered(MBeanServer server, Object bean, ObjectName name, int site)
            throws InstanceAlreadyExistsException, MBeanRegistrationException, NotCompliantMBeanException {
        ManagedThread self = current();
        if (self != null) {
            // The server is the JVM's: executions side by side see each other's names (commons-pool registers its
            // pools under the first free one, and the names it tried shifted every later object's number: 55 of its
            // tests failed with NONDETERMINISM on JDK 25 with two workers). One worker explores such a test.
            self.execution.watch.touchedObject(server, true, Execution.source(site));
        }
        ObjectInstance registered = JvmStateHookHandler.super.mbeanRegistered(server, bean, name, site);
        StateJournal journal = currentJournal();
        if (journal != null) {
            journal.mbeanRegistered(server, registered.getObjectName(), site);
        }
        return registered;
    }

    @Override
    public void systemExit(int status, int site) {
        ManagedThread self = current();
        if (self == null) {
            JvmStateHookHandler.super.systemExit(status, site);
            return;
        }
        throw SystemExit.failExecution(self, "System.exit(" + status + ")", site);
    }

    @Override
    public void runtimeExit(Runtime runtime, int status, boolean halt, int site) {
        ManagedThread self = current();
        if (self == null) {
            JvmStateHookHandler.super.runtimeExit(runtime, status, halt, site);
            return;
        }
        throw SystemExit.failExecution(self, "Runtime." + (halt ? "halt" : "exit") + "(" + status + ")", site);
    }

    /**
     * Inside an execution, the property's value is recorded, to be put back when the execution ends. Setting the value
     * it has changes nothing that an execution beside it could see.
     */
    private static void beforeSystemPropertyChange(String key, String value, int site) {
        StateJournal journal = currentJournal();
        if (journal != null && key != null) {
            if (!Objects.equals(System.getProperty(key), value)) {
                changedJvmState("the system property " + key, site);
            }
            journal.systemProperty(key);
        }
    }

    /**
     * Executions side by side would see each other's change (their reads of it are not operations): the watch has one
     * worker explore the test.
     */
    private static void changedJvmState(String what, int site) {
        current().execution.watch.cannotKeepApart(what, Execution.source(site));
    }

    /** The journal of the calling thread's execution, or {@code null} outside any. */
    private static StateJournal currentJournal() {
        ManagedThread self = current();
        return self == null ? null : self.execution.journal;
    }
}
