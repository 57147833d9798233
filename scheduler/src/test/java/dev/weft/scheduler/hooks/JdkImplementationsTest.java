package dev.weft.scheduler.hooks;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Proxy;
import java.util.AbstractList;
import java.util.AbstractQueue;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Which receivers of a replaced call reach the JDK's implementation (the hook), and which run their own (the original
 * call). The classes below are the test's, defined by the application class loader: not the JDK's.
 */
class JdkImplementationsTest {

    private static final String FUTURE = "java/util/concurrent/Future";
    private static final String LOCK = "java/util/concurrent/locks/Lock";
    private static final String QUEUE = "java/util/Queue";
    private static final String EXECUTOR_SERVICE = "java/util/concurrent/ExecutorService";
    private static final int TIMED_GET = JdkImplementations.register(FUTURE, "get",
            "(JLjava/util/concurrent/TimeUnit;)Ljava/lang/Object;");
    private static final int GET = JdkImplementations.register(FUTURE, "get", "()Ljava/lang/Object;");
    private static final int LOCK_LOCK = JdkImplementations.register(LOCK, "lock", "()V");
    private static final int OFFER = JdkImplementations.register(QUEUE, "offer", "(Ljava/lang/Object;)Z");
    private static final int ADD = JdkImplementations.register(QUEUE, "add", "(Ljava/lang/Object;)Z");
    private static final int AWAIT_TERMINATION = JdkImplementations.register(EXECUTOR_SERVICE, "awaitTermination",
            "(JLjava/util/concurrent/TimeUnit;)Z");
    private static final int INVOKE_ANY = JdkImplementations.register(EXECUTOR_SERVICE, "invokeAny",
            "(Ljava/util/Collection;)Ljava/lang/Object;");
    private static final int PARALLEL_STREAM = JdkImplementations.register("java/util/Collection",
            "parallelStream", "()Ljava/util/stream/Stream;");

    /** An implementation of the interface that is not the JDK's, as a library's proxy or mock is. */
    private static Object own(Class<?> type) {
        return Proxy.newProxyInstance(JdkImplementationsTest.class.getClassLoader(), new Class<?>[] {type},
                (proxy, method, arguments) -> null);
    }

    static final class PlainSubclass extends ReentrantLock {
    }

    static final class OverridingSubclass extends ReentrantLock {
        @Override
        public void lock() {
            super.lock();
        }
    }

    static final class OwnQueue extends AbstractQueue<String> {
        @Override
        public boolean offer(String element) {
            return false;
        }

        @Override
        public String poll() {
            return null;
        }

        @Override
        public String peek() {
            return null;
        }

        @Override
        public Iterator<String> iterator() {
            return Collections.emptyIterator();
        }

        @Override
        public int size() {
            return 0;
        }
    }

    static final class OwnExecutorService extends AbstractExecutorService {
        @Override
        public void shutdown() {
        }

        @Override
        public List<Runnable> shutdownNow() {
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return false;
        }

        @Override
        public boolean isTerminated() {
            return false;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }

        @Override
        public void execute(Runnable command) {
            command.run();
        }
    }

    static class OwnList extends AbstractList<String> {
        @Override
        public String get(int index) {
            throw new IndexOutOfBoundsException(index);
        }

        @Override
        public int size() {
            return 0;
        }
    }

    static final class SequentialList extends OwnList {
        @Override
        public Stream<String> parallelStream() {
            return stream();
        }
    }

    @Test
    void theJdksClassesReachTheHooks() {
        assertThat(JdkImplementations.reached(new FutureTask<>(() -> "task"), TIMED_GET)).isTrue();
        assertThat(JdkImplementations.reached(new ReentrantLock(), LOCK_LOCK)).isTrue();
        assertThat(JdkImplementations.reached(new LinkedBlockingQueue<>(), OFFER)).isTrue();
    }

    @Test
    void ownImplementationsOfAnInterfaceRunTheirOwnCode() {
        assertThat(JdkImplementations.reached(own(Future.class), TIMED_GET)).isFalse();
        assertThat(JdkImplementations.reached(own(Future.class), GET)).isFalse();
        assertThat(JdkImplementations.reached(own(Lock.class), LOCK_LOCK)).isFalse();
    }

    @Test
    void aSubclassOfAConcreteJdkClassIsModelledAsThatClass() {
        assertThat(JdkImplementations.reached(new PlainSubclass(), LOCK_LOCK)).isTrue();
        assertThat(JdkImplementations.reached(new OverridingSubclass(), LOCK_LOCK)).isTrue();
    }

    /** Built on a JDK skeleton: its own methods are its own, the skeleton's are the JDK's. */
    @Test
    void anAbstractJdkSuperclassDecidesByWhoseMethodRuns() {
        assertThat(JdkImplementations.reached(new OwnQueue(), OFFER)).isFalse();
        assertThat(JdkImplementations.reached(new OwnQueue(), ADD)).isTrue(); // AbstractQueue.add
        assertThat(JdkImplementations.reached(new OwnExecutorService(), AWAIT_TERMINATION)).isFalse();
        assertThat(JdkImplementations.reached(new OwnExecutorService(), INVOKE_ANY)).isTrue();
        assertThat(JdkImplementations.reached(new OwnList(), PARALLEL_STREAM)).isTrue(); // Collection's default
        assertThat(JdkImplementations.reached(new SequentialList(), PARALLEL_STREAM)).isFalse();
    }

    @Test
    void aNullReceiverMakesTheOriginalCall() {
        assertThat(JdkImplementations.reached(null, LOCK_LOCK)).isFalse();
    }

    @Test
    void oneCallIsOneNumber() {
        assertThat(JdkImplementations.register(LOCK, "lock", "()V")).isEqualTo(LOCK_LOCK);
    }
}
