package dev.weft.samples.collections;

import dev.weft.junit.ExhaustiveConcurrency;
import dev.weft.samples.support.Concurrently;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.SequencedMap;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/** The sequenced collections of Java 21 shared by threads. Run by {@link SequencedCollectionTest}. */
class SequencedCollectionPrograms {

    /** The newest entry read through the reversed view while another thread adds one: either entry. */
    @ExhaustiveConcurrency
    void reversedViewSeesEitherLast() throws Exception {
        List<String> log = new CopyOnWriteArrayList<>(List.of("a"));
        String[] newest = new String[1];
        Concurrently.run(() -> log.add("b"), () -> newest[0] = log.reversed().getFirst());
        assertThat(newest[0]).isIn("a", "b");
    }

    /** Two threads put first into one LinkedHashMap: not thread-safe. */
    @ExhaustiveConcurrency
    void twoPutFirstsIntoALinkedHashMap() throws Exception {
        SequencedMap<String, Integer> recent = new LinkedHashMap<>();
        Concurrently.run(() -> recent.putFirst("a", 1), () -> recent.putFirst("b", 2));
        assertThat(recent).hasSize(2);
    }
}
