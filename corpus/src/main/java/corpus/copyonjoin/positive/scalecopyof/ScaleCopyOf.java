package corpus.copyonjoin.positive.scalecopyof;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** Scales a range into a fresh double[]; parents grow a copy of the left half and append the right half. */
public class ScaleCopyOf {

	static final int THRESHOLD = 700;

	static class ScaleTask extends RecursiveTask<double[]> {
		private final double[] samples;
		private final double factor;
		private final int from, to;

		ScaleTask(double[] samples, double factor, int from, int to) {
			this.samples = samples;
			this.factor = factor;
			this.from = from;
			this.to = to;
		}

		@Override
		protected double[] compute() {
			if (to - from <= THRESHOLD) {
				double[] scaled = new double[to - from];
				for (int k = 0; k < scaled.length; k++) {
					scaled[k] = samples[from + k] * factor;
				}
				return scaled;
			}
			int mid = from + (to - from) / 2;
			ScaleTask left = new ScaleTask(samples, factor, from, mid);
			ScaleTask right = new ScaleTask(samples, factor, mid, to);
			invokeAll(left, right);
			double[] leftScaled = left.join();
			double[] rightScaled = right.join();
			double[] merged = Arrays.copyOf(leftScaled, leftScaled.length + rightScaled.length); // expect: copy-on-join
			System.arraycopy(rightScaled, 0, merged, leftScaled.length, rightScaled.length); // expect: copy-on-join
			return merged;
		}
	}

	public static void main(String[] args) {
		double[] samples = new double[33_333];
		for (int i = 0; i < samples.length; i++) {
			samples[i] = (i * 113 % 977) / 7.0;
		}
		double[] scaled = ForkJoinPool.commonPool().invoke(new ScaleTask(samples, 2.5, 0, samples.length));
		long checksum = 0;
		for (double value : scaled) {
			checksum = checksum * 31 + Double.doubleToLongBits(value);
		}
		System.out.println("checksum=" + scaled.length + ":" + checksum);
	}
}
