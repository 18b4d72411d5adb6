package corpus.copyonjoin.positive.execresult;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;

/** A direct ForkJoinTask subclass (exec/getRawResult/setRawResult) that concatenates long[] results. */
public class ExecResult {

    static final int THRESHOLD = 2_000;

    static class CubesTask extends ForkJoinTask<long[]> {
        private final int from;
        private final int to;
        private long[] result;

        CubesTask(int from, int to) {
            this.from = from;
            this.to = to;
        }

        @Override
        public long[] getRawResult() {
            return result;
        }

        @Override
        protected void setRawResult(long[] value) {
            result = value;
        }

        @Override
        protected boolean exec() {
            if (to - from <= THRESHOLD) {
                long[] cubes = new long[(to - from + 2) / 3];
                int count = 0;
                for (int n = from; n < to; n++) {
                    if (n % 3 == 0) {
                        cubes[count++] = (long) n * n * n;
                    }
                }
                setRawResult(Arrays.copyOf(cubes, count));
                return true;
            }
            int mid = (from + to) >>> 1;
            CubesTask left = new CubesTask(from, mid);
            CubesTask right = new CubesTask(mid, to);
            left.fork();
            long[] rightCubes = right.invoke();
            left.join();
            long[] leftCubes = left.getRawResult();
            long[] merged = Arrays.copyOf(leftCubes, leftCubes.length + rightCubes.length); // expect: copy-on-join
            System.arraycopy(rightCubes, 0, merged, leftCubes.length, rightCubes.length); // expect: copy-on-join
            setRawResult(merged);
            return true;
        }
    }

    public static void main(String[] args) {
        long[] cubes = ForkJoinPool.commonPool().invoke(new CubesTask(0, 30_000));
        long checksum = 0;
        for (long cube : cubes) {
            checksum = checksum * 3 + cube;
        }
        System.out.println("checksum=" + cubes.length + ":" + checksum);
    }
}
