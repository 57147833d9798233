package dev.weft.dpor.model;

/**
 * What {@link CellRef} and {@link LockRef} share: a name for one thing, or for the element of a numbered range of
 * things that an index expression picks when a thread reaches the instruction. Kept apart from the two records so
 * that the DSL cannot mix up cells and locks.
 */
final class IndexedName {

    private IndexedName() {
    }

    /** The number of the thing named under the given registers, or -1 when the index is out of bounds. */
    static int resolve(int base, int length, Expr index, int[] registers) {
        if (index == null) {
            return base;
        }
        int i = index.eval(registers);
        return i >= 0 && i < length ? base + i : -1;
    }

    static String describe(String name, Expr index) {
        return index == null ? name : name + "[" + index + "]";
    }
}
