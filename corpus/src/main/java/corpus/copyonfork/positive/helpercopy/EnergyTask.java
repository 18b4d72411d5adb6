package corpus.copyonfork.positive.helpercopy;

import java.util.concurrent.RecursiveTask;

/** Top-level task summing squared deviations; it slices its input for subtasks through helpers in another file. */
final class EnergyTask extends RecursiveTask<Double> {

    private static final int THRESHOLD = 2_048;

    private final double[] samples;
    private final double baseline;

    EnergyTask(double[] samples, double baseline) {
        this.samples = samples;
        this.baseline = baseline;
    }

    @Override
    protected Double compute() {
        if (samples.length <= THRESHOLD) {
            double energy = 0;
            for (double s : samples) {
                energy += (s - baseline) * (s - baseline);
            }
            return energy;
        }
        int mid = samples.length / 2;
        EnergyTask left = new EnergyTask(Slices.prefix(samples, mid), baseline); // expect: copy-on-fork
        EnergyTask right = new EnergyTask(Slices.suffix(samples, mid), baseline); // expect: copy-on-fork
        right.fork();
        double fromLeft = left.compute();
        return fromLeft + right.join();
    }
}
