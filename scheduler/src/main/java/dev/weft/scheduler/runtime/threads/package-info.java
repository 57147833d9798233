/**
 * Threads of one execution: their life cycle (start, end, join, interrupts, sleep, yield; {@code ThreadLifecycle}),
 * the hand-off that lets one of them move at a time ({@code ManagedThread}, {@code HandOff}), the platform threads
 * Weft reuses across executions ({@code Carrier}, {@code ThreadLocalMaps}), what a test sees when it asks a thread
 * about itself ({@code ThreadLooks}), uncaught exceptions and {@code System.exit}, and {@code LockSupport}'s permits
 * ({@code Parking}).
 *
 * <p>Not here: threads run as continuations ({@code fibers}), and the threads of pools ({@code pools}).
 */
package dev.weft.scheduler.runtime.threads;
