package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Sites;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * Puts the chain of method visitors in front of every method with code. Each visitor handles one concern; their
 * inserted code passes through the visitors after them, none of which reacts to it (they match other instructions,
 * or calls to JDK classes that are not {@code Hooks}).
 */
final class InstrumentingClassVisitor extends ContextualClassVisitor {

    private final boolean stripSynchronized;

    /**
     * @param stripSynchronized whether {@code synchronized} methods lose {@code ACC_SYNCHRONIZED}
     *                          ({@link SynchronizedMethodBody}); only possible where the class is defined, not when
     *                          it is retransformed
     * @param origin            for a bridge, where its method reference is ({@link ClassContext#origin()});
     *                          otherwise {@code null}
     */
    InstrumentingClassVisitor(ClassVisitor next, ClassScan scan, TypeHierarchy.View types, ClassFilter filter,
                              boolean stripSynchronized, Sites.Site origin) {
        super(next, scan, types, filter, origin);
        this.stripSynchronized = stripSynchronized;
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
        MethodContext method = new MethodContext(context(), name, descriptor);
        MethodVisitor chain = new RandomCalls(new StableHashCalls(new HandlerOrdering(writer, method)), method);
        if (name.equals("<clinit>")) {
            chain = new ClassInitBracket(chain, method);
        }
        if (isThreadRun(access, name, descriptor)) {
            chain = new ThreadRunBracket(chain, method);
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
        return new LineTracker(chain, method);
    }

    /** {@code run()} of a subclass of {@code Thread}: the thread's entry point, even without {@code super.run()}. */
    private boolean isThreadRun(int access, String name, String descriptor) {
        return name.equals("run") && descriptor.equals("()V") && (access & Opcodes.ACC_STATIC) == 0
                && context().superName() != null
                && types().isSubtypeOf(context().superName(), ClassInstrumenter.THREAD);
    }
}
