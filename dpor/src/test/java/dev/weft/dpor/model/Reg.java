package dev.weft.dpor.model;

/** A thread-local register; every register starts at 0 in every execution. */
public record Reg(int index, String name) implements Expr {

    @Override
    public int eval(int[] registers) {
        return registers[index];
    }

    @Override
    public String toString() {
        return name;
    }
}
