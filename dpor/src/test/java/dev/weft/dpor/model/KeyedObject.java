package dev.weft.dpor.model;

/**
 * A thread-safe keyed object (a {@code ConcurrentHashMap}) declared by a {@link ProgramBuilder}, modelled at its API:
 * one cell per key, each a location of its own ({@link dev.weft.scheduler.model.Location#key}) within the whole
 * object's. A key's cell holds its value, 0 standing for absent.
 *
 * @param base   the cell of key 0
 * @param length the number of keys
 * @param name   the object's name
 */
public record KeyedObject(int base, int length, String name) {

    /** The cell of the key the expression picks when a thread reaches the instruction. */
    public CellRef key(Expr key) {
        return new CellRef(base, length, key, name);
    }

    public CellRef key(int key) {
        return key(Expr.constant(key));
    }
}
