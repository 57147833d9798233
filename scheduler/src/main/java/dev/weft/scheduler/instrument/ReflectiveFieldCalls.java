package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * A field read or written through reflection ({@code field.get(owner)}, {@code field.setInt(null, 3)}) is the same
 * visible operation as the plain access of the field, and sees the same value: while executions run side by side, a
 * static field's value may be the execution's own copy (runtime {@code StaticCopies}), which the real field does not
 * hold. The real call still runs wherever the copy is not concerned, so the JVM makes the caller's access checks:
 * <pre>
 *   f.getT(o)     →  Hooks.reflectiveFieldAccess(f, o, false); v = f.getT(o); Hooks.reflectiveReadT(v, f)
 *   f.setT(o, v)  →  Hooks.reflectiveFieldAccess(f, o, true);
 *                    if (Hooks.reflectiveWriteKept(f)) { f.get(o); Hooks.reflectiveWrite(f, box(v)) }
 *                    else f.setT(o, v)
 * </pre>
 * The {@code f.get(o)} of a kept write is there for its access check only: the one {@code set} would have made,
 * where the field is not final (a final field is never kept, and its real {@code set} throws).
 */
final class ReflectiveFieldCalls extends MethodVisitor {

    private static final String FIELD = "java/lang/reflect/Field";
    private static final Type FIELD_TYPE = Type.getObjectType(FIELD);
    private static final Type OBJECT_TYPE = Type.getObjectType("java/lang/Object");
    private static final String ACCESS = "(Ljava/lang/reflect/Field;Ljava/lang/Object;ZI)V";

    private final MethodContext context;

    ReflectiveFieldCalls(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (!replaces(opcode, owner, name, descriptor)) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        boolean write = name.startsWith("set");
        Type value = write ? Type.getArgumentTypes(descriptor)[1] : Type.getReturnType(descriptor);
        Type[] operands = write ? new Type[]{FIELD_TYPE, OBJECT_TYPE, value} : new Type[]{FIELD_TYPE, OBJECT_TYPE};
        int[] slots = CallBracket.parkArguments(context, mv, operands);
        int site = context.site("Field." + name);
        CallBracket.reloadArguments(mv, new Type[]{FIELD_TYPE, OBJECT_TYPE}, slots);
        mv.visitInsn(write ? Opcodes.ICONST_1 : Opcodes.ICONST_0);
        Emit.callHook(mv, site, "reflectiveFieldAccess", ACCESS);
        if (write) {
            write(operands, slots, value, name, descriptor, site);
        } else {
            CallBracket.reloadArguments(mv, operands, slots);
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            Emit.load(mv, FIELD_TYPE, slots[0]);
            String kind = StaticCopyCode.kind(value);
            String stackType = StaticCopyCode.stackType(value).getDescriptor();
            Emit.callHook(mv, site, "reflectiveRead" + kind, "(" + stackType + "Ljava/lang/reflect/Field;I)"
                    + stackType);
        }
    }

    private void write(Type[] operands, int[] slots, Type value, String name, String descriptor, int site) {
        Label real = new Label();
        Label done = new Label();
        Emit.load(mv, FIELD_TYPE, slots[0]);
        Emit.callHook(mv, site, "reflectiveWriteKept", "(Ljava/lang/reflect/Field;I)Z");
        mv.visitJumpInsn(Opcodes.IFEQ, real);
        CallBracket.reloadArguments(mv, new Type[]{FIELD_TYPE, OBJECT_TYPE}, slots);
        mv.visitMethodInsn(Opcodes.INVOKEVIRTUAL, FIELD, "get", "(Ljava/lang/Object;)Ljava/lang/Object;", false);
        mv.visitInsn(Opcodes.POP);
        Emit.load(mv, FIELD_TYPE, slots[0]);
        Emit.load(mv, value, slots[2]);
        box(value);
        Emit.callHook(mv, site, "reflectiveWrite", "(Ljava/lang/reflect/Field;Ljava/lang/Object;I)V");
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(real);
        CallBracket.reloadArguments(mv, operands, slots);
        super.visitMethodInsn(Opcodes.INVOKEVIRTUAL, FIELD, name, descriptor, false);
        mv.visitLabel(done);
    }

    /** A primitive on the stack → its wrapper ({@code Integer.valueOf}, ...); a reference stays. */
    private void box(Type type) {
        if (type.getSort() == Type.OBJECT || type.getSort() == Type.ARRAY) {
            return;
        }
        String wrapper = switch (type.getSort()) {
            case Type.BOOLEAN -> "java/lang/Boolean";
            case Type.BYTE -> "java/lang/Byte";
            case Type.CHAR -> "java/lang/Character";
            case Type.SHORT -> "java/lang/Short";
            case Type.INT -> "java/lang/Integer";
            case Type.LONG -> "java/lang/Long";
            case Type.FLOAT -> "java/lang/Float";
            case Type.DOUBLE -> "java/lang/Double";
            default -> throw new IllegalArgumentException("not a value type: " + type);
        };
        mv.visitMethodInsn(Opcodes.INVOKESTATIC, wrapper, "valueOf",
                "(" + type.getDescriptor() + ")L" + wrapper + ";", false);
    }

    /** Whether this call is replaced (also for a method reference: {@code field::get}). */
    static boolean replaces(int opcode, String owner, String name, String descriptor) {
        if (opcode != Opcodes.INVOKEVIRTUAL || !owner.equals(FIELD)) {
            return false;
        }
        if (name.startsWith("get")) {
            return descriptor.startsWith("(Ljava/lang/Object;)") && isAccessor(name.substring(3), descriptor, true);
        }
        return name.startsWith("set") && descriptor.startsWith("(Ljava/lang/Object;")
                && isAccessor(name.substring(3), descriptor, false);
    }

    /**
     * {@code get}/{@code set} itself (of an {@code Object}), or {@code getInt}/{@code setInt} and the other
     * primitives' (of the primitive its name says): a getter takes the owner, a setter the owner and the value.
     */
    private static boolean isAccessor(String typeName, String descriptor, boolean read) {
        Type[] arguments = Type.getArgumentTypes(descriptor);
        if (arguments.length != (read ? 1 : 2)) {
            return false;
        }
        Type type = read ? Type.getReturnType(descriptor) : arguments[1];
        return typeName.isEmpty() ? type.equals(OBJECT_TYPE)
                : type.getSort() != Type.OBJECT && type.getSort() != Type.ARRAY && type.getSort() != Type.VOID
                && typeName.equals(capitalised(type.getClassName()));
    }

    private static String capitalised(String primitive) {
        return Character.toUpperCase(primitive.charAt(0)) + primitive.substring(1);
    }
}
