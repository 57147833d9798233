package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Sites;

/**
 * Registers instrumented sites for tests, the way instrumentation would: one per instruction, at the line of the
 * test class where the constant is declared.
 */
public final class TestSite {

    private TestSite() {
    }

    /** A site touching {@code member} (a field name, or the called method), at the caller's line. */
    public static int at(String member) {
        return at(member, "");
    }

    public static int at(String member, String declaringClass) {
        StackWalker.StackFrame caller = StackWalker.getInstance()
                .walk(frames -> frames.skip(1).filter(f -> !f.getClassName().equals(TestSite.class.getName()))
                        .findFirst().orElseThrow());
        return Sites.register(new Sites.Site(caller.getClassName(), caller.getMethodName(), caller.getFileName(),
                caller.getLineNumber(), member, declaringClass));
    }
}
