package corpus.intratasksync.positive.narrowedcell;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * The same nine kinds of cell, but each leaf adds to a cell it creates as one kind: the call runs that
 * kind's {@code add} alone, whose lock is one static object for every task.
 */
public class NarrowedCell {

    static final int THRESHOLD = 64;

    interface Cell {
        void add(int slot, long value);

        long total();
    }

    /** Cell kind 0: its own lock around its own slots. */
    static final class Cell0 implements Cell {
        private static final Object LOCK = new Object();
        private final long[] slots = new long[16];

        @Override
        public void add(int slot, long value) {
            synchronized (LOCK) {
                slots[slot % slots.length] += value * 1;
            }
        }

        @Override
        public long total() {
            long sum = 0;
            for (long slot : slots) {
                sum += slot;
            }
            return sum;
        }
    }

    /** Cell kind 1: its own lock around its own slots. */
    static final class Cell1 implements Cell {
        private static final Object LOCK = new Object();
        private final long[] slots = new long[16];

        @Override
        public void add(int slot, long value) {
            synchronized (LOCK) {
                slots[slot % slots.length] += value * 2;
            }
        }

        @Override
        public long total() {
            long sum = 0;
            for (long slot : slots) {
                sum += slot;
            }
            return sum;
        }
    }

    /** Cell kind 2: its own lock around its own slots. */
    static final class Cell2 implements Cell {
        private static final Object LOCK = new Object();
        private final long[] slots = new long[16];

        @Override
        public void add(int slot, long value) {
            synchronized (LOCK) {
                slots[slot % slots.length] += value * 3;
            }
        }

        @Override
        public long total() {
            long sum = 0;
            for (long slot : slots) {
                sum += slot;
            }
            return sum;
        }
    }

    /** Cell kind 3: its own lock around its own slots. */
    static final class Cell3 implements Cell {
        private static final Object LOCK = new Object();
        private final long[] slots = new long[16];

        @Override
        public void add(int slot, long value) {
            synchronized (LOCK) {
                slots[slot % slots.length] += value * 4;
            }
        }

        @Override
        public long total() {
            long sum = 0;
            for (long slot : slots) {
                sum += slot;
            }
            return sum;
        }
    }

    /** Cell kind 4: its own lock around its own slots. */
    static final class Cell4 implements Cell {
        private static final Object LOCK = new Object();
        private final long[] slots = new long[16];

        @Override
        public void add(int slot, long value) {
            synchronized (LOCK) { // expect: intra-task-sync
                slots[slot % slots.length] += value * 5;
            }
        }

        @Override
        public long total() {
            long sum = 0;
            for (long slot : slots) {
                sum += slot;
            }
            return sum;
        }
    }

    /** Cell kind 5: its own lock around its own slots. */
    static final class Cell5 implements Cell {
        private static final Object LOCK = new Object();
        private final long[] slots = new long[16];

        @Override
        public void add(int slot, long value) {
            synchronized (LOCK) {
                slots[slot % slots.length] += value * 6;
            }
        }

        @Override
        public long total() {
            long sum = 0;
            for (long slot : slots) {
                sum += slot;
            }
            return sum;
        }
    }

    /** Cell kind 6: its own lock around its own slots. */
    static final class Cell6 implements Cell {
        private static final Object LOCK = new Object();
        private final long[] slots = new long[16];

        @Override
        public void add(int slot, long value) {
            synchronized (LOCK) {
                slots[slot % slots.length] += value * 7;
            }
        }

        @Override
        public long total() {
            long sum = 0;
            for (long slot : slots) {
                sum += slot;
            }
            return sum;
        }
    }

    /** Cell kind 7: its own lock around its own slots. */
    static final class Cell7 implements Cell {
        private static final Object LOCK = new Object();
        private final long[] slots = new long[16];

        @Override
        public void add(int slot, long value) {
            synchronized (LOCK) {
                slots[slot % slots.length] += value * 8;
            }
        }

        @Override
        public long total() {
            long sum = 0;
            for (long slot : slots) {
                sum += slot;
            }
            return sum;
        }
    }

    /** Cell kind 8: its own lock around its own slots. */
    static final class Cell8 implements Cell {
        private static final Object LOCK = new Object();
        private final long[] slots = new long[16];

        @Override
        public void add(int slot, long value) {
            synchronized (LOCK) {
                slots[slot % slots.length] += value * 9;
            }
        }

        @Override
        public long total() {
            long sum = 0;
            for (long slot : slots) {
                sum += slot;
            }
            return sum;
        }
    }

    static Cell make(int kind) {
        switch (kind) {
            case 0:
                return new Cell0();
            case 1:
                return new Cell1();
            case 2:
                return new Cell2();
            case 3:
                return new Cell3();
            case 4:
                return new Cell4();
            case 5:
                return new Cell5();
            case 6:
                return new Cell6();
            case 7:
                return new Cell7();
            case 8:
                return new Cell8();
            default:
                throw new IllegalArgumentException("kind " + kind);
        }
    }

    static class Fill extends RecursiveAction {
        private final Cell cell;
        private final int from;
        private final int to;

        Fill(Cell cell, int from, int to) {
            this.cell = cell;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= THRESHOLD) {
                Cell own = new Cell4();
                for (int i = from; i < to; i++) {
                    own.add(i, i);
                }
                cell.add(from, own.total());
                return;
            }
            int mid = (from + to) >>> 1;
            invokeAll(new Fill(cell, from, mid), new Fill(cell, mid, to));
        }
    }

    public static void main(String[] args) {
        int kind = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        Cell cell = make(kind);
        ForkJoinPool.commonPool().invoke(new Fill(cell, 0, 4_096));
        System.out.println("checksum=" + cell.total());
    }
}
