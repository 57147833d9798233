package dev.weft.dpor.model;

/**
 * A thread-local expression over registers and constants. Booleans are ints: 0 is false, anything else true.
 * Expressions never touch shared memory, so evaluating one is invisible to the scheduler.
 */
public interface Expr {

    int eval(int[] registers);

    static Expr constant(int value) {
        return new Constant(value);
    }

    default Expr plus(Expr other) {
        return new Binary(Op.ADD, this, other);
    }

    default Expr plus(int other) {
        return plus(constant(other));
    }

    default Expr minus(int other) {
        return new Binary(Op.SUB, this, constant(other));
    }

    default Expr times(int other) {
        return new Binary(Op.MUL, this, constant(other));
    }

    default Expr mod(int other) {
        return new Binary(Op.MOD, this, constant(other));
    }

    default Expr eq(Expr other) {
        return new Binary(Op.EQ, this, other);
    }

    default Expr eq(int other) {
        return eq(constant(other));
    }

    default Expr ne(Expr other) {
        return new Binary(Op.NE, this, other);
    }

    default Expr ne(int other) {
        return ne(constant(other));
    }

    default Expr lt(int other) {
        return new Binary(Op.LT, this, constant(other));
    }

    default Expr and(Expr other) {
        return new Binary(Op.AND, this, other);
    }

    default Expr not() {
        return eq(0);
    }

    /** The binary operators, with Java's meaning (and a mathematical modulo, so indexes stay in range). */
    enum Op {
        ADD("+"), SUB("-"), MUL("*"), MOD("%"), EQ("=="), NE("!="), LT("<"), AND("&&");

        final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        int apply(int a, int b) {
            return switch (this) {
                case ADD -> a + b;
                case SUB -> a - b;
                case MUL -> a * b;
                case MOD -> Math.floorMod(a, b);
                case EQ -> a == b ? 1 : 0;
                case NE -> a != b ? 1 : 0;
                case LT -> a < b ? 1 : 0;
                case AND -> a != 0 && b != 0 ? 1 : 0;
            };
        }
    }

    record Constant(int value) implements Expr {
        @Override
        public int eval(int[] registers) {
            return value;
        }

        @Override
        public String toString() {
            return Integer.toString(value);
        }
    }

    record Binary(Op op, Expr left, Expr right) implements Expr {
        @Override
        public int eval(int[] registers) {
            return op.apply(left.eval(registers), right.eval(registers));
        }

        @Override
        public String toString() {
            return "(" + left + " " + op.symbol + " " + right + ")";
        }
    }
}
