package dev.weft.dpor.model;

/**
 * Names a lock for an instruction: a single lock, or an element of a lock array whose index is an expression
 * evaluated when the thread reaches the instruction.
 *
 * @param base   the number of the lock or of the array's first lock
 * @param length 1 for a single lock, the array length for an element
 * @param index  the element index, or {@code null} for a single lock
 * @param name   the lock or array name
 */
public record LockRef(int base, int length, Expr index, String name) {

    /** The lock this reference names under the given registers, or -1 when the index is out of bounds. */
    int resolve(int[] registers) {
        return IndexedName.resolve(base, length, index, registers);
    }

    @Override
    public String toString() {
        return IndexedName.describe(name, index);
    }
}
