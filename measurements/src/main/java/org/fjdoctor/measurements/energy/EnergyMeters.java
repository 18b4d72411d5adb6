package org.fjdoctor.measurements.energy;

import java.nio.file.Path;
import java.util.List;

/** Picks what the machine offers: powercap first (no special device needed), then the MSRs. */
public final class EnergyMeters {

    private EnergyMeters() {
    }

    /** The real locations. */
    public static Detection detect() {
        return detect(PowercapMeter.DEFAULT_ROOT, List.of(MsrMeter.DEFAULT_FILE));
    }

    /** The first available meter, or both readers' reasons when neither is. */
    public static Detection detect(Path powercapRoot, List<Path> msrFiles) {
        Detection powercap = PowercapMeter.open(powercapRoot);
        if (powercap.isAvailable()) {
            return powercap;
        }
        Detection msr = MsrMeter.open(msrFiles);
        if (msr.isAvailable()) {
            return msr;
        }
        return Detection.unavailable("powercap: " + powercap.reason() + "; msr: " + msr.reason());
    }
}
