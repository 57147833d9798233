package dev.weft.scheduler.runtime;

import dev.weft.scheduler.hooks.Sites;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The call of the test's own code that led into the JDK, for the steps a model takes inside a JDK class: found on the
 * stack as the first frame outside the JDK and Weft, together with the JDK method it called. A fork inside a parallel
 * stream's code is then reported at the line of the test's {@code forEach}, with the member
 * {@code IntStream.forEach}, rather than inside {@code ForkJoinTask.java}.
 */
public final class UserCall {

    private static final List<String> NOT_USER = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.",
            "dev.weft.scheduler.");
    /** One site per call of the test's code, registered at its first step. */
    private static final Map<Sites.Site, Integer> SITES = new ConcurrentHashMap<>();

    private UserCall() {
    }

    /**
     * The site of the test's call that leads to the current step, or {@code fallback} when the thread runs no code of
     * the test's (a task's thread inside the JDK's own code). The same schedule gives the same stacks, so the same
     * sites: they are part of what a replay checks.
     */
    public static int site(int fallback) {
        Optional<Sites.Site> call = StackWalker.getInstance().walk(frames -> {
            StackWalker.StackFrame api = null;
            for (StackWalker.StackFrame frame : (Iterable<StackWalker.StackFrame>) frames::iterator) {
                if (isUser(frame)) {
                    return Optional.of(new Sites.Site(frame.getClassName(), frame.getMethodName(),
                            frame.getFileName(), frame.getLineNumber(),
                            api == null ? "" : simpleName(api.getClassName()) + "." + api.getMethodName(), ""));
                }
                if (!frame.getClassName().startsWith("dev.weft.")) {
                    api = frame;
                }
            }
            return Optional.empty();
        });
        return call.map(site -> SITES.computeIfAbsent(site, Sites::register)).orElse(fallback);
    }

    private static boolean isUser(StackWalker.StackFrame frame) {
        String name = frame.getClassName();
        return NOT_USER.stream().noneMatch(name::startsWith);
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1).replace('$', '.');
    }
}
