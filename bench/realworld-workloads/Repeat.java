/**
 * Calls the workload's Driver.main with the given arguments CALLS times in one JVM and reports each
 * finished call on standard error, so that run.sh --repeat can count how many calls a JVM got through
 * before it hung. Usage: java Repeat CALLS [driver arguments...]
 */
public class Repeat {
    public static void main(String[] args) throws Exception {
        int calls = Integer.parseInt(args[0]);
        String[] driverArgs = java.util.Arrays.copyOfRange(args, 1, args.length);
        for (int i = 1; i <= calls; i++) {
            Driver.main(driverArgs);
            System.err.println("call " + i);
        }
        System.exit(0); // a runtime's pool threads may not be daemons
    }
}
