package corpus.copyonfork.positive.helpercopy;

import java.util.concurrent.ForkJoinPool;

/** Computes a signal's energy around a baseline with a task whose slicing lives in a helper class. */
public class SignalEnergy {

    public static void main(String[] args) {
        double[] samples = new double[40_000];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = (i * 29) % 201 - 100;
        }
        double energy = ForkJoinPool.commonPool().invoke(new EnergyTask(samples, 3.0));
        System.out.println("checksum=" + (long) energy);
    }
}
