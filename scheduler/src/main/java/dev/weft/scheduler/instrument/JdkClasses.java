package dev.weft.scheduler.instrument;

import java.util.List;

/**
 * The JDK classes Weft changes. Those whose method bodies are instrumented ({@link JdkBodyVisitor}): the executors,
 * futures and completion stages of {@code java.util.concurrent}. Their workers block and wake each other inside JDK
 * code (a worker's {@code workQueue.take()}, {@code FutureTask.get}'s {@code LockSupport.park}, {@code addWorker}'s
 * {@code Thread.start}); left alone, those calls would start unmanaged threads and block managed ones where the
 * scheduler cannot see them. The list is curated, not a package prefix: every class on it was read to check that its
 * blocking goes through calls the hooks model, and classes the scheduler relies on itself ({@code LockSupport},
 * {@code ConcurrentHashMap}, the locks) are not on it.
 *
 * <p>And those whose hash calls only are sent to {@code StableHashes} ({@link StableHashCalls}): the hash tables whose
 * iteration order depends on their elements' hashes, and the helpers user classes compute their hashes with.
 */
final class JdkClasses {

    /** Each with its nested classes ({@code ThreadPoolExecutor$Worker}, {@code Executors$DefaultThreadFactory}). */
    private static final List<String> BODIES = List.of(
            "java/util/concurrent/AbstractExecutorService",
            "java/util/concurrent/ThreadPoolExecutor",
            // its delay queue waits on its own lock's condition, for as long as its first task's delay on the
            // execution's clock (System.nanoTime, replaced here too)
            "java/util/concurrent/ScheduledThreadPoolExecutor",
            "java/util/concurrent/DelayQueue",
            "java/util/concurrent/Executors",
            "java/util/concurrent/FutureTask",
            "java/util/concurrent/ExecutorCompletionService",
            "java/util/concurrent/CompletableFuture",
            // Java 25: a ForkJoinPool's delayed task (orTimeout, completeOnTimeout, delayedExecutor, schedule) takes
            // its deadline from DelayScheduler.now(), System.nanoTime, replaced here: on the execution's clock its
            // delay is exact, where the real clock's time between the task's making and its scheduling was taken off
            // it (a 2 s timeout slept 1.992 s when the JDK took 8 ms in between, and the test of it failed in CI)
            "java/util/concurrent/DelayScheduler",
            // Java 21+: newVirtualThreadPerTaskExecutor / newThreadPerTaskExecutor, and the container through which
            // ThreadPoolExecutor starts its workers (JavaLangAccess.start instead of Thread.start).
            "java/util/concurrent/ThreadPerTaskExecutor",
            "jdk/internal/vm/SharedThreadContainer");

    /** Each with its nested classes ({@code HashMap$TreeNode}, {@code ImmutableCollections$SetN}). */
    private static final List<String> HASH_CALLS = List.of(
            "java/util/HashMap", // HashSet, LinkedHashMap and LinkedHashSet hash with it
            "java/util/Hashtable",
            "java/util/WeakHashMap",
            "java/util/IdentityHashMap",
            "java/util/concurrent/ConcurrentHashMap",
            "java/util/ImmutableCollections", // Set.of and Map.of
            "java/util/Objects",
            "java/util/Arrays",
            // the hashes of lists, sets and maps, which their elements' hashes make up: a list as a key of a map
            "java/util/AbstractList",
            "java/util/ArrayList",
            "java/util/AbstractSet",
            "java/util/AbstractMap",
            // Object.toString(): the hex digits after the '@', a common key for a log line or a map
            "java/lang/Object");

    private JdkClasses() {
    }

    /** Whether the bootstrap class with this internal name has its method bodies instrumented. */
    static boolean instrumentsBody(String internalName) {
        return listed(BODIES, internalName);
    }

    /** Whether the bootstrap class with this internal name has its hash calls sent to {@code StableHashes}. */
    static boolean rewritesHashCalls(String internalName) {
        return listed(HASH_CALLS, internalName);
    }

    private static boolean listed(List<String> names, String internalName) {
        for (String name : names) {
            if (internalName.startsWith(name)
                    && (internalName.length() == name.length() || internalName.charAt(name.length()) == '$')) {
                return true;
            }
        }
        return false;
    }
}
