package dev.weft.scheduler.instrument.subjects;

/** Constructors that set their object's fields before and after the object can have left them. */
public final class Constructed {

    public static Constructed last;

    private int count;
    private String name;

    /** Nothing lets {@code this} out: no field access is visible. */
    public Constructed(int start) {
        count = start;
        name = "c";
        count = count + name.length();
    }

    /** {@code name} is set before {@code this} is published, {@code count} after. */
    public Constructed(String name) {
        this.name = name;
        last = this;
        count = 5;
    }

    /** On one path {@code this} is passed on before the last write: only the first write is before on every path. */
    public Constructed(boolean keep) {
        if (keep) {
            count = 1;
        } else {
            look(this);
        }
        count = 2;
    }

    private static void look(Constructed constructed) {
    }

    public int count() {
        return count;
    }
}
