/**
 * Time as the test sees it: the execution's virtual clock ({@code VirtualClock}), timed operations that time out
 * ({@code TimeOut}, {@code Timeouts}, {@code Deadlines}), and loops that change nothing others can see
 * ({@code SpinRule}, {@code SpinWindow}), for which time passes once nothing else can move ({@code IdleTime}).
 */
package dev.weft.scheduler.runtime.time;
