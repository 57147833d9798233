package dev.weft.scheduler.instrument.subjects;

/** Uses an updater declared in another class: the updated field is found in that class's static initialiser. */
public class UpdaterUser {

    public static int bump(Atomics atomics) {
        return Atomics.COUNT.incrementAndGet(atomics); // mark:foreignUpdater
    }
}
