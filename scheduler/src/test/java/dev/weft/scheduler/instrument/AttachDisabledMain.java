package dev.weft.scheduler.instrument;

/** Installs by attaching, and prints {@code installed} or the setup exception's message. */
public final class AttachDisabledMain {

    public static void main(String[] args) {
        try {
            WeftInstrumentation.ensureInstalled();
            System.out.println("installed");
        } catch (WeftSetupException e) {
            System.out.println("WeftSetupException: " + e.getMessage());
        }
    }
}
