/**
 * The JDK's thread-safe collections, queues and rendezvous, modelled at their API: each call is one scheduling
 * point ({@code CollectionStep}), keys of concurrent maps are locations of their own ({@code MapKeys}), a FIFO
 * queue's slots commute ({@code QueueSlots}), and a blocking call waits in the model ({@code Queues},
 * {@code DelayQueues}, {@code Rendezvous}). {@code CollectionClasses} decides which classes are modelled and how.
 */
package dev.weft.scheduler.runtime.collections;
