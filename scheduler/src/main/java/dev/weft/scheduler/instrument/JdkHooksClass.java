package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Hooks;
import java.lang.invoke.CallSite;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.stream.Stream;
import net.bytebuddy.jar.asm.ClassWriter;
import net.bytebuddy.jar.asm.Handle;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * Generates {@code JdkHooks}, the class that instrumented JDK classes call instead of {@link Hooks}: one static method
 * per hook, with the same name and descriptor, whose body is an {@code invokedynamic} linked by
 * {@code JdkHookLinker} to the {@code Hooks} method. It goes on the bootstrap class path next to the linker.
 *
 * <p>Generated rather than written so that every hook another part of Weft adds to {@code Hooks} is reachable from
 * JDK code without a second list to keep in step. Only hooks whose types are all the JDK's (or primitives) are
 * bridged; the others cannot be named by bootstrap classes, and a JDK body that needs one fails to instrument.
 */
final class JdkHooksClass {

    static final String INTERNAL_NAME = "dev/weft/scheduler/instrument/boot/JdkHooks";
    private static final String LINKER = "dev/weft/scheduler/instrument/boot/JdkHookLinker";

    private JdkHooksClass() {
    }

    static byte[] generate() {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        writer.visit(Opcodes.V11, Opcodes.ACC_PUBLIC | Opcodes.ACC_FINAL | Opcodes.ACC_SUPER, INTERNAL_NAME, null,
                "java/lang/Object", null);
        Handle link = new Handle(Opcodes.H_INVOKESTATIC, LINKER, "link", Type.getMethodDescriptor(
                Type.getType(CallSite.class), Type.getType(MethodHandles.Lookup.class), Type.getType(String.class),
                Type.getType(MethodType.class)), false);
        bridged().forEach(hook -> forward(writer, hook, link));
        writer.visitEnd();
        return writer.toByteArray();
    }

    /** The hooks JDK code can call: public, static, and speaking only of JDK types. */
    static Stream<Method> bridged() {
        return Arrays.stream(Hooks.class.getDeclaredMethods())
                .filter(method -> Modifier.isPublic(method.getModifiers()) && Modifier.isStatic(method.getModifiers()))
                .filter(method -> Stream.concat(Stream.of(method.getReturnType()),
                        Arrays.stream(method.getParameterTypes())).allMatch(JdkHooksClass::isJdkType))
                .filter(method -> !method.getName().equals("uninstall"));
    }

    private static boolean isJdkType(Class<?> type) {
        Class<?> element = type;
        while (element.isArray()) {
            element = element.getComponentType();
        }
        return element.isPrimitive() || element.getClassLoader() == null;
    }

    private static void forward(ClassWriter writer, Method hook, Handle link) {
        String descriptor = Type.getMethodDescriptor(hook);
        MethodVisitor mv = writer.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, hook.getName(), descriptor,
                null, exceptions(hook));
        mv.visitCode();
        int slot = 0;
        for (Type argument : Type.getArgumentTypes(descriptor)) {
            Emit.load(mv, argument, slot);
            slot += argument.getSize();
        }
        mv.visitInvokeDynamicInsn(hook.getName(), descriptor, link);
        mv.visitInsn(Type.getReturnType(descriptor).getOpcode(Opcodes.IRETURN));
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static String[] exceptions(Method hook) {
        return Arrays.stream(hook.getExceptionTypes()).map(Type::getInternalName).toArray(String[]::new);
    }
}
