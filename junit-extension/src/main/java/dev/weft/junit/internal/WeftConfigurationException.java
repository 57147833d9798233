package dev.weft.junit.internal;

import org.junit.platform.commons.JUnitException;

/** A misused annotation or configuration parameter: the test fails before anything runs, saying what to fix. */
final class WeftConfigurationException extends JUnitException {

    WeftConfigurationException(String message) {
        super(message);
    }

    WeftConfigurationException(String message, Throwable cause) {
        super(message, cause);
    }
}
