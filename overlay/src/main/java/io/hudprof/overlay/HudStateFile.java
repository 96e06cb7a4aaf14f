package io.hudprof.overlay;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;

import io.hudprof.core.Averaging;
import io.hudprof.core.Zone;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ReportMode;

/**
 * Keeps the part of a {@link HudView} that outlives a run in a small properties file: each panel's offset, size and
 * width ({@link HudLayout}: report, graph, timeline, value chart, spike and thread lists; a file written before a panel existed
 * leaves that panel at its default place), the report mode (with the call graph's focus zone by name), the averaging,
 * ms or Hz, the graph's scale, whether the graph, help and category chart are shown, the category chart's guide
 * bars, and the {@code /} search's text (a file from before searches existed leaves it empty).
 *
 * <p>The file is input like any other: at most {@value #MAX_BYTES} bytes are read, every value is checked, and a file
 * that fails any check is ignored as a whole (defaults stay), with one warning naming the file and the fix. A write
 * goes to a temporary file renamed over the old one, so a crash never leaves half a file; a write that fails (a
 * read-only directory) warns once and the HUD carries on. Reading and writing allocate: they run at start-up, after a
 * change has settled and at close, never per frame. Render thread only.
 */
final class HudStateFile {
    static final int MAX_BYTES = 16 * 1024;
    private static final int VERSION = 1;
    private static final System.Logger LOG = System.getLogger("io.hudprof.overlay");

    private final Path file;
    private boolean warnedWrite;

    HudStateFile(Path file) {
        this.file = file;
    }

    Path file() {
        return file;
    }

    /**
     * Applies the saved state to {@code view}; a missing file changes nothing.
     *
     * @return whether a saved state was applied
     */
    boolean load(HudView view) {
        if (!Files.exists(file)) {
            return false;
        }
        Properties saved = new Properties();
        try {
            if (Files.size(file) > MAX_BYTES) {
                throw new IllegalStateException("larger than " + MAX_BYTES + " bytes");
            }
            try (Reader in = new StringReader(Files.readString(file, StandardCharsets.UTF_8))) {
                saved.load(in);
            }
            State state = State.parse(saved);
            state.apply(view);
            return true;
        } catch (IOException | RuntimeException e) {
            LOG.log(System.Logger.Level.WARNING, "hudprof overlay: ignoring the saved HUD layout in " + file
                    + " (" + e.getMessage() + "); using the defaults. Delete the file, or fix it, to stop this"
                    + " warning; it is written again when the layout changes.");
            return false;
        }
    }

    /** Writes the current state; a failure warns once per file and is otherwise ignored. */
    void save(HudView view) {
        Properties out = State.capture(view);
        try {
            StringWriter text = new StringWriter();
            out.store(text, "hudprof HUD layout and view state");
            Path dir = file.toAbsolutePath().getParent();
            if (dir != null) {
                Files.createDirectories(dir);
            }
            Path temporary = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            try {
                Files.writeString(temporary, text.toString(), StandardCharsets.UTF_8);
                try {
                    Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING,
                            StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(temporary);
            }
        } catch (IOException | RuntimeException e) {
            if (!warnedWrite) {
                warnedWrite = true;
                LOG.log(System.Logger.Level.WARNING, "hudprof overlay: cannot save the HUD layout to " + file
                        + " (" + e + "); it will not be restored next run. Point OverlayConfig.stateFile at a"
                        + " writable file to keep it.");
            }
        }
    }

    /**
     * A change counter over everything {@link #save} writes, cheap enough to read every frame (no allocation): the
     * overlay saves once it stops changing.
     */
    static long signature(HudView view) {
        ReportController controller = view.controller();
        long h = view.layout.version();
        h = h * 31 + controller.mode().ordinal();
        h = h * 31 + controller.averaging().ordinal();
        h = h * 31 + (view.unitsHz ? 1 : 0);
        h = h * 31 + (view.graphVisible ? 1 : 0);
        h = h * 31 + (view.helpVisible ? 1 : 0);
        h = h * 31 + (view.categories.shown() ? 1 : 0);
        h = h * 31 + Double.hashCode(view.graphRangeNanos);
        Zone focus = controller.focus();
        h = h * 31 + (focus == null ? -1 : focus.id());
        CharSequence search = view.search;
        for (int i = 0; i < search.length(); i++) {
            h = h * 31 + search.charAt(i);
        }
        h = h * 31 + search.length();
        CategoryChartState categories = view.categories;
        for (int i = 0; i < categories.userGuideCount(); i++) {
            h = h * 31 + Double.hashCode(categories.userGuides()[i]);
        }
        return h * 31 + categories.userGuideCount();
    }

    /** The saved values, parsed and checked before any is applied. */
    private static final class State {
        final int[] offsetX = new int[HudLayout.Panel.values().length];
        final int[] offsetY = new int[HudLayout.Panel.values().length];
        final int[] size = new int[HudLayout.Panel.values().length];
        final int[] width = new int[HudLayout.Panel.values().length];
        ReportMode mode;
        String focus;
        Averaging averaging;
        boolean unitsHz;
        boolean graphVisible;
        boolean helpVisible;
        boolean categoriesShown;
        double graphRangeNanos;
        double[] guides;
        String search;

        static State parse(Properties p) {
            int version = integer(p, "version", 1, 1000);
            if (version != VERSION) {
                throw new IllegalStateException("version " + version + ", this hudprof reads " + VERSION);
            }
            State s = new State();
            for (HudLayout.Panel panel : HudLayout.Panel.values()) {
                String key = "panel." + panel.name().toLowerCase(java.util.Locale.ROOT);
                if (p.containsKey(key + ".x")) {
                    s.offsetX[panel.ordinal()] = integer(p, key + ".x", -100_000, 100_000);
                    s.offsetY[panel.ordinal()] = integer(p, key + ".y", -100_000, 100_000);
                    s.size[panel.ordinal()] = integer(p, key + ".size", 0, 100_000);
                }
                // Written since panels got widths; a file from before has none, and the panel keeps its own.
                if (p.containsKey(key + ".width")) {
                    s.width[panel.ordinal()] = integer(p, key + ".width", 0, 100_000);
                }
            }
            s.mode = ReportMode.valueOf(required(p, "mode"));
            s.focus = p.getProperty("focus");
            s.averaging = Averaging.valueOf(required(p, "averaging"));
            s.unitsHz = bool(p, "unitsHz");
            s.graphVisible = bool(p, "graphVisible");
            s.helpVisible = bool(p, "helpVisible");
            s.categoriesShown = bool(p, "categoriesShown");
            s.graphRangeNanos = number(p, "graphRangeNanos");
            s.search = p.getProperty("search", "");
            if (s.search.length() > ZoneSearch.MAX_LENGTH) {
                throw new IllegalStateException("'search' is longer than " + ZoneSearch.MAX_LENGTH + " characters");
            }
            String guides = p.getProperty("categoryGuides", "").trim();
            String[] parts = guides.isEmpty() ? new String[0] : guides.split(",");
            if (parts.length > UserGuides.MAX) {
                throw new IllegalStateException("more than " + UserGuides.MAX + " category guides");
            }
            s.guides = new double[parts.length];
            for (int i = 0; i < parts.length; i++) {
                s.guides[i] = positive(parts[i].trim(), "categoryGuides");
            }
            return s;
        }

        void apply(HudView view) {
            ReportController controller = view.controller();
            HudLayout layout = view.layout;
            for (HudLayout.Panel panel : HudLayout.Panel.values()) {
                layout.offset(panel, offsetX[panel.ordinal()], offsetY[panel.ordinal()]);
                layout.resize(panel, size[panel.ordinal()]);
                layout.resizeWidth(panel, width[panel.ordinal()]);
            }
            controller.setAveraging(averaging);
            Zone focusZone = focus == null ? null : zoneNamed(focus);
            if (mode == ReportMode.CALL_GRAPH && focusZone != null) {
                controller.showCallGraph(focusZone);
            } else if (mode == ReportMode.HIERARCHICAL_TIME || (mode == ReportMode.STATISTICS
                    && controller.statistics() != null)) {
                controller.setMode(mode);
            } else {
                // A call graph whose zone is not defined yet, or statistics not attached yet: the flat report.
                controller.setMode(ReportMode.SELF_TIME);
            }
            view.setUnitsHz(unitsHz);
            view.setGraphVisible(graphVisible);
            view.helpVisible = helpVisible;
            if (view.categories.shown() != categoriesShown) {
                view.categories.toggleShown();
            }
            view.setGraphRangeNanos(graphRangeNanos);
            for (double guide : guides) {
                view.categories.addGuide(guide);
            }
            view.search(search);
        }

        static Properties capture(HudView view) {
            ReportController controller = view.controller();
            Properties p = new Properties();
            p.setProperty("version", Integer.toString(VERSION));
            HudLayout layout = view.layout;
            for (HudLayout.Panel panel : HudLayout.Panel.values()) {
                String key = "panel." + panel.name().toLowerCase(java.util.Locale.ROOT);
                p.setProperty(key + ".x", Integer.toString(layout.offsetX(panel)));
                p.setProperty(key + ".y", Integer.toString(layout.offsetY(panel)));
                p.setProperty(key + ".size", Integer.toString(layout.size(panel, 0)));
                p.setProperty(key + ".width", Integer.toString(layout.width(panel, 0)));
            }
            p.setProperty("mode", controller.mode().name());
            if (controller.focus() != null) {
                p.setProperty("focus", controller.focus().name());
            }
            p.setProperty("averaging", controller.averaging().name());
            p.setProperty("unitsHz", Boolean.toString(view.unitsHz));
            p.setProperty("graphVisible", Boolean.toString(view.graphVisible));
            p.setProperty("helpVisible", Boolean.toString(view.helpVisible));
            p.setProperty("categoriesShown", Boolean.toString(view.categories.shown()));
            p.setProperty("graphRangeNanos", Double.toString(view.graphRangeNanos));
            CategoryChartState categories = view.categories;
            StringBuilder guides = new StringBuilder();
            for (int i = 0; i < categories.userGuideCount(); i++) {
                guides.append(i == 0 ? "" : ",").append(categories.userGuides()[i]);
            }
            p.setProperty("categoryGuides", guides.toString());
            p.setProperty("search", view.search.toString());
            return p;
        }

        private static Zone zoneNamed(String name) {
            for (int id = 0; id < Zone.count(); id++) {
                Zone zone = Zone.byId(id);
                if (zone != null && zone.name().equals(name)) {
                    return zone;
                }
            }
            return null;
        }

        private static String required(Properties p, String key) {
            String value = p.getProperty(key);
            if (value == null) {
                throw new IllegalStateException("'" + key + "' is missing");
            }
            return value.trim();
        }

        private static int integer(Properties p, String key, int min, int max) {
            int value;
            try {
                value = Integer.parseInt(required(p, key));
            } catch (NumberFormatException e) {
                throw new IllegalStateException("'" + key + "' is not a whole number");
            }
            if (value < min || value > max) {
                throw new IllegalStateException("'" + key + "' = " + value + " is outside " + min + ".." + max);
            }
            return value;
        }

        private static boolean bool(Properties p, String key) {
            String value = required(p, key);
            if (!value.equals("true") && !value.equals("false")) {
                throw new IllegalStateException("'" + key + "' is neither true nor false");
            }
            return value.equals("true");
        }

        private static double number(Properties p, String key) {
            return positive(required(p, key), key);
        }

        private static double positive(String text, String key) {
            double value;
            try {
                value = Double.parseDouble(text);
            } catch (NumberFormatException e) {
                throw new IllegalStateException("'" + key + "' is not a number");
            }
            if (!(value > 0) || Double.isInfinite(value)) {
                throw new IllegalStateException("'" + key + "' = " + text + " is not a positive number");
            }
            return value;
        }
    }
}
