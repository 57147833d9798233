package dev.weft.scheduler.runtime;

/** Throws a checked throwable without declaring it: what a reflective call threw, passed on as it was. */
public final class Unchecked {

    private Unchecked() {
    }

    /** Throws {@code thrown}; declared to return so that a caller can write {@code throw Unchecked.rethrow(..)}. */
    @SuppressWarnings("unchecked")
    public static <T extends Throwable> RuntimeException rethrow(Throwable thrown) throws T {
        throw (T) thrown;
    }
}
