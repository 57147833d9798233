package dev.weft.scheduler.instrument;

/**
 * What the visitors instrumenting one class share: its names, its source file (known once {@code visitSource} has
 * run, before any method), the first-pass {@link ClassScan}, the type view of its class loader and the filter.
 */
final class ClassContext {

    private final String internalName;
    private final String superName;
    private final ClassScan scan;
    private final TypeHierarchy.View types;
    private final ClassFilter filter;
    private String sourceFile;

    ClassContext(String internalName, String superName, ClassScan scan, TypeHierarchy.View types,
                 ClassFilter filter) {
        this.internalName = internalName;
        this.superName = superName;
        this.scan = scan;
        this.types = types;
        this.filter = filter;
    }

    String internalName() {
        return internalName;
    }

    String dottedName() {
        return internalName.replace('/', '.');
    }

    String superName() {
        return superName;
    }

    ClassScan scan() {
        return scan;
    }

    TypeHierarchy.View types() {
        return types;
    }

    ClassFilter filter() {
        return filter;
    }

    String sourceFile() {
        return sourceFile;
    }

    void sourceFile(String sourceFile) {
        this.sourceFile = sourceFile;
    }
}
