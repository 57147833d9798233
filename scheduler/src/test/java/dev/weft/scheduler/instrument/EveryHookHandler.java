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

/** A handler of every family of hooks at once, for tests that record or replace hooks of several families. */
interface EveryHookHandler extends MemoryHookHandler,
        MonitorHookHandler,
        InitialiserHookHandler,
        ThreadHookHandler,
        TimeHookHandler,
        RandomnessHookHandler,
        LockHookHandler,
        SynchronizerHookHandler,
        CollectionHookHandler,
        PoolHookHandler,
        JvmStateHookHandler,
        ForkJoinHookHandler,
        StaticFieldHookHandler {
}
