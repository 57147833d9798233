package dev.weft.dpor.model;

/** A shared array declared by a {@link ProgramBuilder}; its elements are separate locations. */
public record SharedArray(int base, int length, String name) {

    public CellRef at(Expr index) {
        return new CellRef(base, length, index, name);
    }

    public CellRef at(int index) {
        return at(Expr.constant(index));
    }
}
