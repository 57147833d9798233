package dev.weft.scheduler.instrument;

import java.util.Optional;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Calls of {@link AtomicMethods} → {@code Hooks.atomicAccess(atomic, index, access, site)} before the call and, for
 * compare-and-set, {@code Hooks.casResult(success, site)} after it. The arguments are parked in fresh local variables
 * to reach the receiver (and the index or the updated object) beneath them, then pushed back.
 *
 * <p>For field updaters the site names the updated field ({@code member} = field name, {@code declaringClass} = its
 * class), as a {@code GETFIELD} of that field would, so that the runtime sees one location either way. The field is
 * known when the updater was read from a static field initialised with {@code newUpdater(Owner.class, "name")}, in
 * this class or another; otherwise the site's member is empty and the runtime must assume any field of the object.
 */
final class AtomicVisitor extends MethodVisitor {

    private static final String ACCESS_DESCRIPTOR = "(Ljava/lang/Object;III)V";
    private static final String VAR_HANDLE_ACCESS_DESCRIPTOR = "(Ljava/lang/Object;Ljava/lang/Object;III)V";

    private final MethodContext context;
    /** The static field the last updater was read from ({@code owner.name}), or {@code null}. */
    private String[] lastUpdaterField;

    AtomicVisitor(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        Type type = Type.getType(descriptor);
        if (type.getSort() == Type.OBJECT && AtomicMethods.isUpdater(type.getInternalName())) {
            lastUpdaterField = opcode == Opcodes.GETSTATIC ? new String[] {owner, name} : null;
        }
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        Optional<AtomicMethods.Shape> shape = opcode == Opcodes.INVOKEVIRTUAL
                ? shapeOf(owner, name, descriptor, context.types())
                : Optional.empty();
        Optional<AtomicMethods.Access> access = shape.flatMap(s -> AtomicMethods.access(name, s));
        if (access.isEmpty()) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        int site = shape.get() == AtomicMethods.Shape.UPDATER
                ? updaterSite()
                : context.site(Emit.simpleName(owner) + "." + name);
        Type[] arguments = Type.getArgumentTypes(descriptor);
        int[] slots = announce(shape.get(), access.get().access(), site, arguments);
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
        switch (access.get().casResult()) {
            case BOOLEAN -> Emit.callHook(mv, site, "casResult", "(ZI)Z");
            case WITNESS -> reportWitnessResult(site, arguments, slots);
            case NONE -> {
            }
        }
        CallBracket.forget(mv, arguments, slots);
    }

    /** Whether this visitor announces the call. */
    static boolean intercepts(int opcode, String owner, String name, String descriptor, TypeHierarchy.View types) {
        return opcode == Opcodes.INVOKEVIRTUAL && shapeOf(owner, name, descriptor, types)
                .flatMap(shape -> AtomicMethods.access(name, shape)).isPresent();
    }

    /**
     * The shape of the atomic class the call is a method of: the owner's, or for a subclass of one of the JDK's
     * atomic classes, that class's if it declares the method with this very descriptor. A subclass's own method of
     * the same name (Jetty's {@code AtomicBiInteger extends AtomicLong} has a {@code compareAndSet(long, int, int)})
     * is code of the subclass, whose accesses of the value are seen inside it; taken for the atomic operation, it
     * left a compare-and-set announced whose outcome never came.
     */
    private static Optional<AtomicMethods.Shape> shapeOf(String owner, String name, String descriptor,
                                                         TypeHierarchy.View types) {
        AtomicMethods.Shape exact = AtomicMethods.shape(owner);
        if (exact != null || owner.startsWith("java/")) {
            return Optional.ofNullable(exact);
        }
        return AtomicMethods.classes().stream()
                .filter(atomic -> types.isSubtypeOf(owner, atomic))
                .findFirst()
                .filter(atomic -> AtomicMethods.declares(atomic, name, descriptor))
                .map(AtomicMethods::shape);
    }

    private int updaterSite() {
        String[] field = lastUpdaterField;
        lastUpdaterField = null;
        Optional<ClassScan.UpdatedField> updated = field == null
                ? Optional.empty()
                : context.types().updatedField(field[0], field[1], context.classContext());
        return updated
                .map(f -> context.site(f.name(), Emit.dotted(f.declaringClass())))
                .orElseGet(() -> context.site(""));
    }

    /**
     * Calls {@code atomicAccess} with the operands of the call on the stack, and leaves them as they were.
     *
     * @return the local variables holding the arguments (still valid after the call)
     */
    private int[] announce(AtomicMethods.Shape shape, int accessKind, int site, Type[] arguments) {
        int[] slots = CallBracket.parkArguments(context, mv, arguments);
        if (arguments.length == 0) {
            super.visitInsn(Opcodes.DUP);
            if (shape == AtomicMethods.Shape.VAR_HANDLE) {
                super.visitInsn(Opcodes.ACONST_NULL);
            }
            Emit.pushInt(mv, -1);
        } else {
            switch (shape) {
                case SCALAR, ADDER -> {
                    super.visitInsn(Opcodes.DUP);
                    Emit.pushInt(mv, -1);
                }
                case ARRAY -> {
                    super.visitInsn(Opcodes.DUP);
                    Emit.load(mv, arguments[0], slots[0]);
                }
                case UPDATER -> {
                    Emit.load(mv, arguments[0], slots[0]);
                    Emit.pushInt(mv, -1);
                }
                case VAR_HANDLE -> {
                    super.visitInsn(Opcodes.DUP);
                    if (arguments[0].getSort() >= Type.ARRAY) {
                        Emit.load(mv, arguments[0], slots[0]);
                    } else {
                        super.visitInsn(Opcodes.ACONST_NULL);
                    }
                    if (arguments.length > 1 && arguments[1].getSort() == Type.INT) {
                        Emit.load(mv, arguments[1], slots[1]);
                    } else {
                        Emit.pushInt(mv, -1);
                    }
                }
            }
        }
        Emit.pushInt(mv, accessKind);
        if (shape == AtomicMethods.Shape.VAR_HANDLE) {
            Emit.callHook(mv, site, "varHandleAccess", VAR_HANDLE_ACCESS_DESCRIPTOR);
        } else {
            Emit.callHook(mv, site, "atomicAccess", ACCESS_DESCRIPTOR);
        }
        CallBracket.reloadArguments(mv, arguments, slots);
        return slots;
    }

    /**
     * {@code compareAndExchange} succeeded iff the witness it returns equals the expected value, the last argument
     * but one (after the index of an atomic array, the coordinates of a variable handle).
     */
    private void reportWitnessResult(int site, Type[] arguments, int[] slots) {
        int expected = arguments.length - 2;
        Type type = arguments[expected];
        Label equal = new Label();
        Label done = new Label();
        Emit.dup(mv, type);
        Emit.load(mv, type, slots[expected]);
        switch (type.getSort()) {
            case Type.LONG -> {
                super.visitInsn(Opcodes.LCMP);
                super.visitJumpInsn(Opcodes.IFEQ, equal);
            }
            case Type.OBJECT, Type.ARRAY -> super.visitJumpInsn(Opcodes.IF_ACMPEQ, equal);
            default -> super.visitJumpInsn(Opcodes.IF_ICMPEQ, equal);
        }
        super.visitInsn(Opcodes.ICONST_0);
        super.visitJumpInsn(Opcodes.GOTO, done);
        super.visitLabel(equal);
        super.visitInsn(Opcodes.ICONST_1);
        super.visitLabel(done);
        Emit.callHook(mv, site, "casResult", "(ZI)Z");
        super.visitInsn(Opcodes.POP);
    }
}
