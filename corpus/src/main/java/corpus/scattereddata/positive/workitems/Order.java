package corpus.scattereddata.positive.workitems;

/** Plain work item without fork/join code; lineAmounts() computes fresh data for each subtask. */
record Order(int id, int lines, int unitPrice) {

    long[] lineAmounts() {
        long[] amounts = new long[lines];
        for (int line = 0; line < amounts.length; line++) {
            amounts[line] = (long) unitPrice * (1 + (id + line) % 4);
        }
        return amounts;
    }
}
