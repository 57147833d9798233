package dev.weft.dpor;

/**
 * One of {@code count} disjoint parts of an exploration, numbered from 1 as users write it ({@code weft.shard=2/3}).
 * The shards of one test together run exactly the executions that the whole exploration runs, each in one shard:
 * their {@link ExplorationResult#executions()} add up to the whole's. Which part is whose is decided the same way in
 * every shard, so shards can run in different processes or on different machines without talking to each other.
 *
 * @param number       which part, from 1 to {@code count}
 * @param count        how many parts the exploration is split into
 * @param spareChoices how deep the split lies ({@link Parts#spareChoices()}); the same in every shard of a search
 */
public record Shard(int number, int count, int spareChoices) implements Parts {

    /**
     * {@link #spareChoices()} of the shards users ask for. With 3, big0 in 4 shards (the same split as 3) left 41 % of
     * its traces in one; with 4 no shard of 2 to 4 has more than 0.7·N of its share, for 6 % of sleep-set blocked
     * executions (docs/PERFORMANCE.md, "Shards").
     */
    public static final int DEFAULT_SPARE_CHOICES = 4;

    /** The whole exploration, not split. */
    public static final Shard WHOLE = new Shard(1, 1);

    public Shard {
        if (count < 1 || number < 1 || number > count) {
            throw new IllegalArgumentException("a shard is K/N with 1 <= K <= N, but was " + number + "/" + count);
        }
        if (spareChoices < 0) {
            throw new IllegalArgumentException("spareChoices must be >= 0 but was " + spareChoices);
        }
    }

    /** Shard {@code number} of {@code count}, split where users' shards are. */
    public Shard(int number, int count) {
        this(number, count, DEFAULT_SPARE_CHOICES);
    }

    /**
     * Reads {@code K/N}, as in {@code weft.shard=2/3}.
     *
     * @throws IllegalArgumentException naming the text when it is not of that form
     */
    public static Shard parse(String text) {
        String[] parts = text.trim().split("/", -1);
        try {
            if (parts.length == 2) {
                int number = Integer.parseInt(parts[0].trim());
                int count = Integer.parseInt(parts[1].trim());
                if (number >= 1 && number <= count) {
                    return new Shard(number, count);
                }
            }
        } catch (NumberFormatException e) {
            // reported below with the whole text
        }
        throw new IllegalArgumentException("a shard is written K/N (the K-th of N parts, 1 <= K <= N), but was '"
                + text + "'");
    }

    /** Whether this is the whole exploration. */
    public boolean whole() {
        return count == 1;
    }

    /** Whether the part with this number (from 0, in the order every shard meets the parts) is this shard's. */
    public boolean owns(long part) {
        return part % count == number - 1;
    }

    @Override
    public int ways() {
        return count;
    }

    @Override
    public boolean take(long part) {
        return owns(part);
    }

    @Override
    public String toString() {
        return number + "/" + count;
    }
}
