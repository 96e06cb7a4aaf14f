package io.hudprof.core.report;

import io.hudprof.core.Averaging;
import io.hudprof.core.Metric;
import io.hudprof.core.Zone;

/**
 * What a report shows, as plain values: mode, averaging, metric, recursion display, distribution, history frame or
 * stored spike, the cursor (its row, and the zone, depth, role and key it follows when rows reorder), call-graph focus,
 * thread and zone filter. {@link ReportController}'s navigation methods edit it and it builds the report it describes;
 * {@link #copyFrom} copies or restores a view's state as one.
 */
public final class ReportView {
    ReportMode mode = ReportMode.SELF_TIME;
    Averaging averaging = Averaging.FAST;
    Metric metric = Metric.TIME;
    RecursionDisplay recursion = RecursionDisplay.COLLAPSED;
    Distribution distribution = Distribution.OFF;
    int frameOffset;
    StoredFrame shownSpike;
    long shownSpikeFrame;
    int cursor;
    int cursorZone = -1;
    int cursorLevel = 1;
    RowRole cursorRole = RowRole.FLAT;
    int cursorKey = -1;
    int focusZone = -1;
    int focusLevel = 1;
    int threadRoot = -1;
    ZoneFilter filter;

    /** Makes this view show what {@code other} shows (the filter is shared, not copied: it is one object). */
    public void copyFrom(ReportView other) {
        mode = other.mode;
        averaging = other.averaging;
        metric = other.metric;
        recursion = other.recursion;
        distribution = other.distribution;
        frameOffset = other.frameOffset;
        shownSpike = other.shownSpike;
        shownSpikeFrame = other.shownSpikeFrame;
        cursor = other.cursor;
        cursorZone = other.cursorZone;
        cursorLevel = other.cursorLevel;
        cursorRole = other.cursorRole;
        cursorKey = other.cursorKey;
        focusZone = other.focusZone;
        focusLevel = other.focusLevel;
        threadRoot = other.threadRoot;
        filter = other.filter;
    }

    /** Every field a report depends on, and the annex parts it reads by identity, mixed into one number. */
    long signature(ValueTable statistics, DistributionSource distributions, PinnedNotes notes) {
        long h = mix(mode.ordinal(), System.identityHashCode(statistics));
        h = mix(h, System.identityHashCode(distributions));
        h = mix(h, System.identityHashCode(notes));
        h = mix(h, averaging.ordinal());
        h = mix(h, metric.ordinal());
        h = mix(h, recursion.ordinal());
        h = mix(h, distribution.ordinal());
        h = mix(h, frameOffset);
        h = mix(h, System.identityHashCode(shownSpike));
        h = mix(h, shownSpikeFrame);
        h = mix(h, cursor);
        h = mix(h, cursorZone);
        h = mix(h, cursorLevel);
        h = mix(h, cursorRole.ordinal());
        h = mix(h, cursorKey);
        h = mix(h, focusZone);
        h = mix(h, focusLevel);
        h = mix(h, threadRoot);
        h = mix(h, System.identityHashCode(filter));
        h = mix(h, filter == null ? 0 : filter.generation());
        return mix(h, filter != null && filter.active() ? Zone.count() : 0);
    }

    static long mix(long h, long v) {
        long x = (h ^ v) * 0x9E3779B97F4A7C15L + v;
        x ^= x >>> 31;
        x *= 0xBF58476D1CE4E5B9L;
        return x ^ (x >>> 29);
    }
}
