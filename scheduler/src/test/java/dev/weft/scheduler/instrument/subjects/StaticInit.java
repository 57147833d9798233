package dev.weft.scheduler.instrument.subjects;

public class StaticInit {
    public static int value;

    static {
        value = 42; // mark:clinit
    }
}
