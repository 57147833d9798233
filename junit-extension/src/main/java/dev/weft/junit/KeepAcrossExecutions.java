package dev.weft.junit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A static field of the test class (or of a class nested in it, or of a superclass) whose value, and the object it
 * holds, Weft does not put back after each execution: for what a test records across executions on purpose (a count
 * of executions checked in {@code @AfterAll}, the names seen in every execution). Every other static field and the
 * objects made before an execution are put back, so that each execution starts from the state the first started
 * from (docs/USER_GUIDE.md, "Static state").
 *
 * <p>What the field holds is shared memory like any other: its accesses are visible operations, and explored.
 */
@Documented
@Target(ElementType.FIELD)
@Retention(RetentionPolicy.RUNTIME)
public @interface KeepAcrossExecutions {
}
