package dev.weft.scheduler.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.instrument.subjects.Constructed;
import dev.weft.scheduler.instrument.subjects.LocalObjects;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

/**
 * The accesses of a list, deque or array that never leaves its method's frame call no hook ({@link ConfinedObjects});
 * every way out of the frame keeps them. Each case also checks the code still computes what it did.
 */
class ConfinedObjectsInstrumentationTest {

    @Test
    void aListKeptInItsFrameIsAddedToAndIteratedWithoutHooks() throws Exception {
        assertThat(accessHooks(LocalObjects::listKeptInFrame, 10)).isEmpty();
    }

    @Test
    void aListKeptInItsFrameIsTraversedByForEachWithoutHooksButTheCallbackKeepsItsOwn() throws Exception {
        assertThat(accessHooks(LocalObjects::listTraversedByForEach, 5)).isEmpty();
        assertThat(fieldHooks(LocalObjects::listTraversedByForEach)).containsExactly(
                "fieldWrite LocalObjects.total", "fieldRead LocalObjects.total", "fieldWrite LocalObjects.total",
                "fieldRead LocalObjects.total", "fieldWrite LocalObjects.total", "fieldRead LocalObjects.total");
    }

    @Test
    void anArrayKeptInItsFrameIsWrittenAndReadWithoutHooks() throws Exception {
        assertThat(accessHooks(() -> LocalObjects.arrayKeptInFrame(4), 12)).isEmpty();
    }

    @Test
    void anArrayOfCountsIncrementedInPlaceIsUsedWithoutHooks() throws Exception {
        assertThat(accessHooks(LocalObjects::countsKeptInFrame, 222)).isEmpty();
    }

    @Test
    void aDequeKeptInItsFrameIsUsedWithoutHooks() throws Exception {
        assertThat(accessHooks(LocalObjects::dequeKeptInFrame, 3)).isEmpty();
    }

    @Test
    void aListThatLeavesItsFrameKeepsItsHooks() throws Exception {
        assertThat(accessHooks(() -> LocalObjects.listReturned().size(), 1)).containsExactly("collectionCall");
        assertThat(accessHooks(LocalObjects::listCapturedByALambda, 1))
                .containsExactly("collectionCall", "collectionCall");
        assertThat(accessHooks(LocalObjects::listStoredInAField, 1))
                .containsExactly("collectionCall", "collectionCall");
        assertThat(accessHooks(() -> LocalObjects.listGivenAsParameter(new ArrayList<>()), 1))
                .containsExactly("collectionCall", "collectionCall");
        // iterator(), then hasNext() and next() twice, and the last hasNext()
        assertThat(accessHooks(() -> LocalObjects.sumOfParameter(new ArrayList<>(List.of(1, 2))), 3))
                .containsExactly("collectionCall", "collectionCall", "collectionCall", "collectionCall",
                        "collectionCall", "collectionCall");
    }

    @Test
    void anArrayPassedToAMethodKeepsItsHooks() throws Exception {
        assertThat(accessHooks(LocalObjects::arrayPassedOn, 1))
                .containsExactly("arrayWrite", "arrayRead", "arrayRead");
    }

    @Test
    void aListWhoseIteratorLeavesTheFrameKeepsItsHooksAndTheIteratorsToo() throws Exception {
        assertThat(accessHooks(LocalObjects::iteratorPassedOn, 5))
                .containsExactly("collectionCall", "collectionCall", "collectionCall");
    }

    @Test
    void aVariableThatMayHoldAnotherListKeepsItsHooks() throws Exception {
        LocalObjects.published = new ArrayList<>(List.of(7));
        assertThat(accessHooks(() -> LocalObjects.variableAlsoHoldsAForeignList(true), 1))
                .containsExactly("collectionCall", "collectionCall");
        assertThat(accessHooks(() -> LocalObjects.variableAlsoHoldsAForeignList(false), 2))
                .containsExactly("collectionCall", "collectionCall");
    }

    @Test
    void aListWhoseIteratorSlotServedALoopOverAParameterIsStillKept() throws Exception {
        // the loop over the parameter keeps its hooks: iterator(), hasNext() and next() twice, the last hasNext()
        assertThat(accessHooks(() -> LocalObjects.ownListAfterALoopOverAParameter(new ArrayList<>(List.of(1, 2))), 30))
                .containsExactly("collectionCall", "collectionCall", "collectionCall", "collectionCall",
                        "collectionCall", "collectionCall");
        assertThat(accessHooks(() -> LocalObjects.loopOverAParameterAfterOwnList(new ArrayList<>(List.of(2))), 3))
                .containsExactly("collectionCall", "collectionCall", "collectionCall", "collectionCall");
    }

    @Test
    void aVariableThatLoadsMeetHoldingAParameterOrAFreshListKeepsItsHooks() throws Exception {
        assertThat(accessHooks(() -> LocalObjects.ownOrGivenList(new ArrayList<>(), true), 1))
                .containsExactly("collectionCall", "collectionCall");
        assertThat(accessHooks(() -> LocalObjects.ownOrGivenList(new ArrayList<>(List.of(5)), false), 2))
                .containsExactly("collectionCall", "collectionCall");
    }

    @Test
    void aListAHandlerCanSeeBesideAParameterKeepsItsHooks() throws Exception {
        assertThat(accessHooks(() -> LocalObjects.listSeenByAHandler(new ArrayList<>(List.of(9))), 2))
                .containsExactly("collectionCall", "collectionCall", "collectionCall");
    }

    @Test
    void aListMadeFromAnotherKeepsItsHooks() throws Exception {
        LocalObjects.published = new ArrayList<>(List.of(7, 8));
        assertThat(accessHooks(LocalObjects::listCopiedFromAnother, 2)).containsExactly("collectionCall");
    }

    @Test
    void aConstructorSetsItsObjectsFieldsWithoutHooksUntilTheObjectCanHaveLeft() {
        assertThat(fieldHooks(() -> new Constructed(1).count())).containsExactly("fieldRead count");
        assertThat(fieldHooks(() -> new Constructed("x").count()))
                .containsExactly("fieldWrite Constructed.last", "fieldWrite count", "fieldRead count");
        assertThat(fieldHooks(() -> new Constructed(true).count())).containsExactly("fieldWrite count", "fieldRead count");
        assertThat(fieldHooks(() -> new Constructed(false).count()))
                .containsExactly("fieldWrite count", "fieldRead count");
    }

    /** Runs the subject and returns its field hooks with the field, in order. */
    private static List<String> fieldHooks(Callable<Integer> subject) {
        try (RecordingHandler recording = RecordingHandler.start()) {
            subject.call();
            return recording.events().stream()
                    .filter(event -> event.hook().startsWith("field"))
                    .map(event -> event.hook() + " " + event.site().member())
                    .toList();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Runs the subject and returns the names of its collection-call and array-access hooks, in order. */
    private static List<String> accessHooks(Callable<Integer> subject, int expected) throws Exception {
        try (RecordingHandler recording = RecordingHandler.start()) {
            assertThat(subject.call()).isEqualTo(expected);
            return recording.events().stream()
                    .map(RecordingHandler.Event::hook)
                    .filter(hook -> hook.equals("collectionCall") || hook.startsWith("array"))
                    .toList();
        }
    }
}
