package dev.weft.dpor.model;

import java.util.Map;

/**
 * The Mazurkiewicz trace counts of {@code ORACLES.md}, as the formulas given there. Where the document gives only a
 * table ({@code optlock}) or a single number ({@code big0}, {@code popl14}, the traps), the value is copied from it.
 */
public final class OracleCounts {

    /** {@code optlock(N)} for N = 1..5, as tabulated in ORACLES.md (no closed form is given). */
    private static final Map<Integer, Long> OPTLOCK = Map.of(1, 10L, 2, 42L, 3, 126L, 4, 346L, 5, 922L);

    private OracleCounts() {
    }

    /** (N!)²: each thread's read and write can interleave with every other's. */
    public static long inc(int n) {
        return factorial(n) * factorial(n);
    }

    /** N!: the order in which the threads take the lock. */
    public static long lockinc(int n) {
        return factorial(n);
    }

    /** N!: the order of the atomic increments. */
    public static long ainc(int n) {
        return factorial(n);
    }

    /** 2^N: each reader reads before or after the write. */
    public static long readers(int n) {
        return 1L << n;
    }

    /** (W+1)!: every order of the W writes and the read. */
    public static long writers(int w) {
        return factorial(w + 1);
    }

    /** (N+3)·2^(N−2). */
    public static long lastzero(int n) {
        return (n + 3L) * (1L << (n - 2));
    }

    public static long popl14() {
        return 5;
    }

    /** 1 up to 11 threads (no two hash to one slot); each thread past 11 adds 3 colliding pairs: 8^(N−11). */
    public static long indexer(int n) {
        return n <= 11 ? 1 : 1L << (3 * (n - 11));
    }

    /** 1 up to 13 threads (every inode gets its own block); each thread past 13 adds one contended block. */
    public static long filesystem(int n) {
        return n <= 13 ? 1 : 1L << (n - 13);
    }

    public static long optlock(int n) {
        Long count = OPTLOCK.get(n);
        if (count == null) {
            throw new IllegalArgumentException("ORACLES.md gives optlock(N) only for N = 1..5, not " + n);
        }
        return count;
    }

    public static long big0() {
        return 69_112;
    }

    /** k!·2^k: the readers' order on mi, and for each i whether writer i or reader i takes ma[i] first. */
    public static long mpat(int k) {
        return factorial(k) << k;
    }

    /** n!: the order in which the workers take the lock. */
    public static long pi(int n) {
        return factorial(n);
    }

    public static long sleepTrap() {
        return 4;
    }

    public static long twoWriters() {
        return 4;
    }

    public static long factorial(int n) {
        long result = 1;
        for (int i = 2; i <= n; i++) {
            result *= i;
        }
        return result;
    }
}
