package io.hudprof.overlay;

import io.hudprof.core.FrameHistory;
import io.hudprof.core.Metric;

/**
 * The history graph's stacked columns as a scrolling picture ({@link HudImage}), PStats' strip chart: a recorded
 * frame never changes, so each frame only the new frames' columns are painted (one, normally) into a ring of column
 * slots, and the graph shows the ring from its oldest slot on, as two image quads. The whole picture is repainted
 * only when the plot's size, the column width, the scale, the metric or the thread shown changes, or when history was
 * not continued
 * (cleared, or more new frames than columns). With one thread shown ({@link #update(FrameHistory, ThreadSeries, int,
 * int, double, StripPlot)}), a column is that thread's busy time in the frame (in its busy colour) under its whole
 * recorded time (grey) instead of the frame's zones. A change of the zones shown does not repaint: a column keeps the
 * zones and colours it was painted with (PStats' strip chart works the same way; the demo's eighth zone changes every
 * few seconds, and each repaint would cost the whole picture's upload once per texture). Zone colours are stable
 * ({@link ZoneColors}), so a zone keeps its colour in old and new columns while it stays shown.
 *
 * <p>So the graph's per-frame cost and upload no longer grow with the number of columns: 4 vertices for the columns
 * however many there are, and one column of pixels ({@code columnWidth × plotHeight × 4} bytes) per new frame.
 *
 * <p>The picture carries the plot's own background ({@link #GROUND}: the panel's background with the plot's darkening
 * over it, as one colour) and every bar already blended over it, so the plot is one translucent layer where it was
 * three (panel, plot, picture): on a software rasteriser the HUD's cost is mostly its blended pixels, and the plot
 * is the largest area it covered three times. Its look is unchanged to 8-bit rounding.
 * Allocation-free once sized; render thread only.
 */
final class GraphColumns implements AutoCloseable {
    /** The plot's background as the picture's empty pixels: {@link HudPalette#PLOT} over {@link HudPalette#BACKGROUND}. */
    static final int GROUND = Rgba.over(HudPalette.BACKGROUND, HudPalette.PLOT);
    /** The same over the opaque background ({@code OverlayConfig.opaquePanels}): the picture is then opaque. */
    static final int OPAQUE_GROUND = Rgba.over(HudPalette.OPAQUE_BACKGROUND, HudPalette.PLOT);
    /** How many of the newest columns are checked each update for a GPU result that arrived since they were painted. */
    static final int GPU_LATE_COLUMNS = 16;

    private final HudImage image = new HudImage();
    /** Per slot, the row of the column's top (the image height when the column is empty). */
    private int[] slotTop = new int[0];
    /** Per slot, whether its GPU frame mark is painted (false while the frame's GPU result has not arrived). */
    private boolean[] slotGpu = new boolean[0];
    /** Rows of a GPU frame mark; 0 when the picture shows none (allocation, or one thread's time). */
    private int gpuThick;
    /** The history the picture shows, for the GPU results that arrive after their column was painted. */
    private FrameHistory history;
    private int columns;
    private int columnWidth;
    private int barWidth;
    private double range = Double.NaN;
    private Metric metric;
    /** Root zone of the thread whose frames are painted, or -1 for the whole frame's zones. */
    private int threadRoot = -1;
    private ThreadSeries series;
    private int busyColor;
    /** Frame number of the newest frame painted, or -1. */
    private long newest = -1;
    /** Ring position of the newest frame painted; the frame {@code i} back sits in slot {@code (ring - i) mod columns}. */
    private long ring;
    private long pixelBytes;
    /**
     * Set between the HUD's refreshes ({@link #betweenRefreshes}): updates then paint the new columns into the picture
     * but are not uploads; their bytes wait in {@link #carried} for the next update made at a refresh.
     */
    private boolean betweenRefreshes;
    private long carried;
    private long paintedColumns;
    /** Pixel bytes of the last {@link HudImage#TEXTURES} updates, newest at {@code recentAt}. */
    private final long[] recent = new long[HudImage.TEXTURES];
    private int recentAt;
    private long repaints;
    /** The picture's empty pixels: {@link #GROUND}, or {@link #OPAQUE_GROUND} for opaque panels. */
    private int ground = GROUND;
    private int groundWanted = GROUND;

    /**
     * Brings the picture up to date with {@code history}: paints the frames recorded since the last call, or all
     * shown frames when the geometry, scale or metric changed.
     *
     * @param values       each frame's per-zone values, keyed by frame
     * @param zoneColors   colour of each shown zone, bottom of the stack first
     * @param range        the value at the top of the plot (ns, or bytes)
     */
    void update(FrameHistory history, GraphColumnCache values, Metric metric, int[] zoneColors, int zones,
                double range, StripPlot strip) {
        update(history, values, metric, zoneColors, zones, range, strip, 0);
    }

    /**
     * As {@link #update(FrameHistory, GraphColumnCache, Metric, int[], int, double, StripPlot)}, with each frame's GPU
     * time ({@link FrameHistory#gpuFrameNanos}) as a level mark {@code gpuThick} rows high in its column, painted when
     * the result arrives (it comes frames late; the newest {@value #GPU_LATE_COLUMNS} columns are checked each update).
     */
    void update(FrameHistory history, GraphColumnCache values, Metric metric, int[] zoneColors, int zones,
                double range, StripPlot strip, int gpuThick) {
        update(history, values, metric, zoneColors, zones, range, strip, null, -1, 0, gpuThick);
    }

    /**
     * Brings the picture up to date with one thread's frames: each column is the thread's busy time (inside any zone)
     * in {@code busyColor} under its whole time in grey, both from {@code series}; a change of thread repaints the
     * whole picture, as a change of scale does.
     *
     * @param threadRoot the thread's root zone ({@link io.hudprof.core.ThreadRoster#rootZone(int)})
     * @param range      the time at the top of the plot (ns)
     */
    void update(FrameHistory history, ThreadSeries series, int threadRoot, int busyColor, double range,
                StripPlot strip) {
        if (series == null || threadRoot < 0) {
            throw new IllegalArgumentException("hudprof: a thread's graph needs its series and root zone");
        }
        update(history, null, Metric.TIME, null, 0, range, strip, series, threadRoot, busyColor, 0);
    }

    private void update(FrameHistory history, GraphColumnCache values, Metric metric, int[] zoneColors, int zones,
                        double range, StripPlot strip, ThreadSeries series, int threadRoot, int busyColor,
                        int gpuThick) {
        long bytes = 0;
        this.history = history;
        int plotHeight = strip.plot().height();
        boolean repaint = image.resize(strip.columns() * strip.columnWidth(), plotHeight)
                || columns != strip.columns() || columnWidth != strip.columnWidth() || range != this.range
                || metric != this.metric || threadRoot != this.threadRoot
                || (threadRoot >= 0 && busyColor != this.busyColor) || gpuThick != this.gpuThick
                || ground != groundWanted;
        ground = groundWanted;
        this.gpuThick = gpuThick;
        this.threadRoot = threadRoot;
        this.series = series;
        this.busyColor = busyColor;
        columns = strip.columns();
        columnWidth = strip.columnWidth();
        barWidth = strip.barWidth();
        this.range = range;
        this.metric = metric;
        int size = history.size();
        int fresh = 0;
        if (!repaint) {
            while (fresh < size && history.frameNumber(fresh) > newest) {
                fresh++;
            }
            // History was cleared or restarted, or scrolled further than the graph is wide.
            repaint = (fresh < size && history.frameNumber(fresh) != newest) || fresh >= columns;
        }
        if (slotTop.length < columns) {
            slotTop = new int[columns];
            slotGpu = new boolean[columns];
        }
        if (repaint) {
            image.fill(0, image.width(), 0, image.height(), ground);
            java.util.Arrays.fill(slotTop, 0, columns, image.height());
            java.util.Arrays.fill(slotGpu, 0, columns, false);
            ring = columns - 1L;
            int shown = Math.min(columns, size);
            for (int i = 0; i < shown; i++) {
                paint(history, values, zoneColors, zones, i);
            }
            bytes = (long) image.width() * image.height() * 4;
            repaints++;
        } else {
            ring += fresh;
            for (int i = fresh - 1; i >= 0; i--) {
                paint(history, values, zoneColors, zones, i);
            }
            bytes = (long) fresh * columnWidth * image.height() * 4;
            bytes += paintArrivedGpu(values, zoneColors, zones, Math.min(size, columns));
        }
        newest = size > 0 ? history.frameNumber(0) : -1;
        if (betweenRefreshes) {
            carried = Math.min(carried + bytes, (long) image.width() * image.height() * 4);
            return;
        }
        pixelBytes = Math.min(carried + bytes, (long) image.width() * image.height() * 4);
        carried = 0;
        recentAt = (recentAt + 1) % recent.length;
        recent[recentAt] = pixelBytes;
    }

    /**
     * Whether the updates from now on are made between the HUD's refreshes
     * ({@link OverlayConfig.Builder#refreshInterval}): they keep the picture current, a column a frame, so a refresh
     * paints only what is new since the frame before it, however long the interval (on a fast game a 500 ms interval
     * is hundreds of frames: painted at once, more than the graph's width, they were a whole repaint and reads of
     * every column from history in one frame, a spike of hudprof's own). Nothing is uploaded between refreshes (the
     * kept draw list shows the picture as it was), so their bytes count toward the next refresh's upload.
     */
    void betweenRefreshes(boolean on) {
        betweenRefreshes = on;
    }

    /** Columns painted so far, one by one or in whole repaints. */
    long paintedColumns() {
        return paintedColumns;
    }

    /** Paints the column of the frame {@code framesAgo} back into its slot (the slot is cleared first). */
    private void paint(FrameHistory history, GraphColumnCache values, int[] zoneColors, int zones, int framesAgo) {
        paintedColumns++;
        int slot = slot(framesAgo);
        int left = slot * columnWidth;
        image.fill(left, left + columnWidth, 0, image.height(), ground);
        slotTop[slot] = image.height();
        slotGpu[slot] = false;
        if (threadRoot >= 0) {
            paintThread(framesAgo, slot, left);
            return;
        }
        long frameValue = history.frameTotal(metric, framesAgo);
        if (frameValue < 0) {
            return;
        }
        int height = image.height();
        double pixelsPerUnit = height / range;
        int right = left + barWidth;
        int below = height;
        long stacked = 0;
        int at = values.column(history, framesAgo);
        if (at >= 0) {
            for (int k = 0; k < zones; k++) {
                stacked += values.value(at, k);
                int above = height - (int) Math.round(stacked * pixelsPerUnit);
                if (above < below) {
                    bar(slot, left, right, above, below, zoneColors[k]);
                    below = above;
                }
            }
        }
        int frameTop = height - (int) Math.round(Math.max(frameValue, stacked) * pixelsPerUnit);
        if (frameTop < below) {
            bar(slot, left, right, frameTop, below, HudPalette.OTHER);
        }
        long gpu = gpuThick > 0 ? history.gpuFrameNanos(framesAgo) : -1;
        if (gpu >= 0) {
            // One level mark per column, no joins: GPU times jump from frame to frame, and joined steps would paint
            // over the CPU columns. A mark beyond the range stays at the plot's edge, in sight.
            int y = height - (int) Math.round(gpu * pixelsPerUnit) - gpuThick / 2;
            int top = Math.max(0, Math.min(y, height - gpuThick));
            bar(slot, left, left + columnWidth, top, top + gpuThick, HudPalette.GPU_LINE);
            slotGpu[slot] = true;
        }
    }

    /** Columns whose frame's GPU result arrived after they were painted: painted again, with it. */
    private long paintArrivedGpu(GraphColumnCache values, int[] zoneColors, int zones, int shown) {
        if (gpuThick == 0 || threadRoot >= 0) {
            return 0;
        }
        long bytes = 0;
        for (int i = 0; i < Math.min(GPU_LATE_COLUMNS, shown); i++) {
            if (!slotGpu[slot(i)] && history.gpuFrameNanos(i) >= 0) {
                paint(history, values, zoneColors, zones, i);
                bytes += (long) columnWidth * image.height() * 4;
            }
        }
        return bytes;
    }

    /** One coloured part of a column, blended over the ground; remembers the column's highest painted row. */
    private void bar(int slot, int left, int right, int top, int bottom, int rgba) {
        image.fill(left, right, top, bottom, Rgba.over(ground, rgba));
        slotTop[slot] = Math.min(slotTop[slot], Math.max(0, top));
    }

    /** The thread's column: busy time from the bottom, the rest of its time in the frame grey above it. */
    private void paintThread(int framesAgo, int slot, int left) {
        double total = series.totalNanos(threadRoot, framesAgo);
        if (Double.isNaN(total)) {
            return;
        }
        double busy = series.busyNanos(threadRoot, framesAgo);
        int height = image.height();
        double pixelsPerNano = height / range;
        int right = left + barWidth;
        int busyTop = height - (int) Math.round(busy * pixelsPerNano);
        if (busyTop < height) {
            bar(slot, left, right, busyTop, height, busyColor);
        }
        int totalTop = height - (int) Math.round(Math.max(total, busy) * pixelsPerNano);
        if (totalTop < busyTop) {
            bar(slot, left, right, totalTop, busyTop, HudPalette.OTHER);
        }
    }

    private int slot(int framesAgo) {
        return (int) Math.floorMod(ring - framesAgo, (long) columns);
    }

    /**
     * Paints the picture over the opaque background ({@link #OPAQUE_GROUND}) or the translucent one; the next update
     * repaints it when this changed. An opaque picture is drawn without blending.
     */
    void opaque(boolean on) {
        groundWanted = on ? OPAQUE_GROUND : GROUND;
    }

    /** Whether {@link #draw} covers the whole plot (it has columns and a height): the plot needs no background then. */
    boolean coversPlot(StripPlot strip) {
        return columns > 0 && columns == strip.columns() && columnWidth == strip.columnWidth()
                && image.height() == strip.plot().height() && image.width() == strip.plot().width();
    }

    /**
     * The plot row (0 = the plot's top) of the highest painted pixel in the column of the frame {@code framesAgo}
     * back, or the plot's height when that column is empty or not shown.
     */
    int columnTop(int framesAgo) {
        if (framesAgo < 0 || framesAgo >= columns) {
            return image.height();
        }
        return slotTop[slot(framesAgo)];
    }

    /** The picture's x of the column of the frame {@code framesAgo} back (its slot's left edge). */
    int imageColumnLeft(int framesAgo) {
        return slot(framesAgo) * columnWidth;
    }

    /** Adds the picture to the list with its top-left at the plot's: oldest shown slot on the left, newest right. */
    void draw(StripPlot strip, DrawList list) {
        if (columns == 0 || image.height() == 0) {
            return;
        }
        int oldest = slot(columns - 1) * columnWidth;
        int x = strip.plot().left();
        int y = strip.plot().top();
        boolean opaque = ground == OPAQUE_GROUND;
        list.image(x, y, image, oldest, image.width(), opaque);
        list.image(x + image.width() - oldest, y, image, 0, oldest, opaque);
    }

    /** Bytes of pixels the last {@link #update} changed: what a renderer uploads for it. */
    long pixelBytes() {
        return pixelBytes;
    }

    /**
     * Bytes of pixels painted over the last {@link HudImage#TEXTURES} updates (at most the whole picture): what a
     * renderer uploads this frame into the texture whose turn it is.
     */
    long recentPixelBytes() {
        long sum = 0;
        for (long bytes : recent) {
            sum += bytes;
        }
        return Math.min(sum, (long) image.width() * image.height() * 4);
    }

    /** How many times the whole picture was repainted (scale, metric, thread, size changes). */
    long repaints() {
        return repaints;
    }

    HudImage image() {
        return image;
    }

    @Override
    public void close() {
        image.close();
    }
}
