package io.hudprof.pstats;

/**
 * What one client may make the server hold, over its whole session rather than per message: collectors defined,
 * threads defined and the bytes of every name it sent (collector names, level units, thread names, counted once per
 * index, so redefining replaces). A client past a limit is refused (dropped, see {@link PStatsSession}) with a
 * message that names the limit and the system property that raises it.
 *
 * <p>With the defaults a client's definitions (names, the collector table's bounded full names) stay within a few
 * MiB; Panda3D's own clients define a few hundred collectors, hudprof's one per zone and statistic.
 *
 * @param maxCollectors collector indices one client may define ({@code -Dhudprof.pstats.maxCollectors})
 * @param maxThreads    thread indices one client may define ({@code -Dhudprof.pstats.maxThreads})
 * @param maxNameBytes  characters of names one client may have defined at once
 *                      ({@code -Dhudprof.pstats.maxNameBytes})
 */
public record ClientBudget(int maxCollectors, int maxThreads, int maxNameBytes) {
    /**
     * The limits from the system properties named above, or 8192 collectors, 256 threads, 1 MiB of names.
     *
     * @throws IllegalArgumentException when a property is not a whole number in its range (the message names it)
     */
    public static ClientBudget defaults() {
        return new ClientBudget(intProperty("hudprof.pstats.maxCollectors", 8192, PStatsCodec.MAX_COLLECTOR_INDEX + 1),
                intProperty("hudprof.pstats.maxThreads", 256, PStatsCodec.MAX_THREAD_INDEX + 1),
                intProperty("hudprof.pstats.maxNameBytes", 1 << 20, Integer.MAX_VALUE));
    }

    /**
     * A whole-number system property in {@code 1..max}, or {@code fallback} when unset.
     *
     * @throws IllegalArgumentException naming the property, its value and the range (one line, for the user)
     */
    static int intProperty(String key, int fallback, int max) {
        String value = System.getProperty(key);
        if (value == null) {
            return fallback;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed >= 1 && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException ignored) {
            // Reported below with the range.
        }
        throw new IllegalArgumentException("hudprof: -D" + key + "=" + value + " is not valid; give a whole number"
                + " between 1 and " + max + " (default " + fallback + ")");
    }
}
