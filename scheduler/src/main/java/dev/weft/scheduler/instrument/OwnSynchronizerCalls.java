package dev.weft.scheduler.instrument;

import net.bytebuddy.jar.asm.MethodVisitor;
import net.bytebuddy.jar.asm.Opcodes;

/**
 * The acquisitions of a synchronizer of the user's own built on {@code AbstractQueuedSynchronizer} (or its
 * {@code long} twin): {@code acquire}, {@code acquireInterruptibly}, {@code acquireShared},
 * {@code acquireSharedInterruptibly}, {@code tryAcquireNanos}, {@code tryAcquireSharedNanos}. Its waits happen inside
 * the JDK, where Weft cannot see them, so the hook ({@code ownSynchronizerAcquire}) lets an acquisition that succeeds
 * at once go through and fails closed on one that would have to wait, instead of letting the thread block out of
 * control until the watchdog. Every variant becomes one hook call {@code (synchronizer, arg, nanos, mode, site)}: the
 * argument widened to {@code long}, {@code nanos} {@code -1} when untimed, {@code mode} saying shared or exclusive and
 * how it waits ({@code OwnSynchronizers} in the hooks). Never replaced in the JDK's own code (a pool's workers are
 * such synchronizers).
 */
final class OwnSynchronizerCalls {

    static final String AQS = "java/util/concurrent/locks/AbstractQueuedSynchronizer";
    static final String AQLS = "java/util/concurrent/locks/AbstractQueuedLongSynchronizer";

    /** How an acquisition waits; the hooks' {@code OwnSynchronizers} reads the same numbers. */
    private static final int UNINTERRUPTIBLE = 0;
    private static final int INTERRUPTIBLE = 2;
    private static final int TIMED = 4;
    private static final int SHARED = 1;

    private static final String HOOK = "(Ljava/lang/Object;JJII)Z";

    private OwnSynchronizerCalls() {
    }

    static void register() {
        for (String type : new String[] {AQS, AQLS}) {
            boolean wide = type.equals(AQLS);
            for (int shared : new int[] {0, SHARED}) {
                String infix = shared == SHARED ? "Shared" : "";
                untimed(type, "acquire" + infix, wide, UNINTERRUPTIBLE | shared);
                untimed(type, "acquire" + infix + "Interruptibly", wide, INTERRUPTIBLE | shared);
                timed(type, "tryAcquire" + infix + "Nanos", wide, TIMED | shared);
            }
        }
    }

    /** Whether the replacement is one of these, which the JDK's own code keeps. */
    static boolean isOwnSynchronizerCall(CallReplacements.Replacement replacement) {
        return replacement.jdkClass().equals(AQS) || replacement.jdkClass().equals(AQLS);
    }

    /** [sync, arg] → [sync, arg as long, -1, mode] → hook; the result dropped. */
    private static void untimed(String type, String method, boolean wide, int mode) {
        CallReplacements.instance(type, method, wide ? "(J)V" : "(I)V", (mv, site) -> {
            if (!wide) {
                mv.visitInsn(Opcodes.I2L);
            }
            mv.visitLdcInsn(-1L);
            call(mv, site, mode);
            mv.visitInsn(Opcodes.POP);
        });
    }

    /** [sync, arg, nanos] → [sync, arg as long, nanos, mode] → hook. */
    private static void timed(String type, String method, boolean wide, int mode) {
        CallReplacements.instance(type, method, wide ? "(JJ)Z" : "(IJ)Z", (mv, site) -> {
            if (!wide) {
                // [int, long] → [long, int] → [long, long] → swap the two longs
                mv.visitInsn(Opcodes.DUP2_X1);
                mv.visitInsn(Opcodes.POP2);
                mv.visitInsn(Opcodes.I2L);
                mv.visitInsn(Opcodes.DUP2_X2);
                mv.visitInsn(Opcodes.POP2);
            }
            call(mv, site, mode);
        });
    }

    private static void call(MethodVisitor mv, int site, int mode) {
        Emit.pushInt(mv, mode);
        Emit.callHook(mv, site, "ownSynchronizerAcquire", HOOK);
    }
}
