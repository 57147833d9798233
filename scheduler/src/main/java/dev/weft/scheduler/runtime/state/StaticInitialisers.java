package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.runtime.Unchecked;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.HashSet;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What static initialisers did in the executions of one exploration, and their repetition: a class first initialised
 * inside an execution is initialised again at its first use in each later execution, as in a fresh JVM, so that a
 * lazy singleton starts {@code null}, a cache empty, and the threads an initialiser starts start, in every execution.
 *
 * <p>The instrumentation gives such a class a copy of its initialiser, {@code weft$clinit}, and reports its first use
 * in code of other classes ({@code Hooks.classUsed}, before {@code new}, a static field's access or a static call). At
 * that use the copy runs, superclasses first, on the using thread: invisible, one step of that thread, as the first
 * initialisation was (the JVM holds the class's lock meanwhile). A class without a copy (an enum, an interface, a
 * class loaded before Weft) is initialised once per JVM; where its initialiser started a thread is kept for the
 * message of the divergence that follows ({@link #starts}).
 */
public final class StaticInitialisers {

    private static final String COPY = "weft$clinit";
    private static final ClassValue<Method> COPIES = new ClassValue<>() {
        @Override
        protected Method computeValue(Class<?> type) {
            try {
                Method copy = type.getDeclaredMethod(COPY);
                return Modifier.isStatic(copy.getModifiers()) && copy.trySetAccessible() ? copy : null;
            } catch (NoSuchMethodException | SecurityException e) {
                return null;
            }
        }
    };

    /** Where initialisers that run once per JVM started threads, in the executions so far. */
    public final Set<String> starts = ConcurrentHashMap.newKeySet();
    /**
     * Classes first initialised inside an execution, whose initialiser can run again: of the whole JVM, not of one
     * exploration, since a test explored again (by one worker after several, a failure confirmed) or another test
     * finds the class initialised by an execution that is not its own. Held weakly, as classes of a discarded loader.
     */
    private static final Set<Class<?>> INITIALISED_IN_EXECUTIONS =
            Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    /** A class's first initialisation in this JVM begins inside an execution; whether it will be repeated. */
    boolean initialising(Class<?> type) {
        if (COPIES.get(type) == null) {
            return false;
        }
        INITIALISED_IN_EXECUTIONS.add(type);
        return true;
    }

    /** The classes the next execution initialises again, at their first use in it. */
    public Set<Class<?>> due() {
        synchronized (INITIALISED_IN_EXECUTIONS) {
            return new HashSet<>(INITIALISED_IN_EXECUTIONS);
        }
    }

    /**
     * {@code type} is about to be used by {@code self}: initialises it and its superclasses again if they are due in
     * this execution.
     *
     * @throws ExceptionInInitializerError if the initialiser threw, as the JVM would
     */
    static void used(ManagedThread self, Class<?> type) {
        Set<Class<?>> due = self.execution.initialisersDue;
        Deque<Class<?>> chain = new ArrayDeque<>();
        for (Class<?> current = type; current != null; current = current.getSuperclass()) {
            if (due.remove(current)) {
                chain.push(current);
            }
        }
        for (Class<?> each : chain) {
            initialiseAgain(self, each); // beside other executions, what it assigns is the execution's own copy
        }
    }

    /**
     * Runs the copy of the class's initialiser. Its static fields are not cleared first: the copy assigns those it
     * assigned the first time, and the others are as the first execution found them, since the journal puts back what
     * an execution changed of them ({@link StateJournal}). A field that a framework sets by reflection after defining
     * the class (a generated class's interceptor) keeps its value, which clearing it would lose.
     */
    private static void initialiseAgain(ManagedThread self, Class<?> type) {
        self.nextInitialiserRepeatable = true;
        self.nextInitialiserACopy = true;
        try {
            COPIES.get(type).invoke(null);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Error || cause.getClass().getName().startsWith("dev.weft.")) {
                throw Unchecked.rethrow(cause); // the JVM passes errors on; Weft's own signals are not the class's failure
            }
            throw new ExceptionInInitializerError(cause);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("Weft could not run the static initialiser of " + type.getName()
                    + " again", e);
        }
    }
}
