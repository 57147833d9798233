package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * JDK calls that read or write the elements of an array in bulk: {@code System.arraycopy}, an array's
 * {@code clone()}, and the {@code java.util.Arrays} helpers ({@code copyOf}, {@code fill}, {@code sort},
 * {@code setAll}, {@code equals}, {@code toString}, {@code stream}, ...). Before the call,
 * {@code Hooks.arrayBulk(first, firstWritten, second, site)}: one step that reads or writes every element of the
 * first array, and reads every element of the second (the source of {@code arraycopy}, the other array of
 * {@code equals}), if any. {@code Arrays.asList} touches nothing as it is made: the calls on the list it returns are
 * steps on the array ({@code BackedViews}).
 */
final class ArrayBulkVisitor extends MethodVisitor {

    private static final String HOOK_DESCRIPTOR = "(Ljava/lang/Object;ZLjava/lang/Object;I)V";
    /** {@code Arrays} methods that write the array given first; the others read the arrays they are given. */
    private static final Set<String> WRITERS = Set.of("fill", "sort", "parallelSort", "setAll", "parallelSetAll",
            "parallelPrefix");
    private static final int NONE = -1;

    /** The arguments holding the arrays a call touches ({@link #NONE}: none), and whether it writes the first. */
    private record Touched(int first, boolean firstWritten, int second) {
    }

    private final MethodContext context;

    ArrayBulkVisitor(MethodVisitor next, MethodContext context) {
        super(OpenedClassReader.ASM_API, next);
        this.context = context;
    }

    @Override
    public void visitMethodInsn(int opcode, String owner, String name, String descriptor, boolean isInterface) {
        if (opcode == Opcodes.INVOKEVIRTUAL && owner.startsWith("[") && name.equals("clone")) {
            super.visitInsn(Opcodes.DUP);
            super.visitInsn(Opcodes.ICONST_0);
            super.visitInsn(Opcodes.ACONST_NULL);
            Emit.callHook(mv, context.site("clone"), "arrayBulk", HOOK_DESCRIPTOR);
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        Type[] arguments = Type.getArgumentTypes(descriptor);
        Touched touched = opcode == Opcodes.INVOKESTATIC ? touched(owner, name, arguments) : null;
        if (touched == null) {
            super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
            return;
        }
        int[] slots = CallBracket.parkArguments(context, mv, arguments);
        Emit.load(mv, arguments[touched.first()], slots[touched.first()]);
        Emit.pushInt(mv, touched.firstWritten() ? 1 : 0);
        if (touched.second() == NONE) {
            super.visitInsn(Opcodes.ACONST_NULL);
        } else {
            Emit.load(mv, arguments[touched.second()], slots[touched.second()]);
        }
        Emit.callHook(mv, context.site(Emit.simpleName(owner) + "." + name), "arrayBulk", HOOK_DESCRIPTOR);
        CallBracket.reloadArgumentsOnce(mv, arguments, slots);
        super.visitMethodInsn(opcode, owner, name, descriptor, isInterface);
    }

    /** The arrays a static call touches, or {@code null} when it is none of the bulk calls. */
    private static Touched touched(String owner, String name, Type[] arguments) {
        if (owner.equals("java/lang/System") && name.equals("arraycopy") && arguments.length == 5) {
            return new Touched(2, true, 0);
        }
        if (!owner.equals("java/util/Arrays") || name.equals("asList")) {
            return null;
        }
        List<Integer> arrays = new ArrayList<>();
        for (int i = 0; i < arguments.length; i++) {
            if (arguments[i].getSort() == Type.ARRAY) {
                arrays.add(i);
            }
        }
        if (arrays.isEmpty()) {
            return null;
        }
        int first = arrays.get(0);
        return new Touched(first, first == 0 && WRITERS.contains(name), arrays.size() > 1 ? arrays.get(1) : NONE);
    }
}
