package dev.weft.scheduler.runtime;

import dev.weft.scheduler.model.Subject;
import dev.weft.scheduler.runtime.fibers.InlineCarrying;
import dev.weft.scheduler.runtime.pools.NeutralTakes;
import dev.weft.scheduler.runtime.state.EarlierExecutions;
import dev.weft.scheduler.runtime.state.SharedStateWatch;
import dev.weft.scheduler.runtime.state.SideBySideExecutions;
import dev.weft.scheduler.runtime.time.VirtualClock;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test body run on real JVM threads under the cooperative scheduler: every {@link #start()} runs the body from the
 * beginning on a fresh managed main thread, with fresh object names and models.
 */
public final class JvmSubject implements Subject {

    private final ThrowingRunnable body;
    private final RuntimeSettings settings;
    private final CausalOrder order;
    private final SharedStateWatch watch;
    private final Set<String> warnings = ConcurrentHashMap.newKeySet();
    /** Where every execution's clock starts: when this exploration began. */
    private final VirtualClock.Origin clockOrigin = VirtualClock.Origin.now();
    /** What the executions so far left for the next ones. */
    private final EarlierExecutions earlier = new EarlierExecutions();
    private JvmRun last;
    private boolean workerIdentityMattered;
    private String threadsLeftRunning;

    public JvmSubject(ThrowingRunnable body, RuntimeSettings settings) {
        this(body, settings, CausalOrder.UNKNOWN);
    }

    /**
     * @param order the explorer's happens-before order, which tells which takes of a pool's work queue order nothing
     *              of their own; with {@link CausalOrder#UNKNOWN} every take but an idle worker's empty one is taken
     *              to order its worker's past before the task, which costs executions but loses none
     */
    public JvmSubject(ThrowingRunnable body, RuntimeSettings settings, CausalOrder order) {
        this(body, settings, order, SharedStateWatch.NONE);
    }

    /**
     * @param watch hears of the state each execution did not create: for executions that run side by side with
     *              other subjects' ({@link SideBySideExecutions}); {@link SharedStateWatch#NONE} otherwise
     */
    public JvmSubject(ThrowingRunnable body, RuntimeSettings settings, CausalOrder order, SharedStateWatch watch) {
        if (body == null || settings == null || order == null || watch == null) {
            throw new IllegalArgumentException("test body, settings, order and watch must not be null");
        }
        this.body = body;
        this.settings = settings;
        this.order = order;
        this.watch = watch;
    }

    public JvmSubject(ThrowingRunnable body) {
        this(body, RuntimeSettings.defaults());
    }

    /**
     * Installs the runtime's hook handler if needed and prepares a fresh execution of the body ({@link JvmRun#start}).
     *
     * @throws WorkerIdentityMattered if an execution took a task neutrally ({@link NeutralTakes}) and looked at
     *                                a thread's identity: the exploration so far assumed what that execution disproved
     * @throws ExplorationInterrupted if the calling thread was interrupted (JUnit's timeout): the exploration ends
     * @throws IllegalStateException  if the calling thread was given up while it carried a fiber stuck in the test's
     *                                code ({@link InlineCarrying}) and has come back since: its supervisor explores
     *                                the test again elsewhere, so this exploration must not go on beside it
     * @throws ThreadsLeftRunning     if an earlier execution left threads running ({@link #threadsLeftRunning})
     */
    @Override
    public JvmRun start() {
        if (Thread.currentThread().isInterrupted()) {
            throw new ExplorationInterrupted();
        }
        InlineCarrying carrying = InlineCarrying.ofCurrentThread();
        if (carrying != null && carrying.lostBecause() != null) {
            throw new IllegalStateException("this exploring thread was given up and starts no more executions: "
                    + carrying.lostBecause());
        }
        if (workerIdentityMattered()) {
            throw new WorkerIdentityMattered();
        }
        String left = threadsLeftRunning();
        if (left != null) {
            throw new ThreadsLeftRunning(left);
        }
        ControlledHooks.installIfAbsent();
        last = JvmRun.start(settings, body, warnings::add, clockOrigin, earlier, order, watch);
        return last;
    }

    /**
     * Whether some execution so far took a task neutrally, leaving the other workers' choices unexplored
     * ({@link RuntimeSettings#interchangeableIdleWorkers}) and saw a thread look at its identity: the exploration
     * must then be run again without that assumption.
     */
    public boolean workerIdentityMattered() {
        workerIdentityMattered |= last != null && last.workerIdentityMayHaveMattered();
        return workerIdentityMattered;
    }

    /**
     * Why an execution that failed left threads running (stuck in code the scheduler does not control, deaf to
     * interrupts), or {@code null}. Its failure stands; nothing more of the test should run in this JVM, where those
     * threads go on outside any execution.
     */
    public String threadsLeftRunning() {
        if (threadsLeftRunning == null && last != null) {
            threadsLeftRunning = last.leftRunning();
        }
        return threadsLeftRunning;
    }

    /** What the executions found worth telling the test's author without failing it (each distinct text once). */
    public List<String> warnings() {
        return List.copyOf(new TreeSet<>(warnings));
    }
}
