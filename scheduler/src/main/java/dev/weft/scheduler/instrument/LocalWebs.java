package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.Opcodes;

import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.List;

/**
 * A method's reference variables as the values in them flow, not as the slots that hold them: each web is the stores
 * of one slot and the loads they reach, joined wherever one load can see more than one store (reaching definitions).
 *
 * <p>javac gives a slot to one variable after another: the iterator of a first {@code for} loop over a parameter and
 * the iterator of a second loop over the method's own list share a slot. Judged by slot, the second list's iterator
 * was tainted by the first loop's parameter and the list could not be kept out of the scheduling points
 * ({@link ConfinedObjects}); judged by web, the two loops' iterators are two variables.
 *
 * <p>Over-approximating what reaches a load only joins webs, which is the slot-based answer again, so every shortcut
 * here errs that way: a long or double store does not kill its second slot, and an instruction inside a
 * {@code try} range passes to the handler what holds both before and after it.
 */
final class LocalWebs {

    /** Above this many bits of reaching-definition sets, the method is not split (its variables stay slots). */
    private static final long MAX_BITS = 16_000_000L;

    /** For each ALOAD and ASTORE, its web; -1 for other instructions. */
    private final int[] webOf;
    private final BitSet parameterWebs;

    private LocalWebs(int[] webOf, BitSet parameterWebs) {
        this.webOf = webOf;
        this.parameterWebs = parameterWebs;
    }

    /** The web of the {@code ALOAD} or {@code ASTORE} at {@code instruction}. */
    int web(int instruction) {
        return webOf[instruction];
    }

    /** Whether the web can hold a value the method was given: a parameter, or {@code this}. */
    boolean holdsParameter(int web) {
        return parameterWebs.get(web);
    }

    /**
     * The webs of a method, or {@code null} if it is too large to split or uses {@code jsr}/{@code ret}.
     *
     * @param opcodes        the method's instructions, without labels
     * @param slots          each instruction's local variable slot (for loads, stores and {@code iinc})
     * @param successors     each instruction's normal successors (jumps and the fall-through)
     * @param handlers       the {@code try} ranges as {@code {first, end (exclusive), handler}} instruction numbers
     * @param parameterSlots the slots the method is entered with ({@code this} and the parameters)
     */
    static LocalWebs of(int[] opcodes, int[] slots, List<int[]> successors, List<int[]> handlers,
                        int parameterSlots) {
        int size = opcodes.length;
        int[] defOf = new int[size];
        int defs = parameterSlots;
        int maxSlot = parameterSlots;
        for (int i = 0; i < size; i++) {
            int op = opcodes[i];
            if (op == Opcodes.JSR || op == Opcodes.RET) {
                return null;
            }
            defOf[i] = op == Opcodes.ASTORE ? defs++ : -1;
            if (op >= Opcodes.ILOAD && op <= Opcodes.ALOAD || op >= Opcodes.ISTORE && op <= Opcodes.ASTORE) {
                maxSlot = Math.max(maxSlot, slots[i] + 1);
            }
        }
        if ((long) size * defs > MAX_BITS) {
            return null;
        }
        BitSet[] slotDefs = new BitSet[maxSlot];
        for (int slot = 0; slot < maxSlot; slot++) {
            slotDefs[slot] = new BitSet();
        }
        for (int p = 0; p < parameterSlots; p++) {
            slotDefs[p].set(p);
        }
        for (int i = 0; i < size; i++) {
            if (defOf[i] >= 0) {
                slotDefs[slots[i]].set(defOf[i]);
            }
        }
        BitSet[] reaching = reachingDefinitions(opcodes, slots, successors, handlers, parameterSlots, defOf,
                slotDefs);
        return join(opcodes, slots, reaching, defOf, defs, slotDefs, parameterSlots);
    }

    /** What reaches each instruction (null: no path from the entry does). */
    private static BitSet[] reachingDefinitions(int[] opcodes, int[] slots, List<int[]> successors,
                                                List<int[]> handlers, int parameterSlots, int[] defOf,
                                                BitSet[] slotDefs) {
        int size = opcodes.length;
        int[][] handlersOf = handlersOf(size, handlers);
        BitSet[] in = new BitSet[size];
        ArrayDeque<Integer> work = new ArrayDeque<>();
        if (size > 0) {
            in[0] = new BitSet();
            in[0].set(0, parameterSlots);
            work.add(0);
        }
        while (!work.isEmpty()) {
            int i = work.poll();
            BitSet out = (BitSet) in[i].clone();
            int op = opcodes[i];
            if (op >= Opcodes.ISTORE && op <= Opcodes.ASTORE) {
                out.andNot(slotDefs[slots[i]]);
                if (defOf[i] >= 0) {
                    out.set(defOf[i]);
                }
            }
            for (int next : successors.get(i)) {
                flow(out, next, in, work);
            }
            if (handlersOf[i].length > 0) {
                BitSet either = (BitSet) out.clone();
                either.or(in[i]);
                for (int handler : handlersOf[i]) {
                    flow(either, handler, in, work);
                }
            }
        }
        return in;
    }

    private static void flow(BitSet reaching, int next, BitSet[] in, ArrayDeque<Integer> work) {
        if (next >= in.length) {
            return;
        }
        if (in[next] == null) {
            in[next] = (BitSet) reaching.clone();
            work.add(next);
            return;
        }
        int before = in[next].cardinality();
        in[next].or(reaching);
        if (in[next].cardinality() != before) {
            work.add(next);
        }
    }

    private static int[][] handlersOf(int size, List<int[]> handlers) {
        int[] counts = new int[size];
        for (int[] range : handlers) {
            for (int i = range[0]; i < Math.min(range[1], size); i++) {
                counts[i]++;
            }
        }
        int[][] of = new int[size][];
        for (int i = 0; i < size; i++) {
            of[i] = new int[counts[i]];
            counts[i] = 0;
        }
        for (int[] range : handlers) {
            for (int i = range[0]; i < Math.min(range[1], size); i++) {
                of[i][counts[i]++] = range[2];
            }
        }
        return of;
    }

    /** Joins every load's reaching stores into one web; a load nothing reaches is a web of its own, as a parameter. */
    private static LocalWebs join(int[] opcodes, int[] slots, BitSet[] reaching, int[] defOf, int defs,
                                  BitSet[] slotDefs, int parameterSlots) {
        int size = opcodes.length;
        int[] parent = new int[defs + size];
        for (int d = 0; d < parent.length; d++) {
            parent[d] = d;
        }
        int[] loadRoot = new int[size];
        for (int i = 0; i < size; i++) {
            loadRoot[i] = -1;
            if (opcodes[i] != Opcodes.ALOAD) {
                continue;
            }
            if (reaching[i] == null) {
                loadRoot[i] = defs + i;
                continue;
            }
            BitSet seen = (BitSet) reaching[i].clone();
            seen.and(slotDefs[slots[i]]);
            int first = seen.nextSetBit(0);
            if (first < 0) {
                loadRoot[i] = defs + i;
                continue;
            }
            for (int d = seen.nextSetBit(first + 1); d >= 0; d = seen.nextSetBit(d + 1)) {
                union(parent, first, d);
            }
            loadRoot[i] = first;
        }
        int[] webOf = new int[size];
        BitSet parameterWebs = new BitSet();
        for (int p = 0; p < parameterSlots; p++) {
            parameterWebs.set(find(parent, p));
        }
        for (int i = 0; i < size; i++) {
            if (defOf[i] >= 0) {
                webOf[i] = find(parent, defOf[i]);
            } else if (loadRoot[i] >= defs) {
                webOf[i] = loadRoot[i];
                parameterWebs.set(loadRoot[i]);
            } else {
                webOf[i] = loadRoot[i] < 0 ? -1 : find(parent, loadRoot[i]);
            }
        }
        return new LocalWebs(webOf, parameterWebs);
    }

    private static int find(int[] parent, int d) {
        while (parent[d] != d) {
            parent[d] = parent[parent[d]];
            d = parent[d];
        }
        return d;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = find(parent, a);
        int rb = find(parent, b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }
}
