/**
 * The event model: plain data that describes what threads do, with no threads, class loaders or bytecode.
 *
 * <p>The explorers ({@code sleepsets}, {@code dpor}) see only this package: a {@link dev.weft.scheduler.model.Subject}
 * that they can run step by step, the {@link dev.weft.scheduler.model.Operation operations} its threads are about to
 * perform, and the {@link dev.weft.scheduler.model.Event events} they performed. {@link dev.weft.scheduler.model.Dependence}
 * says which operations do not commute.
 */
package dev.weft.scheduler.model;
