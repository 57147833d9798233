package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;

/** {@code <clinit>}: {@code Hooks.classInitStart()} at entry, {@code Hooks.classInitEnd()} at every exit. */
final class ClassInitBracket extends MethodBracket {

    ClassInitBracket(MethodVisitor next, MethodContext context) {
        super(next, context);
    }

    @Override
    void enter() {
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
