package dev.weft.scheduler.instrument;

/** Weft could not put its instrumentation in place; the message says what to change. */
public final class WeftSetupException extends RuntimeException {

    public WeftSetupException(String message) {
        super(message);
    }

    public WeftSetupException(String message, Throwable cause) {
        super(message, cause);
    }
}
