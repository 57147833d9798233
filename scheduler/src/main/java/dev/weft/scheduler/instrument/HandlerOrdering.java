package dev.weft.scheduler.instrument;

import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.AnnotationVisitor;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.TypePath;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Last in the chain: writes the exception table in the order the JVM searches it. A handler around a single inserted
 * call must come before the method's own handlers (which may enclose the call), and a handler around the whole body
 * after them. ASM writes handlers in the order they are visited and the original ones are visited first, so this
 * visitor holds them back and writes all of them at {@code visitMaxs}, when every label is known.
 *
 * <p>Type annotations on catch clauses name their handler by its index in this table, which the reordering changes;
 * they are dropped (they serve only tools that read class files, not the running program).
 */
final class HandlerOrdering extends MethodVisitor {

    private final MethodContext context;
    private final List<MethodContext.Handler> ownHandlers = new ArrayList<>();

    HandlerOrdering(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitTryCatchBlock(Label start, Label end, Label handler, String type) {
        ownHandlers.add(new MethodContext.Handler(start, end, handler, type));
    }

    @Override
    public AnnotationVisitor visitTryCatchAnnotation(int typeRef, TypePath typePath, String descriptor,
                                                     boolean visible) {
        return null;
    }

    @Override
    public void visitMaxs(int maxStack, int maxLocals) {
        context.innerHandlers().forEach(this::write);
        ownHandlers.forEach(this::write);
        context.outerHandlers().forEach(this::write);
        super.visitMaxs(maxStack, maxLocals);
    }

    private void write(MethodContext.Handler handler) {
        super.visitTryCatchBlock(handler.start(), handler.end(), handler.handler(), handler.type());
    }
}
