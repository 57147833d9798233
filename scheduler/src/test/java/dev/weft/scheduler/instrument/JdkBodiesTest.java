package dev.weft.scheduler.instrument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.weft.scheduler.hooks.Hooks;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import net.bytebuddy.jar.asm.ClassReader;
import net.bytebuddy.jar.asm.ClassVisitor;
import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Type;
import net.bytebuddy.utility.OpenedClassReader;
import org.junit.jupiter.api.Test;

/** Which JDK classes get instrumented bodies, and the bootstrap bridge that lets them reach the hooks. */
class JdkBodiesTest {

    @Test
    void theExecutorsAndFuturesAndTheirNestedClassesAreOnTheList() {
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/ThreadPoolExecutor")).isTrue();
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/ThreadPoolExecutor$Worker")).isTrue();
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/Executors$DefaultThreadFactory")).isTrue();
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/FutureTask")).isTrue();
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/CompletableFuture$Signaller")).isTrue();
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/ScheduledThreadPoolExecutor")).isTrue();
        assertThat(JdkClasses.instrumentsBody(
                "java/util/concurrent/ScheduledThreadPoolExecutor$DelayedWorkQueue")).isTrue();
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/DelayQueue")).isTrue();
    }

    @Test
    void neighboursWithTheSamePrefixAndWhatTheSchedulerUsesAreNot() {
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/ScheduledThreadPoolExecutorX")).isFalse();
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/FutureTaskExtra")).isFalse();
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/DelayQueueX")).isFalse();
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/locks/LockSupport")).isFalse();
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/ConcurrentHashMap")).isFalse();
        assertThat(JdkClasses.instrumentsBody("java/util/concurrent/ForkJoinPool")).isFalse();
    }

    /** Every hook speaking only JDK types has a twin in JdkHooks, so JDK bodies can make any call user code makes. */
    @Test
    void jdkHooksHasEveryHookWhoseTypesAreTheJdks() {
        Set<String> generated = methodsOf(JdkHooksClass.generate());
        Set<String> bridgeable = Arrays.stream(Hooks.class.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && Modifier.isStatic(m.getModifiers()))
                .filter(m -> !m.getName().equals("install") && !m.getName().equals("uninstall")
                        && !m.getName().equals("handlers"))
                .map(m -> m.getName() + Type.getMethodDescriptor(m))
                .collect(Collectors.toSet());

        assertThat(generated).containsExactlyInAnyOrderElementsOf(bridgeable);
        assertThat(generated).contains("park(Ljava/lang/Object;JI)V", "startsManagedThread(Ljava/lang/Thread;I)Z");
    }

    private static Set<String> methodsOf(byte[] classFile) {
        Set<String> methods = new java.util.HashSet<>();
        new ClassReader(classFile).accept(new ClassVisitor(OpenedClassReader.ASM_API) {
            @Override
            public MethodVisitor visitMethod(int access, String name, String descriptor, String signature,
                                             String[] exceptions) {
                methods.add(name + descriptor);
                return null;
            }
        }, 0);
        return methods;
    }
}
