package org.fjdoctor.measurements.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnergyMetersTest {

    @TempDir
    Path dir;

    @Test
    void prefersPowercapThenMsrAndOtherwiseGivesBothReasons() throws IOException {
        Path powercap = dir.resolve("powercap");
        Path cpu = Files.createDirectories(dir.resolve("cpu/0"));
        Detection none = EnergyMeters.detect(powercap, List.of(cpu.resolve("msr")));
        assertEquals("energy: unavailable (powercap: no " + powercap + " directory (the kernel exposes no powercap"
                + " interface); msr: no " + cpu.resolve("msr") + " (the msr kernel module is not loaded: modprobe msr))",
                none.describe());

        Path msr = MsrMeterTest.msrFile(cpu.resolve("msr"), 0x700);
        MsrMeterTest.register(msr, MsrMeter.MSR_RAPL_POWER_UNIT, 0xE00);
        assertTrue(EnergyMeters.detect(powercap, List.of(msr)).meter() instanceof MsrMeter);

        PowercapMeterTest.zone(powercap, "intel-rapl:0", "package-0", 1, 100);
        assertTrue(EnergyMeters.detect(powercap, List.of(msr)).meter() instanceof PowercapMeter);
    }
}
