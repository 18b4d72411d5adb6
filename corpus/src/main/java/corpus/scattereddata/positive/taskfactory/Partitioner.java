package corpus.scattereddata.positive.taskfactory;

/** Factory helper without fork/join imports: computes one part's bounds and creates its subtask. */
final class Partitioner {

    private Partitioner() {
    }

    static RangePeaks slice(int[] readings, int part, int parts) {
        int size = (readings.length + parts - 1) / parts;
        int from = Math.min(part * size, readings.length);
        int to = Math.min(from + size, readings.length);
        return new RangePeaks(readings, from, to);
    }
}
