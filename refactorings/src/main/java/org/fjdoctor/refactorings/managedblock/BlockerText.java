package org.fjdoctor.refactorings.managedblock;

/**
 * Prints a managed block in the file's style: its indentation ({@code indent} for the statement's
 * line, {@code unit} per level) and line terminator.
 */
record BlockerText(String pool, String indent, String unit, String nl, int javaLevel) {

    /** {@code ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {..});} around {@code statement}. */
    String plain(String statement, String done) {
        return pool + ".managedBlock(new " + pool + ".ManagedBlocker() {" + nl
                + members(statement, done)
                + indent + "});";
    }

    /**
     * A blocker held in a local that keeps the call's value in a field, the managed block, and the
     * statement taking the value: {@code before + holder.value} and {@code end} ({@code ";"}, or nothing
     * when the statement goes on after the value, as a loop header does).
     */
    String holder(String holder, String valueType, String value, String call, String comment, String before,
                  String end, String done) {
        return "var " + holder + " = new " + pool + ".ManagedBlocker() {" + nl
                + unit(1) + "private " + valueType + " " + value + ";" + nl
                + members(value + " = " + call + ";" + comment, done)
                + indent + "};" + nl
                + indent + pool + ".managedBlock(" + holder + ");" + nl
                + indent + before + holder + "." + value + end;
    }

    private String members(String statement, String done) {
        String in1 = unit(1);
        String in2 = unit(2);
        return in1 + "private boolean " + done + ";" + nl
                + nl
                + override(in1)
                + in1 + "public boolean block() throws InterruptedException {" + nl
                + in2 + statement + nl
                + in2 + done + " = true;" + nl
                + in2 + "return true;" + nl
                + in1 + "}" + nl
                + nl
                + override(in1)
                + in1 + "public boolean isReleasable() {" + nl
                + in2 + "return " + done + ";" + nl
                + in1 + "}" + nl;
    }

    /** {@code @Override} on an interface method's implementation is valid from Java 6 on. */
    private String override(String in) {
        return javaLevel >= 6 ? in + "@Override" + nl : "";
    }

    private String unit(int levels) {
        return indent + unit.repeat(levels);
    }
}
