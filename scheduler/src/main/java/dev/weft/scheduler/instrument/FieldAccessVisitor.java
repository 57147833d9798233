package dev.weft.scheduler.instrument;

import java.lang.reflect.Modifier;
import java.util.Optional;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * {@code GETFIELD}/{@code PUTFIELD}/{@code GETSTATIC}/{@code PUTSTATIC} → {@code Hooks.fieldRead/fieldWrite} before
 * the instruction. Final fields are skipped: once constructed they never change, so no other thread's step can
 * depend on them. So are a constructor's accesses of its own object's fields before the object can have left the
 * constructor ({@link ConfinedObjects}): no other thread can reach it yet. A static field that an execution may keep
 * a copy of its own of also goes through the {@link StaticCopyCode} hooks (final ones too, where an initialiser run
 * again assigns them).
 */
final class FieldAccessVisitor extends MethodVisitor {

    private static final String HOOK_DESCRIPTOR = "(Ljava/lang/Object;I)V";

    private final MethodContext context;

    FieldAccessVisitor(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        Optional<FieldDescription.InDefinedShape> field = context.types().field(owner, name);
        boolean isFinal = field.map(f -> Modifier.isFinal(f.getModifiers())).orElse(false);
        // Before super(...) a constructor may store to fields of its uninitialised this, which must not be passed
        // to a method; such stores are invisible anyway, since no other thread can reach this yet.
        boolean uninitializedReceiver = opcode == Opcodes.PUTFIELD && context.thisMayBeUninitialized();
        String declaring = field.map(f -> f.getDeclaringType().getInternalName()).orElse(owner);
        boolean isStatic = opcode == Opcodes.GETSTATIC || opcode == Opcodes.PUTSTATIC;
        boolean unpublished = (opcode == Opcodes.GETFIELD || opcode == Opcodes.PUTFIELD)
                && context.accessesConfinedObject(opcode);
        boolean visible = !isFinal && !uninitializedReceiver && !unpublished;
        boolean copyable = isStatic && mayHaveCopies(declaring, isFinal);
        if (!visible && !copyable) {
            super.visitFieldInsn(opcode, owner, name, descriptor);
            return;
        }
        String member = isStatic ? Emit.simpleName(declaring) + "." + name : name;
        int site = context.site(member, Emit.dotted(declaring));
        if (visible) {
            emitHook(opcode, Type.getType(descriptor), site);
        }
        if (!copyable) {
            super.visitFieldInsn(opcode, owner, name, descriptor);
        } else if (opcode == Opcodes.GETSTATIC) {
            super.visitFieldInsn(opcode, owner, name, descriptor);
            StaticCopyCode.afterRead(mv, Type.getType(descriptor), site);
        } else {
            StaticCopyCode.write(mv, Type.getType(descriptor), site,
                    () -> super.visitFieldInsn(opcode, owner, name, descriptor));
        }
    }

    /**
     * Whether an execution may keep its own copy of a static field (runtime {@code StaticCopies}): a field of a class
     * Weft instruments (the JDK's statics are the JDK's), not final, or final but assigned again by the copy of a
     * static initialiser that runs again in each execution.
     */
    private boolean mayHaveCopies(String declaring, boolean isFinal) {
        ClassContext own = context.classContext();
        if (!own.filter().instrumentsName(declaring)) {
            return false;
        }
        if (!isFinal) {
            return true;
        }
        return declaring.equals(own.internalName())
                ? own.scan().initialiserRepeatable()
                : context.types().initialisesRepeatably(declaring, own.filter()::instrumentsName);
    }

    private void emitHook(int opcode, Type valueType, int site) {
        switch (opcode) {
            case Opcodes.GETSTATIC -> {
                super.visitInsn(Opcodes.ACONST_NULL);
                Emit.callHook(mv, site, "fieldRead", HOOK_DESCRIPTOR);
            }
            case Opcodes.PUTSTATIC -> {
                super.visitInsn(Opcodes.ACONST_NULL);
                Emit.callHook(mv, site, "fieldWrite", HOOK_DESCRIPTOR);
            }
            case Opcodes.GETFIELD -> {
                super.visitInsn(Opcodes.DUP);
                Emit.callHook(mv, site, "fieldRead", HOOK_DESCRIPTOR);
            }
            case Opcodes.PUTFIELD -> {
                copyReceiverOfPut(valueType);
                Emit.callHook(mv, site, "fieldWrite", HOOK_DESCRIPTOR);
            }
            default -> throw new IllegalArgumentException("not a field instruction: " + opcode);
        }
    }

    /** [receiver, value] → [receiver, value, receiver], with stack shuffles only (no local variable needed). */
    private void copyReceiverOfPut(Type valueType) {
        if (valueType.getSize() == 1) {
            super.visitInsn(Opcodes.DUP2);
            super.visitInsn(Opcodes.POP);
        } else {
            // [r, vv] → DUP2_X1 → [vv, r, vv] → POP2 → [vv, r] → DUP_X2 → [r, vv, r]
            super.visitInsn(Opcodes.DUP2_X1);
            super.visitInsn(Opcodes.POP2);
            super.visitInsn(Opcodes.DUP_X2);
        }
    }
}
