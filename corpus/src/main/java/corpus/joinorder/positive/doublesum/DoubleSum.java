package corpus.joinorder.positive.doublesum;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Integrates a function by the midpoint rule; both halves forked and their areas added in fork order. */
public class DoubleSum {

    static class Area extends RecursiveTask<Double> {
        private final double from;
        private final double to;
        private final int steps;

        Area(double from, double to, int steps) {
            this.from = from;
            this.to = to;
            this.steps = steps;
        }

        @Override
        protected Double compute() {
            if (steps <= 500) {
                double width = (to - from) / steps;
                double area = 0;
                for (int i = 0; i < steps; i++) {
                    double x = from + (i + 0.5) * width;
                    area += x * x * width;
                }
                return area;
            }
            double mid = (from + to) / 2;
            Area left = new Area(from, mid, steps / 2);
            Area right = new Area(mid, to, steps - steps / 2);
            left.fork();
            right.fork(); // expect: fork-all
            return left.join() + right.join(); // expect: join-order
        }
    }

    public static void main(String[] args) {
        double area = ForkJoinPool.commonPool().invoke(new Area(0, 3, 16_000));
        System.out.println("checksum=" + Math.round(area * 1_000_000));
    }
}
