package dev.weft.scheduler.instrument.subjects;

public class Fields {
    public static int shared;

    public int count;
    public long big;
    public double ratio;
    public volatile boolean flag;
    public final int fixed = 7;

    public int bump() {
        count = count + 1; // mark:bump
        return count; // mark:bumpReturn
    }

    public long wide(long add) {
        big += add; // mark:wide
        ratio = ratio * 2.0 + big; // mark:ratio
        return big; // mark:wideReturn
    }

    public boolean toggle() {
        flag = !flag; // mark:toggle
        return flag; // mark:toggleReturn
    }

    public static int bumpShared() {
        return ++shared; // mark:shared
    }

    public int readFixed() {
        return fixed;
    }
}
