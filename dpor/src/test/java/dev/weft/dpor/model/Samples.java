package dev.weft.dpor.model;

/** Small programs that fail, for checking that failures are enumerated, explored and keyed like the rest. */
final class Samples {

    private Samples() {
    }

    /** Two threads take locks a and b in opposite orders: some interleavings deadlock. */
    static ModelProgram oppositeLockOrders() {
        ProgramBuilder p = ProgramBuilder.program("oppositeLockOrders");
        LockRef a = p.lock("a");
        LockRef b = p.lock("b");
        CellRef x = p.shared("x");
        p.thread("AB", t -> t.lock(a).lock(b).write(x, 1).unlock(b).unlock(a));
        p.thread("BA", t -> t.lock(b).lock(a).write(x, 2).unlock(a).unlock(b));
        return p.build();
    }

    /** T1 asserts it read 0 from x, which T2 writes; the assertion fails when the write comes first. */
    static ModelProgram assertsOnARace() {
        ProgramBuilder p = ProgramBuilder.program("assertsOnARace");
        CellRef x = p.shared("x");
        CellRef y = p.shared("y");
        p.thread("T1", t -> {
            Reg r = t.reg("r");
            t.read(r, x);
            t.check(r.eq(0), "T1 saw the write");
            t.write(y, 1);
        });
        p.thread("T2", t -> t.write(x, 1).write(y, 2));
        return p.build();
    }
}
