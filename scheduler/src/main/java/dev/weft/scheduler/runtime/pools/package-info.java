/**
 * Executors, futures and fork/join at the user's level: the pools' workers run as managed threads, and the
 * synchronization the JDK does among its own classes is made invisible ({@code JdkInternalSync}), so a test's count is
 * that of its own operations. {@code PoolModel}, {@code FutureModel}, {@code InvokeAnyModel} and
 * {@code ForkJoinTasks} say what is visible; {@code IdleWorkers} and {@code NeutralTakes} what need not be.
 *
 * <p>Not modelled: executors whose threads Weft cannot manage ({@code java.util.Timer} and others, refused by
 * {@code UncontrolledPools}).
 */
package dev.weft.scheduler.runtime.pools;
