package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Sites;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * The code around a static field's access through which an execution keeps its own copy of the field (the hooks of
 * {@code StaticFieldHookHandler}):
 * <pre>
 *   GETSTATIC f           →  GETSTATIC f; Hooks.staticReadT(value, site) [CHECKCAST]
 *   PUTSTATIC f           →  if (Hooks.staticWriteKept(site)) Hooks.staticWriteT(value, site) else PUTSTATIC f
 * </pre>
 * {@code T} is the field's kind on the JVM's stack: {@code int} for the small primitives, {@code Object} for
 * references.
 */
final class StaticCopyCode {

    private StaticCopyCode() {
    }

    /** After the real {@code GETSTATIC}: the value the code goes on with, the execution's own if it has one. */
    static void afterRead(MethodVisitor mv, Type type, int site) {
        Sites.staticCopyable(site);
        String kind = kind(type);
        String stackType = stackType(type).getDescriptor();
        Emit.callHook(mv, site, "staticRead" + kind, "(" + stackType + "I)" + stackType);
        if (kind.equals("Object") && !type.getInternalName().equals("java/lang/Object")) {
            mv.visitTypeInsn(Opcodes.CHECKCAST, type.getInternalName());
        }
    }

    /** In place of {@code PUTSTATIC}, whose value is on the stack; {@code realWrite} emits the instruction itself. */
    static void write(MethodVisitor mv, Type type, int site, Runnable realWrite) {
        Sites.staticCopyable(site);
        Label real = new Label();
        Label done = new Label();
        Emit.callHook(mv, site, "staticWriteKept", "(I)Z");
        mv.visitJumpInsn(Opcodes.IFEQ, real);
        Emit.callHook(mv, site, "staticWrite" + kind(type), "(" + stackType(type).getDescriptor() + "I)V");
        mv.visitJumpInsn(Opcodes.GOTO, done);
        mv.visitLabel(real);
        realWrite.run();
        mv.visitLabel(done);
    }

    /** The hooks' name for a value of this type on the JVM's stack: {@code Int}, {@code Long}, ..., {@code Object}. */
    static String kind(Type type) {
        return switch (type.getSort()) {
            case Type.LONG -> "Long";
            case Type.FLOAT -> "Float";
            case Type.DOUBLE -> "Double";
            case Type.OBJECT, Type.ARRAY -> "Object";
            default -> "Int";
        };
    }

    /** The type the JVM's stack holds a value of this type as. */
    static Type stackType(Type type) {
        return switch (type.getSort()) {
            case Type.LONG, Type.FLOAT, Type.DOUBLE -> type;
            case Type.OBJECT, Type.ARRAY -> Type.getType(Object.class);
            default -> Type.INT_TYPE;
        };
    }
}
