package dev.weft.scheduler.runtime.memory;

import dev.weft.scheduler.runtime.UnmodelledPrimitiveException;

import java.lang.constant.ClassDesc;
import java.lang.invoke.VarHandle;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;

/**
 * What a {@code VarHandle} accesses: a field of the object given as its coordinate, a static field, or an element of
 * the array given with its index. Read from the handle's own nominal descriptor ({@link VarHandle#describeConstable}),
 * a public API that names the field and its declaring class, so it does not matter where or when the handle was made
 * (a static initialiser that ran before Weft was installed, a library). A handle on a field its receiver class inherits
 * cannot describe itself, and {@link InheritedFieldHandles} finds its field. A handle that cannot be described at all
 * (a view of a byte array or buffer as wider values, a field of a hidden class) fails closed.
 */
public final class VarHandles {

    /** What kind of variable a handle accesses. */
    public enum Kind { INSTANCE_FIELD, STATIC_FIELD, ARRAY_ELEMENT }

    /**
     * @param declaringClass the binary name of the field's declaring class, as sites name it ({@code a.B$C}), or
     *                       {@code null} for an array element
     * @param field          the field's name, or {@code null} for an array element
     */
    public record Target(Kind kind, String declaringClass, String field) {
    }

    /** Handles are few and usually live as long as their classes; a weak map lets the others go. */
    private static final Map<VarHandle, Optional<Target>> TARGETS = new WeakHashMap<>();

    private VarHandles() {
    }

    /** What the access of {@code handle} with these coordinates ({@code MemoryHookHandler.varHandleAccess}) reaches. */
    static Target targetOf(VarHandle handle, Object coordinate, int index, int site) {
        Optional<Target> target;
        synchronized (TARGETS) {
            target = TARGETS.computeIfAbsent(handle, VarHandles::describe);
        }
        Target found = target.orElseThrow(() -> new UnmodelledPrimitiveException(handle + " (a variable handle that"
                + " cannot describe itself, such as a view of a byte array or buffer, or a field of a hidden class)",
                site));
        boolean missing = switch (found.kind()) {
            case INSTANCE_FIELD -> coordinate == null;
            case ARRAY_ELEMENT -> coordinate == null || index < 0;
            case STATIC_FIELD -> false;
        };
        if (missing) {
            throw new UnmodelledPrimitiveException(handle + " called with coordinates Weft cannot read (" + coordinate
                    + ", " + index + ")", site);
        }
        return found;
    }

    private static Optional<Target> describe(VarHandle handle) {
        try {
            return handle.describeConstable().map(VarHandles::target);
        } catch (InternalError fieldOfASuperclass) {
            return InheritedFieldHandles.find(handle);
        }
    }

    private static Target target(VarHandle.VarHandleDesc description) {
        String kind = description.bootstrapMethod().methodName();
        return switch (kind) {
            case "arrayVarHandle" -> new Target(Kind.ARRAY_ELEMENT, null, null);
            case "fieldVarHandle" -> new Target(Kind.INSTANCE_FIELD, binaryName(description),
                    description.constantName());
            case "staticFieldVarHandle" -> new Target(Kind.STATIC_FIELD, binaryName(description),
                    description.constantName());
            default -> throw new IllegalStateException("unknown kind of VarHandle description: " + kind);
        };
    }

    /** The declaring class, the first bootstrap argument: {@code Lcom/example/Node;} is {@code com.example.Node}. */
    private static String binaryName(VarHandle.VarHandleDesc description) {
        String descriptor = ((ClassDesc) description.bootstrapArgsList().get(0)).descriptorString();
        return descriptor.substring(1, descriptor.length() - 1).replace('/', '.');
    }
}
