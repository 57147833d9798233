package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.SourcePosition;
import dev.weft.scheduler.runtime.memory.GarbageCollection;
import dev.weft.scheduler.runtime.state.SharedStateWatch;
import dev.weft.scheduler.runtime.state.StateJournal;
import dev.weft.scheduler.runtime.state.StaticCopies;
import dev.weft.scheduler.runtime.threads.Carrier;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.security.ProtectionDomain;
import java.util.Arrays;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Stable names for the objects of one execution. An object is named by the first managed thread that meets it — at
 * its allocation hook, or at the first visible operation on it, whichever comes first — after that thread and the
 * thread's own count of objects met: {@code Account@2} is the main thread's second, {@code Account@main.1#3} thread
 * {@code main.1}'s third. Both depend only on the thread's program order, so the same schedule gives the same names.
 *
 * <p>Caveat: an object that no managed thread allocated under instrumentation (a static created before the test, an
 * object made inside uninstrumented library code) is named by whichever thread touches it first, so when two threads
 * race to touch it first its name differs between executions.
 *
 * <p>Identity, not {@code equals}: two equal strings are still two objects. The map holds the objects strongly, for
 * one execution only.
 */
public final class ObjectNames {

    /**
     * Where the scheduler's own classes come from: a class loaded from there is Weft's (a test's class in Weft's
     * packages, such as the scheduler's own tests', is not).
     */
    private static final ProtectionDomain WEFTS = ObjectNames.class.getProtectionDomain();

    /** {@link #simpleName}, worked out once a class: objects are named at every allocation. */
    private static final ClassValue<String> SIMPLE_NAMES = new ClassValue<>() {
        @Override
        protected String computeValue(Class<?> type) {
            Class<?> shown = shownClass(type);
            String simple = shown.getSimpleName();
            if (!simple.isEmpty()) {
                return simple;
            }
            // anonymous and hidden classes: the binary name after the package
            String name = shown.getName();
            return name.substring(name.lastIndexOf('.') + 1);
        }
    };

    private final Map<Object, String> names = new IdentityHashMap<>();
    private final SharedStateWatch watch;
    private final StaticCopies copies;
    /**
     * The objects first met by an operation rather than at their allocation, which the execution did not create
     * (or which uninstrumented code made), with whether the watch has heard of a write yet ({@code false}: of reads
     * only, {@code null}: of nothing). The {@link StateJournal} asks it too.
     */
    private final Map<Object, Boolean> foreign = new IdentityHashMap<>();
    /**
     * Objects first met written by a constructor of their class, before their allocation was reported, with where:
     * a constructor's writes to its own object come before its allocation hook, and such an object is the
     * execution's own, which no other worker can see. The watch hears of one only if its allocation never comes
     * ({@link #executionEnded}): a constructor that wrote another object of its class, made before the execution.
     * (Told at once, each {@code new Point(1, 2)} in a test body made the test's executions "change state they did
     * not create", and the test was explored by one worker.)
     */
    private final Map<Object, SourcePosition> constructing = new IdentityHashMap<>();
    /**
     * Objects the execution made where no allocation hook names them, not met yet: one whose constructor announced it
     * ({@code constructing}, before the constructor's writes, which may go through its methods), one made inside a
     * step that hides its operations (a {@code computeIfAbsent}'s function). Made in this execution, they are its own
     * when met. Kept only while a watch is active.
     */
    private final Map<Object, Boolean> madeUnseen = new IdentityHashMap<>();

    /** Lets a collection the test asks for take the objects these tables know and nothing else holds. */
    void tablesIn(GarbageCollection collection) {
        collection.holdsObjects(names, foreign, constructing, madeUnseen);
    }

    /** @param copies the execution's static copies, whose initialisers' objects are its own, or {@code null} */
    ObjectNames(SharedStateWatch watch, StaticCopies copies) {
        this.watch = watch;
        this.copies = copies;
    }

    /** The object's name for an operation that may change it. */
    public String nameOf(Object object, ManagedThread meeting) {
        return nameOf(object, meeting, true);
    }

    /** @param write whether the operation may change the object (else it only reads it) */
    public String nameOf(Object object, ManagedThread meeting, boolean write) {
        String name = name(object, meeting);
        if (watch.active()) {
            tellWatch(object, write);
        }
        return name;
    }

    /**
     * The name of an object whose field a constructor writes, at {@code where}: if the object was not met before and
     * the constructor is of its class, the object is taken to be the one being constructed, and the watch is told
     * only if the execution ends before its allocation is reported ({@link #constructing}). Asked only while the watch
     * is active (without one, nothing is told).
     */
    public String nameOfWrittenByConstructor(Object object, String constructorClass, ManagedThread meeting,
                                      SourcePosition where) {
        if (names.containsKey(object) || !isA(object.getClass(), constructorClass)) {
            return nameOf(object, meeting, true);
        }
        boolean announced = madeUnseen.containsKey(object); // by its constructor: the execution's own already
        String name = name(object, meeting);
        if (!announced) {
            constructing.put(object, where);
        }
        return name;
    }

    public static boolean isA(Class<?> type, String className) {
        for (Class<?> c = type; c != null; c = c.getSuperclass()) {
            if (c.getName().equals(className)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The execution has ended: the watch hears of the objects a constructor wrote whose allocation never came, as
     * objects the execution did not create.
     */
    void executionEnded() {
        // an object whose allocation came left this map then: each one left is still foreign
        constructing.forEach((object, where) -> watch.touchedObject(object, true, where));
        constructing.clear();
    }

    /**
     * A monitor's name. Entering and leaving a monitor is modelled whole (no real monitor is taken for a
     * {@code synchronized} block), so executions side by side may share a lock object: the watch is not told.
     */
    public String nameOfMonitor(Object monitor, ManagedThread meeting) {
        return name(monitor, meeting);
    }

    /** Names an object an operation meets; one not met before was not allocated by the execution. */
    private String name(Object object, ManagedThread meeting) {
        return name(object, null, meeting, false);
    }

    /**
     * @param typeName     the name's first part, or {@code null} for the object's class
     * @param atAllocation whether the object is met at its allocation, which makes it the execution's own
     */
    private String name(Object object, String typeName, ManagedThread meeting, boolean atAllocation) {
        String name = names.get(object);
        if (name == null) {
            name = (typeName == null ? simpleName(object.getClass()) : typeName) + "@" + meeting.nextObjectSuffix();
            names.put(object, name);
            if (!atAllocation && (madeUnseen.isEmpty() || madeUnseen.remove(object) == null)) {
                foreign.put(object, null);
            }
        } else if (atAllocation) {
            foreign.remove(object);
            constructing.remove(object);
        }
        return name;
    }

    /** Tells the watch of the first read and the first write of an object the execution did not create. */
    private void tellWatch(Object object, boolean write) {
        if (!foreign.containsKey(object) || constructing.containsKey(object)
                || copies != null && copies.isMadeByInitialiser(object)) {
            return;
        }
        Boolean heardWrite = foreign.get(object);
        if (heardWrite == null || write && !heardWrite) {
            foreign.put(object, write);
            watch.touchedObject(object, write);
        }
    }

    /**
     * Like {@link #nameOf(Object, ManagedThread)}, but named after {@code typeName}: for an object users never see
     * whose name stands for one they do (the state shared by a {@code ReentrantReadWriteLock}'s two views).
     */
    public String nameAs(Object object, String typeName, ManagedThread meeting) {
        String name = name(object, typeName, meeting, false);
        if (watch.active()) {
            tellWatch(object, true);
        }
        return name;
    }

    /**
     * Whether the execution allocated the object under instrumentation. If not, it was there before the execution
     * started, or code Weft does not instrument made it, or its constructor is running (its allocation is reported
     * when the constructor returns).
     */
    public boolean madeByExecution(Object object) {
        return names.containsKey(object) && !foreign.containsKey(object);
    }

    /** The object's name if a thread met it already, else {@code null}; never names it (for reports only). */
    String nameIfMet(Object object) {
        return names.get(object);
    }

    /**
     * Names the object now if nobody met it before (its allocation). Its constructor may have met it first (a field
     * it wrote); it is the execution's own all the same.
     */
    public void allocated(Object object, ManagedThread allocating) {
        name(object, null, allocating, true);
    }

    /**
     * The execution made {@code object} where no allocation hook reports it (see {@link #madeUnseen}): it is the
     * execution's own for the watch. Told only while the watch is active.
     */
    public void madeUnseen(Object object) {
        if (!watch.active()) {
            return;
        }
        if (names.containsKey(object)) {
            foreign.remove(object);
        } else {
            madeUnseen.put(object, Boolean.TRUE);
        }
    }

    /** As {@link #madeUnseen}, for an object not met yet in the execution; one met already keeps what it was. */
    public void madeUnseenIfUnmet(Object object) {
        if (watch.active() && !names.containsKey(object)) {
            madeUnseen.put(object, Boolean.TRUE);
        }
    }

    /**
     * The class part of an object's name, and what a report calls an object it shows by its class: the simple name of
     * its {@link #shownClass}.
     */
    public static String simpleName(Class<?> type) {
        return SIMPLE_NAMES.get(type);
    }

    /**
     * The class the test knows an object by: its own, or for a class of Weft's, which stands in for one of the test's
     * or the JDK's, what it stands in for: the nearest superclass that is not Weft's, or else the first such interface
     * it implements (a {@link Carrier} is the test's {@code Thread}, the virtual clock a {@code Clock}, the executor
     * of {@code CompletableFuture}'s async tasks an {@code Executor}). No report or message names a class of Weft's.
     */
    public static Class<?> shownClass(Class<?> type) {
        Class<?> shown = type;
        while (wefts(shown)) {
            Class<?> superclass = shown.getSuperclass();
            if (superclass == null || superclass == Object.class) {
                return Arrays.stream(shown.getInterfaces()).filter(i -> !wefts(i)).findFirst().orElse(Object.class);
            }
            shown = superclass;
        }
        return shown;
    }

    /** Whether a class is one of the scheduler's own. */
    private static boolean wefts(Class<?> type) {
        return WEFTS.getCodeSource() != null && type.getProtectionDomain() == WEFTS;
    }
}
