package dev.weft.scheduler.runtime;

/**
 * Thrown into a test thread that uses a synchronization primitive Weft does not model, so that the test fails
 * (with the primitive and the source line named) instead of running uncontrolled or hanging.
 */
public final class UnmodelledPrimitiveException extends UnsupportedOperationException {

    public UnmodelledPrimitiveException(String what, int site) {
        this(what, String.valueOf(Execution.source(site)));
    }

    /** @param where the source position, as text, when it is not an instrumented site (a call inside the JDK) */
    public UnmodelledPrimitiveException(String what, String where) {
        super("Weft does not model " + what + " (at " + where + "): the test cannot be explored"
                + " exhaustively while it uses it; see the primitives table in docs/USER_GUIDE.md");
    }
}
