package dev.weft.scheduler.instrument.subjects;

import java.lang.reflect.Proxy;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;

/** Calls that the instrumentation replaces, on implementations of the JDK's interfaces that are not the JDK's. */
public class OwnImplementations {

    /** Counts its holds in a field: its own code, instrumented as any other. Only lock and unlock are called. */
    static final class CountingLock implements Lock {
        int holds;

        @Override
        public void lock() {
            holds++; // mark:holds
        }

        @Override
        public void unlock() {
            holds--; // mark:release
        }

        @Override
        public void lockInterruptibly() {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean tryLock() {
            throw new UnsupportedOperationException();
        }

        @Override
        public boolean tryLock(long time, TimeUnit unit) {
            throw new UnsupportedOperationException();
        }

        @Override
        public Condition newCondition() {
            throw new UnsupportedOperationException();
        }
    }

    static final class PlainSubclass extends ReentrantLock {
    }

    /** A future that is not the JDK's, as a library's proxy or mock is: answers every call with "constant". */
    @SuppressWarnings("unchecked")
    private static Future<String> constantFuture() {
        return (Future<String>) Proxy.newProxyInstance(OwnImplementations.class.getClassLoader(),
                new Class<?>[] {Future.class}, (proxy, method, arguments) -> "constant");
    }

    public String futures() throws Exception {
        Future<String> constant = constantFuture();
        String own = constant.get(1000, null) + " " + constant.get();
        FutureTask<String> task = new FutureTask<>(() -> "task");
        task.run();
        Future<String> jdks = task;
        return own + " " + jdks.get(1, TimeUnit.SECONDS); // mark:jdkGet
    }

    public String locks() {
        Lock own = new CountingLock();
        own.lock();
        own.unlock();
        Lock subclass = new PlainSubclass();
        subclass.lock(); // mark:subclassLock
        boolean held = ((ReentrantLock) subclass).isHeldByCurrentThread();
        subclass.unlock(); // mark:subclassUnlock
        return ((CountingLock) own).holds + " " + held; // mark:result
    }
}
