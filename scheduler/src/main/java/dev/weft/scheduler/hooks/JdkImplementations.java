package dev.weft.scheduler.hooks;

import java.lang.invoke.MethodType;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Whether a replaced call on a type that code outside the JDK can implement ({@code Future}, {@code Lock},
 * {@code BlockingQueue}, an abstract class) reaches the JDK's implementation, which the hooks model, or the receiver's
 * own. The hook runs when the receiver's class is a JDK class (of the bootstrap or the platform class loader), when
 * the method it runs is a JDK class's (a subclass that does not override it), or when its class extends a concrete
 * JDK class of the called type (a subclass of {@code ReentrantLock} is modelled as one, its overrides included). Any
 * other receiver is the user's or a library's own implementation, even one built on a JDK skeleton such as
 * {@code AbstractQueue}: the instrumented code makes the original call, with its arguments as they are. Decided once
 * per receiver class and call.
 */
public final class JdkImplementations {

    /** A replaced call: the JDK type the replacement names, the method's name and descriptor. */
    private record Call(String type, String name, String descriptor) {
    }

    private static final ClassLoader PLATFORM = ClassLoader.getPlatformClassLoader();

    private static final List<Call> CALLS = new ArrayList<>();
    private static final Map<Call, Integer> NUMBERS = new HashMap<>();

    /** The JDK's classes answer every call alike; a class of anyone else's learns its answers call by call. */
    private static final Decisions OF_THE_JDK = new Decisions(null);

    private static final ClassValue<Decisions> DECISIONS = new ClassValue<>() {
        @Override
        protected Decisions computeValue(Class<?> type) {
            return isJdk(type) ? OF_THE_JDK : new Decisions(type);
        }
    };

    private JdkImplementations() {
    }

    /**
     * The number by which instrumented code asks about calls of {@code name descriptor} on {@code type} (internal
     * names), the same for every site of the call.
     */
    public static synchronized int register(String type, String name, String descriptor) {
        return NUMBERS.computeIfAbsent(new Call(type, name, descriptor), call -> {
            CALLS.add(call);
            return CALLS.size() - 1;
        });
    }

    /** Whether the call numbered {@code call} on {@code receiver} goes to the hook; never for {@code null}. */
    public static boolean reached(Object receiver, int call) {
        return receiver != null && DECISIONS.get(receiver.getClass()).reached(call);
    }

    private static synchronized Call registered(int number) {
        return CALLS.get(number);
    }

    /** One receiver class's answers, by call number. */
    private static final class Decisions {

        private static final byte UNKNOWN = 0;
        private static final byte REACHED = 1;
        private static final byte OWN = 2;

        private final Class<?> type;
        private volatile byte[] answers = new byte[0];

        Decisions(Class<?> type) {
            this.type = type;
        }

        boolean reached(int call) {
            if (type == null) {
                return true;
            }
            byte[] known = answers;
            byte answer = call < known.length ? known[call] : UNKNOWN;
            if (answer == UNKNOWN) {
                answer = decide(type, registered(call)) ? REACHED : OWN;
                synchronized (this) {
                    byte[] grown = Arrays.copyOf(answers, Math.max(answers.length, call + 1));
                    grown[call] = answer;
                    answers = grown;
                }
            }
            return answer == REACHED;
        }
    }

    /** The rule of the class comment, for a class that is not the JDK's. */
    private static boolean decide(Class<?> type, Call call) {
        Class<?> nearestJdk = type;
        while (!isJdk(nearestJdk)) {
            nearestJdk = nearestJdk.getSuperclass();
        }
        Class<?> implementer = implementer(type, call);
        if (implementer == null) {
            return false; // the JVM's own error, from the original call
        }
        if (isJdk(implementer)) {
            return true;
        }
        if (Modifier.isAbstract(nearestJdk.getModifiers())) {
            return false;
        }
        try {
            return Class.forName(call.type().replace('/', '.'), false, null).isAssignableFrom(nearestJdk);
        } catch (ClassNotFoundException notInThisJdk) {
            return false;
        }
    }

    /**
     * The class or interface whose method an instance of {@code type} runs for the call: the nearest declaration in
     * its classes, else a default method of its interfaces (one of a user's interface first), else {@code null}.
     */
    private static Class<?> implementer(Class<?> type, Call call) {
        Class<?>[] parameters;
        try {
            parameters = MethodType.fromMethodDescriptorString(call.descriptor(), null).parameterArray();
        } catch (TypeNotPresentException | IllegalArgumentException unresolvable) {
            return null;
        }
        for (Class<?> current = type; current != null; current = current.getSuperclass()) {
            Method declared = declared(current, call.name(), parameters);
            if (declared != null && !Modifier.isStatic(declared.getModifiers())
                    && !Modifier.isPrivate(declared.getModifiers())) {
                return current;
            }
        }
        Class<?> jdkDefault = null;
        Deque<Class<?>> interfaces = new ArrayDeque<>();
        for (Class<?> current = type; current != null; current = current.getSuperclass()) {
            interfaces.addAll(List.of(current.getInterfaces()));
        }
        while (!interfaces.isEmpty()) {
            Class<?> candidate = interfaces.poll();
            Method declared = declared(candidate, call.name(), parameters);
            if (declared != null && declared.isDefault()) {
                if (!isJdk(candidate)) {
                    return candidate;
                }
                jdkDefault = candidate;
            }
            interfaces.addAll(List.of(candidate.getInterfaces()));
        }
        return jdkDefault;
    }

    private static Method declared(Class<?> type, String name, Class<?>[] parameters) {
        try {
            return type.getDeclaredMethod(name, parameters);
        } catch (NoSuchMethodException | LinkageError notDeclaredOrNotResolvable) {
            return null;
        }
    }

    /** A class of the bootstrap or the platform class loader. */
    private static boolean isJdk(Class<?> type) {
        ClassLoader loader = type.getClassLoader();
        return loader == null || loader == PLATFORM;
    }
}
