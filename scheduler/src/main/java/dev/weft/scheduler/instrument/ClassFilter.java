package dev.weft.scheduler.instrument;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import net.bytebuddy.ByteBuddy;

/**
 * Decides which classes are instrumented: every class except the JDK, Weft's own machinery and test infrastructure,
 * adjustable with the system properties {@value #INCLUDE_PROPERTY} and {@value #EXCLUDE_PROPERTY} (comma-separated
 * package or class name prefixes, dotted). An include wins over the default excludes and over
 * {@value #EXCLUDE_PROPERTY}, but never over {@link #NEVER}: the classes the hooks themselves run on.
 */
public final class ClassFilter {

    public static final String INCLUDE_PROPERTY = "weft.instrument.include";
    public static final String EXCLUDE_PROPERTY = "weft.instrument.exclude";

    /**
     * Weft's own Byte Buddy, which the instrumentation runs on: {@code net/bytebuddy/} in Weft's own build, the
     * relocated {@code dev/weft/scheduler/shaded/bytebuddy/} in the published jar (docs/design/packaging.md).
     */
    private static final String OWN_BYTE_BUDDY = ByteBuddy.class.getPackageName().replace('.', '/') + "/";

    /**
     * The user's Byte Buddy (Mockito's, AssertJ's), test infrastructure. Put together at run time: the shading
     * rewrites every string constant that starts with the package name, so a literal would name Weft's own copy.
     */
    private static final String USERS_BYTE_BUDDY = String.join("/", "net", "bytebuddy", "");

    /**
     * Instrumenting these would make a hook call itself, or call from a class that cannot see {@code Hooks}: the JDK
     * is loaded by the bootstrap and platform loaders, which do not see Weft's classes.
     */
    private static final List<String> NEVER = List.of(
            "java/", "javax/", "jdk/", "sun/", "com/sun/",
            "dev/weft/scheduler/hooks/", "dev/weft/scheduler/runtime/", "dev/weft/scheduler/model/",
            OWN_BYTE_BUDDY);

    /** Weft's own modules and the test infrastructure: what runs the test, not what it tests. */
    private static final List<String> DEFAULT_EXCLUDES = List.of(
            "dev/weft/scheduler/", "dev/weft/dpor/", "dev/weft/sleepsets/", "dev/weft/reporting/", "dev/weft/junit/",
            "org/junit/", "junit/", "org/opentest4j/", "org/apiguardian/",
            "org/apache/maven/", "com/intellij/", "org/eclipse/jdt/", "org/gradle/", "worker/org/gradle/",
            "org/objenesis/", "org/assertj/", "org/mockito/", "org/hamcrest/", USERS_BYTE_BUDDY);

    /** The package of the instrumentation itself (but not its sub-packages, where its test subjects live). */
    private static final String OWN_PACKAGE = "dev/weft/scheduler/instrument/";

    private final List<String> includes;
    private final List<String> excludes;

    public ClassFilter(String includeProperty, String excludeProperty) {
        this.includes = prefixes(includeProperty);
        this.excludes = Stream.concat(DEFAULT_EXCLUDES.stream(), prefixes(excludeProperty).stream()).toList();
    }

    /** The filter the system properties ask for. */
    public static ClassFilter fromSystemProperties() {
        return new ClassFilter(System.getProperty(INCLUDE_PROPERTY), System.getProperty(EXCLUDE_PROPERTY));
    }

    /**
     * Whether the class with this internal name ({@code a/b/C}), defined by this loader, is instrumented. Classes of
     * the bootstrap loader ({@code loader == null}) never are; nor are lambda proxies and other generated classes,
     * whose code lives in the class that made them.
     */
    public boolean instruments(String internalName, ClassLoader loader) {
        return loader != null && internalName != null && instrumentsName(internalName);
    }

    /**
     * Whether a class with this internal name is instrumented when an application class loader defines it. Bridges
     * of method references are not: {@link MethodReferenceBootstrap} instruments them before defining them.
     */
    public boolean instrumentsName(String internalName) {
        if (internalName.contains("$$Lambda") || BridgeClass.isBridge(internalName)) {
            return false;
        }
        if (NEVER.stream().anyMatch(internalName::startsWith) || isOwnClass(internalName)) {
            return false;
        }
        if (includes.stream().anyMatch(internalName::startsWith)) {
            return true;
        }
        return excludes.stream().noneMatch(internalName::startsWith);
    }

    private static boolean isOwnClass(String internalName) {
        return internalName.startsWith(OWN_PACKAGE) && internalName.indexOf('/', OWN_PACKAGE.length()) < 0;
    }

    private static List<String> prefixes(String property) {
        if (property == null || property.isBlank()) {
            return List.of();
        }
        return Arrays.stream(property.split(","))
                .map(String::trim)
                .filter(prefix -> !prefix.isEmpty())
                .map(prefix -> prefix.replace('.', '/'))
                .toList();
    }
}
