package dev.weft.scheduler.hooks;

/**
 * The static-initialiser hooks, one family of {@link HookHandlers}: static initialisers (where they begin and end),
 * and the classes whose initialiser can run again. The default methods do exactly what the uninstrumented code would
 * have done, without control.
 */
public interface InitialiserHookHandler {

    /** At entry of a static initialiser: what runs until {@link #classInitEnd()} is not visible. */
    default void classInitStart() {
    }

    /** At every exit of a static initialiser. */
    default void classInitEnd() {
    }

    /**
     * At entry of the static initialiser of a class that can be initialised again ({@code Hooks.classUsed}), before
     * {@link #classInitStart()}: the class's first initialisation in this JVM.
     */
    default void classInitialising(Class<?> type) {
    }

    /**
     * Before an instruction that would initialise {@code type} if it were not ({@code new}, a static field's access,
     * a static method's call), in code of another class, where {@code type} or a superclass of it has a static
     * initialiser that can run again: its copy {@code weft$clinit}, a private static method.
     */
    default void classUsed(Class<?> type) {
    }
}
