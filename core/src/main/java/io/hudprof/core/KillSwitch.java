package io.hudprof.core;

/**
 * {@code -Dhudprof.enabled}, read once: when false every zone entry and exit is a no-op the JIT folds away. A class
 * of its own so the hot path ({@code Zone}) and the gathering ({@code Profiler}) read it without depending on the
 * {@code Hudprof} entry point, which depends on them.
 */
final class KillSwitch {
    /** Read once; when false every zone entry and exit is a no-op the JIT folds away. */
    static final boolean COMPILED_IN = readEnabledProperty();

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
}
