package dev.weft.scheduler.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DependenceTest {

    private final Location x = Location.field("Counter@1", "value");
    private final Location y = Location.field("Counter@2", "value");
    private final LockId m = new LockId("Object@1");

    @Test
    void readsOfOneLocationDoNotConflict() {
        assertThat(Dependence.dependent(Operation.read(x), Operation.read(x))).isFalse();
    }

    @Test
    void aWriteConflictsWithEveryAccessOfItsLocation() {
        assertThat(Dependence.dependent(Operation.write(x), Operation.read(x))).isTrue();
        assertThat(Dependence.dependent(Operation.read(x), Operation.write(x))).isTrue();
        assertThat(Dependence.dependent(Operation.write(x), Operation.write(x))).isTrue();
    }

    @Test
    void everyElementOfAnArrayOverlapsEachElementOfThatArrayOnly() {
        Location all = Location.arrayElements("int[]@1");
        Location element = Location.arrayElement("int[]@1", 2);
        assertThat(Dependence.dependent(Operation.read(all), Operation.write(element))).isTrue();
        assertThat(Dependence.dependent(Operation.write(element), Operation.read(all))).isTrue();
        assertThat(Dependence.dependent(Operation.write(all), Operation.write(all))).isTrue();
        assertThat(Dependence.dependent(Operation.read(all), Operation.read(element))).isFalse();
        assertThat(Dependence.dependent(Operation.write(all), Operation.write(Location.arrayElement("int[]@2", 2))))
                .isFalse();
        assertThat(Dependence.dependent(Operation.write(Location.arrayElement("int[]@1", 1)), Operation.write(element)))
                .isFalse();
        Operation copy = Operation.write(Location.arrayElements("int[]@2")).alsoReading(all);
        assertThat(Dependence.dependent(copy, Operation.write(element))).as("arraycopy's source").isTrue();
        assertThat(all).hasToString("int[]@1[*]");
    }

    @Test
    void aLocationAnOperationAlsoReadsConflictsWithItsWritesOnly() {
        Location flag = Location.interruptFlag(new ThreadId(1, "main.1"));
        Operation wait = new Operation(OpKind.WAIT, m).alsoReading(flag);
        assertThat(Dependence.dependent(wait, Operation.write(flag))).as("wait, interrupt").isTrue();
        assertThat(Dependence.dependent(Operation.write(flag), wait)).as("interrupt, wait").isTrue();
        assertThat(Dependence.dependent(wait, Operation.read(flag))).as("wait, isInterrupted").isFalse();
        assertThat(Dependence.dependent(wait, new Operation(OpKind.NOTIFY, m))).as("wait, notify").isTrue();
        assertThat(Dependence.dependent(wait, Operation.write(x))).as("wait, another location").isFalse();
        assertThat(wait).hasToString("wait lock Object@1 (reading " + flag + ")");
        Operation join = Operation.join(new ThreadId(2, "main.2")).alsoReading(flag);
        assertThat(Dependence.dependent(join, Operation.write(flag))).as("join, interrupt").isTrue();
        assertThat(Dependence.dependent(join, Operation.end(new ThreadId(2, "main.2")))).as("join, end").isTrue();
        assertThat(Dependence.dependent(join, Operation.write(x))).as("join, another location").isFalse();
    }

    @Test
    void accessesOfDifferentLocationsCommute() {
        assertThat(Dependence.dependent(Operation.write(x), Operation.write(y))).isFalse();
    }

    @Test
    void callsOnDifferentKeysOfOneMapCommuteAndEachConflictsWithTheWholeMap() {
        Location map = Location.objectState("ConcurrentHashMap@1");
        Location a = Location.key(map, "\"a\"");
        Location b = Location.key(map, "\"b\"");
        assertThat(Dependence.dependent(Operation.write(a), Operation.write(b))).as("put a, put b").isFalse();
        assertThat(Dependence.dependent(Operation.write(a), Operation.read(a))).as("put a, get a").isTrue();
        assertThat(Dependence.dependent(Operation.write(a), Operation.read(map))).as("put a, size").isTrue();
        assertThat(Dependence.dependent(Operation.read(map), Operation.write(b))).as("size, put b").isTrue();
        assertThat(Dependence.dependent(Operation.read(a), Operation.write(map))).as("get a, clear").isTrue();
        assertThat(Dependence.dependent(Operation.read(a), Operation.read(map))).as("get a, size").isFalse();
        Location other = Location.key(Location.objectState("ConcurrentHashMap@2"), "\"a\"");
        assertThat(Dependence.dependent(Operation.write(a), Operation.write(other))).as("another map").isFalse();
        assertThat(Dependence.dependent(Operation.write(Location.key(Location.unsafeObject("ConcurrentHashMap@1"),
                "\"a\"")), Operation.write(map))).as("another kind of location").isFalse();
    }

    @Test
    void aCallOnSeveralKeysConflictsWithEveryCallOnOneOfThem() {
        Location queue = Location.objectState("LinkedBlockingQueue@1");
        Location take = Location.keys(queue, java.util.List.of("head", "#0"));
        Location offerOfTheTakenElement = Location.keys(queue, java.util.List.of("tail", "#0"));
        Location offerOfAnother = Location.keys(queue, java.util.List.of("tail", "#1"));
        assertThat(Dependence.dependent(Operation.write(take), Operation.write(offerOfTheTakenElement)))
                .as("a take and the offer of the element it takes").isTrue();
        assertThat(Dependence.dependent(Operation.write(take), Operation.write(offerOfAnother)))
                .as("a take and the offer of another element").isFalse();
        assertThat(Dependence.dependent(Operation.write(offerOfTheTakenElement), Operation.write(offerOfAnother)))
                .as("two offers").isTrue();
        assertThat(Dependence.dependent(Operation.write(take), Operation.read(Location.key(queue, "head"))))
                .as("a take and a read of one of its keys").isTrue();
        assertThat(Dependence.dependent(Operation.write(offerOfAnother), Operation.read(queue)))
                .as("an offer and a size").isTrue();
        assertThat(take).isEqualTo(Location.keys(queue, java.util.List.of("#0", "head", "#0")))
                .hasToString("LinkedBlockingQueue@1[#0, head]");
        assertThat(take.whole()).isEqualTo(queue);
        assertThat(take.keyParts()).containsExactly(Location.key(queue, "#0"), Location.key(queue, "head"));
        assertThat(Location.keys(queue, java.util.List.of("a", "a"))).isEqualTo(Location.key(queue, "a"));
    }

    @Test
    void onlyAWholeObjectHasKeys() {
        Location map = Location.objectState("ConcurrentHashMap@1");
        assertThat(Location.key(map, "1").whole()).isEqualTo(map);
        assertThat(Location.key(map, "1")).hasToString("ConcurrentHashMap@1[1]");
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> Location.key(x, "1"));
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> Location.key(Location.key(map, "1"), "2"));
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> Location.key(map, ""));
        org.assertj.core.api.Assertions.assertThatIllegalArgumentException()
                .isThrownBy(() -> Location.key(map, "a\u001Fb"));
        assertThat(Location.key(map, Location.keyName("a\u001Fb")).keyNames()).containsExactly("a?b");
    }

    @Test
    void aFailedCompareAndSetIsARead() {
        Operation failed = new Operation(OpKind.CAS_FAILURE, x);
        assertThat(Dependence.dependent(failed, Operation.read(x))).isFalse();
        assertThat(Dependence.dependent(failed, new Operation(OpKind.CAS_SUCCESS, x))).isTrue();
        assertThat(Dependence.dependent(new Operation(OpKind.CAS, x), Operation.read(x)))
                .as("a pending CAS may write").isTrue();
    }

    @Test
    void everyOperationOnOneLockDependsOnEveryOther() {
        assertThat(Dependence.dependent(Operation.lock(m), Operation.unlock(m))).isTrue();
        assertThat(Dependence.dependent(new Operation(OpKind.NOTIFY, m), new Operation(OpKind.WAIT, m))).isTrue();
        assertThat(Dependence.dependent(Operation.lock(m), Operation.lock(new LockId("Object@2")))).isFalse();
    }

    @Test
    void twoObservationsOfALockCommuteButNotWithAnythingElseOnIt() {
        Operation observe = Operation.observeLock(m);
        assertThat(Dependence.dependent(observe, Operation.observeLock(m))).isFalse();
        assertThat(Dependence.dependent(observe, Operation.tryLock(m))).as("a pending try may take it").isTrue();
        assertThat(Dependence.dependent(observe, Operation.unlock(m))).isTrue();
        assertThat(Dependence.dependent(Operation.lock(m), observe)).isTrue();
    }

    @Test
    void startAndYieldDependOnNothing() {
        ThreadId t = new ThreadId(1, "main.1");
        assertThat(Dependence.dependent(Operation.start(t), Operation.start(t))).isFalse();
        Operation yield = new Operation(OpKind.YIELD, null);
        assertThat(Dependence.dependent(yield, yield)).isFalse();
    }

    @Test
    void joinDependsOnlyOnTheEndOfTheJoinedThread() {
        ThreadId t = new ThreadId(1, "main.1");
        ThreadId u = new ThreadId(2, "main.2");
        assertThat(Dependence.dependent(Operation.join(t), Operation.end(t))).isTrue();
        assertThat(Dependence.dependent(Operation.join(t), Operation.end(u))).isFalse();
        assertThat(Dependence.dependent(Operation.join(t), Operation.join(t))).isFalse();
    }

    @Test
    void operationsRejectTargetsThatDoNotFitTheirKind() {
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Operation(OpKind.READ, m))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("READ");
    }
}
