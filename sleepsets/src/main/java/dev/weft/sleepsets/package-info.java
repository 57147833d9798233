/**
 * Sleep sets: which threads need not be tried at a state, and how that passes from a state to its children. Free of
 * threads and bytecode; it sees only the event model's operations and dependency relation.
 */
package dev.weft.sleepsets;
