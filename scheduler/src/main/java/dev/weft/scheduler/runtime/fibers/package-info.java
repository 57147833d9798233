/**
 * Managed threads run as continuations on one platform thread (JDK 24 on): {@code Fiber}, the platform threads that
 * carry them ({@code FiberCarrier}, or the driving thread itself: {@code InlineCarrying}), and the access to the
 * JDK's internal {@code Continuation} ({@code Continuations}). A hand-off between two fibers is a jump, not an OS
 * context switch.
 *
 * <p>Not here: what a thread does (that is the same for a fiber and a platform thread, in {@code threads}).
 */
package dev.weft.scheduler.runtime.fibers;
