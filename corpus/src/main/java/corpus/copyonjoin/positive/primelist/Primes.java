package corpus.copyonjoin.positive.primelist;

/** Plain helper without fork/join code, called from the task's leaf loop. */
final class Primes {

    private Primes() {
    }

    static boolean isPrime(int n) {
        if (n < 2) {
            return false;
        }
        for (int d = 2; d * d <= n; d++) {
            if (n % d == 0) {
                return false;
            }
        }
        return true;
    }
}
