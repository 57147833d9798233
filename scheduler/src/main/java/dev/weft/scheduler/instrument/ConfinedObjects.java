package dev.weft.scheduler.instrument;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Finds, in one method's code, the accesses of objects that the method allocates and never lets out of its frame: a
 * list or deque ({@code ArrayList}, {@code LinkedList}, {@code ArrayDeque}) or an array made by the method, kept only
 * in its local variables, and used only as the receiver of a call that cannot publish it, or as the array of an
 * element access. No other thread can ever reach such an object, so its accesses need no scheduling point: every
 * interleaving of them with other threads' operations is the same trace. The usual start loop of a test
 * ({@code threads.add(t)}, then {@code for (Thread t : threads) t.join()}) is the common case.
 *
 * <p>The analysis is deliberately narrow, so that it is sound by construction rather than by a heap model:
 * <ul>
 *   <li>a local variable qualifies only if every store to it is a fresh allocation of one kind (the constructor
 *       {@code ()} or {@code (int)} right before the store; for an array, the allocation right before), an iterator
 *       of a qualifying list ({@code list.iterator()} right before), or a copy of another qualifying variable;</li>
 *   <li>every load of it must reach its use in straight-line code (no jump, no jump target in between) where the
 *       value is the receiver of an allowed call ({@link #LIST_CALLS}, {@link #ITERATOR_CALLS}), the array of an
 *       element access or of {@code arraylength}, a {@code checkcast} or null test, or a copy into another qualifying
 *       variable; anything else (an argument, a field or array store, a return, a lambda's capture, a monitor, a
 *       {@code dup} other than an array's with its index) disqualifies the variable;</li>
 *   <li>variables linked by copies and a list with its iterators qualify or fail together: an iterator of a shared
 *       list is a view of it, and a list whose iterator escapes escapes with it.</li>
 * </ul>
 * In a constructor of a class whose superclass is {@code Object}, the same holds of the accesses of {@code this}'s
 * fields until {@code this} can have left the constructor ({@link Analysis#unpublishedThisAccesses}): a new object's
 * fields set by its constructor are not visible operations.
 *
 * <p>The result is a set of instruction numbers (counted as {@link PositionTracker} counts them) whose hooks the
 * instrumenting pass leaves out.
 */
final class ConfinedObjects {

    /** Classes whose fresh instances may be confined: not thread-safe, and no call of {@link #LIST_CALLS} calls back. */
    private static final Set<String> LIST_CLASSES = Set.of("java/util/ArrayList", "java/util/LinkedList",
            "java/util/ArrayDeque");

    /**
     * Calls on such an object that neither publish it nor call user code inside the collection's step (no
     * {@code equals}, no comparator). {@code forEach} hands each element to the user's code, never the list, and runs
     * that code openly, with its own visible operations, as it does on any list that is not thread-safe.
     */
    private static final Set<String> LIST_CALLS = Set.of("forEach(Ljava/util/function/Consumer;)V",
            "add(Ljava/lang/Object;)Z", "add(ILjava/lang/Object;)V", "get(I)Ljava/lang/Object;",
            "set(ILjava/lang/Object;)Ljava/lang/Object;", "size()I", "isEmpty()Z", "remove(I)Ljava/lang/Object;",
            "clear()V", "addFirst(Ljava/lang/Object;)V", "addLast(Ljava/lang/Object;)V",
            "offer(Ljava/lang/Object;)Z", "offerFirst(Ljava/lang/Object;)Z", "offerLast(Ljava/lang/Object;)Z",
            "push(Ljava/lang/Object;)V", "pop()Ljava/lang/Object;", "poll()Ljava/lang/Object;",
            "pollFirst()Ljava/lang/Object;", "pollLast()Ljava/lang/Object;", "peek()Ljava/lang/Object;",
            "peekFirst()Ljava/lang/Object;", "peekLast()Ljava/lang/Object;", "removeFirst()Ljava/lang/Object;",
            "removeLast()Ljava/lang/Object;", "getFirst()Ljava/lang/Object;", "getLast()Ljava/lang/Object;");

    private static final String ITERATOR = "iterator()Ljava/util/Iterator;";

    /** Calls on an iterator of a confined list. */
    private static final Set<String> ITERATOR_CALLS = Set.of("hasNext()Z", "next()Ljava/lang/Object;");

    private enum Kind { LIST, ARRAY, ITERATOR }

    /** One instruction of the method, or a label (opcode {@code -1}). */
    private record Insn(int opcode, int var, String owner, String name, String descriptor, Object constant,
                        Label label, List<Label> jumps) {
    }

    private ConfinedObjects() {
    }

    /** Records a method's code as the first pass reads it; {@link #confinedAccesses} analyses it at the end. */
    static final class Recorder extends MethodVisitor {

        private final List<Insn> code = new ArrayList<>();
        private final Set<Label> targets = new HashSet<>();
        /** The {@code try} ranges: start, end and handler. */
        private final List<Label[]> tryRanges = new ArrayList<>();
        private final int parameterSlots;

        Recorder(int access, String descriptor) {
            super(OpenedClassReader.ASM_API);
            this.parameterSlots = (Type.getArgumentsAndReturnSizes(descriptor) >> 2)
                    - ((access & Opcodes.ACC_STATIC) != 0 ? 1 : 0);
        }

        private void add(int opcode, int var, String owner, String name, String descriptor, Object constant) {
            code.add(new Insn(opcode, var, owner, name, descriptor, constant, null, List.of()));
        }

        @Override
        public void visitLabel(Label label) {
            code.add(new Insn(-1, 0, null, null, null, null, label, List.of()));
        }

        @Override
        public void visitInsn(int opcode) {
            add(opcode, 0, null, null, null, null);
        }

        @Override
        public void visitIntInsn(int opcode, int operand) {
            add(opcode, operand, null, null, null, null);
        }

        @Override
        public void visitVarInsn(int opcode, int var) {
            add(opcode, var, null, null, null, null);
        }

        @Override
        public void visitTypeInsn(int opcode, String type) {
            add(opcode, 0, type, null, null, null);
        }

        @Override
        public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
            add(opcode, 0, owner, name, descriptor, null);
        }

        @Override
        public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
            add(opcode, 0, owner, name, descriptor, null);
        }

        @Override
        public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
            add(Opcodes.INVOKEDYNAMIC, 0, null, name, descriptor, null);
        }

        @Override
        public void visitJumpInsn(int opcode, Label label) {
            targets.add(label);
            code.add(new Insn(opcode, 0, null, null, null, null, null, List.of(label)));
        }

        @Override
        public void visitLdcInsn(Object value) {
            add(Opcodes.LDC, 0, null, null, null, value);
        }

        @Override
        public void visitIincInsn(int var, int increment) {
            add(Opcodes.IINC, var, null, null, null, null);
        }

        @Override
        public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
            switchInsn(Opcodes.TABLESWITCH, dflt, labels);
        }

        @Override
        public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
            switchInsn(Opcodes.LOOKUPSWITCH, dflt, labels);
        }

        private void switchInsn(int opcode, Label dflt, Label[] labels) {
            List<Label> jumps = new ArrayList<>(List.of(labels));
            jumps.add(dflt);
            targets.addAll(jumps);
            code.add(new Insn(opcode, 0, null, null, null, null, null, jumps));
        }

        @Override
        public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
            add(Opcodes.MULTIANEWARRAY, dimensions, null, null, descriptor, null);
        }

        @Override
        public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
            targets.add(handler);
            tryRanges.add(new Label[] {start, end, handler});
        }

        /**
         * The numbers of the instructions whose hooks may be left out, each with its opcode (to check against).
         *
         * @param constructorOfObjectSubclass whether the method is a constructor whose superclass is {@code Object}
         *                                    (whose accesses of {@code this} before it can have left may be too)
         */
        Map<Integer, Integer> confinedAccesses(boolean constructorOfObjectSubclass) {
            Analysis analysis = new Analysis(code, targets, tryRanges, parameterSlots);
            BitSet found = analysis.run();
            if (constructorOfObjectSubclass && tryRanges.isEmpty()) {
                found.or(analysis.unpublishedThisAccesses());
            }
            Map<Integer, Integer> opcodes = new HashMap<>();
            found.stream().forEach(i -> opcodes.put(i, analysis.insns.get(i).opcode()));
            return opcodes;
        }
    }

    /** The analysis of one method. */
    private static final class Analysis {

        /** The instructions without labels; {@code jumpedTo[i]}: a jump target lies right before instruction i. */
        private final List<Insn> insns = new ArrayList<>();
        /** Each label's place: the number of the instruction after it. */
        private final Map<Label, Integer> labels = new HashMap<>();
        private final BitSet jumpedTo = new BitSet();
        private final List<Label[]> tryRanges;
        private final int parameterSlots;
        /** The method's reference variables by web ({@link LocalWebs}); variables below are webs, not slots. */
        private LocalWebs webs;
        private final Map<Integer, Kind> kinds = new HashMap<>();
        private final Set<Integer> disqualified = new HashSet<>();
        /** Variables that qualify or fail together (copies, a list and its iterators), as pairs. */
        private final List<int[]> linked = new ArrayList<>();
        /** For each variable, the instructions that access its object and would be left out. */
        private final Map<Integer, BitSet> accesses = new HashMap<>();

        Analysis(List<Insn> code, Set<Label> targets, List<Label[]> tryRanges, int parameterSlots) {
            this.tryRanges = tryRanges;
            this.parameterSlots = parameterSlots;
            boolean target = false;
            for (Insn insn : code) {
                if (insn.opcode() < 0) {
                    target |= targets.contains(insn.label());
                    labels.put(insn.label(), insns.size());
                } else {
                    if (target) {
                        jumpedTo.set(insns.size());
                    }
                    insns.add(insn);
                    target = false;
                }
            }
        }

        BitSet run() {
            if (!anyFreshStore()) {
                return new BitSet();
            }
            webs = findWebs();
            if (webs == null) {
                return new BitSet();
            }
            classifyStores();
            if (kinds.isEmpty()) {
                return new BitSet();
            }
            for (int i = 0; i < insns.size(); i++) {
                Insn insn = insns.get(i);
                if (insn.opcode() == Opcodes.ALOAD && kinds.containsKey(variable(i))
                        && !disqualified.contains(variable(i))) {
                    followLoad(i, variable(i));
                }
            }
            boolean changed = true;
            while (changed) {
                changed = false;
                for (int[] pair : linked) {
                    boolean a = disqualified.contains(pair[0]);
                    boolean b = disqualified.contains(pair[1]);
                    if (a != b) {
                        disqualified.add(pair[0]);
                        disqualified.add(pair[1]);
                        changed = true;
                    }
                }
            }
            BitSet result = new BitSet();
            accesses.forEach((var, sites) -> {
                if (!disqualified.contains(var)) {
                    result.or(sites);
                }
            });
            return result;
        }

        /** Whether some store puts a fresh list, array or iterator in a variable: else nothing can qualify. */
        private boolean anyFreshStore() {
            for (int i = 0; i < insns.size(); i++) {
                if (insns.get(i).opcode() == Opcodes.ASTORE && storedKind(i) != null) {
                    return true;
                }
            }
            return false;
        }

        private LocalWebs findWebs() {
            int size = insns.size();
            int[] opcodes = new int[size];
            int[] slots = new int[size];
            List<int[]> successors = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                opcodes[i] = insns.get(i).opcode();
                slots[i] = insns.get(i).var();
                successors.add(successors(i).stream().mapToInt(Integer::intValue).toArray());
            }
            List<int[]> handlers = new ArrayList<>();
            for (Label[] range : tryRanges) {
                handlers.add(new int[] {labels.get(range[0]), labels.get(range[1]), labels.get(range[2])});
            }
            return LocalWebs.of(opcodes, slots, successors, handlers, parameterSlots);
        }

        /** The variable (web) of the {@code ALOAD} or {@code ASTORE} at {@code i}. */
        private int variable(int i) {
            return webs.web(i);
        }

        /** Gives each variable the kind of what is stored in it, or disqualifies it. */
        private void classifyStores() {
            List<Integer> copies = new ArrayList<>();
            for (int i = 0; i < insns.size(); i++) {
                Insn insn = insns.get(i);
                if (insn.opcode() != Opcodes.ASTORE) {
                    continue;
                }
                if (isCopy(i)) {
                    copies.add(i);
                    continue;
                }
                Kind stored = storedKind(i);
                if (stored == Kind.ITERATOR) {
                    linked.add(new int[] {variable(i - 2), variable(i)}); // the list it iterates
                }
                int var = variable(i);
                if (webs.holdsParameter(var) || stored == null) {
                    disqualified.add(var);
                } else if (kinds.putIfAbsent(var, stored) != null && kinds.get(var) != stored) {
                    disqualified.add(var);
                }
            }
            // a copy takes its source's kind; a chain of copies settles in as many rounds as it is long
            for (int round = 0; round <= copies.size(); round++) {
                boolean last = round == copies.size();
                for (int i : copies) {
                    int source = variable(i - 1);
                    int target = variable(i);
                    Kind from = kinds.get(source);
                    Kind to = kinds.get(target);
                    if (from != null && from != Kind.ITERATOR && (to == null || to == from)) {
                        kinds.put(target, from);
                    } else if (last) {
                        disqualified.add(target);
                    }
                    if (last) {
                        linked.add(new int[] {source, target});
                    }
                }
            }
            for (int[] pair : linked) {
                for (int var : pair) {
                    if (!kinds.containsKey(var) || webs.holdsParameter(var)) {
                        disqualified.add(var);
                    }
                }
            }
        }

        /** The kind of a fresh object stored by the {@code ASTORE} at {@code i}, or {@code null}. */
        private Kind storedKind(int i) {
            if (i == 0 || jumpedTo.get(i)) {
                return null;
            }
            Insn previous = insns.get(i - 1);
            if (previous.opcode() == Opcodes.NEWARRAY || previous.opcode() == Opcodes.ANEWARRAY) {
                return Kind.ARRAY;
            }
            if (previous.opcode() == Opcodes.INVOKESPECIAL && previous.name().equals("<init>")
                    && LIST_CLASSES.contains(previous.owner()) && isFreshConstruction(i - 1, previous)) {
                return Kind.LIST;
            }
            if ((previous.opcode() == Opcodes.INVOKEINTERFACE || previous.opcode() == Opcodes.INVOKEVIRTUAL)
                    && (previous.name() + previous.descriptor()).equals(ITERATOR) && i >= 2 && !jumpedTo.get(i - 1)
                    && insns.get(i - 2).opcode() == Opcodes.ALOAD) {
                return Kind.ITERATOR;
            }
            return null;
        }

        private boolean isCopy(int i) {
            return i > 0 && !jumpedTo.get(i) && insns.get(i - 1).opcode() == Opcodes.ALOAD;
        }

        /** {@code NEW C; DUP; [one int push]; INVOKESPECIAL C.<init>(()V or (I)V)} ending at {@code init}. */
        private boolean isFreshConstruction(int init, Insn constructor) {
            int arguments = switch (constructor.descriptor()) {
                case "()V" -> 0;
                case "(I)V" -> 1;
                default -> -1;
            };
            int start = init - 2 - arguments;
            if (arguments < 0 || start < 0) {
                return false;
            }
            for (int j = start + 1; j <= init; j++) {
                if (jumpedTo.get(j)) {
                    return false;
                }
            }
            return insns.get(start).opcode() == Opcodes.NEW && constructor.owner().equals(insns.get(start).owner())
                    && insns.get(start + 1).opcode() == Opcodes.DUP
                    && (arguments == 0 || pushesOneInt(insns.get(start + 2)));
        }

        private static boolean pushesOneInt(Insn insn) {
            int op = insn.opcode();
            return (op >= Opcodes.ICONST_M1 && op <= Opcodes.ICONST_5) || op == Opcodes.BIPUSH
                    || op == Opcodes.SIPUSH || op == Opcodes.ILOAD
                    || (op == Opcodes.LDC && insn.constant() instanceof Integer);
        }

        /**
         * Follows the value that the {@code ALOAD} at {@code load} pushes to the instruction that takes it off the
         * stack, in straight-line code, and judges that use.
         */
        private void followLoad(int load, int var) {
            if (!keptIn(load + 1, 0, var)) {
                disqualified.add(var);
            }
        }

        /**
         * Whether the value, with {@code above} stack slots over it before instruction {@code from}, is used in a way
         * that keeps it in the frame. An array's {@code dup2} with its index ({@code a[i]++}) makes two copies, each
         * followed.
         */
        private boolean keptIn(int from, int above, int var) {
            Use use = use(from, above);
            if (use == null) {
                return false;
            }
            Insn insn = insns.get(use.at());
            if (insn.opcode() == Opcodes.IFNULL || insn.opcode() == Opcodes.IFNONNULL) {
                return true;
            }
            if (use.above() == 1 && insn.opcode() == Opcodes.DUP2 && kinds.get(var) == Kind.ARRAY) {
                // [a, i] -> [a, i, a, i]: the lower copy has three slots over it, the upper one one
                return keptIn(use.at() + 1, 3, var) && keptIn(use.at() + 1, 1, var);
            }
            return use.onObject() && judgeUse(kinds.get(var), var, use.at(), insn);
        }

        /** Where a value is taken off the stack, the slots over it then, and how many the instruction took. */
        private record Use(int at, int above, int taken) {

            /**
             * Whether the value is the instruction's first operand, the deepest it takes: the object it acts on (a
             * call's receiver, the array of an element access, the object of a field access), not an argument.
             */
            boolean onObject() {
                return taken == above + 1;
            }
        }

        /**
         * Follows a value, with {@code above} stack slots over it before instruction {@code from}, in straight-line
         * code to the instruction that takes it off the stack (a {@code checkcast} leaves it on); {@code null} if it
         * would live across a jump, a jump target, a return or a throw (a null test may take it).
         */
        private Use use(int from, int above) {
            for (int i = from; i < insns.size() && !jumpedTo.get(i); i++) {
                Insn insn = insns.get(i);
                int[] effect = StackEffect.of(insn.opcode(), insn.var(), insn.descriptor(), insn.constant());
                if (effect == null) {
                    boolean nullTest = insn.opcode() == Opcodes.IFNULL || insn.opcode() == Opcodes.IFNONNULL;
                    return above == 0 && nullTest ? new Use(i, 0, 1) : null;
                }
                if (effect[0] <= above) {
                    above += effect[1] - effect[0];
                } else if (above != 0 || insn.opcode() != Opcodes.CHECKCAST) {
                    return new Use(i, above, effect[0]);
                }
            }
            return null;
        }

        /**
         * In a constructor whose superclass is {@code Object}: the accesses of {@code this}'s fields on every path
         * before {@code this} can have left the constructor. Until then no other thread can reach the object. Any use
         * of {@code this} but as the object of a field access or of {@code Object}'s constructor counts as leaving,
         * from the load on; so does a load whose use lies past a jump. Slot 0 must hold {@code this} throughout.
         */
        BitSet unpublishedThisAccesses() {
            BitSet accesses = new BitSet();
            BitSet leaves = new BitSet();
            for (int i = 0; i < insns.size(); i++) {
                Insn insn = insns.get(i);
                int op = insn.opcode();
                if (insn.var() == 0 && op >= Opcodes.ISTORE && op <= Opcodes.ASTORE || op == Opcodes.JSR
                        || op == Opcodes.RET) {
                    return new BitSet();
                }
                if (op == Opcodes.ALOAD && insn.var() == 0) {
                    Use use = use(i + 1, 0);
                    Insn user = use == null || !use.onObject() ? null : insns.get(use.at());
                    if (user != null && (user.opcode() == Opcodes.GETFIELD || user.opcode() == Opcodes.PUTFIELD)) {
                        accesses.set(use.at());
                    } else if (user == null || !(user.opcode() == Opcodes.INVOKESPECIAL
                            && user.name().equals("<init>") && user.owner().equals("java/lang/Object"))) {
                        leaves.set(i);
                    }
                }
            }
            BitSet notLeftBefore = stillInBefore(leaves);
            accesses.and(notLeftBefore);
            return accesses;
        }

        /** The instructions reached on some path from the entry, and on none after an instruction in {@code leaves}. */
        private BitSet stillInBefore(BitSet leaves) {
            byte[] state = new byte[insns.size()]; // 0: not reached, 1: reached, still in, 2: reached after a leave
            ArrayDeque<Integer> work = new ArrayDeque<>();
            if (!insns.isEmpty()) {
                state[0] = 1;
                work.add(0);
            }
            while (!work.isEmpty()) {
                int i = work.poll();
                byte after = leaves.get(i) ? 2 : state[i];
                for (int next : successors(i)) {
                    if (next < insns.size() && state[next] < after) {
                        state[next] = after;
                        work.add(next);
                    }
                }
            }
            BitSet in = new BitSet();
            for (int i = 0; i < state.length; i++) {
                if (state[i] == 1) {
                    in.set(i);
                }
            }
            return in;
        }

        private List<Integer> successors(int i) {
            Insn insn = insns.get(i);
            List<Integer> next = new ArrayList<>();
            for (Label jump : insn.jumps()) {
                next.add(labels.get(jump));
            }
            int op = insn.opcode();
            boolean goesOn = op != Opcodes.GOTO && op != Opcodes.ATHROW && op != Opcodes.TABLESWITCH
                    && op != Opcodes.LOOKUPSWITCH && (op < Opcodes.IRETURN || op > Opcodes.RETURN);
            if (goesOn) {
                next.add(i + 1);
            }
            return next;
        }

        /** Whether the instruction at {@code i}, acting on the value as its object ({@link Use#onObject}), keeps it. */
        private boolean judgeUse(Kind kind, int var, int i, Insn insn) {
            int op = insn.opcode();
            if (op == Opcodes.INSTANCEOF) {
                return true;
            }
            if (op == Opcodes.ASTORE) {
                return isCopy(i) && kinds.get(variable(i)) == kind && kind != Kind.ITERATOR; // linked as a copy
            }
            if (kind == Kind.ARRAY) {
                boolean element = (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD)
                        || (op >= Opcodes.IASTORE && op <= Opcodes.SASTORE);
                if (element) {
                    access(var, i);
                }
                return element || op == Opcodes.ARRAYLENGTH;
            }
            if (op != Opcodes.INVOKEINTERFACE && op != Opcodes.INVOKEVIRTUAL) {
                return false;
            }
            String call = insn.name() + insn.descriptor();
            if (kind == Kind.ITERATOR ? !ITERATOR_CALLS.contains(call) : !LIST_CALLS.contains(call)
                    && !(call.equals(ITERATOR) && storesIterator(i))) {
                return false;
            }
            access(var, i);
            return true;
        }

        /** Whether the iterator that the call at {@code i} returns goes straight into a variable. */
        private boolean storesIterator(int i) {
            return i + 1 < insns.size() && !jumpedTo.get(i + 1) && insns.get(i + 1).opcode() == Opcodes.ASTORE
                    && kinds.get(variable(i + 1)) == Kind.ITERATOR;
        }

        private void access(int var, int i) {
            accesses.computeIfAbsent(var, v -> new BitSet()).set(i);
        }
    }
}
