package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.hooks.ThreadRunReports;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.FieldVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Puts the chain of method visitors in front of every method with code. Each visitor handles one concern; their
 * inserted code passes through the visitors after them, none of which reacts to it (they match other instructions,
 * or calls to JDK classes that are not {@code Hooks}).
 *
 * <p>A class being defined whose static initialiser can run again ({@link ClassScan#initialiserRepeatable}) gets a
 * copy of it, {@code private static weft$clinit()}, instrumented alike, and its static fields that the initialiser
 * assigns lose {@code final} (only a class's {@code <clinit>} may assign a final static field): the runtime runs the
 * copy at the class's first use in each execution after the one that initialised it ({@code Hooks.classUsed}). The
 * instrumentation still treats those fields as final (it reads the original class files), so reading them stays
 * invisible.
 */
final class InstrumentingClassVisitor extends ContextualClassVisitor {

    /** The copy of the static initialiser that the runtime runs again. */
    static final String INITIALISER_COPY = "weft$clinit";

    private final boolean stripSynchronized;
    /** The original class file, when its static initialiser gets a copy; else {@code null}. */
    private final byte[] repeatableInitialiserSource;

    /**
     * @param stripSynchronized whether {@code synchronized} methods lose {@code ACC_SYNCHRONIZED}
     *                          ({@link SynchronizedMethodBody}); only possible where the class is defined, not when
     *                          it is retransformed
     * @param origin            for a bridge, where its method reference is ({@link ClassContext#origin()});
     *                          otherwise {@code null}
     * @param repeatableInitialiserSource the class file, when its static initialiser gets a copy; else {@code null}
     */
    InstrumentingClassVisitor(ClassVisitor next, ClassScan scan, TypeHierarchy.View types, ClassFilter filter,
                              boolean stripSynchronized, Sites.Site origin, byte[] repeatableInitialiserSource) {
        super(next, scan, types, filter, origin);
        this.stripSynchronized = stripSynchronized;
        this.repeatableInitialiserSource = repeatableInitialiserSource;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName,
                      String[] interfaces) {
        super.visit(version, access, name, signature, superName, interfaces);
        if (context().filter().instrumentsName(name)) {
            // reflection reaches such fields where the instrumented accesses do (FieldAccessVisitor#mayHaveCopies)
            Sites.staticFieldsCopyable(Emit.dotted(name));
        }
    }

    @Override
    public FieldVisitor visitField(int access, String name, String descriptor, String signature, Object value) {
        boolean assignedByInitialiser = (access & Opcodes.ACC_STATIC) != 0 && (access & Opcodes.ACC_FINAL) != 0
                && value == null; // a constant (with a ConstantValue) is not assigned by code
        int kept = repeatableInitialiserSource != null && assignedByInitialiser ? access & ~Opcodes.ACC_FINAL : access;
        return super.visitField(kept, name, descriptor, signature, value);
    }

    @Override
    public void visitEnd() {
        if (repeatableInitialiserSource != null) {
            OpenedClassReader.of(repeatableInitialiserSource).accept(new ClassVisitor(OpenedClassReader.ASM_API) {
                @Override
                public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                                 String[] exceptions) {
                    if (!name.equals("<clinit>")) {
                        return null;
                    }
                    MethodVisitor writer = InstrumentingClassVisitor.super.visitMethod(
                            Opcodes.ACC_PRIVATE | Opcodes.ACC_STATIC | Opcodes.ACC_SYNTHETIC, INITIALISER_COPY,
                            descriptor, null, null);
                    return instrumented(writer, access, name, descriptor, true);
                }
            }, ClassReader.SKIP_FRAMES);
        }
        super.visitEnd();
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                     String[] exceptions) {
        boolean hasCode = (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) == 0;
        boolean isSynchronized = (access & Opcodes.ACC_SYNCHRONIZED) != 0;
        boolean strip = hasCode && isSynchronized && stripSynchronized;
        MethodVisitor writer = super.visitMethod(strip ? access & ~Opcodes.ACC_SYNCHRONIZED : access, name,
                descriptor, signature, exceptions);
        if (writer == null || !hasCode) {
            return writer;
        }
        return instrumented(writer, access, name, descriptor, false);
    }

    /**
     * @param initialiserCopy whether this is {@code weft$clinit}, made from {@code <clinit>} (whose name the sites
     *                        keep)
     */
    private MethodVisitor instrumented(MethodVisitor writer, int access, String name, String descriptor,
                                       boolean initialiserCopy) {
        boolean isSynchronized = (access & Opcodes.ACC_SYNCHRONIZED) != 0;
        boolean strip = isSynchronized && stripSynchronized;
        MethodContext method = new MethodContext(context(), name, descriptor);
        MethodVisitor chain = new ReflectiveFieldCalls(
                new RandomCalls(new StableHashCalls(new HandlerOrdering(writer, method)), method), method);
        if (name.equals("<clinit>")) {
            chain = new ClassInitBracket(chain, method, repeatableInitialiserSource != null && !initialiserCopy);
        }
        if (isThreadRun(access, name, descriptor)) {
            chain = new ThreadRunBracket(chain, method);
            ThreadRunReports.bracketed(context().internalName());
        }
        boolean isStatic = (access & Opcodes.ACC_STATIC) != 0;
        if (isSynchronized) {
            chain = new SynchronizedMethodBody(chain, method, isStatic, !strip);
        }
        chain = new SynchronizedCallVisitor(chain, method);
        chain = new CollectionCallVisitor(chain, method);
        chain = new CollectionArgumentVisitor(chain, method);
        chain = new ArrayBulkVisitor(chain, method);
        chain = new AtomicVisitor(chain, method);
        chain = new CallReplacementVisitor(chain, method);
        chain = new MonitorVisitor(chain, method);
        chain = new ArrayAccessVisitor(chain, method);
        chain = new FieldAccessVisitor(chain, method);
        chain = new AllocationVisitor(chain, method, true);
        chain = new MethodReferenceVisitor(chain, method);
        chain = new ClassUseVisitor(chain, method);
        return new PositionTracker(chain, method);
    }

    /** {@code run()} of a subclass of {@code Thread}: the thread's entry point, even without {@code super.run()}. */
    private boolean isThreadRun(int access, String name, String descriptor) {
        return name.equals("run") && descriptor.equals("()V") && (access & Opcodes.ACC_STATIC) == 0
                && context().superName() != null
                && types().isSubtypeOf(context().superName(), ClassInstrumenter.THREAD);
    }
}
