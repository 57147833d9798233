package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.CollectionCalls;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The methods of the JDK's collection interfaces (and a few class-only ones) that {@link CollectionCallVisitor}
 * brackets, by name: a call applies when its owner is the interface or a subtype of it, whatever its descriptor (the
 * overloads of one name access the collection alike). Whether the receiver is a collection the runtime models is
 * decided at run time, on its class. Calls that {@link CallReplacements} replaces ({@code BlockingQueue.put},
 * {@code Queue.offer}, ...) are gone before this table is asked.
 */
final class CollectionMethods {

    /** How a call accesses its collection: a {@link CollectionCalls} code, and what of it the runtime keeps. */
    record Access(int code, Returns returns) {
    }

    /** What of the collection a call returns. */
    enum Returns {
        /** nothing the runtime follows */
        OTHER,
        /** a view or an iterator of the collection ({@code keySet}, {@code iterator}, {@code subList}) */
        VIEW,
        /** an element, which is an entry of the map when the call iterates a map's entries ({@code next}) */
        ENTRY
    }

    private record Entry(String jdkClass, Access access) {
    }

    private static final String TIME_UNIT = "Ljava/util/concurrent/TimeUnit;";
    private static final Access READ = plain(CollectionCalls.READ);
    private static final Access WRITE = plain(CollectionCalls.WRITE);
    /** A view or iterator is a read: a fail-fast iterator remembers the modification count it was made at. */
    private static final Access VIEW = new Access(CollectionCalls.READ, Returns.VIEW);
    private static final Access READ_TRAVERSAL = plain(CollectionCalls.READ | CollectionCalls.TRAVERSAL);
    private static final Access WRITE_TRAVERSAL = plain(CollectionCalls.WRITE | CollectionCalls.TRAVERSAL);
    private static final Access TAKE = plain(CollectionCalls.TAKE);
    private static final Access PUT = plain(CollectionCalls.PUT);
    private static final Access UNMODELLED = plain(CollectionCalls.UNMODELLED);
    /** A query or a mutation of one key ({@code map.get(k)}, {@code set.add(k)}): the first argument is the key. */
    private static final Access KEYED_READ = plain(CollectionCalls.READ | CollectionCalls.KEYED);
    private static final Access KEYED_WRITE = plain(CollectionCalls.WRITE | CollectionCalls.KEYED);
    private static final Access API_READ = plain(CollectionCalls.READ | CollectionCalls.CONCURRENT_API);
    private static final Access API_WRITE = plain(CollectionCalls.WRITE | CollectionCalls.CONCURRENT_API);
    /** A call that reads the collection given as its first argument ({@code addAll(other)}, {@code putAll(other)}). */
    private static final Access READ_READING = plain(CollectionCalls.READ | CollectionCalls.READS_ARGUMENT);
    private static final Access WRITE_READING = plain(CollectionCalls.WRITE | CollectionCalls.READS_ARGUMENT);
    /** An iteration step that may return an entry of a map ({@code entrySet().iterator().next()}). */
    private static final Access NEXT = new Access(CollectionCalls.READ | CollectionCalls.ADVANCES, Returns.ENTRY);
    private static final Access PREVIOUS = plain(CollectionCalls.READ | CollectionCalls.ADVANCES);
    private static final Access ENTRY_READ = plain(CollectionCalls.READ | CollectionCalls.ENTRY);
    private static final Access ENTRY_WRITE = plain(CollectionCalls.WRITE | CollectionCalls.ENTRY);

    private static final Map<String, List<Entry>> BY_NAME = new HashMap<>();

    /** A call that returns nothing the runtime follows. */
    private static Access plain(int code) {
        return new Access(code, Returns.OTHER);
    }

    static {
        String iterable = "java/lang/Iterable";
        add(iterable, READ, "spliterator");
        add(iterable, READ_TRAVERSAL, "forEach");
        add(iterable, VIEW, "iterator");

        String collection = "java/util/Collection";
        add(collection, READ, "size", "isEmpty", "toArray", "stream", "parallelStream", "hashCode", "toString");
        add(collection, READ_READING, "containsAll", "equals");
        add(collection, KEYED_READ, "contains");
        add(collection, WRITE_READING, "addAll", "removeAll", "retainAll");
        add(collection, WRITE, "clear");
        add(collection, KEYED_WRITE, "add", "remove");
        add(collection, WRITE_TRAVERSAL, "removeIf");

        String list = "java/util/List";
        add(list, READ, "get", "indexOf", "lastIndexOf", "getFirst", "getLast");
        add(list, VIEW, "listIterator", "subList");
        add(list, WRITE_TRAVERSAL, "sort", "replaceAll");
        add(list, WRITE, "set", "addFirst", "addLast", "removeFirst", "removeLast");

        String queue = "java/util/Queue";
        add(queue, READ, "peek", "element");

        String deque = "java/util/Deque";
        add(deque, READ, "peekFirst", "peekLast", "getFirst", "getLast");
        add(deque, VIEW, "descendingIterator");
        add(deque, WRITE, "addFirst", "addLast", "offerFirst", "offerLast", "removeFirst", "removeLast", "pollFirst",
                "pollLast", "push", "pop", "removeFirstOccurrence", "removeLastOccurrence");

        add("java/util/concurrent/BlockingQueue", READ, "remainingCapacity");
        // A hand-off to a consumer waiting in the real queue: the model's consumers never wait there.
        add("java/util/concurrent/TransferQueue", UNMODELLED, "transfer", "tryTransfer", "hasWaitingConsumer",
                "getWaitingConsumerCount");
        String blockingDeque = "java/util/concurrent/BlockingDeque";
        add(blockingDeque, TAKE, "takeFirst", "takeLast");
        add(blockingDeque, PUT, "putFirst", "putLast");

        String map = "java/util/Map";
        add(map, READ, "containsValue", "size", "isEmpty", "hashCode", "toString");
        add(map, READ_READING, "equals");
        add(map, KEYED_READ, "get", "getOrDefault", "containsKey");
        add(map, READ_TRAVERSAL, "forEach");
        add(map, WRITE_TRAVERSAL, "replaceAll");
        add(map, VIEW, "keySet", "values", "entrySet");
        add(map, WRITE_READING, "putAll");
        add(map, WRITE, "clear");
        add(map, KEYED_WRITE, "put", "remove", "putIfAbsent", "replace", "compute", "computeIfAbsent",
                "computeIfPresent", "merge");

        String sortedMap = "java/util/SortedMap";
        add(sortedMap, READ, "firstKey", "lastKey", "comparator");
        add(sortedMap, VIEW, "headMap", "tailMap", "subMap");
        String navigableMap = "java/util/NavigableMap";
        add(navigableMap, READ, "firstEntry", "lastEntry", "lowerEntry", "lowerKey", "floorEntry", "floorKey",
                "ceilingEntry", "ceilingKey", "higherEntry", "higherKey");
        add(navigableMap, VIEW, "descendingMap", "navigableKeySet", "descendingKeySet");
        add(navigableMap, WRITE, "pollFirstEntry", "pollLastEntry");

        String sortedSet = "java/util/SortedSet";
        add(sortedSet, READ, "first", "last", "comparator");
        add(sortedSet, VIEW, "headSet", "tailSet", "subSet");
        String navigableSet = "java/util/NavigableSet";
        add(navigableSet, READ, "lower", "floor", "ceiling", "higher");
        add(navigableSet, VIEW, "descendingSet", "descendingIterator");
        add(navigableSet, WRITE, "pollFirst", "pollLast");

        String iterator = "java/util/Iterator";
        add(iterator, READ, "hasNext");
        add(iterator, NEXT, "next");
        add(iterator, READ_TRAVERSAL, "forEachRemaining");
        add(iterator, WRITE, "remove");
        String listIterator = "java/util/ListIterator";
        add(listIterator, READ, "hasPrevious", "nextIndex", "previousIndex");
        add(listIterator, PREVIOUS, "previous");
        add(listIterator, WRITE, "set", "add");
        // An entry an iterator of a map returned is the map's: reading or setting its value reads or changes the key's
        // value in the map (the key itself cannot change).
        String entry = "java/util/Map$Entry";
        add(entry, ENTRY_READ, "getValue");
        add(entry, ENTRY_WRITE, "setValue");

        // The legacy synchronized collections' own names for the same calls, and StringBuffer, whose every method holds
        // its monitor too (runtime SynchronizedCollections).
        String vector = "java/util/Vector";
        add(vector, READ, "elementAt", "firstElement", "lastElement", "capacity", "copyInto");
        add(vector, VIEW, "elements");
        add(vector, WRITE, "addElement", "insertElementAt", "setElementAt", "removeElement", "removeElementAt",
                "removeAllElements", "setSize", "ensureCapacity", "trimToSize");
        String stack = "java/util/Stack";
        add(stack, READ, "peek", "empty", "search");
        add(stack, WRITE, "push", "pop");
        String hashtable = "java/util/Hashtable";
        add(hashtable, READ, "contains");
        add(hashtable, VIEW, "elements", "keys");
        String properties = "java/util/Properties";
        add(properties, KEYED_READ, "getProperty");
        add(properties, KEYED_WRITE, "setProperty");
        add(properties, READ, "stringPropertyNames", "list", "store", "storeToXML", "save");
        add(properties, VIEW, "propertyNames");
        add(properties, WRITE, "load", "loadFromXML");
        String enumeration = "java/util/Enumeration";
        add(enumeration, READ, "hasMoreElements", "nextElement");
        add(enumeration, VIEW, "asIterator");

        String stringBuffer = "java/lang/StringBuffer";
        add(stringBuffer, READ, "length", "charAt", "codePointAt", "codePointBefore", "codePointCount",
                "offsetByCodePoints", "getChars", "indexOf", "lastIndexOf", "substring", "subSequence", "capacity",
                "chars", "codePoints", "compareTo", "toString");
        add(stringBuffer, WRITE, "append", "appendCodePoint", "insert", "delete", "deleteCharAt", "replace",
                "reverse", "setLength", "setCharAt", "ensureCapacity", "trimToSize", "repeat");

        // The sequenced collections of Java 21 (calls on a SequencedCollection or SequencedMap, which Java 17 code
        // never names): their reversed views, and the calls that name a first or last element or entry.
        String sequencedCollection = "java/util/SequencedCollection";
        add(sequencedCollection, VIEW, "reversed");
        add(sequencedCollection, READ, "getFirst", "getLast");
        add(sequencedCollection, WRITE, "addFirst", "addLast", "removeFirst", "removeLast");
        String sequencedMap = "java/util/SequencedMap";
        add(sequencedMap, VIEW, "reversed", "sequencedKeySet", "sequencedValues", "sequencedEntrySet");
        add(sequencedMap, READ, "firstEntry", "lastEntry");
        add(sequencedMap, WRITE, "pollFirstEntry", "pollLastEntry");
        add(sequencedMap, KEYED_WRITE, "putFirst", "putLast");

        // BitSet is no collection, but its words are shared state that is not thread-safe like a HashMap's table.
        String bitSet = "java/util/BitSet";
        add(bitSet, READ, "get", "cardinality", "length", "size", "isEmpty", "nextSetBit", "nextClearBit",
                "previousSetBit", "previousClearBit", "toByteArray", "toLongArray", "stream", "toString", "hashCode",
                "clone");
        add(bitSet, READ_READING, "intersects", "equals");
        add(bitSet, WRITE, "set", "clear", "flip");
        add(bitSet, WRITE_READING, "and", "or", "xor", "andNot");

        String concurrentHashMap = "java/util/concurrent/ConcurrentHashMap";
        add(concurrentHashMap, READ, "mappingCount", "contains");
        add(concurrentHashMap, READ_TRAVERSAL, "search", "searchKeys", "searchValues", "searchEntries", "reduce",
                "reduceKeys", "reduceValues", "reduceEntries", "forEachKey", "forEachValue", "forEachEntry",
                "reduceToLong", "reduceToInt", "reduceToDouble", "reduceKeysToLong", "reduceKeysToInt",
                "reduceKeysToDouble", "reduceValuesToLong", "reduceValuesToInt", "reduceValuesToDouble",
                "reduceEntriesToLong", "reduceEntriesToInt", "reduceEntriesToDouble");
        add("java/util/concurrent/CopyOnWriteArrayList", WRITE, "addIfAbsent", "addAllAbsent");

        // Executors and futures: one user-level operation each (runtime PoolModel, FutureModel). The calls that wait
        // (get, join, awaitTermination, close) and invokeAny are replaced instead (ExecutorCalls).
        add("java/util/concurrent/Executor", API_WRITE, "execute");
        String executorService = "java/util/concurrent/ExecutorService";
        add(executorService, API_WRITE, "submit", "invokeAll", "shutdown", "shutdownNow");
        add(executorService, API_READ, "isShutdown", "isTerminated");
        String pool = "java/util/concurrent/ThreadPoolExecutor";
        add(pool, API_READ, "isTerminating", "getPoolSize", "getActiveCount", "getCompletedTaskCount",
                "getTaskCount", "getLargestPoolSize", "getCorePoolSize", "getMaximumPoolSize", "getQueue");
        add(pool, API_WRITE, "setCorePoolSize", "setMaximumPoolSize", "allowCoreThreadTimeOut", "prestartCoreThread",
                "prestartAllCoreThreads", "purge", "remove", "setRejectedExecutionHandler", "setThreadFactory");
        add("java/util/concurrent/Future", API_READ, "isDone", "isCancelled", "state", "resultNow", "exceptionNow");
        add("java/util/concurrent/CompletableFuture", API_READ, "getNow", "isCompletedExceptionally",
                "getNumberOfDependents");
    }

    private CollectionMethods() {
    }

    /** How the call accesses its receiver, if this table brackets it. */
    static Optional<Access> access(int opcode, String owner, String name, String descriptor,
                                   TypeHierarchy.View types) {
        List<Entry> entries = BY_NAME.get(name);
        if (entries == null || opcode == Opcodes.INVOKESTATIC || owner.startsWith("[")) {
            return Optional.empty();
        }
        for (Entry entry : entries) {
            if (types.isSubtypeOf(owner, entry.jdkClass())) {
                boolean api = (entry.access().code() & CollectionCalls.CONCURRENT_API) != 0;
                return Optional.of(descriptor.contains(TIME_UNIT) && !api
                        ? plain(CollectionCalls.UNMODELLED)
                        : entry.access());
            }
        }
        return Optional.empty();
    }

    private static void add(String jdkClass, Access access, String... names) {
        for (String name : names) {
            BY_NAME.computeIfAbsent(name, any -> new ArrayList<>()).add(new Entry(jdkClass, access));
        }
    }
}
