package dev.weft.dpor.model;

/** A worker thread declared by a {@link ProgramBuilder}, for the main thread to start and join. */
public record ThreadHandle(int code, String label) {
}
