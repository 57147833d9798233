package dev.weft.scheduler.instrument;

import dev.weft.scheduler.hooks.HookHandlers;
import dev.weft.scheduler.hooks.Hooks;
import dev.weft.scheduler.hooks.Sites;
import dev.weft.scheduler.instrument.subjects.Fields;

/**
 * In a fresh JVM: loads and runs a subject before the instrumentation exists, installs it, and runs the subject again.
 * Prints each field hook as {@code member@line}, then {@code bump=<result>}.
 */
public final class LoadedBeforeInstallationMain {

    public static void main(String[] args) {
        Fields fields = new Fields();
        fields.bump();
        System.setProperty(ClassFilter.INCLUDE_PROPERTY, SubjectSetup.SUBJECTS);
        WeftInstrumentation.ensureInstalled();
        Hooks.install(HookHandlers.allFrom(new EveryHookHandler() {
            @Override
            public void fieldRead(Object owner, int site) {
                System.out.println("read " + Sites.get(site).member() + "@" + Sites.get(site).line());
            }

            @Override
            public void fieldWrite(Object owner, int site) {
                System.out.println("write " + Sites.get(site).member() + "@" + Sites.get(site).line());
            }
        }));
        int result = fields.bump();
        Hooks.uninstall();
        System.out.println("bump=" + result);
        System.out.println("failures=" + WeftInstrumentation.failures());
    }
}
