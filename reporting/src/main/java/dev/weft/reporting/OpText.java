package dev.weft.reporting;

import dev.weft.scheduler.model.Event;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;

import java.util.Map;

/** Operations in the words of the code a user wrote: {@code read Account@2.balance}, {@code lock Account@2}. */
final class OpText {

    /**
     * How a call that waited ended, by the value the runtime records for it (its {@code GuardedCall.Outcome}: a latch's
     * {@code await}, a future's {@code get}, a lock a read-write lock's view takes), in words.
     */
    private static final Map<String, String> WAIT_ENDED = Map.of("ready", "", "interrupted", " (interrupted)",
            "timed_out", " (timed out)");

    private OpText() {
    }

    /** The operation and, when recorded, the value it read or wrote: {@code write items[3] = 7}. */
    static String of(Event event) {
        Location location = event.operation().location();
        if (event.value() != null && location != null && (location.equals(Location.TIME)
                || location.kind() == Location.Kind.INTERRUPT && event.operation().kind() == OpKind.READ)) {
            // time passing (a sleep ends, a wait times out) and a sleep's own step say what happened in words
            return event.value();
        }
        boolean modelledObject = location != null && (location.kind() == Location.Kind.UNSAFE_OBJECT
                || location.kind() == Location.Kind.OBJECT_STATE);
        String waitEnded = event.value() == null ? null : WAIT_ENDED.get(event.value());
        if (waitEnded != null && (modelledObject || event.operation().lockId() != null)) {
            // not "call CountDownLatch@1.ready": the value says how a wait ended, it names no method
            return (modelledObject ? "wait for " + (location.isKey() ? location.owner() : location.toString())
                    : of(event.operation())) + waitEnded;
        }
        if (event.value() != null && modelledObject) {
            // a call on an object modelled at its API: the value names the method; a call on one key names the key
            return location.isKey()
                    ? "call " + location.owner() + "." + event.value() + (location.keyNames().size() > 1 ? " keys " : " key ")
                            + String.join(", ", location.keyNames())
                    : "call " + location + "." + event.value();
        }
        String op = of(event.operation());
        return event.value() == null ? op : op + " = " + event.value();
    }

    static String of(Operation op) {
        Location location = op.location();
        return switch (op.kind()) {
            case READ -> "read " + location;
            case WRITE -> "write " + location;
            case RMW -> "update " + location;
            case CAS -> "cas " + location;
            case CAS_SUCCESS -> "cas " + location + " ok";
            case CAS_FAILURE -> "cas " + location + " failed";
            // The permit and liveness locations belong to a thread: name the thread, not the location.
            case PARK -> "park";
            case UNPARK -> "unpark " + location.owner();
            case JOIN -> "join " + location.owner();
            case END -> "end";
            case LOCK -> (op.shared() ? "read-lock " : "lock ") + op.lockId().name();
            case TRY_LOCK -> (op.shared() ? "tryReadLock " : "tryLock ") + op.lockId().name();
            // a query of the lock, or a try that did not get it
            case OBSERVE_LOCK -> "observe " + op.lockId().name();
            case UNLOCK -> (op.shared() ? "read-unlock " : "unlock ") + op.lockId().name();
            case WAIT -> "wait " + op.lockId().name();
            case NOTIFY -> "notify " + op.lockId().name();
            case NOTIFY_ALL -> "notifyAll " + op.lockId().name();
            case START -> "start " + op.startedThread().name();
            case YIELD -> "yield";
        };
    }
}
