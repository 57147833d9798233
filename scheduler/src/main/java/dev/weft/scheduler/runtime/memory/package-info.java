/**
 * Shared memory: field and array accesses, atomics and variable handles as {@code READ}, {@code WRITE}, {@code RMW}
 * and {@code CAS} operations ({@code MemoryAccess}, {@code VarHandles}), and identity hashes of the objects an
 * execution constructs that the same schedule reproduces ({@code ConstructedHashes}), and a collection the test asks
 * for, which takes what only its weak references reach ({@code GarbageCollection}).
 */
package dev.weft.scheduler.runtime.memory;
