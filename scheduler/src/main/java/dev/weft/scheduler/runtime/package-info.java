/**
 * The JVM runtime's core: runs a test body on real threads, one at a time, and turns what they do into the events of
 * {@link dev.weft.scheduler.model}. {@link dev.weft.scheduler.runtime.JvmSubject} is the subject the explorers run,
 * {@link dev.weft.scheduler.runtime.JvmRun} one execution of it; {@code Execution} is the state of one execution
 * that every family shares, {@code Action} (with {@code Step} and {@code GuardedCall}) what a paused thread will do,
 * {@code ObjectNames} the stable names of its objects, {@code ControlledHooks} the handlers that instrumented code
 * reaches through {@link dev.weft.scheduler.hooks.Hooks}, and {@code Watchdog} the guard against a thread stuck
 * outside Weft's control.
 *
 * <p>The primitives are modelled in the sub-packages, one per family: {@code threads} (life cycle, hand-off, reused
 * platform threads, parking), {@code fibers} (continuations, JDK 24 on), {@code locks} (monitors, {@code wait} and
 * {@code notify}, the {@code java.util.concurrent.locks} family), {@code synchronizers} (semaphores, latches,
 * phasers, barriers), {@code pools} (executors, futures, fork/join), {@code collections}, {@code time} (the virtual
 * clock, timeouts, spin loops), {@code memory} (fields, arrays, atomics, variable handles) and {@code state} (static
 * state, state that executions share, randomness). Each family's handler of its hooks lives with its models. The
 * design is described in {@code docs/design/runtime.md}.
 *
 * <p>Nothing here is API: the classes are public only where one family calls another, since Java has no narrower
 * visibility across packages. Users and the JUnit extension use {@code JvmSubject}, {@code RuntimeSettings} and the
 * exceptions the runtime throws.
 */
package dev.weft.scheduler.runtime;
