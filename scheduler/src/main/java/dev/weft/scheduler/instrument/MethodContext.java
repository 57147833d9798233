package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Sites;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import net.bytebuddy.jar.asm.Label;
import net.bytebuddy.jar.asm.Type;

/**
 * What the visitors instrumenting one method share: where they are (for {@link Sites}), fresh local variables,
 * whether {@code this} is initialised yet, and the exception handlers they add, which {@link HandlerOrdering} writes
 * in the order the JVM needs.
 */
final class MethodContext {

    /** An exception handler to add: catches {@code type} ({@code null}: anything) thrown in [start, end). */
    record Handler(Label start, Label end, Label handler, String type) {
    }

    private final ClassContext owner;
    private final String methodName;
    private final String descriptor;
    private final boolean constructor;
    private final List<Handler> innerHandlers = new ArrayList<>();
    private final List<Handler> outerHandlers = new ArrayList<>();
    private int line;
    /** The number of the original instruction being visited ({@link PositionTracker}). */
    private int instruction = -1;
    /** From the first pass: instruction numbers whose object never leaves the frame, with their opcodes. */
    private final Map<Integer, Integer> confinedAccesses;
    private boolean thisInitialized;
    private int nextTemp = -1;
    /** Locals reserved for the whole method, above the original ones; temporary sequences start above them. */
    private int reserved;

    MethodContext(ClassContext owner, String methodName, String descriptor) {
        this.owner = owner;
        this.methodName = methodName;
        this.descriptor = descriptor;
        this.constructor = methodName.equals("<init>");
        this.thisInitialized = !constructor;
        this.line = owner.scan().firstLine(methodName, descriptor);
        this.confinedAccesses = owner.scan().confinedAccesses(methodName, descriptor);
    }

    ClassContext classContext() {
        return owner;
    }

    TypeHierarchy.View types() {
        return owner.types();
    }

    String methodName() {
        return methodName;
    }

    void line(int line) {
        this.line = line;
    }

    void nextInstruction() {
        instruction++;
    }

    /**
     * Whether the original instruction being visited, which must have this opcode, accesses only an object that never
     * leaves the method's frame ({@link ConfinedObjects}), so that it needs no hook.
     */
    boolean accessesConfinedObject(int opcode) {
        Integer found = confinedAccesses.get(instruction);
        return found != null && found == opcode; // a different opcode: the passes disagree, so the hook stays
    }

    /** Registers the instruction about to be instrumented; {@code member} and {@code declaringClass} as in Site. */
    int site(String member, String declaringClass) {
        return Sites.register(where(member, declaringClass));
    }

    /**
     * Where the current instruction is, without registering it. The code of a bridge ({@link BridgeClass}) is
     * where its method reference is.
     */
    Sites.Site where(String member, String declaringClass) {
        Sites.Site origin = owner.origin();
        if (origin != null) {
            return new Sites.Site(origin.className(), origin.methodName(), origin.fileName(), origin.line(), member,
                    declaringClass);
        }
        return new Sites.Site(owner.dottedName(), methodName, owner.sourceFile(), line, member, declaringClass);
    }

    int site(String member) {
        return site(member, "");
    }

    boolean isConstructor() {
        return constructor;
    }

    /**
     * Whether {@code this} may still be uninitialised: in a constructor before its {@code super(...)} or
     * {@code this(...)} call, where {@code this} may be stored to but not passed to a method.
     */
    boolean thisMayBeUninitialized() {
        return !thisInitialized;
    }

    void thisInitialized() {
        thisInitialized = true;
    }

    /**
     * Starts a sequence of inserted code that needs local variables. The variables of one sequence live only within
     * it, so every sequence reuses the same slots, above all of the original method's.
     */
    void startTemps() {
        nextTemp = owner.scan().maxLocals(methodName, descriptor) + reserved;
    }

    /**
     * A local variable that keeps its value through the whole method, for a value that inserted code needs at entry
     * and at every exit. Must be called before any instruction is visited, so that no sequence has used the slot.
     */
    int reserveLocal(Type type) {
        int slot = owner.scan().maxLocals(methodName, descriptor) + reserved;
        reserved += type.getSize();
        return slot;
    }

    /** A fresh local variable for a value of this type, within the current sequence. */
    int newTemp(Type type) {
        if (nextTemp < 0) {
            throw new IllegalStateException("newTemp called outside a sequence started by startTemps");
        }
        int slot = nextTemp;
        nextTemp += type.getSize();
        return slot;
    }

    /** A handler that must take precedence over the method's own handlers (it covers a single inserted call). */
    void addInnerHandler(Handler handler) {
        innerHandlers.add(handler);
    }

    /** A handler that must apply only where none of the method's own handlers does (it covers the whole body). */
    void addOuterHandler(Handler handler) {
        outerHandlers.add(handler);
    }

    List<Handler> innerHandlers() {
        return innerHandlers;
    }

    List<Handler> outerHandlers() {
        return outerHandlers;
    }
}
