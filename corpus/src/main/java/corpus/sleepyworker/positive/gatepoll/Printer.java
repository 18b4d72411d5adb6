package corpus.sleepyworker.positive.gatepoll;

/** Formats a page and waits at the printer gate before producing its stamp. */
public final class Printer {

    private Printer() {
    }

    static long print(int page) {
        Gate.pass();
        return page * 1_000L + Long.bitCount(page);
    }
}
