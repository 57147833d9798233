/**
 * Monitors and locks: {@code synchronized} and {@code Object.wait/notify} ({@code Monitors}, {@code Waits},
 * {@code WaitSet}), {@code ReentrantLock} and its conditions, {@code ReentrantReadWriteLock}, {@code StampedLock},
 * the queries of who waits ({@code LockQueues}), and which model answers a call on a {@code Lock}
 * ({@code LockRouting}). {@code LockState} is the ownership of one reentrant lock, fair or not.
 *
 * <p>Not modelled: the fair form of {@code ReentrantReadWriteLock} is explored as the unfair one; a JDK {@code Lock}
 * other than these fails closed.
 */
package dev.weft.scheduler.runtime.locks;
