package dev.weft.samples.monitors;

/**
 * A count whose {@link #add} is not synchronized; {@link SynchronizedRoutePrograms} overrides it with a synchronized
 * one, so that a call through this type reaches a synchronized method by virtual dispatch.
 */
class Tally {

    int count;

    void add(int delta) {
        count += delta;
    }
}
