package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Sites;
import java.util.ArrayList;
import java.util.List;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.jar.asm.Type;

/**
 * The method references that {@link MethodReferenceVisitor} redirected, numbered: the number is the rewritten
 * {@code invokedynamic}'s extra bootstrap argument, by which {@link MethodReferenceBootstrap} finds what its bridge
 * must call. The method handle the JVM passes to the bootstrap has lost the reference's symbolic owner, which the
 * bridge needs (the resolved declaring class may be inaccessible, or an interface where the reference named a class).
 */
final class BridgeTargets {

    /**
     * The implementation method of a method reference, as the class file names it.
     *
     * @param origin where the method reference is; the bridge's sites report it
     * @param tag    {@code H_INVOKEVIRTUAL}, {@code H_INVOKEINTERFACE}, {@code H_INVOKESTATIC} or
     *               {@code H_NEWINVOKESPECIAL} (a constructor reference, {@code ArrayList::new})
     */
    record Target(Sites.Site origin, int tag, String owner, String name, String descriptor, boolean isInterface) {

        Target {
            if (tag != Opcodes.H_INVOKEVIRTUAL && tag != Opcodes.H_INVOKEINTERFACE && tag != Opcodes.H_INVOKESTATIC
                    && tag != Opcodes.H_NEWINVOKESPECIAL) {
                throw new IllegalArgumentException("a bridge cannot call a method handle of kind " + tag + " ("
                        + owner + "." + name + descriptor + ")");
            }
        }

        boolean isStatic() {
            return tag == Opcodes.H_INVOKESTATIC;
        }

        boolean isConstructor() {
            return tag == Opcodes.H_NEWINVOKESPECIAL;
        }

        int opcode() {
            return switch (tag) {
                case Opcodes.H_INVOKEVIRTUAL -> Opcodes.INVOKEVIRTUAL;
                case Opcodes.H_INVOKEINTERFACE -> Opcodes.INVOKEINTERFACE;
                case Opcodes.H_NEWINVOKESPECIAL -> Opcodes.INVOKESPECIAL;
                default -> Opcodes.INVOKESTATIC;
            };
        }

        /**
         * The bridge's descriptor: the target's, with the receiver first for an instance method; a constructor's
         * arguments, returning the new object.
         */
        String bridgeDescriptor() {
            if (isStatic()) {
                return descriptor;
            }
            String ownerType = Type.getObjectType(owner).getDescriptor();
            if (isConstructor()) {
                return descriptor.substring(0, descriptor.indexOf(')') + 1) + ownerType;
            }
            return "(" + ownerType + descriptor.substring(1);
        }

        /** {@code "AtomicInteger.getAndIncrement at Counter.java:12"}, for messages. */
        String describe() {
            return Emit.simpleName(owner) + "." + name + " at " + origin.fileName() + ":" + origin.line();
        }
    }

    private static final List<Target> TARGETS = new ArrayList<>();

    private BridgeTargets() {
    }

    static synchronized int register(Target target) {
        TARGETS.add(target);
        return TARGETS.size() - 1;
    }

    static synchronized Target get(int number) {
        if (number < 0 || number >= TARGETS.size()) {
            throw new IllegalArgumentException("no method reference redirected with number " + number);
        }
        return TARGETS.get(number);
    }
}
