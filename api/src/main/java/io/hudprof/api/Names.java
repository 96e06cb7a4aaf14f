package io.hudprof.api;

/** The checks every definition makes, the same on every platform, so a bad name fails on desktop and phone alike. */
final class Names {
    private Names() {
    }

    /** {@code name}, if it is neither null nor blank; otherwise an error naming {@code what} and the fix. */
    static String check(String name, String what) {
        if (name == null || isBlank(name)) {
            throw new IllegalArgumentException("hudprof: " + what + " needs a non-blank name, got "
                    + (name == null ? "null" : "\"" + name + "\""));
        }
        return name;
    }

    /** {@code name}, if it has the form {@code Category/Name} hudprof's statistics take; otherwise an error. */
    static String checkStatistic(String name) {
        int slash = name == null ? -1 : name.indexOf('/');
        if (slash <= 0 || slash == name.length() - 1 || isBlank(name.substring(0, slash))
                || isBlank(name.substring(slash + 1))) {
            throw new IllegalArgumentException("hudprof: a statistic's name has the form Category/Name, e.g. "
                    + "\"Render/Triangles drawn\"; got " + (name == null ? "null" : "\"" + name + "\""));
        }
        return name;
    }

    /** {@code String.isBlank()} (Java 11) by hand: the api is Java 8. */
    static boolean isBlank(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isWhitespace(s.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
