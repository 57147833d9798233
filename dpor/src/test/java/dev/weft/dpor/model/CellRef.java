package dev.weft.dpor.model;

/**
 * Names a shared memory cell for an instruction: a variable, or an element of a shared array whose index is an
 * expression evaluated when the thread reaches the instruction.
 *
 * @param base   the first cell of the variable or array
 * @param length 1 for a variable, the array length for an element
 * @param index  the element index, or {@code null} for a variable
 * @param name   the variable or array name
 */
public record CellRef(int base, int length, Expr index, String name) {

    /** The cell this reference names under the given registers, or -1 when the index is out of bounds. */
    int resolve(int[] registers) {
        return IndexedName.resolve(base, length, index, registers);
    }

    @Override
    public String toString() {
        return IndexedName.describe(name, index);
    }
}
