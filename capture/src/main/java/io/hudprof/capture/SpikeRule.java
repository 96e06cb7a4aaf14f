package io.hudprof.capture;

import java.util.Locale;

/**
 * When a frame is a spike. A rule watches one value per frame: the frame time (the default), one thread's time
 * inside zones, or every thread's ({@code thread=*}). It matches when any of its enabled conditions holds:
 * <ul>
 *   <li>{@code ms}: the value is above an absolute threshold (fractional milliseconds allowed);</li>
 *   <li>{@code avg}: the value is above k × its moving average (an exponential average of the earlier frames, the
 *   spike's own frame not included);</li>
 *   <li>{@code prev}: the value is above f × the previous frame's (Minecraft's "rose 200 %" is {@code prev=3});</li>
 * </ul>
 * the two relative conditions only for values of at least {@code min} ms, so a 0.1 ms frame after a 0.03 ms one is
 * not a spike.
 *
 * <p>The default ({@link #forTargetFps}) follows the target frame rate: {@code ms} = 2 target frames (two missed
 * vsyncs), {@code avg} = 3 and {@code min} = one target frame (16.7 ms at 60 fps). {@link #parse} reads the same
 * settings from text, as {@code -Dhudprof.spike=ms=20.5,avg=3,prev=0,min=8,thread=*}; 0 switches a condition off.
 * Immutable.
 */
public final class SpikeRule {
    /** The system property {@link #configured(double)} reads. */
    public static final String PROPERTY = "hudprof.spike";

    /** Which condition made a frame a spike. */
    public enum Trigger {
        /** Above the absolute threshold. */
        ABSOLUTE,
        /** Above k × the moving average. */
        AVERAGE,
        /** Above f × the previous frame. */
        PREVIOUS
    }

    final long absoluteNanos;
    final double averageFactor;
    final double previousFactor;
    final long minNanos;
    final String thread;

    private SpikeRule(long absoluteNanos, double averageFactor, double previousFactor, long minNanos, String thread) {
        if (absoluteNanos < 0 || averageFactor < 0 || previousFactor < 0 || minNanos < 0
                || Double.isNaN(averageFactor) || Double.isNaN(previousFactor)) {
            throw new IllegalArgumentException("hudprof: spike rule values must be 0 (off) or positive");
        }
        if ((averageFactor > 0 && averageFactor <= 1) || (previousFactor > 0 && previousFactor <= 1)) {
            throw new IllegalArgumentException("hudprof: spike factors must be above 1 (or 0 for off), got avg="
                    + averageFactor + " prev=" + previousFactor);
        }
        if (absoluteNanos == 0 && averageFactor == 0 && previousFactor == 0) {
            throw new IllegalArgumentException("hudprof: a spike rule needs at least one of ms, avg, prev");
        }
        this.absoluteNanos = absoluteNanos;
        this.averageFactor = averageFactor;
        this.previousFactor = previousFactor;
        this.minNanos = minNanos;
        this.thread = thread == null || thread.isEmpty() ? null : thread;
    }

    /** The default for a target frame rate: above 2 target frames, or above 3 × the average and 1 target frame. */
    public static SpikeRule forTargetFps(double fps) {
        if (!(fps > 0 && fps <= 10_000)) {
            throw new IllegalArgumentException("hudprof: target frame rate must be above 0 and up to 10000, got "
                    + fps);
        }
        long target = Math.round(1e9 / fps);
        return new SpikeRule(2 * target, 3, 0, target, null);
    }

    /** Frame time above {@code ms} milliseconds, nothing else. */
    public static SpikeRule above(double ms) {
        return new SpikeRule(nanos("ms", ms), 0, 0, 0, null);
    }

    /**
     * The rule of {@code -Dhudprof.spike} when set, else {@link #forTargetFps(double) forTargetFps(targetFps)}.
     *
     * @throws IllegalArgumentException naming the property and the accepted keys when it does not parse
     */
    public static SpikeRule configured(double targetFps) {
        String spec = System.getProperty(PROPERTY);
        return spec == null || spec.isBlank() ? forTargetFps(targetFps) : parse(spec, targetFps);
    }

    /**
     * Reads {@code key=value} pairs separated by commas, starting from {@link #forTargetFps(double)}'s values: keys
     * {@code ms} (absolute threshold, ms), {@code avg} (factor over the average), {@code prev} (factor over the
     * previous frame), {@code min} (ms below which relative conditions do not count), {@code thread} (a thread
     * name, {@code *} for any, empty for the frame time). A value of 0 switches a condition off.
     */
    public static SpikeRule parse(String spec, double targetFps) {
        SpikeRule base = forTargetFps(targetFps);
        long abs = base.absoluteNanos;
        double avg = base.averageFactor;
        double prev = base.previousFactor;
        long min = base.minNanos;
        String thread = null;
        for (String part : spec.split(",")) {
            String p = part.trim();
            if (p.isEmpty()) {
                continue;
            }
            int eq = p.indexOf('=');
            String key = eq < 0 ? p : p.substring(0, eq).trim().toLowerCase(Locale.ROOT);
            String value = eq < 0 ? "" : p.substring(eq + 1).trim();
            try {
                switch (key) {
                    case "ms" -> abs = nanos("ms", Double.parseDouble(value));
                    case "avg" -> avg = Double.parseDouble(value);
                    case "prev" -> prev = Double.parseDouble(value);
                    case "min" -> min = nanos("min", Double.parseDouble(value));
                    case "thread" -> thread = value;
                    default -> throw new IllegalArgumentException("unknown key '" + key + "'");
                }
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("hudprof: -D" + PROPERTY + "=" + spec + " is not valid ("
                        + e.getMessage() + "); use keys ms, avg, prev, min, thread, e.g. ms=20.5,avg=3,thread=*", e);
            }
        }
        return new SpikeRule(abs, avg, prev, min, thread);
    }

    private static long nanos(String key, double ms) {
        if (!(ms >= 0) || Double.isInfinite(ms)) {
            throw new IllegalArgumentException(key + " must be 0 or more milliseconds, got " + ms);
        }
        return Math.round(ms * 1e6);
    }

    /** A copy with the absolute threshold in ms (0 = off). */
    public SpikeRule withAbsoluteMs(double ms) {
        return new SpikeRule(nanos("ms", ms), averageFactor, previousFactor, minNanos, thread);
    }

    /** A copy with the factor over the moving average (0 = off). */
    public SpikeRule withAverageFactor(double k) {
        return new SpikeRule(absoluteNanos, k, previousFactor, minNanos, thread);
    }

    /** A copy with the factor over the previous frame (0 = off). */
    public SpikeRule withPreviousFactor(double f) {
        return new SpikeRule(absoluteNanos, averageFactor, f, minNanos, thread);
    }

    /** A copy with the floor for relative conditions, in ms. */
    public SpikeRule withMinMs(double ms) {
        return new SpikeRule(absoluteNanos, averageFactor, previousFactor, nanos("min", ms), thread);
    }

    /** A copy watching one thread's time inside zones ({@code "*"}: every thread; null: the frame time). */
    public SpikeRule onThread(String threadName) {
        return new SpikeRule(absoluteNanos, averageFactor, previousFactor, minNanos, threadName);
    }

    /** The watched thread: null for the frame time, {@code "*"} for any thread. */
    public String thread() {
        return thread;
    }

    /**
     * The condition the value meets, or null.
     *
     * @param average  the moving average of earlier frames, NaN when there is none yet
     * @param previous the previous frame's value, or -1 when there is none
     */
    public Trigger match(long value, double average, long previous) {
        if (absoluteNanos > 0 && value > absoluteNanos) {
            return Trigger.ABSOLUTE;
        }
        if (value < minNanos) {
            return null;
        }
        if (averageFactor > 0 && !Double.isNaN(average) && average > 0 && value > averageFactor * average) {
            return Trigger.AVERAGE;
        }
        if (previousFactor > 0 && previous > 0 && value > previousFactor * previous) {
            return Trigger.PREVIOUS;
        }
        return null;
    }

    @Override
    public String toString() {
        return "ms=" + absoluteNanos / 1e6 + ",avg=" + averageFactor + ",prev=" + previousFactor + ",min="
                + minNanos / 1e6 + ",thread=" + (thread == null ? "" : thread);
    }
}
