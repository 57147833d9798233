package dev.weft.scheduler.runtime.state;

import dev.weft.scheduler.hooks.RandomnessHookHandler;
import dev.weft.scheduler.runtime.ControlledHooks;
import dev.weft.scheduler.runtime.threads.ManagedThread;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.UUID;

import static dev.weft.scheduler.runtime.ControlledHooks.ownProgram;
import static dev.weft.scheduler.runtime.ControlledHooks.visible;

/**
 * The JVM runtime's handler of the randomness hooks ({@link RandomnessHookHandler}): random numbers, and orders that
 * follow identity hashes (what would differ from one run to the next without control). On a thread no execution
 * manages, or where its operations are not visible, each hook does what the uninstrumented code would have done (see
 * {@link ControlledHooks}).
 */
public final class ControlledRandomnessHooks implements RandomnessHookHandler {

    @Override
    public void randomMade(Random random, boolean unseeded) {
        ManagedThread self = ownProgram();
        if (self != null) {
            self.execution.randomness.made(random, unseeded, self);
        }
    }

    @Override
    public Random randomToDrawFrom(Random random) {
        ManagedThread self = ownProgram();
        return self == null ? RandomnessHookHandler.super.randomToDrawFrom(random)
                : self.execution.randomness.toDrawFrom(random, self);
    }

    @Override
    public double mathRandom(int site) {
        ManagedThread self = ownProgram();
        return self == null ? Math.random() : self.random().nextDouble();
    }

    @Override
    public UUID randomUUID(int site) {
        ManagedThread self = ownProgram();
        return self == null ? UUID.randomUUID() : Randomness.randomUUID(self);
    }

    @Override
    public Iterator<Object> inStableOrder(Collection<Object> objects, int site) {
        ManagedThread self = visible();
        if (self == null) {
            return objects.iterator();
        }
        List<Object> ordered = new ArrayList<>(objects);
        ordered.sort(Comparator.comparing(object -> self.execution.names.nameOf(object, self)));
        return ordered.iterator();
    }
}
