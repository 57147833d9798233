package dev.weft.samples.reports;

import org.junit.jupiter.api.AfterEach;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * A test base class whose {@code @AfterEach} makes visible operations of its own: it looks into a synchronized
 * registry of what the test opened, as a library's test base might check that nothing was left open.
 */
abstract class CleanupBase {

    final Map<Object, Boolean> opened = Collections.synchronizedMap(new IdentityHashMap<>());
    boolean checked;

    @AfterEach
    void nothingLeftOpen() {
        checked = opened.isEmpty();
    }
}
