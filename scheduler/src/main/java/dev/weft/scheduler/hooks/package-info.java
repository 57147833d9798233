/**
 * The seam between instrumented code and the runtime.
 *
 * <p>Instrumented classes call the static methods of {@link dev.weft.scheduler.hooks.Hooks} in front of every visible
 * operation; {@code Hooks} hands each call to the installed handler of its family ({@link
 * dev.weft.scheduler.hooks.HookHandlers}: memory, monitors, static initialisers, threads, time, randomness, locks,
 * synchronizers, collections, pools, the JVM's state, fork/join, static fields), one interface per family. The
 * interfaces' default methods perform the real operation uncontrolled, which is what threads outside a test get.
 *
 * <p>Only JDK types appear in this package's signatures, so that it can be placed on the bootstrap class path when
 * JDK classes themselves call into it.
 */
package dev.weft.scheduler.hooks;
