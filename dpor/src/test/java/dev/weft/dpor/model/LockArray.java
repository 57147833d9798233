package dev.weft.dpor.model;

/** An array of locks declared by a {@link ProgramBuilder}; each element is a lock of its own. */
public record LockArray(int base, int length, String name) {

    public LockRef at(Expr index) {
        return new LockRef(base, length, index, name);
    }

    public LockRef at(int index) {
        return at(Expr.constant(index));
    }
}
