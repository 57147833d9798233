package dev.weft.scheduler.runtime;

/**
 * Per class, whether a public no-argument method of it is still the one a given class declares (not overridden):
 * Weft may answer for {@code Object.hashCode()} or {@code Thread.getId()} only where a class left it alone.
 */
public final class InheritedMethod extends ClassValue<Boolean> {

    private final String method;
    private final Class<?> declarer;

    public InheritedMethod(String method, Class<?> declarer) {
        this.method = method;
        this.declarer = declarer;
    }

    @Override
    protected Boolean computeValue(Class<?> type) {
        try {
            return type.getMethod(method).getDeclaringClass() == declarer;
        } catch (NoSuchMethodException impossible) {
            throw new IllegalStateException(type + " has no public " + method + "()", impossible);
        }
    }
}
