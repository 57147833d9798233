package dev.weft.scheduler.runtime;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The call of the test's own code that led into the JDK, for messages about a JDK class's internals: found on the
 * stack as the first frame outside the JDK and Weft, together with the JDK method it called
 * ({@code CompletableFuture.supplyAsync}).
 */
final class UserCall {

    private static final List<String> NOT_USER = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.",
            "dev.weft.scheduler.");

    private UserCall() {
    }

    /** {@code "CompletableFuture.supplyAsync"}: the JDK method the test's code called. */
    static String describe() {
        List<StackWalker.StackFrame> frames = frames();
        for (int i = 1; i < frames.size(); i++) {
            if (isUser(frames.get(i))) {
                StackWalker.StackFrame api = frames.get(i - 1);
                return simpleName(api.getClassName()) + "." + api.getMethodName();
            }
        }
        return "a JDK call";
    }

    /** {@code "Test.method(Test.java:42)"}: where the test's code made that call. */
    static String where() {
        return frames().stream().filter(UserCall::isUser).findFirst()
                .map(f -> f.getClassName() + "." + f.getMethodName() + "(" + f.getFileName() + ":"
                        + f.getLineNumber() + ")")
                .orElse("an unknown line");
    }

    private static List<StackWalker.StackFrame> frames() {
        return StackWalker.getInstance().walk(stream -> stream.collect(Collectors.toList()));
    }

    private static boolean isUser(StackWalker.StackFrame frame) {
        String name = frame.getClassName();
        return NOT_USER.stream().noneMatch(name::startsWith);
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1).replace('$', '.');
    }
}
