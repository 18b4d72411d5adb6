package org.fjdoctor.measurements.energy;

/** Either a meter or the exact reason this machine offers none. */
public record Detection(EnergyMeter meter, String reason) {

    public static Detection available(EnergyMeter meter) {
        return new Detection(meter, null);
    }

    public static Detection unavailable(String reason) {
        return new Detection(null, reason);
    }

    public boolean isAvailable() {
        return meter != null;
    }

    /** {@code energy: <source>} or {@code energy: unavailable (<reason>)}. */
    public String describe() {
        return isAvailable() ? "energy: " + meter.source() + " " + meter.domains()
                : "energy: unavailable (" + reason + ")";
    }
}
