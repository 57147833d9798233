package dev.weft.scheduler.hooks;

/**
 * The handlers that {@link Hooks} hands the hooks to, one per family of operations, so that each family's decisions
 * live with that family: memory, monitors, static initialisers, threads, time, randomness, locks, synchronizers,
 * collections and queues, pools and futures, the JVM's own state, fork/join, and static fields kept per execution.
 */
public record HookHandlers(MemoryHookHandler memory,
                           MonitorHookHandler monitor,
                           InitialiserHookHandler initialiser,
                           ThreadHookHandler thread,
                           TimeHookHandler time,
                           RandomnessHookHandler randomness,
                           LockHookHandler lock,
                           SynchronizerHookHandler synchronizer,
                           CollectionHookHandler collection,
                           PoolHookHandler pool,
                           JvmStateHookHandler jvmState,
                           ForkJoinHookHandler forkJoin,
                           StaticFieldHookHandler staticField) {

    /** Every operation runs as the uninstrumented code would: the interfaces' defaults. */
    public static final HookHandlers UNCONTROLLED = new HookHandlers(
            new MemoryHookHandler() {
            },
            new MonitorHookHandler() {
            },
            new InitialiserHookHandler() {
            },
            new ThreadHookHandler() {
            },
            new TimeHookHandler() {
            },
            new RandomnessHookHandler() {
            },
            new LockHookHandler() {
            },
            new SynchronizerHookHandler() {
            },
            new CollectionHookHandler() {
            },
            new PoolHookHandler() {
            },
            new JvmStateHookHandler() {
            },
            new ForkJoinHookHandler() {
            },
            new StaticFieldHookHandler() {
            });

    /** One object that handles every family (a test's recording handler, say). */
    public static <T extends MemoryHookHandler & MonitorHookHandler & InitialiserHookHandler & ThreadHookHandler
            & TimeHookHandler & RandomnessHookHandler & LockHookHandler & SynchronizerHookHandler
            & CollectionHookHandler & PoolHookHandler & JvmStateHookHandler & ForkJoinHookHandler
            & StaticFieldHookHandler> HookHandlers allFrom(T handler) {
        return new HookHandlers(handler, handler, handler, handler, handler, handler, handler, handler, handler,
                handler, handler, handler, handler);
    }
}
