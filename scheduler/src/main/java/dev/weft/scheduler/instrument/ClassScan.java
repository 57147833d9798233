package dev.weft.scheduler.instrument;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * A first, read-only pass over a class file, for what the instrumenting pass needs before it sees a method's code:
 * <ul>
 *   <li>each method's first source line, for hooks inserted at entry, before the code says its line;</li>
 *   <li>whether any method with code is {@code synchronized};</li>
 *   <li>each method's original {@code max_locals}, so that inserted code can keep values in fresh local variables
 *       above every variable of the original code (ByteBuddy's shaded ASM has no {@code LocalVariablesSorter});</li>
 *   <li>each method's accesses of objects that never leave its frame, and a constructor's of {@code this} before it
 *       can have left ({@link ConfinedObjects});</li>
 *   <li>the field each static atomic field updater of the class updates, found in the static initialiser as
 *       {@code newUpdater(Owner.class, [Value.class,] "name")} stored by {@code PUTSTATIC}.</li>
 * </ul>
 */
final class ClassScan {

    /** The field an updater updates: the declaring class (internal name) and the field name. */
    record UpdatedField(String declaringClass, String name) {
    }

    private final Map<String, Integer> maxLocals = new HashMap<>();
    private final Map<String, Integer> firstLines = new HashMap<>();
    private final Map<String, UpdatedField> updaters = new HashMap<>();
    private final Map<String, Map<Integer, Integer>> confinedAccesses = new HashMap<>();
    private boolean hasSynchronizedMethods;
    private boolean hasInitialiser;
    private boolean ordinaryClass;
    private String superName;

    private ClassScan() {
    }

    static ClassScan of(byte[] classFile) {
        ClassScan scan = new ClassScan();
        OpenedClassReader.of(classFile).accept(scan.new Scanner(), ClassReader.SKIP_FRAMES);
        return scan;
    }

    int maxLocals(String name, String descriptor) {
        Integer max = maxLocals.get(name + descriptor);
        if (max == null) {
            throw new IllegalStateException("method " + name + descriptor + " was not seen by the first pass");
        }
        return max;
    }

    /** The first source line of the method, or {@code -1}: where entry hooks say they are. */
    int firstLine(String name, String descriptor) {
        return firstLines.getOrDefault(name + descriptor, -1);
    }

    /**
     * The method's accesses of objects that never leave its frame: each instruction number with the opcode found
     * there ({@link ConfinedObjects}); empty for most methods.
     */
    Map<Integer, Integer> confinedAccesses(String name, String descriptor) {
        return confinedAccesses.getOrDefault(name + descriptor, Map.of());
    }

    /** Whether a method with code is {@code synchronized}. */
    boolean hasSynchronizedMethods() {
        return hasSynchronizedMethods;
    }

    /**
     * Whether the class has a static initialiser that Weft can run again in each execution ({@code weft$clinit}): a
     * class, not an interface (whose fields must stay final), an enum (whose constants must stay the same objects) nor
     * an annotation or a module.
     */
    boolean initialiserRepeatable() {
        return hasInitialiser && ordinaryClass;
    }

    /** The superclass's internal name, {@code null} for {@code Object}. */
    String superName() {
        return superName;
    }

    /** The field updated by the updater held in this class's static field {@code updaterField}, if known. */
    Optional<UpdatedField> updatedField(String updaterField) {
        return Optional.ofNullable(updaters.get(updaterField));
    }

    private final class Scanner extends ClassVisitor {

        private String className;

        Scanner() {
            super(OpenedClassReader.ASM_API);
        }

        @Override
        public void visit(int version, int access, String name, String signature, String superName,
                          String[] interfaces) {
            className = name;
            ClassScan.this.superName = superName;
            ordinaryClass = (access & (Opcodes.ACC_INTERFACE | Opcodes.ACC_ENUM | Opcodes.ACC_ANNOTATION
                    | Opcodes.ACC_MODULE)) == 0 && !"java/lang/Enum".equals(superName);
        }

        @Override
        public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                         String[] exceptions) {
            String key = name + descriptor;
            if ((access & Opcodes.ACC_SYNCHRONIZED) != 0
                    && (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0) {
                hasSynchronizedMethods = true;
            }
            boolean initialiser = name.equals("<clinit>");
            hasInitialiser |= initialiser;
            ConfinedObjects.Recorder recorder = new ConfinedObjects.Recorder(access, descriptor);
            return new MethodVisitor(OpenedClassReader.ASM_API, recorder) {
                private String lastClassConstant;
                private String lastStringConstant;
                private UpdatedField created;

                @Override
                public void visitLdcInsn(Object value) {
                    super.visitLdcInsn(value);
                    if (value instanceof Type type && type.getSort() == Type.OBJECT && lastClassConstant == null) {
                        lastClassConstant = type.getInternalName();
                    } else if (value instanceof String string) {
                        lastStringConstant = string;
                    }
                }

                @Override
                public void visitMethodInsn(int opcode, String owner, String method, String desc, boolean itf) {
                    super.visitMethodInsn(opcode, owner, method, desc, itf);
                    created = initialiser && opcode == Opcodes.INVOKESTATIC && method.equals("newUpdater")
                            && AtomicMethods.isUpdater(owner) && lastClassConstant != null && lastStringConstant != null
                            ? new UpdatedField(lastClassConstant, lastStringConstant)
                            : null;
                    lastClassConstant = null;
                    lastStringConstant = null;
                }

                @Override
                public void visitFieldInsn(int opcode, String owner, String field, String desc) {
                    super.visitFieldInsn(opcode, owner, field, desc);
                    if (created != null && opcode == Opcodes.PUTSTATIC && owner.equals(className)) {
                        updaters.put(field, created);
                    }
                    created = null;
                }

                @Override
                public void visitLineNumber(int line, Label start) {
                    super.visitLineNumber(line, start);
                    firstLines.putIfAbsent(key, line);
                }

                @Override
                public void visitMaxs(int maxStack, int maxLocal) {
                    maxLocals.put(key, maxLocal);
                }

                @Override
                public void visitEnd() {
                    Map<Integer, Integer> confined = recorder.confinedAccesses(
                            name.equals("<init>") && "java/lang/Object".equals(superName));
                    if (!confined.isEmpty()) {
                        confinedAccesses.put(key, confined);
                    }
                }
            };
        }
    }
}
