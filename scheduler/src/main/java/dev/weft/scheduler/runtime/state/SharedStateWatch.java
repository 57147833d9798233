package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.model.SourcePosition;

/**
 * Hears of the state an execution touches that it did not create: static fields, and objects that were there before
 * it started (or that code Weft does not instrument made). Executions that run side by side, one per parallel
 * worker, must not share such state: what one writes the other would see. {@link SideBySideExecutions} gives each
 * worker a watch and tells when two workers' executions touched the same state, one of them writing it.
 */
public interface SharedStateWatch {

    /** One execution at a time: nothing to watch. */
    SharedStateWatch NONE = new SharedStateWatch() {
        @Override
        public boolean active() {
            return false;
        }

        @Override
        public void touchedStatic(String field, boolean write, SourcePosition where) {
        }

        @Override
        public void touchedObject(Object object, boolean write) {
        }

        @Override
        public void touchedObject(Object object, boolean write, SourcePosition where) {
        }

        @Override
        public void initialisedClass(String className) {
        }

        @Override
        public void cannotKeepApart(String what, SourcePosition where) {
        }
    };

    /** Whether anything is watched; when not, the runtime skips the bookkeeping. */
    boolean active();

    /**
     * @param field {@code Class.field}
     * @param write whether the access may change it
     * @param where the access's place in the source
     */
    void touchedStatic(String field, boolean write, SourcePosition where);

    /**
     * A visible operation on an object the execution did not allocate under instrumentation.
     *
     * @param write whether the operation may change the object
     */
    void touchedObject(Object object, boolean write);

    /** As {@link #touchedObject(Object, boolean)}, told after the access, which happened at {@code where}. */
    void touchedObject(Object object, boolean write, SourcePosition where);

    /**
     * The JVM initialises, in an execution, a class whose initialiser runs again in each later execution
     * ({@link StaticInitialisers}): what the initialiser assigns is the state every later execution starts from, so
     * an execution running beside it would see the class's state change under it.
     */
    void initialisedClass(String className);

    /**
     * The execution changes state that executions side by side cannot keep apart and whose reads are not told, so no
     * conflict could be: the whole JVM's (a system property, the default locale or time zone), which it puts back when
     * it ends ({@link StateJournal}), or a static field that a {@code VarHandle} reaches past the execution's copy.
     *
     * @param what the state, for the console: {@code "the system property app.mode"}
     */
    void cannotKeepApart(String what, SourcePosition where);
}
