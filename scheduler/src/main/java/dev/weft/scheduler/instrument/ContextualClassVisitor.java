package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Sites;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.utility.OpenedClassReader;

/**
 * A class visitor whose method visitors need the {@link ClassContext} of the class being visited: it is made from the
 * class header ({@code visit}) and learns the source file ({@code visitSource}) before any method is visited.
 */
abstract class ContextualClassVisitor extends ClassVisitor {

    private final ClassScan scan;
    private final TypeHierarchy.View types;
    private final ClassFilter filter;
    private final Sites.Site origin;
    private ClassContext context;

    /** @param origin for a bridge, where its method reference is ({@link ClassContext#origin()}); else {@code null} */
    ContextualClassVisitor(ClassVisitor next, ClassScan scan, TypeHierarchy.View types, ClassFilter filter,
                           Sites.Site origin) {
        super(OpenedClassReader.ASM_API, next);
        this.scan = scan;
        this.types = types;
        this.filter = filter;
        this.origin = origin;
    }

    @Override
    public void visit(int version, int access, String name, String signature, String superName,
                      String[] interfaces) {
        context = new ClassContext(name, superName, scan, types, filter, origin);
        super.visit(version, access, name, signature, superName, interfaces);
    }

    @Override
    public void visitSource(String source, String debug) {
        context.sourceFile(source);
        super.visitSource(source, debug);
    }

    final ClassContext context() {
        return context;
    }

    final TypeHierarchy.View types() {
        return types;
    }
}
