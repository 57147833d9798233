package dev.weft.scheduler.instrument.subjects;

public class FailingStaticInit {
    public static int value;

    static {
        if (Boolean.parseBoolean("true")) {
            throw new IllegalStateException("init failed"); // mark:failingClinit
        }
    }
}
