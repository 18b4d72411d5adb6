package corpus.intratasksync.negative.mainonlysync;

import java.util.ArrayList;
import java.util.List;

/** A small thread-safe ledger; its fee schedule is a pure static function. */
public final class Ledger {

    private final List<String> entries = new ArrayList<>();
    private long balance;

    /** Basis-point fee with a floor, rounded down. */
    static long feeFor(long amount) {
        return Math.max(5, amount * 25 / 10_000);
    }

    synchronized void post(String label, long amount) {
        entries.add(label + "=" + amount);
        balance += amount;
    }

    synchronized long balance() {
        return balance * 31 + entries.size();
    }
}
