package corpus.intratasksync.positive.startgate;

/** Settings loaded once at startup; readers wait on the class monitor until they are. */
final class Settings {

    private static int modulus;
    private static boolean loaded;

    private Settings() {
    }

    static synchronized void load(int value) {
        modulus = value;
        loaded = true;
        Settings.class.notifyAll();
    }

    static synchronized int modulus() { // expect: intra-task-sync
        while (!loaded) {
            try {
                Settings.class.wait(); // expect: intra-task-sync
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
        }
        return modulus;
    }
}
