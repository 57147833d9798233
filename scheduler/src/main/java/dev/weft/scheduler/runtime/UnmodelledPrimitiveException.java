package dev.weft.scheduler.runtime;

/**
 * Thrown into a test thread that uses a synchronization primitive Weft does not model, so that the test fails
 * (with the primitive and the source line named) instead of running uncontrolled or hanging.
 */
public final class UnmodelledPrimitiveException extends UnsupportedOperationException {

    UnmodelledPrimitiveException(String what, int site) {
        super("Weft does not model " + what + " (at " + Execution.source(site) + "): the test cannot be explored"
                + " exhaustively while it uses it; see the primitives table in docs/USER_GUIDE.md");
    }
}
