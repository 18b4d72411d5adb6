package corpus.copyonfork.negative.localrecursivetask;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Copies slices for "subtasks" of a project-local RecursiveTask type: sequential code, not fork/join. */
public class BlockChecksum {

    static final class Adler extends RecursiveTask<Long> {
        static final int THRESHOLD = 1_024;

        private final byte[] block;

        Adler(byte[] block) {
            this.block = block;
        }

        @Override
        protected Long compute() {
            if (block.length <= THRESHOLD) {
                long a = 1;
                long b = 0;
                for (byte value : block) {
                    a = (a + (value & 0xff)) % 65_521;
                    b = (b + a) % 65_521;
                }
                return (b << 16) | a;
            }
            int mid = block.length / 2;
            Adler left = new Adler(Arrays.copyOfRange(block, 0, mid));
            Adler right = new Adler(Arrays.copyOfRange(block, mid, block.length));
            left.fork();
            return left.join() * 31 + right.compute();
        }
    }

    static final class Lines extends RecursiveTask<Integer> {
        private final List<String> lines;

        Lines(List<String> lines) {
            this.lines = lines;
        }

        @Override
        protected Integer compute() {
            if (lines.size() <= 64) {
                int chars = 0;
                for (String line : lines) {
                    chars += line.length();
                }
                return chars;
            }
            int mid = lines.size() / 2;
            Lines left = new Lines(new ArrayList<>(lines.subList(0, mid)));
            Lines right = new Lines(lines.subList(mid, lines.size()));
            return left.invoke() + right.invoke();
        }
    }

    public static void main(String[] args) {
        byte[] data = new byte[20_000];
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < data.length; i++) {
            data[i] = (byte) (i * 13 + 7);
            if (i % 50 == 0) {
                lines.add("line-" + i);
            }
        }
        long checksum = new Adler(data).invoke() + new Lines(lines).invoke();
        System.out.println("checksum=" + checksum);
    }
}
