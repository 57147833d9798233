package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Subject;

/**
 * A test body run on real JVM threads under the cooperative scheduler: every {@link #start()} runs the body from the
 * beginning on a fresh managed main thread, with fresh object names and models.
 */
public final class JvmSubject implements Subject {

    private final ThrowingRunnable body;
    private final RuntimeSettings settings;

    public JvmSubject(ThrowingRunnable body, RuntimeSettings settings) {
        if (body == null || settings == null) {
            throw new IllegalArgumentException("test body and settings must not be null");
        }
        this.body = body;
        this.settings = settings;
    }

    public JvmSubject(ThrowingRunnable body) {
        this(body, RuntimeSettings.defaults());
    }

    /** Installs the runtime's hook handler if needed and starts the body; returns once it is paused or has ended. */
    @Override
    public JvmRun start() {
        ControlledHooks.installIfAbsent();
        return JvmRun.start(settings, body);
    }
}
