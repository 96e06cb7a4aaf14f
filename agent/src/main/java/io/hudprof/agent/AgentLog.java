package io.hudprof.agent;

import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The agent's console: lines prefixed {@code "hudprof agent: "}, each repeated message printed once, and at most
 * {@value #MAX_FAILURES} transformation failures printed in full (the rest only counted in the summary), so a
 * careless pattern cannot flood the game's console. Thread-safe.
 */
public final class AgentLog {
    static final String PREFIX = "hudprof agent: ";
    private static final int MAX_FAILURES = 20;

    private final PrintStream out;
    private final Set<String> said = ConcurrentHashMap.newKeySet();
    private final AtomicInteger failuresPrinted = new AtomicInteger();

    /** A log printing to {@code out}. */
    public AgentLog(PrintStream out) {
        this.out = out;
    }

    void info(String message) {
        out.println(PREFIX + message);
    }

    /** Prints the message the first time {@code key} is seen. */
    void once(String key, String message) {
        if (said.add(key)) {
            info(message);
        }
    }

    /** A class left unchanged because transforming it failed. */
    void failure(String className, Throwable t) {
        if (said.add("failure " + className) && failuresPrinted.incrementAndGet() <= MAX_FAILURES) {
            info(className + " is left unchanged: transforming it failed with " + t
                    + (failuresPrinted.get() == MAX_FAILURES ? " (further failures are only counted)" : ""));
        }
    }
}
