package io.hudprof.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the results page records about the machine a run used, read from Linux's /proc and /sys where present. */
final class MachineInfo {
    private MachineInfo() {
    }

    static String cpuModel() {
        try {
            List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
            for (String line : lines) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux, or not readable: say so below.
        }
        return System.getProperty("os.arch") + " (CPU model not readable)";
    }

    static int cores() {
        return Runtime.getRuntime().availableProcessors();
    }

    static String clockSource() {
        return firstLine("/sys/devices/system/clocksource/clocksource0/current_clocksource", "unknown");
    }

    /** The 1, 5 and 15 minute load averages: how busy the machine was around the run. */
    static String loadAverage() {
        String line = firstLine("/proc/loadavg", "");
        String[] parts = line.split("\\s+");
        return parts.length >= 3 ? parts[0] + " " + parts[1] + " " + parts[2] : "unknown";
    }

    static String jdk() {
        return System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version") + " ("
                + System.getProperty("java.vendor") + ")";
    }

    static String os() {
        return System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
    }

    private static String firstLine(String file, String fallback) {
        try {
            List<String> lines = Files.readAllLines(Path.of(file));
            return lines.isEmpty() ? fallback : lines.get(0).trim();
        } catch (IOException | RuntimeException e) {
            return fallback;
        }
    }
}
