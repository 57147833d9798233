package dev.weft.scheduler.instrument;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;

/**
 * The classes whose {@code synchronized} methods lost {@code ACC_SYNCHRONIZED} when they were defined. A later
 * retransformation (by Weft, or by another agent such as Mockito's inline mock maker, which triggers Weft's
 * transformer again with the original class file) must strip them again: the JVM rejects a retransformation that
 * changes a method's modifiers. Loaders are held weakly.
 */
final class StrippedClasses {

    private final Map<ClassLoader, Set<String>> byLoader = new WeakHashMap<>();

    synchronized void add(ClassLoader loader, String internalName) {
        byLoader.computeIfAbsent(loader, key -> new HashSet<>()).add(internalName);
    }

    synchronized boolean contains(ClassLoader loader, String internalName) {
        Set<String> names = byLoader.get(loader);
        return names != null && names.contains(internalName);
    }
}
