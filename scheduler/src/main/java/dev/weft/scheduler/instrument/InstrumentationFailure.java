package dev.weft.scheduler.instrument;

/** A class that could not be instrumented and runs unchanged, uncontrolled. */
public record InstrumentationFailure(String className, Throwable cause) {

    @Override
    public String toString() {
        return className + ": " + cause;
    }
}
