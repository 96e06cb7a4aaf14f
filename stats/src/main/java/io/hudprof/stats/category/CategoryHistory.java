package io.hudprof.stats.category;

import io.hudprof.core.Averaging;
import io.hudprof.core.FrameListener;
import io.hudprof.core.FrameRing;
import io.hudprof.core.ProfileData;
import io.hudprof.core.Profiler;
import io.hudprof.core.Zone;
import java.util.Arrays;

/**
 * Per-frame category totals of the updating thread for the last N recorded frames: what a PStats strip chart
 * draws. A {@link FrameListener} credits each recorded frame with {@link CategoryCredits} and keeps, per frame,
 * the frame's duration and one (category, total) entry for every category that got time.
 *
 * <p>Frames line up with {@link Profiler#history()}: both advance on every recorded frame, so frame
 * {@code framesAgo} here is the same frame there (this one holds fewer frames when attached later). Memory is fixed
 * at attach time: as many frame records as the profiler's history and a shared entry ring of {@code entries}
 * entries (20 bytes each); when the ring wraps, the oldest frames answer "not held".
 *
 * <p>Written by {@code update()}; read it on the same thread. Allocation-free per frame once its arrays fit the
 * category tree.
 */
public final class CategoryHistory implements FrameListener {
    /** This listener's work in {@code update()}: crediting the frame to the category tree and keeping it. */
    private static final Zone SELF_ZONE = Zone.define("hudprof:categories");

    /** Entries per held frame the default ring leaves room for. */
    public static final int DEFAULT_ENTRIES_PER_FRAME = 128;
    /** The default ring's least size, so one frame with thousands of categories still fits. */
    public static final int MIN_DEFAULT_ENTRIES = 1 << 16;

    private final Profiler profiler;
    private final ProfileData data;
    private final CategoryCredits credits = new CategoryCredits();
    private final int frameCapacity;
    private final long[] frameNumber;
    private final long[] frameNanos;
    private final long[] creditedNanos;
    private final long[] entryStart;
    private final long[] entryEnd;
    private final FrameRing frames;

    private final int entryCapacity;
    private final int[] entryNode;
    private final long[] entryNanos;
    private final long[] entryOwn;
    private long entryPos;

    /** Per node scratch: a slot in a caller's list, plus one (0 = not asked for). */
    private int[] slotOf = new int[64];
    private double[] sum = new double[64];
    private int[] summed = new int[64];
    private int[] parentCache = new int[64];
    private int parentsKnown;

    private CategoryHistory(Profiler profiler, int entries) {
        this.profiler = profiler;
        this.data = profiler.data();
        this.frameCapacity = profiler.history().capacity();
        this.frames = new FrameRing(frameCapacity);
        this.frameNumber = new long[frameCapacity];
        this.frameNanos = new long[frameCapacity];
        this.creditedNanos = new long[frameCapacity];
        this.entryStart = new long[frameCapacity];
        this.entryEnd = new long[frameCapacity];
        this.entryCapacity = entries;
        this.entryNode = new int[entries];
        this.entryNanos = new long[entries];
        this.entryOwn = new long[entries];
    }

    /**
     * Starts keeping category totals for {@code profiler}'s recorded frames, with the default entry ring:
     * {@value #DEFAULT_ENTRIES_PER_FRAME} entries per history frame, at least {@value #MIN_DEFAULT_ENTRIES}.
     */
    public static CategoryHistory attach(Profiler profiler) {
        return attach(profiler, Math.max(MIN_DEFAULT_ENTRIES,
                profiler.history().capacity() * DEFAULT_ENTRIES_PER_FRAME));
    }

    /**
     * Starts keeping category totals in a ring of {@code entries} (category, total) entries.
     *
     * @throws IllegalArgumentException if {@code entries} is below 1
     */
    public static CategoryHistory attach(Profiler profiler, int entries) {
        if (entries < 1) {
            throw new IllegalArgumentException("hudprof: the category history needs at least 1 entry, got "
                    + entries);
        }
        CategoryHistory history = new CategoryHistory(profiler, entries);
        profiler.addFrameListener(history);
        return history;
    }

    @Override
    public Zone selfZone() {
        return SELF_ZONE;
    }

    /** Stops keeping totals; what is held stays readable. */
    public void detach() {
        profiler.removeFrameListener(this);
    }

    @Override
    public void frameEnded(long nanos, boolean recorded) {
        if (!recorded) {
            return;
        }
        credits.credit(data, data.self(Averaging.INSTANTANEOUS), data.updateThreadRootZone());
        int slot = frames.next();
        frameNumber[slot] = data.recordedFrames();
        frameNanos[slot] = nanos;
        creditedNanos[slot] = Math.round(credits.creditedNanos());
        entryStart[slot] = entryPos;
        int e = (int) (entryPos % entryCapacity);
        for (int i = 0; i < credits.touchedCount(); i++) {
            int node = credits.touched(i);
            entryNode[e] = node;
            entryNanos[e] = Math.round(credits.total(node));
            entryOwn[e] = Math.round(credits.own(node));
            e = e + 1 == entryCapacity ? 0 : e + 1;
        }
        entryPos += credits.touchedCount();
        entryEnd[slot] = entryPos;
        frames.advance();
    }

    /** The credits of the last recorded frame. */
    public CategoryCredits lastFrame() {
        return credits;
    }

    /** How many frames can be held. */
    public int capacity() {
        return frameCapacity;
    }

    /** How many frames are held (grows to {@link #capacity()}). */
    public int size() {
        return frames.size();
    }

    /** The duration of the frame {@code framesAgo} back (0 = latest), or -1 when not held. */
    public long frameNanos(int framesAgo) {
        int slot = slot(framesAgo);
        return slot < 0 ? -1 : frameNanos[slot];
    }

    /** The recorded-frame number of the frame {@code framesAgo} back, or -1 when not held. */
    public long frameNumber(int framesAgo) {
        int slot = slot(framesAgo);
        return slot < 0 ? -1 : frameNumber[slot];
    }

    /** True while the frame {@code framesAgo} back still has its category totals. */
    public boolean held(int framesAgo) {
        int slot = slot(framesAgo);
        return slot >= 0 && entryStart[slot] >= entryPos - entryCapacity;
    }

    /**
     * The time credited to category {@code id} (and its descendants) in the frame {@code framesAgo} back; for
     * {@code id == -1}, the frame's duration. -1 when that frame is not held.
     */
    public long total(int framesAgo, int id) {
        if (!held(framesAgo)) {
            return -1;
        }
        int slot = slot(framesAgo);
        if (id < 0) {
            return frameNanos[slot];
        }
        int e = entryOf(slot, id);
        return e < 0 ? 0 : entryNanos[e];
    }

    /**
     * The time credited to category {@code id} itself (its zones were innermost) in the frame {@code framesAgo}
     * back: the band PStats draws in the parent's colour above its children. For {@code id == -1}, the frame less
     * everything credited to any category (PStats' "Frame" band). -1 when that frame is not held.
     */
    public long own(int framesAgo, int id) {
        if (!held(framesAgo)) {
            return -1;
        }
        int slot = slot(framesAgo);
        if (id < 0) {
            return frameNanos[slot] - creditedNanos[slot];
        }
        int e = entryOf(slot, id);
        return e < 0 ? 0 : entryOwn[e];
    }

    /** The ring index of category {@code id}'s entry in the frame at {@code slot}, or -1 when it has none. */
    private int entryOf(int slot, int id) {
        int e = (int) (entryStart[slot] % entryCapacity);
        for (long p = entryStart[slot]; p < entryEnd[slot]; p++) {
            if (entryNode[e] == id) {
                return e;
            }
            e = e + 1 == entryCapacity ? 0 : e + 1;
        }
        return -1;
    }

    /**
     * Writes the totals of {@code ids[0..count)} in the frame {@code framesAgo} back into {@code dest}: one pass over
     * the frame's entries, whatever {@code count}; an id of -1 gets the frame's duration. Allocation-free.
     *
     * @return false, writing nothing, when that frame is not held
     */
    public boolean load(int framesAgo, int[] ids, int count, long[] dest) {
        if (!held(framesAgo)) {
            return false;
        }
        int slot = slot(framesAgo);
        fitScratch();
        for (int i = 0; i < count; i++) {
            int id = ids[i];
            dest[i] = id < 0 ? frameNanos[slot] : 0;
            if (id >= 0 && id < slotOf.length) {
                slotOf[id] = i + 1;
            }
        }
        int e = (int) (entryStart[slot] % entryCapacity);
        for (long p = entryStart[slot]; p < entryEnd[slot]; p++) {
            int node = entryNode[e];
            int target = node < slotOf.length ? slotOf[node] : 0;
            if (target > 0) {
                dest[target - 1] = entryNanos[e];
            }
            e = e + 1 == entryCapacity ? 0 : e + 1;
        }
        for (int i = 0; i < count; i++) {
            int id = ids[i];
            if (id >= 0 && id < slotOf.length) {
                slotOf[id] = 0;
            }
        }
        return true;
    }

    /**
     * PStats' header number: the mean per-frame total of category {@code id} (-1 = the frame's duration) over the
     * frames ending {@code fromFramesAgo} back whose durations add up to at most {@code windowNanos} (always at
     * least that one frame). Frames no longer held end the window early. NaN when the first frame is not held.
     */
    public double average(int id, int fromFramesAgo, long windowNanos) {
        long spanned = 0;
        double total = 0;
        int frames = 0;
        for (int f = fromFramesAgo; held(f); f++) {
            long nanos = frameNanos(f);
            if (frames > 0 && spanned + nanos > windowNanos) {
                break;
            }
            spanned += nanos;
            total += total(f, id);
            frames++;
        }
        return frames == 0 ? Double.NaN : total / frames;
    }

    /** How many frames {@link #average} with these arguments averages over. */
    public int averagedFrames(int fromFramesAgo, long windowNanos) {
        long spanned = 0;
        int frames = 0;
        for (int f = fromFramesAgo; held(f); f++) {
            long nanos = frameNanos(f);
            if (frames > 0 && spanned + nanos > windowNanos) {
                break;
            }
            spanned += nanos;
            frames++;
        }
        return frames;
    }

    /**
     * The children of category {@code parent} ({@code -1} = the top level) that got time in the {@code frames}
     * held frames from {@code fromFramesAgo} back, the largest total first (ties: the lower id), into
     * {@code dest[0..min(n, dest.length))}.
     *
     * @return n, how many children got time: those past {@code dest.length} are the ones a chart folds into "other"
     */
    public int rankChildren(int parent, int fromFramesAgo, int frames, int[] dest) {
        fitScratch();
        int found = 0;
        for (int f = fromFramesAgo; f < fromFramesAgo + frames && held(f); f++) {
            int slot = slot(f);
            int e = (int) (entryStart[slot] % entryCapacity);
            for (long p = entryStart[slot]; p < entryEnd[slot]; p++) {
                int node = entryNode[e];
                if (node < parentsKnown && parentCache[node] == parent) {
                    if (sum[node] == 0 && entryNanos[e] > 0) {
                        summed[found++] = node;
                    }
                    sum[node] += entryNanos[e];
                }
                e = e + 1 == entryCapacity ? 0 : e + 1;
            }
        }
        int shown = 0;
        for (int i = 0; i < found; i++) {
            int node = summed[i];
            int at = shown < dest.length ? shown++ : dest.length;
            // Insertion into the sorted top list; a node that does not beat the last place falls off the end.
            while (at > 0 && before(node, dest[at - 1])) {
                if (at < dest.length) {
                    dest[at] = dest[at - 1];
                }
                at--;
            }
            if (at < dest.length) {
                dest[at] = node;
            }
        }
        for (int i = 0; i < found; i++) {
            sum[summed[i]] = 0;
        }
        return found;
    }

    private boolean before(int a, int b) {
        return sum[a] > sum[b] || (sum[a] == sum[b] && a < b);
    }

    private void fitScratch() {
        int nodes = CategoryTree.count();
        if (slotOf.length < nodes) {
            int grown = Math.max(nodes, slotOf.length * 2);
            slotOf = Arrays.copyOf(slotOf, grown);
            sum = Arrays.copyOf(sum, grown);
            summed = Arrays.copyOf(summed, grown);
        }
        if (parentCache.length < nodes) {
            parentCache = Arrays.copyOf(parentCache, Math.max(nodes, parentCache.length * 2));
        }
        for (int n = parentsKnown; n < nodes; n++) {
            parentCache[n] = CategoryTree.parent(n);
        }
        parentsKnown = Math.max(parentsKnown, nodes);
    }

    private int slot(int framesAgo) {
        return frames.slot(framesAgo);
    }
}
