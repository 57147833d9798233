package dev.weft.dpor;

import java.util.List;

/**
 * The threads chosen at each step of an execution, by stable name. Running a subject along it reproduces the
 * execution.
 */
public record Schedule(List<String> threadNames) {

    public Schedule {
        threadNames = List.copyOf(threadNames);
    }

    public int length() {
        return threadNames.size();
    }
}
