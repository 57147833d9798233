package dev.weft.junit.internal;

import dev.weft.junit.KeepAcrossExecutions;
import dev.weft.scheduler.runtime.state.KeptState;
import org.junit.platform.commons.PreconditionViolationException;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/** The static fields marked {@link KeepAcrossExecutions} of a test class, its superclasses and its nested classes. */
final class KeptFields {

    private KeptFields() {
    }

    /**
     * Tells the runtime to keep them, with the objects they hold now, across the executions of the exploration about
     * to start.
     *
     * @throws PreconditionViolationException if a marked field is not static (an instance field is the execution's
     *                                        own: every execution gets a fresh test instance)
     */
    static void keep(Class<?> testClass) {
        for (Class<?> type = testClass; type != null && type != Object.class; type = type.getSuperclass()) {
            keepDeclared(type);
            for (Class<?> nested : type.getDeclaredClasses()) {
                keepDeclared(nested);
            }
        }
    }

    private static void keepDeclared(Class<?> type) {
        for (Field field : type.getDeclaredFields()) {
            if (field.isAnnotationPresent(KeepAcrossExecutions.class)) {
                if (!Modifier.isStatic(field.getModifiers())) {
                    throw new PreconditionViolationException("@KeepAcrossExecutions on " + type.getName() + "."
                            + field.getName() + ", which is not static: every execution gets a fresh test instance,"
                            + " so only a static field can keep anything across executions");
                }
                KeptState.keep(field);
            }
        }
    }
}
