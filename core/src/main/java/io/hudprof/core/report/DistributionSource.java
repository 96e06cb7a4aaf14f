package io.hudprof.core.report;

import io.hudprof.core.Metric;

/**
 * Each report key's value per history frame and its distribution, which a module above core computes for the
 * distribution columns ({@link Column#DIST_MIN} to {@link Column#DIST_MAX}) and for views of one zone's per-frame
 * values. A key is a zone id, or with recursion expanded {@code ProfileData.expandedKey}'s key. It plugs in as a
 * {@link ReportAnnex#distributions()}; while none does, the report shows no distribution columns.
 *
 * <p>The report calls it on its own thread; once its arrays have grown it must not allocate.
 */
public interface DistributionSource {
    /**
     * Brings the per-frame values up to date with history for {@code metric} (recorded), collapsed or
     * {@code expanded} keys, and all threads ({@code threadRoot} -1) or one thread root's states.
     */
    void update(Metric metric, boolean expanded, int threadRoot);

    /** How many frames the last {@link #update} found with per-state values. */
    int frames();

    /** Whether {@code key} had a value or an entry in any of the frames the last {@link #update} found. */
    boolean heldAnywhere(int key);

    /**
     * Writes the distribution of {@code key}'s per-frame {@code basis} values into {@code dest}: min, nearest-rank
     * median, p95, p99 and max.
     *
     * @return false when there is nothing to describe (no frame held, a key unknown at the last update, or
     *     {@link Distribution#OFF})
     */
    boolean select(int key, Distribution basis, double[] dest);

    /**
     * Copies {@code key}'s per-frame {@code basis} values into {@code dest}, latest frame first (index = frames
     * ago), as many as fit.
     *
     * @return how many were copied
     */
    int frameValues(int key, Distribution basis, double[] dest);
}
