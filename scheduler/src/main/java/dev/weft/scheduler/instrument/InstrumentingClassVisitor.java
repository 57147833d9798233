package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * Puts the chain of method visitors in front of every method with code. Each visitor handles one concern; their
 * inserted code passes through the visitors after them, none of which reacts to it (they match other instructions,
 * or calls to JDK classes that are not {@code Hooks}).
 */
final class InstrumentingClassVisitor extends ClassVisitor {

    private final ClassScan scan;
    private final TypeHierarchy.View types;
    private final ClassFilter filter;
    private ClassContext context;

    InstrumentingClassVisitor(ClassVisitor next, ClassScan scan, TypeHierarchy.View types, ClassFilter filter) {
        super(OpenedClassReader.ASM_API, next);
        this.scan = scan;
        this.types = types;
        this.filter = filter;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName,
                      String[] interfaces) {
        context = new ClassContext(name, superName, scan, types, filter);
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public void visitSource(String source, String debug) {
        context.sourceFile(source);
        super.visitSource(source, debug);
    }

    @Override
    public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                     String[] exceptions) {
        MethodVisitor writer = super.visitMethod(access, name, descriptor, signature, exceptions);
        if (writer == null || (access & (Opcodes.ACC_ABSTRACT | Opcodes.ACC_NATIVE)) != 0) {
            return writer;
        }
        MethodContext method = new MethodContext(context, name, descriptor);
        MethodVisitor chain = new HandlerOrdering(writer, method);
        if (name.equals("<clinit>")) {
            chain = new ClassInitBracket(chain, method);
        }
        if (isThreadRun(access, name, descriptor)) {
            chain = new ThreadRunBracket(chain, method);
        }
        if ((access & Opcodes.ACC_SYNCHRONIZED) != 0) {
            chain = new SynchronizedMethodEntry(chain, method, (access & Opcodes.ACC_STATIC) != 0);
        }
        chain = new SynchronizedCallVisitor(chain, method);
        chain = new AtomicVisitor(chain, method);
        chain = new CallReplacementVisitor(chain, method);
        chain = new MonitorVisitor(chain, method);
        chain = new ArrayAccessVisitor(chain, method);
        chain = new FieldAccessVisitor(chain, method);
        chain = new AllocationVisitor(chain, method);
        return new LineTracker(chain, method);
    }

    /** {@code run()} of a subclass of {@code Thread}: the thread's entry point, even without {@code super.run()}. */
    private boolean isThreadRun(int access, String name, String descriptor) {
        return name.equals("run") && descriptor.equals("()V") && (access & Opcodes.ACC_STATIC) == 0
                && context.superName() != null && types.isSubtypeOf(context.superName(), ClassInstrumenter.THREAD);
    }
}
