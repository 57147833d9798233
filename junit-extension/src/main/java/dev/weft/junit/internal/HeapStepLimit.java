package dev.weft.junit.internal;

/**
 * The step limit this JVM's heap can hold. An execution keeps what the explorer needs of every step it took (the
 * state it was taken in, its event, its clock): measured 1 to 1.8 KB a step with 2 to 64 threads (560,000 steps of 2
 * threads ran out of a 256 MB heap and fitted in 512 MB; of 64 threads, out of 512 MB and fitted in 1 GB). Each worker
 * runs one execution at a time. A limit past what the heap holds would end a long execution in an
 * {@code OutOfMemoryError} that can take the build's fork down with it, and the report with it; so the limit is
 * lowered to what the heap holds, at 3 KB a step, and a {@code STEP_LIMIT} failure says so.
 */
record HeapStepLimit(int asked, int held, long heapBytes, int workers) {

    static final long BYTES_PER_STEP = 3 * 1024;

    /** The limit for a JVM whose heap is at most {@code heapBytes}, with {@code workers} executions at a time. */
    static HeapStepLimit of(int asked, long heapBytes, int workers) {
        long held = heapBytes / (BYTES_PER_STEP * Math.max(1, workers));
        return new HeapStepLimit(asked, (int) Math.max(1, Math.min(asked, held)), heapBytes, workers);
    }

    /** For this JVM ({@link Runtime#maxMemory()}). */
    static HeapStepLimit ofThisJvm(int asked, int workers) {
        return of(asked, Runtime.getRuntime().maxMemory(), workers);
    }

    boolean lowered() {
        return held < asked;
    }

    /** What a {@code STEP_LIMIT} message adds when the limit was lowered; empty when it was not. */
    String note() {
        if (!lowered()) {
            return "";
        }
        return " The step limit was " + held + " rather than " + asked + ": that is what this JVM's heap of "
                + heapBytes / (1024 * 1024) + " MB holds, at about " + BYTES_PER_STEP / 1024 + " KB a step"
                + (workers > 1 ? " for each of its " + workers + " workers" : "")
                + ". Give the test JVM more heap (-Xmx in Surefire's argLine) to raise it.";
    }
}
