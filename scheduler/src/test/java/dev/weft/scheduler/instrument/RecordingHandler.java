package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.MemoryHookHandler;
import dev.weft.scheduler.hooks.MonitorHookHandler;
import dev.weft.scheduler.hooks.InitialiserHookHandler;
import dev.weft.scheduler.hooks.ThreadHookHandler;
import dev.weft.scheduler.hooks.TimeHookHandler;
import dev.weft.scheduler.hooks.RandomnessHookHandler;
import dev.weft.scheduler.hooks.LockHookHandler;
import dev.weft.scheduler.hooks.SynchronizerHookHandler;
import dev.weft.scheduler.hooks.CollectionHookHandler;
import dev.weft.scheduler.hooks.PoolHookHandler;
import dev.weft.scheduler.hooks.JvmStateHookHandler;
import dev.weft.scheduler.hooks.ForkJoinHookHandler;
import dev.weft.scheduler.hooks.StaticFieldHookHandler;
import dev.weft.scheduler.hooks.HookHandlers;
import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.hooks.Sites;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.function.Predicate;

/**
 * Records the hooks that instrumented subject code calls, then does what the default handler does, so that the
 * subjects compute what they would uninstrumented. Untimed waits return at once (a spurious wake-up, which the JDK
 * allows), so that single-threaded subjects can call them. Only hooks from subject classes, and site-less hooks from
 * the recording thread or threads named {@code subject-*}, are kept.
 */
final class RecordingHandler implements MemoryHookHandler, MonitorHookHandler, InitialiserHookHandler, ThreadHookHandler, TimeHookHandler,
        RandomnessHookHandler, LockHookHandler, SynchronizerHookHandler, CollectionHookHandler, PoolHookHandler,
        JvmStateHookHandler, ForkJoinHookHandler, StaticFieldHookHandler, AutoCloseable {

    /** One recorded hook: the hook's name, where it was called, what it names and its details. */
    record Event(String hook, Sites.Site site, Object target, String detail, String thread) {

        /** {@code "fieldWrite Fields.java:12 count"}, plus the details, if any. */
        String render() {
            StringBuilder text = new StringBuilder(hook);
            if (site != null) {
                text.append(' ').append(site.fileName()).append(':').append(site.line());
                if (!site.member().isEmpty()) {
                    text.append(' ').append(site.member());
                }
            }
            if (!detail.isEmpty()) {
                text.append(' ').append(detail);
            }
            return text.toString();
        }
    }

    private static final String SUBJECTS = "dev.weft.scheduler.instrument.subjects.";

    private final List<Event> events = new CopyOnWriteArrayList<>();
    private final Thread recordingThread = Thread.currentThread();
    private final boolean modelMonitors;

    private RecordingHandler(boolean modelMonitors) {
        this.modelMonitors = modelMonitors;
    }

    /** Installs a recording handler; closing it uninstalls it. */
    static RecordingHandler start() {
        return start(false);
    }

    /** As {@link #start()}; with {@code modelMonitors} it claims every monitor, so that the real one is skipped. */
    static RecordingHandler start(boolean modelMonitors) {
        SubjectSetup.ensureInstalled();
        RecordingHandler handler = new RecordingHandler(modelMonitors);
        Hooks.install(HookHandlers.allFrom(handler));
        return handler;
    }

    @Override
    public void close() {
        Hooks.uninstall();
    }

    List<Event> events() {
        return List.copyOf(events);
    }

    /** The rendered events of the given thread. */
    List<String> rendered(String threadName) {
        return events.stream().filter(e -> e.thread().equals(threadName)).map(Event::render).toList();
    }

    /** The rendered events of the recording thread. */
    List<String> rendered() {
        return rendered(recordingThread.getName());
    }

    List<String> rendered(Predicate<Event> filter) {
        return events.stream().filter(filter).map(Event::render).toList();
    }

    private void record(String hook, int site, Object target, String detail) {
        Sites.Site where = Sites.get(site);
        if (where.className().startsWith(SUBJECTS)) {
            events.add(new Event(hook, where, target, detail, Thread.currentThread().getName()));
        }
    }

    private void recordSiteless(String hook, String detail) {
        Thread current = Thread.currentThread();
        if (current == recordingThread || current.getName().startsWith("subject-")) {
            events.add(new Event(hook, null, null, detail, current.getName()));
        }
    }

    @Override
    public void fieldRead(Object owner, int site) {
        record("fieldRead", site, owner, "");
    }

    @Override
    public void fieldWrite(Object owner, int site) {
        record("fieldWrite", site, owner, "");
    }

    @Override
    public void collectionCallBegins(Object receiver, Object key, int access, int site) {
        record("collectionCall", site, receiver, "");
    }

    @Override
    public void arrayRead(Object array, int index, int site) {
        record("arrayRead", site, array, "[" + index + "]");
    }

    @Override
    public void arrayWrite(Object array, int index, int site) {
        record("arrayWrite", site, array, "[" + index + "]");
    }

    @Override
    public void allocated(Object object, int site) {
        record("allocated", site, object, "");
    }

    @Override
    public boolean monitorEnter(Object monitor, int site) {
        record("monitorEnter", site, monitor, "");
        return modelMonitors;
    }

    @Override
    public boolean monitorExit(Object monitor, int site) {
        record("monitorExit", site, monitor, "");
        return modelMonitors;
    }

    @Override
    public void synchronizedMethodEntered(Object monitor, int site) {
        record("synchronizedMethodEntered", site, monitor, "");
    }

    @Override
    public boolean holdsLock(Object monitor, int site) {
        record("holdsLock", site, monitor, "");
        return MonitorHookHandler.super.holdsLock(monitor, site);
    }

    @Override
    public void classInitStart() {
        recordSiteless("classInitStart", "");
    }

    @Override
    public void classInitEnd() {
        recordSiteless("classInitEnd", "");
    }

    @Override
    public void objectWait(Object monitor, long millis, int nanos, int site) throws InterruptedException {
        record("objectWait", site, monitor, millis + "ms+" + nanos + "ns");
        if (millis != 0 || nanos != 0) {
            MonitorHookHandler.super.objectWait(monitor, millis, nanos, site);
        }
    }

    @Override
    public void objectNotify(Object monitor, int site) {
        record("objectNotify", site, monitor, "");
        MonitorHookHandler.super.objectNotify(monitor, site);
    }

    @Override
    public void objectNotifyAll(Object monitor, int site) {
        record("objectNotifyAll", site, monitor, "");
        MonitorHookHandler.super.objectNotifyAll(monitor, site);
    }

    @Override
    public void threadStart(Thread thread, int site) {
        record("threadStart", site, thread, thread.getName());
        ThreadHookHandler.super.threadStart(thread, site);
    }

    @Override
    public void threadJoin(Thread thread, long millis, int site) throws InterruptedException {
        record("threadJoin", site, thread, millis + "ms");
        ThreadHookHandler.super.threadJoin(thread, millis, site);
    }

    @Override
    public void threadSleep(long millis, int site) throws InterruptedException {
        record("threadSleep", site, null, millis + "ms");
        TimeHookHandler.super.threadSleep(millis, site);
    }

    @Override
    public void threadYield(int site) {
        record("threadYield", site, null, "");
        ThreadHookHandler.super.threadYield(site);
    }

    @Override
    public void onSpinWait(int site) {
        record("onSpinWait", site, null, "");
        ThreadHookHandler.super.onSpinWait(site);
    }

    @Override
    public boolean threadIsAlive(Thread thread, int site) {
        record("threadIsAlive", site, thread, "");
        return ThreadHookHandler.super.threadIsAlive(thread, site);
    }

    @Override
    public void threadInterrupt(Thread thread, int site) {
        record("threadInterrupt", site, thread, "");
        ThreadHookHandler.super.threadInterrupt(thread, site);
    }

    @Override
    public boolean threadIsInterrupted(Thread thread, int site) {
        record("threadIsInterrupted", site, thread, "");
        return ThreadHookHandler.super.threadIsInterrupted(thread, site);
    }

    @Override
    public boolean threadInterrupted(int site) {
        record("threadInterrupted", site, null, "");
        return ThreadHookHandler.super.threadInterrupted(site);
    }

    @Override
    public void park(Object blocker, long nanos, int site) {
        record("park", site, blocker, (blocker == null ? "null" : blocker) + " " + nanos + "ns");
        LockHookHandler.super.park(blocker, nanos, site);
    }

    @Override
    public void unpark(Thread thread, int site) {
        record("unpark", site, thread, "");
        LockHookHandler.super.unpark(thread, site);
    }

    @Override
    public void threadRunBegins(Thread thread) {
        recordSiteless("threadRunBegins", thread.getName());
    }

    @Override
    public void threadRunEnds(Thread thread, Throwable thrown) {
        recordSiteless("threadRunEnds", thread.getName() + " " + thrown);
    }

    @Override
    public void atomicAccess(Object atomic, int index, int access, int site) {
        record("atomicAccess", site, atomic, index < 0 ? kind(access) : "[" + index + "] " + kind(access));
    }

    private static String kind(int access) {
        return switch (access) {
            case Sites.READ -> "READ";
            case Sites.WRITE -> "WRITE";
            case Sites.READ_WRITE -> "READ_WRITE";
            case Sites.CAS -> "CAS";
            case Sites.ADD -> "ADD";
            default -> "access " + access;
        };
    }

    @Override
    public void varHandleAccess(Object varHandle, Object coordinate, int index, int access, int site) {
        record("varHandleAccess", site, coordinate, (index < 0 ? "" : "[" + index + "] ") + kind(access));
    }

    @Override
    public boolean casResult(boolean success, int site) {
        record("casResult", site, null, String.valueOf(success));
        return success;
    }

    @Override
    public void lock(Lock lock, int site) {
        record("lock", site, lock, "");
        LockHookHandler.super.lock(lock, site);
    }

    @Override
    public void lockInterruptibly(Lock lock, int site) throws InterruptedException {
        record("lockInterruptibly", site, lock, "");
        LockHookHandler.super.lockInterruptibly(lock, site);
    }

    @Override
    public boolean tryLock(Lock lock, int site) {
        record("tryLock", site, lock, "");
        return LockHookHandler.super.tryLock(lock, site);
    }

    @Override
    public void unlock(Lock lock, int site) {
        record("unlock", site, lock, "");
        LockHookHandler.super.unlock(lock, site);
    }

    @Override
    public boolean conditionAwait(Condition condition, long nanos, int site) throws InterruptedException {
        record("conditionAwait", site, condition, nanos + "ns");
        return nanos < 0 || LockHookHandler.super.conditionAwait(condition, nanos, site);
    }

    @Override
    public long conditionAwaitNanos(Condition condition, long nanos, int site) throws InterruptedException {
        record("conditionAwaitNanos", site, condition, nanos + "ns");
        return LockHookHandler.super.conditionAwaitNanos(condition, nanos, site);
    }

    @Override
    public void conditionSignal(Condition condition, int site) {
        record("conditionSignal", site, condition, "");
        LockHookHandler.super.conditionSignal(condition, site);
    }

    @Override
    public void conditionSignalAll(Condition condition, int site) {
        record("conditionSignalAll", site, condition, "");
        LockHookHandler.super.conditionSignalAll(condition, site);
    }

    @Override
    public Object futureGet(Future<?> future, long nanos, int site)
            throws InterruptedException, ExecutionException, TimeoutException {
        record("futureGet", site, future, nanos + "ns");
        return PoolHookHandler.super.futureGet(future, nanos, site);
    }
}
