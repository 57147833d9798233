/**
 * Synchronizers other than locks: {@code Semaphore}, {@code CountDownLatch}, {@code Phaser} (root phasers) and
 * {@code CyclicBarrier}, by guarded real calls on the real object's state or in the model.
 *
 * <p>Not modelled: a fair {@code Semaphore} is explored as an unfair one; a tiered {@code Phaser} (one with a parent)
 * fails closed.
 */
package dev.weft.scheduler.runtime.synchronizers;
