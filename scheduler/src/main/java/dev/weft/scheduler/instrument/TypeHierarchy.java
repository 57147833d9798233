package dev.weft.scheduler.instrument;

import java.io.IOException;
import java.util.Map;
import java.util.Optional;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import net.bytebuddy.description.field.FieldDescription;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.description.type.TypeDefinition;
import net.bytebuddy.description.type.TypeDescription;
import net.bytebuddy.dynamic.ClassFileLocator;
import net.bytebuddy.pool.TypePool;

/**
 * Answers questions about types while a class is being transformed, by reading class files (ByteBuddy's
 * {@link TypePool}) instead of loading classes: loading from inside a transformer could initialise classes too early
 * or deadlock on the class loading lock. One pool per class loader, so the answers follow that loader's view; the
 * pools hold their loader weakly, so that instrumenting a class loader does not keep it alive.
 */
final class TypeHierarchy {

    private final Map<ClassLoader, View> views = new WeakHashMap<>();
    private final View bootView = new View(ClassFileLocator.ForClassLoader.ofBootLoader());

    /** The view of the given loader ({@code null} for the bootstrap loader). */
    View of(ClassLoader loader) {
        if (loader == null) {
            return bootView;
        }
        synchronized (views) {
            return views.computeIfAbsent(loader, key -> new View(ClassFileLocator.ForClassLoader.WeaklyReferenced.of(key)));
        }
    }

    /** One class loader's view of the types. Unresolvable types answer "no" and "unknown". */
    static final class View {

        private final ClassFileLocator classFiles;
        private final TypePool pool;
        private final Map<String, Optional<ClassScan.UpdatedField>> updaters = new ConcurrentHashMap<>();
        private final Map<String, Boolean> repeatableInitialisers = new ConcurrentHashMap<>();

        private View(ClassFileLocator classFiles) {
            this.classFiles = classFiles;
            this.pool = TypePool.Default.of(classFiles);
        }

        Optional<TypeDescription> describe(String internalName) {
            TypePool.Resolution resolution = pool.describe(internalName.replace('/', '.'));
            return resolution.isResolved() ? Optional.of(resolution.resolve()) : Optional.empty();
        }

        /** Whether the type is {@code superName} or a subtype of it. */
        boolean isSubtypeOf(String internalName, String superName) {
            if (internalName.equals(superName)) {
                return true;
            }
            return describe(internalName)
                    .flatMap(type -> describe(superName).map(type::isAssignableTo))
                    .orElse(false);
        }

        /**
         * Whether initialising {@code owner} runs a static initialiser Weft can run again ({@link
         * ClassScan#initialiserRepeatable}): its own or a superclass's, among the classes {@code instrumented} accepts.
         */
        boolean initialisesRepeatably(String owner, Predicate<String> instrumented) {
            return repeatableInitialisers.computeIfAbsent(owner, name -> {
                // the JDK's classes and the excluded ones are above the user's: the walk stops at the first; the type
                // descriptions leave static initialisers out, so the class files are scanned
                for (String current = name; current != null && instrumented.test(current); ) {
                    Optional<ClassScan> scan = scan(current);
                    if (scan.isEmpty()) {
                        return false;
                    }
                    if (scan.get().initialiserRepeatable()) {
                        return true;
                    }
                    current = scan.get().superName();
                }
                return false;
            });
        }

        /** The field a {@code GETFIELD}/{@code PUTFIELD} on {@code owner} resolves to, searching superclasses. */
        Optional<FieldDescription.InDefinedShape> field(String owner, String name) {
            Optional<TypeDescription> type = describe(owner);
            while (type.isPresent()) {
                Optional<FieldDescription.InDefinedShape> field = type.get().getDeclaredFields().stream()
                        .filter(candidate -> candidate.getName().equals(name))
                        .findFirst();
                if (field.isPresent()) {
                    return field;
                }
                TypeDescription.Generic superClass = type.get().getSuperClass();
                type = superClass == null ? Optional.empty() : Optional.of(superClass.asErasure());
            }
            return Optional.empty();
        }

        /**
         * The class method an invocation of {@code owner.name desc} resolves to: the nearest declaration in the class
         * chain. Interface methods are not searched: they are never {@code synchronized}, the one thing asked.
         */
        Optional<MethodDescription> classMethod(String owner, String name, String descriptor) {
            Optional<TypeDescription> type = describe(owner);
            for (TypeDefinition current = type.orElse(null); current != null;
                 current = current.getSuperClass() == null ? null : current.getSuperClass().asErasure()) {
                Optional<MethodDescription> found = declared(current.asErasure(), name, descriptor);
                if (found.isPresent()) {
                    return found;
                }
            }
            return Optional.empty();
        }

        private static Optional<MethodDescription> declared(TypeDescription type, String name, String descriptor) {
            return type.getDeclaredMethods().stream()
                    .filter(method -> method.getInternalName().equals(name)
                            && method.getDescriptor().equals(descriptor))
                    .<MethodDescription>map(method -> method)
                    .findFirst();
        }

        /**
         * The field updated by the atomic field updater held in the static field {@code owner.name}: found by
         * scanning the static initialiser of {@code owner} (the class being transformed, or another one).
         */
        Optional<ClassScan.UpdatedField> updatedField(String owner, String name, ClassContext current) {
            if (owner.equals(current.internalName())) {
                return current.scan().updatedField(name);
            }
            return updaters.computeIfAbsent(owner + "." + name, key -> scan(owner).flatMap(s -> s.updatedField(name)));
        }

        private Optional<ClassScan> scan(String internalName) {
            try {
                ClassFileLocator.Resolution resolution = classFiles.locate(Emit.dotted(internalName));
                return resolution.isResolved() ? Optional.of(ClassScan.of(resolution.resolve())) : Optional.empty();
            } catch (IOException e) {
                return Optional.empty();
            }
        }

        /**
         * The nearest common superclass, as {@code ClassWriter.getCommonSuperClass} needs it for frames; interfaces
         * merge to {@code java/lang/Object} as the verifier treats them.
         */
        String commonSuperClass(String first, String second) {
            TypeDescription a = describe(first).orElseThrow(() -> unresolvable(first));
            TypeDescription b = describe(second).orElseThrow(() -> unresolvable(second));
            if (a.isAssignableFrom(b)) {
                return first;
            }
            if (b.isAssignableFrom(a)) {
                return second;
            }
            if (a.isInterface() || b.isInterface()) {
                return "java/lang/Object";
            }
            TypeDescription current = a;
            while (!current.isAssignableFrom(b)) {
                current = current.getSuperClass().asErasure();
            }
            return current.getInternalName();
        }

        private static IllegalStateException unresolvable(String internalName) {
            return new IllegalStateException("cannot compute stack map frames: class " + internalName.replace('/', '.')
                    + " is not found by the class loader of the class being instrumented");
        }
    }
}
