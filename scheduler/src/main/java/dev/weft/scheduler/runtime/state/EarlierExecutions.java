package dev.weft.scheduler.runtime.state;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the executions of one exploration leave for the next ones: the static initialisers they ran, and the state
 * they changed that could not be put back ({@link StateJournal#unrestorable}), named in the message of a divergence
 * it may have caused.
 */
public final class EarlierExecutions {

    public final StaticInitialisers initialisers = new StaticInitialisers();
    /** What could not be put back, with where it was first changed. */
    private final Map<String, String> notPutBack = new ConcurrentHashMap<>();

    /** At an execution's end. */
    public void couldNotPutBack(Map<String, String> changed) {
        changed.forEach(notPutBack::putIfAbsent);
    }

    /** For a divergence's message: what earlier executions changed that Weft does not put back, or {@code ""}. */
    public String notPutBack() {
        if (notPutBack.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder("; note: earlier executions changed state that Weft does not put back"
                + " before the next execution: ");
        String separator = "";
        for (Map.Entry<String, String> changed : new TreeMap<>(notPutBack).entrySet()) {
            text.append(separator).append(changed.getKey()).append(" (changed at ").append(changed.getValue())
                    .append(')');
            separator = ", ";
        }
        return text.toString();
    }
}
