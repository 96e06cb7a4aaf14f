package io.hudprof.core;

import java.util.ServiceLoader;

/**
 * {@code -Dhudprof.enabled}, read once: when false every zone entry and exit is a no-op the JIT folds away. A class
 * of its own so the hot path ({@code Zone}) and the gathering ({@code Profiler}) read it without depending on the
 * {@code Hudprof} entry point, which depends on them.
 */
final class KillSwitch {
    /** Read once; when false every zone entry and exit is a no-op the JIT folds away. */
    static final boolean COMPILED_IN = readEnabledProperty();

    /**
     * {@code -Dhudprof.jfr.zones}, read once, default false: when true every zone is also a JFR event
     * ({@code io.hudprof.Zone}, written by the capture module's {@link ZoneStackListener}); when false the recorder's
     * JFR calls are dead code the JIT removes, so the hot path is what it was without them.
     */
    static final boolean JFR_ZONES = COMPILED_IN && readJfrZonesProperty();

    /** What makes each recorder's JFR zone writer, found once when {@link #JFR_ZONES}; null otherwise. */
    static final ZoneStackListener.Provider JFR_WRITER = JFR_ZONES ? findJfrWriter() : null;

    private KillSwitch() {
    }

    private static boolean readEnabledProperty() {
        String value = System.getProperty("hudprof.enabled");
        if (value == null || value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalStateException("hudprof: -Dhudprof.enabled=" + value
                + " is not valid; use -Dhudprof.enabled=true or -Dhudprof.enabled=false");
    }

    private static boolean readJfrZonesProperty() {
        String value = System.getProperty("hudprof.jfr.zones");
        if (value == null || value.equalsIgnoreCase("false")) {
            return false;
        }
        if (!value.equalsIgnoreCase("true")) {
            throw new IllegalStateException("hudprof: -Dhudprof.jfr.zones=" + value
                    + " is not valid; use -Dhudprof.jfr.zones=true or -Dhudprof.jfr.zones=false");
        }
        try {
            // Checked by name, so that without the module this class still loads and the error names the fix.
            Class.forName("jdk.jfr.Event", false, KillSwitch.class.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            throw new IllegalStateException("hudprof: -Dhudprof.jfr.zones=true needs the jdk.jfr module, which this"
                    + " runtime lacks; add it (jlink --add-modules jdk.jfr) or drop -Dhudprof.jfr.zones");
        }
        return true;
    }

    private static ZoneStackListener.Provider findJfrWriter() {
        for (ZoneStackListener.Provider provider
                : ServiceLoader.load(ZoneStackListener.Provider.class, KillSwitch.class.getClassLoader())) {
            return provider;
        }
        throw new IllegalStateException("hudprof: -Dhudprof.jfr.zones=true needs hudprof-capture, which writes the"
                + " zone events, on the class path; add it or drop -Dhudprof.jfr.zones");
    }
}
