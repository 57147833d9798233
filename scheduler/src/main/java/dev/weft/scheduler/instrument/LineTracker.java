package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.utility.OpenedClassReader;

/** Keeps {@link MethodContext} on the current source line; first in the chain, so every visitor sees it. */
final class LineTracker extends MethodVisitor {

    private final MethodContext context;

    LineTracker(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitLineNumber(int line, Label start) {
        context.line(line);
        super.visitLineNumber(line, start);
    }
}
