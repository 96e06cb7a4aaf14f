package io.hudprof.stats;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.StringJoiner;

/**
 * The built-in JVM and process sensors (a GStreamer performance monitor's sensors, in a game's terms). Each one
 * feeds ordinary statistics once per frame, so they appear in the statistics report, value charts and the exit
 * report like any other. Which run is chosen by {@code -Dhudprof.sensors} or, failing that, the
 * {@code HUDPROF_SENSORS} environment variable: a comma-separated list of names, {@code all} (the default) or
 * {@code none}.
 */
public enum Sensor {
    /** "JVM/Allocated": bytes allocated during the frame by the updating thread and any added frame threads. */
    ALLOC("alloc"),
    /** "JVM/GC collections" and "JVM/GC pause": collections and their pause time, from GC notifications. */
    GC("gc"),
    /** "JVM/Heap used": heap in use at the frame's end. */
    HEAP("heap"),
    /** "JVM/Live threads": live threads at the frame's end. */
    THREADS("threads"),
    /**
     * "Process/CPU time" and "Process/CPU load": CPU time the process used during the frame, and in cores. HotSpot on
     * Linux reports process CPU time in clock ticks (10 ms, measured with JDK 17), so a frame's value is a whole
     * number of ticks and only averages over many frames mean much; the read, a system call that sums every thread's
     * time, took about 15 µs a frame in the demo (issue 31, docs/BENCHMARKS.md).
     */
    CPU("cpu"),
    /** "Frame/Late frames" and "Frame/Time per target": frames over the target frame time, and frame / target. */
    LATE("late");

    /** The system property naming the sensors. */
    public static final String PROPERTY = "hudprof.sensors";
    /** The environment variable naming the sensors when the property is not set. */
    public static final String ENVIRONMENT = "HUDPROF_SENSORS";

    private final String key;

    Sensor(String key) {
        this.key = key;
    }

    /** The name used in {@code hudprof.sensors}. */
    public String key() {
        return key;
    }

    /**
     * The sensors named by {@code -Dhudprof.sensors}, else by {@code HUDPROF_SENSORS}, else all of them.
     *
     * @throws IllegalArgumentException naming the unknown sensor, where it came from and the valid names
     */
    public static Set<Sensor> configured() {
        String property = System.getProperty(PROPERTY);
        if (property != null) {
            return parse(property, "-D" + PROPERTY + "=" + property);
        }
        String environment = System.getenv(ENVIRONMENT);
        if (environment != null) {
            return parse(environment, ENVIRONMENT + "=" + environment);
        }
        return EnumSet.allOf(Sensor.class);
    }

    /**
     * Parses a comma-separated list of sensor names ({@code "gc,alloc,cpu"}), {@code all} or {@code none}; case and
     * spaces do not matter.
     *
     * @param source where the list came from, for the error message
     * @throws IllegalArgumentException naming the unknown sensor and the valid names
     */
    public static Set<Sensor> parse(String list, String source) {
        EnumSet<Sensor> sensors = EnumSet.noneOf(Sensor.class);
        for (String part : list.split(",")) {
            String name = part.trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty() || name.equals("none")) {
                continue;
            }
            if (name.equals("all")) {
                sensors.addAll(EnumSet.allOf(Sensor.class));
                continue;
            }
            Sensor found = null;
            for (Sensor sensor : values()) {
                if (sensor.key.equals(name)) {
                    found = sensor;
                }
            }
            if (found == null) {
                throw new IllegalArgumentException("hudprof: unknown sensor \"" + part.trim() + "\" in " + source
                        + "; valid names are " + validNames() + ", all or none, separated by commas");
            }
            sensors.add(found);
        }
        return sensors;
    }

    private static String validNames() {
        StringJoiner names = new StringJoiner(", ");
        for (Sensor sensor : values()) {
            names.add(sensor.key);
        }
        return names.toString();
    }
}
