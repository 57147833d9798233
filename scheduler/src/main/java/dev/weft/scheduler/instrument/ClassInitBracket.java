package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Type;

/**
 * {@code <clinit>}: {@code Hooks.classInitStart()} at entry, {@code Hooks.classInitEnd()} at every exit. A class whose
 * initialiser the runtime can run again first announces its initialisation ({@code Hooks.classInitialising}).
 */
final class ClassInitBracket extends MethodBracket {

    /** The class to announce, as an internal name, or {@code null}. */
    private final String announced;

    /** @param announces whether entry calls {@code Hooks.classInitialising(ThisClass.class)} first */
    ClassInitBracket(MethodVisitor next, MethodContext context, boolean announces) {
        super(next, context);
        this.announced = announces ? context.classContext().internalName() : null;
    }

    @Override
    void enter() {
        if (announced != null) {
            mv.visitLdcInsn(Type.getObjectType(announced));
            Emit.callHook(mv, "classInitialising", "(Ljava/lang/Class;)V");
        }
        Emit.callHook(mv, "classInitStart", "()V");
    }

    @Override
    void exitNormally() {
        Emit.callHook(mv, "classInitEnd", "()V");
    }

    @Override
    void exitByThrowable() {
        Emit.callHook(mv, "classInitEnd", "()V");
    }
}
