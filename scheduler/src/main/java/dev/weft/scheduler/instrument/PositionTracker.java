package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Keeps {@link MethodContext} on the current source line and on the number of the original instruction being
 * visited (counted as {@link ConfinedObjects.Recorder} counts them in the first pass); first in the chain, so every
 * visitor sees both before any visitor inserts code.
 */
final class PositionTracker extends MethodVisitor {

    private final MethodContext context;

    PositionTracker(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitLineNumber(int line, Label start) {
        context.line(line);
        super.visitLineNumber(line, start);
    }

    @Override
    public void visitInsn(int opcode) {
        context.nextInstruction();
        super.visitInsn(opcode);
    }

    @Override
    public void visitIntInsn(int opcode, int operand) {
        context.nextInstruction();
        super.visitIntInsn(opcode, operand);
    }

    @Override
    public void visitVarInsn(int opcode, int var) {
        context.nextInstruction();
        super.visitVarInsn(opcode, var);
    }

    @Override
    public void visitTypeInsn(int opcode, String type) {
        context.nextInstruction();
        super.visitTypeInsn(opcode, type);
    }

    @Override
    public void visitFieldInsn(int opcode, String owner, String name, String descriptor) {
        context.nextInstruction();
        super.visitFieldInsn(opcode, owner, name, descriptor);
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        context.nextInstruction();
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    @Override
    public void visitInvokeDynamicInsn(String name, String descriptor, Handle bootstrap, Object... arguments) {
        context.nextInstruction();
        super.visitInvokeDynamicInsn(name, descriptor, bootstrap, arguments);
    }

    @Override
    public void visitJumpInsn(int opcode, Label label) {
        context.nextInstruction();
        super.visitJumpInsn(opcode, label);
    }

    @Override
    public void visitLdcInsn(Object value) {
        context.nextInstruction();
        super.visitLdcInsn(value);
    }

    @Override
    public void visitIincInsn(int var, int increment) {
        context.nextInstruction();
        super.visitIincInsn(var, increment);
    }

    @Override
    public void visitTableSwitchInsn(int min, int max, Label dflt, Label... labels) {
        context.nextInstruction();
        super.visitTableSwitchInsn(min, max, dflt, labels);
    }

    @Override
    public void visitLookupSwitchInsn(Label dflt, int[] keys, Label[] labels) {
        context.nextInstruction();
        super.visitLookupSwitchInsn(dflt, keys, labels);
    }

    @Override
    public void visitMultiANewArrayInsn(String descriptor, int dimensions) {
        context.nextInstruction();
        super.visitMultiANewArrayInsn(descriptor, dimensions);
    }
}
