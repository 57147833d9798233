package dev.weft.samples.oracles;

/** The trace counts of {@code ORACLES.md}, computed from its formulas rather than copied as numbers. */
public final class OracleCounts {

    private OracleCounts() {
    }

    static long factorial(int n) {
        long f = 1;
        for (int i = 2; i <= n; i++) {
            f *= i;
        }
        return f;
    }

    /** {@code inc(N)}: (N!)². */
    static long inc(int n) {
        return factorial(n) * factorial(n);
    }

    /** {@code lockinc(N)}, {@code ainc(N)}, {@code pi(N)}: N!. */
    public static long orders(int n) {
        return factorial(n);
    }

    /** {@code readers(N)}: 2^N. */
    static long readers(int n) {
        return 1L << n;
    }

    /** {@code writers(W)}: (W+1)!. */
    static long writers(int w) {
        return factorial(w + 1);
    }

    /** {@code lastzero(N)}: (N+3)·2^(N−2). */
    public static long lastzero(int n) {
        return (n + 3L) << (n - 2);
    }

    /** {@code mpat(k)}: k!·2^k. */
    static long mpat(int k) {
        return factorial(k) << k;
    }

    /** {@code indexer(N)}: 1 up to 11 threads, then 8^(N−11). */
    static long indexer(int n) {
        return n <= 11 ? 1 : 1L << (3 * (n - 11));
    }

    /** {@code filesystem(N)}: 1 up to 13 threads, then 2^(N−13). */
    public static long filesystem(int n) {
        return n <= 13 ? 1 : 1L << (n - 13);
    }
}
