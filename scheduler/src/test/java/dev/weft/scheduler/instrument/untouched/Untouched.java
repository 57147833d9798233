package dev.weft.scheduler.instrument.untouched;

/** In a package the default excludes cover (dev.weft.scheduler.) and the tests do not include. */
public class Untouched {
    public int count;

    public int bump() {
        synchronized (this) {
            return ++count;
        }
    }
}
