package io.hudprof.overlay;

import io.hudprof.stats.text.ReportCells;

/**
 * How the overlay looks and which keys drive it. Immutable; made with {@link #builder()}, checked when built so a
 * bad value fails at start-up with a message that names the setting. Sizes are in logical pixels: they are
 * multiplied by {@link Builder#scale(float) scale} and by the window's content scale (2 on a "retina" or 200 %
 * display) so the HUD looks the same everywhere and the font is baked at the size it is shown.
 */
public final class OverlayConfig {
    /**
     * The default {@link Builder#refreshInterval}: 500 ms, MangoHud's default: between refreshes the HUD's report and
     * draw list are not rebuilt (docs/BENCHMARKS.md, "The shown HUD redrawn at a set rate").
     */
    static final long DEFAULT_REFRESH_NANOS = 500_000_000L;
    /** The default {@link Builder#refreshWarmUp}: the first 1,000 frames shown refresh every frame. */
    static final int DEFAULT_REFRESH_WARM_UP_FRAMES = 1000;
    private static final java.time.Duration MAX_REFRESH = java.time.Duration.ofSeconds(10);

    final KeyBindings keys;
    final boolean startVisible;
    final float scale;
    final float contentScale;
    final int fontPixels;
    final Anchor panelAnchor;
    final int panelOffsetX;
    final int panelOffsetY;
    final int visibleRows;
    final int nameChars;
    final int timeDecimals;
    final boolean graphVisible;
    final Anchor graphAnchor;
    final int graphOffsetX;
    final int graphOffsetY;
    final int graphHeight;
    final int graphColumnWidth;
    final int graphMaxColumns;
    final int graphZones;
    final double targetFrameRate;
    final double graphRangeMillis;
    final boolean graphUnitsHz;
    final boolean helpVisible;
    /** Whether the views' backgrounds are opaque, drawn without blending ({@link Builder#opaquePanels}). */
    final boolean opaquePanels;
    /** How often a shown HUD redraws its content, in nanoseconds ({@link Builder#refreshInterval}); 0: every frame. */
    final long refreshNanos;
    /** Whether a refresh keeps the HUD's pixels off screen for the frames after it ({@link Builder#keepPixels}). */
    final boolean keepPixels;
    /** Frames refreshed every frame after the HUD is first shown ({@link Builder#refreshWarmUp}). */
    final int refreshWarmUpFrames;
    /** Whether the overlay creates a {@link GpuTimer} when the game has not installed a GPU backend. */
    final boolean gpuTiming;
    final double categoryAverageSeconds;
    final boolean categoriesShown;
    final java.nio.file.Path stateFile;

    private OverlayConfig(Builder b) {
        keys = b.keys;
        startVisible = b.startVisible;
        scale = b.scale;
        contentScale = b.contentScale;
        fontPixels = b.fontPixels;
        panelAnchor = b.panelAnchor;
        panelOffsetX = b.panelOffsetX;
        panelOffsetY = b.panelOffsetY;
        visibleRows = b.visibleRows;
        nameChars = b.nameChars;
        timeDecimals = b.timeDecimals;
        graphVisible = b.graphVisible;
        graphAnchor = b.graphAnchor;
        graphOffsetX = b.graphOffsetX;
        graphOffsetY = b.graphOffsetY;
        graphHeight = b.graphHeight;
        graphColumnWidth = b.graphColumnWidth;
        graphMaxColumns = b.graphMaxColumns;
        graphZones = b.graphZones;
        targetFrameRate = b.targetFrameRate;
        graphRangeMillis = b.graphRangeMillis > 0 ? b.graphRangeMillis : 2_000.0 / b.targetFrameRate;
        graphUnitsHz = b.graphUnitsHz;
        helpVisible = b.helpVisible;
        opaquePanels = b.opaquePanels;
        refreshNanos = b.refreshNanos;
        keepPixels = b.keepPixels;
        refreshWarmUpFrames = b.refreshWarmUpFrames;
        gpuTiming = b.gpuTiming;
        categoryAverageSeconds = b.categoryAverageSeconds;
        categoriesShown = b.categoriesShown;
        stateFile = b.stateFile;
    }

    /** The defaults: F3 and the keys of {@link KeyBindings#defaults()}, panel top-left, graph bottom-left, 60 Hz. */
    public static OverlayConfig defaults() {
        return builder().build();
    }

    /** A builder holding the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** The key bindings. */
    public KeyBindings keys() {
        return keys;
    }

    /** How often a shown HUD redraws its content ({@link Builder#refreshInterval}); zero: every frame. */
    public java.time.Duration refreshInterval() {
        return java.time.Duration.ofNanos(refreshNanos);
    }

    /** Frames refreshed every frame once the HUD is first shown, before the interval applies ({@link Builder#refreshWarmUp}). */
    public int refreshWarmUpFrames() {
        return refreshWarmUpFrames;
    }

    /** Target frame rate for the graph's guide lines, in Hz. */
    public double targetFrameRate() {
        return targetFrameRate;
    }

    /**
     * The font size in framebuffer pixels: the configured one, or 15 logical pixels times scale times content
     * scale, rounded.
     */
    public int fontPixels(float contentScale) {
        return fontPixels > 0 ? fontPixels : Math.max(8, Math.round(15f * scale * contentScale));
    }

    /** Collects settings; every setter checks its argument. */
    public static final class Builder {
        private KeyBindings keys = KeyBindings.defaults();
        private boolean startVisible;
        private float scale = 1f;
        private float contentScale = 1f;
        private int fontPixels;
        private Anchor panelAnchor = Anchor.TOP_LEFT;
        private int panelOffsetX = 8;
        private int panelOffsetY = 8;
        private int visibleRows = 20;
        private int nameChars = 30;
        private int timeDecimals = ReportCells.MILLIS_DECIMALS;
        private boolean graphVisible = true;
        private Anchor graphAnchor = Anchor.BOTTOM_LEFT;
        private int graphOffsetX = 8;
        private int graphOffsetY = 8;
        private int graphHeight = 120;
        private int graphColumnWidth = 2;
        private int graphMaxColumns = 300;
        private int graphZones = 8;
        private double targetFrameRate = 60.0;
        private double graphRangeMillis;
        private boolean graphUnitsHz;
        private boolean helpVisible;
        private boolean opaquePanels = true;
        private long refreshNanos = DEFAULT_REFRESH_NANOS;
        private boolean keepPixels;
        private int refreshWarmUpFrames = DEFAULT_REFRESH_WARM_UP_FRAMES;
        private boolean gpuTiming = true;
        private double categoryAverageSeconds = 3.0;
        private boolean categoriesShown;
        private java.nio.file.Path stateFile;

        private Builder() {
        }

        /** Key bindings (default {@link KeyBindings#defaults()}, F3 toggles). */
        public Builder keys(KeyBindings keys) {
            if (keys == null) {
                throw new IllegalArgumentException("keys: use KeyBindings.defaults() or a KeyBindings.builder()");
            }
            this.keys = keys;
            return this;
        }

        /** Whether the overlay is shown before its toggle key is first pressed (default false). */
        public Builder startVisible(boolean visible) {
            this.startVisible = visible;
            return this;
        }

        /** Size multiplier for the whole HUD, on top of the content scale (default 1). */
        public Builder scale(float scale) {
            if (!(scale >= 0.5f && scale <= 4f)) {
                throw new IllegalArgumentException("scale must be within 0.5..4: " + scale);
            }
            this.scale = scale;
            return this;
        }

        /**
         * The window's content scale (GLFW's {@code glfwGetWindowContentScale}; see
         * {@link Overlay#contentScaleOf(long)}), so the font is baked crisp at 1x and 2x. Default 1.
         */
        public Builder contentScale(float contentScale) {
            if (!(contentScale >= 0.5f && contentScale <= 4f)) {
                throw new IllegalArgumentException("contentScale must be within 0.5..4: " + contentScale);
            }
            this.contentScale = contentScale;
            return this;
        }

        /** A fixed font size in framebuffer pixels, overriding scale and content scale (0 = derive, the default). */
        public Builder fontPixels(int pixels) {
            if (pixels != 0 && (pixels < 8 || pixels > 96)) {
                throw new IllegalArgumentException("fontPixels must be 0 (derive) or within 8..96: " + pixels);
            }
            this.fontPixels = pixels;
            return this;
        }

        /** Where the report panel sits (default top-left, 8 px in). */
        public Builder panel(Anchor anchor, int offsetX, int offsetY) {
            this.panelAnchor = requireAnchor(anchor, "panel");
            this.panelOffsetX = offsetX;
            this.panelOffsetY = offsetY;
            return this;
        }

        /** Report rows shown at once; longer reports scroll with the cursor (default 20). */
        public Builder visibleRows(int rows) {
            if (rows < 1 || rows > 200) {
                throw new IllegalArgumentException("visibleRows must be within 1..200: " + rows);
            }
            this.visibleRows = rows;
            return this;
        }

        /** Width of the zone-name column in characters, indentation and marker included (default 30). */
        public Builder nameChars(int chars) {
            if (chars < 8 || chars > 120) {
                throw new IllegalArgumentException("nameChars must be within 8..120: " + chars);
            }
            this.nameChars = chars;
            return this;
        }

        /**
         * Decimals of millisecond values in the report (default 3, as the text report prints them; fewer digits
         * make the HUD's cells differ from the text report's).
         */
        public Builder timeDecimals(int decimals) {
            if (decimals < 0 || decimals > 4) {
                throw new IllegalArgumentException("timeDecimals must be within 0..4: " + decimals);
            }
            this.timeDecimals = decimals;
            return this;
        }

        /** Whether the history graph is shown (default true; a key toggles it). */
        public Builder graphVisible(boolean visible) {
            this.graphVisible = visible;
            return this;
        }

        /** Where the history graph sits (default bottom-left, 8 px in). */
        public Builder graph(Anchor anchor, int offsetX, int offsetY) {
            this.graphAnchor = requireAnchor(anchor, "graph");
            this.graphOffsetX = offsetX;
            this.graphOffsetY = offsetY;
            return this;
        }

        /** Height of the graph's plot area (default 120). */
        public Builder graphHeight(int height) {
            if (height < 20 || height > 2000) {
                throw new IllegalArgumentException("graphHeight must be within 20..2000: " + height);
            }
            this.graphHeight = height;
            return this;
        }

        /** Width of one frame's column (default 2). */
        public Builder graphColumnWidth(int width) {
            if (width < 1 || width > 32) {
                throw new IllegalArgumentException("graphColumnWidth must be within 1..32: " + width);
            }
            this.graphColumnWidth = width;
            return this;
        }

        /**
         * Most frames the graph shows (default 300); it also never shows more than the history holds, nor more
         * than fit the framebuffer.
         */
        public Builder graphMaxColumns(int columns) {
            if (columns < 8 || columns > 8192) {
                throw new IllegalArgumentException("graphMaxColumns must be within 8..8192: " + columns);
            }
            this.graphMaxColumns = columns;
            return this;
        }

        /** How many of the most expensive zones the graph stacks in their own colours (default 8). */
        public Builder graphZones(int zones) {
            if (zones < 1 || zones > ZoneColors.PALETTE_SIZE - 1) {
                throw new IllegalArgumentException("graphZones must be within 1.." + (ZoneColors.PALETTE_SIZE - 1)
                        + ": " + zones);
            }
            this.graphZones = zones;
            return this;
        }

        /** The target frame rate whose frame time (and harmonics) the graph's guide lines mark (default 60 Hz). */
        public Builder targetFrameRate(double hertz) {
            if (!(hertz >= 1 && hertz <= 1000)) {
                throw new IllegalArgumentException("targetFrameRate must be within 1..1000 Hz: " + hertz);
            }
            this.targetFrameRate = hertz;
            return this;
        }

        /** Frame time at the top of the graph in ms (default two target frames); keys halve or double it. */
        public Builder graphRangeMillis(double millis) {
            if (!(millis > 0 && millis <= 10_000)) {
                throw new IllegalArgumentException("graphRangeMillis must be within (0, 10000]: " + millis);
            }
            this.graphRangeMillis = millis;
            return this;
        }

        /** Whether guide lines start labelled in Hz instead of ms (default ms). */
        public Builder graphUnitsHz(boolean hertz) {
            this.graphUnitsHz = hertz;
            return this;
        }

        /**
         * Whether {@link Overlay#create} times {@link io.hudprof.core.GpuZone}s with a {@link GpuTimer} of its own
         * when the game installed none (default true); the overlay closes the timer it made.
         */
        public Builder gpuTiming(boolean on) {
            this.gpuTiming = on;
            return this;
        }

        /**
         * Whether the views' backgrounds (report panel, graph, charts, lists, timeline) are opaque (default true) or
         * translucent over the game (false: the same dark colour at 86 % cover, the game faintly showing through).
         * Opaque panels are drawn without blending, so a software rasteriser (llvmpipe, SwiftShader) pays about half
         * per covered pixel, and the graph's plot too is written rather than blended: the shown HUD costs about a
         * fifth less there (docs/BENCHMARKS.md). On a GPU the two cost the same. Text stays anti-aliased either way.
         */
        public Builder opaquePanels(boolean opaque) {
            this.opaquePanels = opaque;
            return this;
        }

        /**
         * How often the shown HUD redraws its content (default 500 ms; {@link java.time.Duration#ZERO}: every frame).
         * Between refreshes each frame shows the last refreshed HUD again: its report and draw list are not rebuilt and
         * nothing is uploaded; the kept draw list is drawn again (or, with {@link #keepPixels}, its pixels are put
         * back). Any key or mouse action the HUD uses, a change of what it shows (pause, scrub, a panel moved), a new
         * framebuffer size and showing it refresh it on the next frame. Numbers changing 60 times a second cannot be
         * read anyway (MangoHud refreshes its numbers every 500 ms by default). Timed on the profiler's clock at its
         * frame boundaries; at most 10 s.
         */
        public Builder refreshInterval(java.time.Duration interval) {
            if (interval == null || interval.isNegative() || interval.compareTo(MAX_REFRESH) > 0) {
                throw new IllegalArgumentException("refreshInterval must be within 0..10 s (0: redraw every frame): "
                        + interval);
            }
            this.refreshNanos = interval.toNanos();
            return this;
        }

        /**
         * Whether a refresh draws the HUD into an off-screen framebuffer and the frames until the next refresh put its
         * pixels back (one opaque quad per panel; with {@link #opaquePanels opaque panels} and OpenGL 3.0 or
         * ARB_framebuffer_object) instead of drawing the kept draw list again. Default false: on a software
         * rasteriser (llvmpipe) a copied pixel costs most of a drawn one, and switching to the off-screen framebuffer
         * makes the driver rasterise the game's whole queued frame inside the HUD's submit, a spike charged to
         * hudprof every refresh (docs/BENCHMARKS.md). Worth it only where drawing the glyphs costs more than a copy.
         */
        public Builder keepPixels(boolean keep) {
            this.keepPixels = keep;
            return this;
        }

        /**
         * How many frames, once the HUD is first shown, refresh every frame before the {@link #refreshInterval}
         * applies (default 1,000; 0: none), and at most for the first 2 s on the profiler's clock. Code that runs once
         * per refresh runs a few times a second, too rarely for the JIT to compile it soon: in a fresh JVM a refresh's
         * report and draw list measured 2-5 ms of CPU for the first minutes, against 0.2-0.5 ms once compiled
         * ({@code RefreshFrameCost cold}, docs/BENCHMARKS.md), a spike of hudprof's own on a game of 1-2 ms frames.
         * Refreshing every frame for the first thousand gets it compiled while every frame pays alike. A slow game
         * reaches the 2 s first: its refreshes, 15-30 frames apart, are a small part of its frame anyway.
         */
        public Builder refreshWarmUp(int frames) {
            if (frames < 0) {
                throw new IllegalArgumentException("refreshWarmUp must be 0 or more frames: " + frames);
            }
            this.refreshWarmUpFrames = frames;
            return this;
        }

        /** Whether the key help starts shown (default false; the panel then shows a one-line hint). */
        public Builder helpVisible(boolean visible) {
            this.helpVisible = visible;
            return this;
        }

        /**
         * The averaging window of the category strip chart's header number, in seconds of frame time (default 3,
         * as PStats); the header names it ("avg 3.0 s").
         */
        public Builder categoryAverageSeconds(double seconds) {
            if (!(seconds > 0 && seconds <= 60)) {
                throw new IllegalArgumentException("categoryAverageSeconds must be within (0, 60]: " + seconds);
            }
            this.categoryAverageSeconds = seconds;
            return this;
        }

        /** Whether the graph starts as the category strip chart instead of the zone history (default false). */
        public Builder categoriesShown(boolean shown) {
            this.categoriesShown = shown;
            return this;
        }

        /**
         * A small file where the overlay keeps the panels' places and sizes and the view state a user expects back
         * (report mode, averaging, units, graph scale, the category chart's guide bars): read when the overlay is
         * created, written when it changes and when the overlay closes. A missing file means defaults; a corrupt or
         * unwritable one logs one warning and the HUD carries on with defaults. Null (the default): nothing is kept.
         */
        public Builder stateFile(java.nio.file.Path file) {
            this.stateFile = file;
            return this;
        }

        /** The configuration. */
        public OverlayConfig build() {
            return new OverlayConfig(this);
        }

        private static Anchor requireAnchor(Anchor anchor, String what) {
            if (anchor == null) {
                throw new IllegalArgumentException(what + " anchor is null: use one of " + java.util.Arrays.toString(
                        Anchor.values()));
            }
            return anchor;
        }
    }
}
