package org.fjdoctor.refactorings;

/**
 * The text the managed-block rewrites (FJ5's blocking calls, FJ6's sleeps and parks) print, for the
 * expected side of their before/after tests: one place, so both tests pin the same printer output.
 */
public final class ManagedBlockerText {

    private ManagedBlockerText() {
    }

    /** {@code statement} wrapped as the rewrite prints it, its line indented by {@code indent} (4-space unit). */
    public static String wrapped(String pool, String statement, String indent) {
        return pool + ".managedBlock(new " + pool + ".ManagedBlocker() {\n"
                + members(statement, indent)
                + indent + "});";
    }

    /** The blocker's done flag, block() running {@code statement}, and isReleasable(). */
    public static String members(String statement, String indent) {
        String in1 = indent + "    ";
        String in2 = in1 + "    ";
        return in1 + "private boolean done;\n"
                + "\n"
                + in1 + "@Override\n"
                + in1 + "public boolean block() throws InterruptedException {\n"
                + in2 + statement + "\n"
                + in2 + "done = true;\n"
                + in2 + "return true;\n"
                + in1 + "}\n"
                + "\n"
                + in1 + "@Override\n"
                + in1 + "public boolean isReleasable() {\n"
                + in2 + "return done;\n"
                + in1 + "}\n";
    }
}
