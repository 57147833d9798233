/**
 * The JVM runtime: runs a test body on real threads, one at a time, and turns what they do into the events of
 * {@link dev.weft.scheduler.model}. {@link dev.weft.scheduler.runtime.JvmSubject} is the subject the explorers run;
 * instrumented code reaches the runtime through {@link dev.weft.scheduler.hooks.Hooks}. One class per modelled
 * primitive ({@code Monitors}, {@code ReentrantLocks}, {@code Waits}, {@code Parking}, {@code ThreadLifecycle},
 * {@code MemoryAccess}); the design is described in {@code docs/design/runtime.md}.
 */
package dev.weft.scheduler.runtime;
