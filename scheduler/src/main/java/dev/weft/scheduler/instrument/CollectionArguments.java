package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

import java.util.Map;
import java.util.Set;

/**
 * The JDK constructors and static helpers that read or change a collection passed to them, and which of their
 * arguments: every constructor of a {@code java.util} class that takes a collection or a map
 * ({@code new ArrayList<>(c)}, {@code new TreeMap<>(m)}), and the helpers below. Bracketed calls on a collection that
 * take another one ({@code addAll}) read it in their own step instead ({@link CollectionMethods}).
 */
final class CollectionArguments {

    /** What a call does to one argument. */
    enum Use { NONE, READ, WRITE }

    private static final Set<String> COLLECTION_TYPES = Set.of("Ljava/util/Collection;", "Ljava/util/Map;",
            "Ljava/util/SortedMap;", "Ljava/util/SortedSet;", "Ljava/util/PriorityQueue;",
            "Ljava/util/concurrent/PriorityBlockingQueue;", "Ljava/util/List;", "Ljava/util/Set;",
            "Ljava/util/EnumSet;", "Ljava/util/EnumMap;");

    private static final Use R = Use.READ;
    private static final Use W = Use.WRITE;

    /** Static helpers, by owner, name and the use of each leading argument (later ones are not collections). */
    private static final Map<String, Use[]> HELPERS = Map.ofEntries(
            Map.entry("java/util/List.copyOf", new Use[] {R}),
            Map.entry("java/util/Set.copyOf", new Use[] {R}),
            Map.entry("java/util/Map.copyOf", new Use[] {R}),
            Map.entry("java/util/Collections.max", new Use[] {R}),
            Map.entry("java/util/Collections.min", new Use[] {R}),
            Map.entry("java/util/Collections.frequency", new Use[] {R}),
            Map.entry("java/util/Collections.binarySearch", new Use[] {R}),
            Map.entry("java/util/Collections.disjoint", new Use[] {R, R}),
            Map.entry("java/util/Collections.indexOfSubList", new Use[] {R, R}),
            Map.entry("java/util/Collections.lastIndexOfSubList", new Use[] {R, R}),
            Map.entry("java/util/Collections.sort", new Use[] {W}),
            Map.entry("java/util/Collections.shuffle", new Use[] {W}),
            Map.entry("java/util/Collections.reverse", new Use[] {W}),
            Map.entry("java/util/Collections.swap", new Use[] {W}),
            Map.entry("java/util/Collections.fill", new Use[] {W}),
            Map.entry("java/util/Collections.rotate", new Use[] {W}),
            Map.entry("java/util/Collections.replaceAll", new Use[] {W}),
            Map.entry("java/util/Collections.addAll", new Use[] {W}),
            Map.entry("java/util/Collections.copy", new Use[] {W, R}),
            Map.entry("java/lang/String.join", new Use[] {Use.NONE, R}));

    private CollectionArguments() {
    }

    /** The use of each argument of the call, or {@code null} when it uses none as a collection. */
    static Use[] of(int opcode, String owner, String name, String descriptor) {
        Type[] arguments = Type.getArgumentTypes(descriptor);
        if (opcode == Opcodes.INVOKESPECIAL && name.equals("<init>") && owner.startsWith("java/util/")) {
            Use[] uses = new Use[arguments.length];
            boolean any = false;
            for (int i = 0; i < arguments.length; i++) {
                boolean collection = COLLECTION_TYPES.contains(arguments[i].getDescriptor());
                uses[i] = collection ? Use.READ : Use.NONE;
                any |= collection;
            }
            return any ? uses : null;
        }
        Use[] helper = opcode == Opcodes.INVOKESTATIC ? HELPERS.get(owner + "." + name) : null;
        if (helper == null) {
            return null;
        }
        Use[] uses = new Use[arguments.length];
        for (int i = 0; i < arguments.length; i++) {
            boolean reference = arguments[i].getSort() == Type.OBJECT;
            uses[i] = i < helper.length && reference ? helper[i] : Use.NONE;
        }
        return uses;
    }
}
