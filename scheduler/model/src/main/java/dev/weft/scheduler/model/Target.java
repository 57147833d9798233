package dev.weft.scheduler.model;

/** What an operation acts on: a memory location, a lock, or a thread. */
public sealed interface Target permits Location, LockId, ThreadId {
}
