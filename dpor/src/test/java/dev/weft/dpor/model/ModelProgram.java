package dev.weft.dpor.model;

import dev.weft.scheduler.model.LockId;
import dev.weft.scheduler.model.Location;
import dev.weft.scheduler.model.OpKind;
import dev.weft.scheduler.model.Operation;
import dev.weft.scheduler.model.SourcePosition;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * An immutable model program: shared cells (all starting at 0; the keys of a keyed object are cells too), locks and
 * semaphores, and thread codes, code 0 being the main thread. Build one with {@link ProgramBuilder}; run it with
 * {@link ModelSubject}.
 *
 * <p>Every {@link Operation} a run can report is made here, once, so that stepping a run allocates little more
 * than the {@link dev.weft.scheduler.model.Event} it returns.
 */
public final class ModelProgram {

    private final String name;
    private final List<String> cellNames;
    private final List<ThreadCode> threads;
    private final Operation[][] cellOps;
    /** per cell that is a key of a keyed object: the read and the write of the whole object, one pair per object */
    private final Operation[] wholeReads;
    private final Operation[] wholeWrites;
    /** per two cells that are keys of one keyed object: the write of both at once ({@link Location#keys}) */
    private final Operation[][] twoKeyWrites;
    private final Operation[] lockOps;
    private final Operation[] unlockOps;
    private final Operation[] sharedLockOps;
    private final Operation[] sharedUnlockOps;
    private final Operation[] tryLockOps;
    private final Operation[] observeOps;
    private final Operation[] waitOps;
    private final Operation[] notifyOps;
    private final Operation[] notifyAllOps;
    private final Operation[] wakeUpOffers;
    private final boolean spuriousWakeUps;
    private final int[] lockPermits;
    private final SourcePosition[][] sources;

    ModelProgram(String name, List<String> cellNames, List<Location> cellLocations, List<String> lockNames,
                 List<Integer> lockPermits, List<ThreadCode> threads, boolean spuriousWakeUps) {
        this.name = name;
        this.spuriousWakeUps = spuriousWakeUps;
        this.cellNames = List.copyOf(cellNames);
        this.threads = List.copyOf(threads);
        OpKind[] kinds = OpKind.values();
        this.cellOps = new Operation[cellLocations.size()][];
        for (int c = 0; c < cellOps.length; c++) {
            cellOps[c] = new Operation[kinds.length];
            for (OpKind kind : List.of(OpKind.READ, OpKind.WRITE, OpKind.RMW, OpKind.CAS, OpKind.CAS_SUCCESS,
                    OpKind.CAS_FAILURE)) {
                cellOps[c][kind.ordinal()] = new Operation(kind, cellLocations.get(c));
            }
        }
        this.wholeReads = new Operation[cellOps.length];
        this.wholeWrites = new Operation[cellOps.length];
        Map<Location, Operation[]> wholes = new HashMap<>();
        for (int c = 0; c < cellOps.length; c++) {
            Location location = cellLocations.get(c);
            if (location.isKey()) {
                Operation[] ops = wholes.computeIfAbsent(location.whole(),
                        whole -> new Operation[] {Operation.read(whole), Operation.write(whole)});
                wholeReads[c] = ops[0];
                wholeWrites[c] = ops[1];
            }
        }
        this.twoKeyWrites = new Operation[cellOps.length][cellOps.length];
        for (int c = 0; c < cellOps.length; c++) {
            for (int d = 0; d < cellOps.length; d++) {
                Location a = cellLocations.get(c);
                Location b = cellLocations.get(d);
                if (a.isKey() && b.isKey() && a.whole().equals(b.whole())) {
                    twoKeyWrites[c][d] = Operation.write(Location.keys(a.whole(),
                            List.of(a.keyNames().get(0), b.keyNames().get(0))));
                }
            }
        }
        this.lockOps = new Operation[lockNames.size()];
        this.unlockOps = new Operation[lockNames.size()];
        this.sharedLockOps = new Operation[lockNames.size()];
        this.sharedUnlockOps = new Operation[lockNames.size()];
        this.tryLockOps = new Operation[lockNames.size()];
        this.observeOps = new Operation[lockNames.size()];
        this.waitOps = new Operation[lockNames.size()];
        this.notifyOps = new Operation[lockNames.size()];
        this.notifyAllOps = new Operation[lockNames.size()];
        this.wakeUpOffers = new Operation[lockNames.size()];
        this.lockPermits = lockPermits.stream().mapToInt(Integer::intValue).toArray();
        for (int l = 0; l < lockOps.length; l++) {
            LockId id = new LockId(lockNames.get(l), this.lockPermits[l] >= 0);
            lockOps[l] = Operation.lock(id);
            unlockOps[l] = Operation.unlock(id);
            sharedLockOps[l] = Operation.sharedLock(id);
            sharedUnlockOps[l] = Operation.sharedUnlock(id);
            tryLockOps[l] = Operation.tryLock(id);
            observeOps[l] = Operation.observeLock(id);
            waitOps[l] = new Operation(OpKind.WAIT, id);
            notifyOps[l] = new Operation(OpKind.NOTIFY, id);
            notifyAllOps[l] = new Operation(OpKind.NOTIFY_ALL, id);
            // As the runtime's: the wake-up looks at the monitor, and lapses once another thread moves.
            wakeUpOffers[l] = Operation.observeLock(id).lapsing();
        }
        this.sources = new SourcePosition[this.threads.size()][];
        for (int t = 0; t < sources.length; t++) {
            ThreadCode thread = this.threads.get(t);
            sources[t] = new SourcePosition[thread.code().size() + 1];
            for (int pc = 0; pc < sources[t].length; pc++) {
                sources[t][pc] = new SourcePosition("model." + name, thread.label(), name + "." + thread.label(), pc);
            }
        }
    }

    public String name() {
        return name;
    }

    /** The display names of the shared cells, in cell order: {@code x}, {@code a[0]}, ... */
    public List<String> cellNames() {
        return cellNames;
    }

    public int cellCount() {
        return cellNames.size();
    }

    public int lockCount() {
        return lockOps.length;
    }

    List<ThreadCode> threads() {
        return threads;
    }

    Operation cellOp(int cell, OpKind kind) {
        return cellOps[cell][kind.ordinal()];
    }

    /** A read ({@code size}) or write ({@code clear}) of the whole keyed object that the cell is a key of. */
    Operation wholeOp(int cell, boolean writes) {
        return writes ? wholeWrites[cell] : wholeReads[cell];
    }

    /** The write of the two keys (one key when they are the same) of one keyed object. */
    Operation twoKeyWrite(int cell, int otherCell) {
        return twoKeyWrites[cell][otherCell];
    }

    Operation lockOp(int lock) {
        return lockOps[lock];
    }

    Operation unlockOp(int lock) {
        return unlockOps[lock];
    }

    Operation sharedLockOp(int lock) {
        return sharedLockOps[lock];
    }

    Operation sharedUnlockOp(int lock) {
        return sharedUnlockOps[lock];
    }

    Operation tryLockOp(int lock) {
        return tryLockOps[lock];
    }

    Operation observeOp(int lock) {
        return observeOps[lock];
    }

    Operation waitOp(int lock) {
        return waitOps[lock];
    }

    Operation notifyOp(int lock, boolean all) {
        return all ? notifyAllOps[lock] : notifyOps[lock];
    }

    /** The spurious wake-up offered to a thread that has just begun to wait on the monitor. */
    Operation wakeUpOffer(int lock) {
        return wakeUpOffers[lock];
    }

    /** Whether a wait may wake without a notify ({@link ProgramBuilder#spuriousWakeUps}). */
    boolean spuriousWakeUps() {
        return spuriousWakeUps;
    }

    /** The semaphore's initial permits, or -1 when the lock is a lock. */
    int initialPermits(int lock) {
        return lockPermits[lock];
    }

    /** Where an instruction is: the program, the thread's label and the instruction number (the code's length for the end). */
    SourcePosition source(int code, int pc) {
        return sources[code][pc];
    }

    /** The program as a listing, one numbered instruction a line, for failure messages. */
    @Override
    public String toString() {
        List<String> labels = threads.stream().map(ThreadCode::label).toList();
        StringBuilder out = new StringBuilder("program ").append(name).append('\n');
        for (ThreadCode thread : threads) {
            out.append(thread.label()).append(thread.daemon() ? " (daemon)" : "").append(":\n");
            List<Instr> code = thread.code();
            out.append(IntStream.range(0, code.size())
                    .mapToObj(pc -> String.format("  %2d: %s%n", pc, code.get(pc).show(labels)))
                    .collect(Collectors.joining()));
        }
        return out.toString();
    }
}
