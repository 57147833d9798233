package dev.weft.scheduler.instrument.subjects;

/** A static field of every kind the JVM's stack knows, written and read back by one method. */
public class StaticKinds {
    public static boolean flag;
    public static byte small;
    public static char letter;
    public static short medium;
    public static int count;
    public static long big;
    public static float ratio;
    public static double precise;
    public static String name;
    public static int[] numbers;

    /** Writes every field, then reads each back. */
    public static String writeAndReadBack() {
        flag = true;
        small = 5;
        letter = 'w';
        medium = 300;
        count = 70_000;
        big = 5_000_000_000L;
        ratio = 1.5f;
        precise = 2.25;
        name = "copy";
        numbers = new int[] {1, 2};
        return shown();
    }

    /** What the fields hold, as this class's code reads them. */
    public static String shown() {
        return flag + " " + small + " " + letter + " " + medium + " " + count + " " + big + " " + ratio + " "
                + precise + " " + name + " " + (numbers == null ? "null" : numbers.length);
    }
}
