package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.Sites;

/**
 * What the visitors instrumenting one class share: its names, its source file (known once {@code visitSource} has
 * run, before any method), the first-pass {@link ClassScan}, the type view of its class loader and the filter; for a
 * bridge, the site of its method reference, which its sites report instead of the bridge's own place.
 */
final class ClassContext {

    private final String internalName;
    private final String superName;
    private final ClassScan scan;
    private final TypeHierarchy.View types;
    private final ClassFilter filter;
    private final Sites.Site origin;
    private String sourceFile;

    ClassContext(String internalName, String superName, ClassScan scan, TypeHierarchy.View types,
                 ClassFilter filter) {
        this(internalName, superName, scan, types, filter, null);
    }

    /** @param origin for a bridge, where its method reference is; otherwise {@code null} */
    ClassContext(String internalName, String superName, ClassScan scan, TypeHierarchy.View types,
                 ClassFilter filter, Sites.Site origin) {
        this.internalName = internalName;
        this.superName = superName;
        this.scan = scan;
        this.types = types;
        this.filter = filter;
        this.origin = origin;
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

    /** For a bridge, where its method reference is; otherwise {@code null}. */
    Sites.Site origin() {
        return origin;
    }

    String sourceFile() {
        return sourceFile;
    }

    void sourceFile(String sourceFile) {
        this.sourceFile = sourceFile;
    }
}
