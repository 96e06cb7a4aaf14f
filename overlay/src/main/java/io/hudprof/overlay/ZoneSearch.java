package io.hudprof.overlay;

import io.hudprof.core.Zone;
import io.hudprof.core.report.ReportController;
import io.hudprof.core.report.ZoneFilter;

/**
 * A name filter for the zone reports (the HUD's {@code /} search): a zone matches when its full name contains the
 * text, ignoring case. Empty text filters nothing. As a profiler's report {@linkplain ReportController#setFilter
 * filter} ({@link #of}) it keeps only the rows on a call path through a match; views (the timeline) ask
 * {@link #matches(int)}.
 *
 * <p>Editing allocates nothing (at most {@value #MAX_LENGTH} chars are kept); which zones match is worked out again
 * only when the text or the zone count changes, so a filter that stays the same costs a few array reads a row.
 * Use it on the thread that builds reports.
 */
public final class ZoneSearch implements CharSequence, ZoneFilter {
    /** The longest text kept; more typed characters are ignored. */
    public static final int MAX_LENGTH = 64;

    private final char[] text = new char[MAX_LENGTH];
    private int length;
    /** Moves on every edit, so a report built for another text is built again. */
    private long generation;

    private boolean[] zoneMatches = new boolean[64];
    private long matchedGeneration = -1;
    private int matchedZones = -1;
    private int matchedReuses = -1;

    /**
     * The search of {@code controller}'s reports: the {@link ZoneSearch} set as its filter, set there first if it has none that is,
     * so every view of one profiler (the HUD's keys, its state file, the timeline, the viewer) edits the same text.
     */
    public static ZoneSearch of(ReportController controller) {
        if (controller.filter() instanceof ZoneSearch search) {
            return search;
        }
        ZoneSearch search = new ZoneSearch();
        controller.setFilter(search);
        return search;
    }

    /** True while there is text to filter by. */
    @Override
    public boolean active() {
        return length > 0;
    }

    /** Replaces the text ({@code null} or empty clears it); characters past {@value #MAX_LENGTH} are dropped. */
    public void set(CharSequence newText) {
        length = 0;
        if (newText != null) {
            for (int i = 0; i < newText.length() && length < MAX_LENGTH; i++) {
                text[length++] = newText.charAt(i);
            }
        }
        generation++;
    }

    /**
     * Appends a typed character (a Unicode code point, as GLFW's char callback gives it); control characters and
     * characters that would not fit are ignored.
     *
     * @return whether the text changed
     */
    public boolean append(int codePoint) {
        if (!Character.isValidCodePoint(codePoint) || Character.isISOControl(codePoint)) {
            return false;
        }
        int chars = Character.charCount(codePoint);
        if (length + chars > MAX_LENGTH) {
            return false;
        }
        if (chars == 1) {
            text[length++] = (char) codePoint;
        } else {
            text[length++] = Character.highSurrogate(codePoint);
            text[length++] = Character.lowSurrogate(codePoint);
        }
        generation++;
        return true;
    }

    /** Deletes the last character (a whole surrogate pair); returns whether there was one. */
    public boolean deleteLast() {
        if (length == 0) {
            return false;
        }
        length--;
        if (length > 0 && Character.isLowSurrogate(text[length]) && Character.isHighSurrogate(text[length - 1])) {
            length--;
        }
        generation++;
        return true;
    }

    /** Empties the text: nothing is filtered. */
    public void clear() {
        if (length > 0) {
            length = 0;
            generation++;
        }
    }

    /** Moves on every edit; for views that cache what they drew for a text. */
    @Override
    public long generation() {
        return generation;
    }

    /** True when zone {@code zoneId}'s full name contains the text, ignoring case (always, while inactive). */
    @Override
    public boolean matches(int zoneId) {
        if (length == 0) {
            return true;
        }
        refreshZoneMatches();
        return zoneId >= 0 && zoneId < matchedZones && zoneMatches[zoneId];
    }

    private void refreshZoneMatches() {
        int zones = Zone.count();
        int reuses = Zone.idReuses();
        if (matchedGeneration == generation && matchedZones == zones && matchedReuses == reuses) {
            return;
        }
        if (zoneMatches.length < zones) {
            zoneMatches = new boolean[Math.max(zones, zoneMatches.length * 2)];
        }
        for (int z = 0; z < zones; z++) {
            Zone zone = Zone.byId(z);
            zoneMatches[z] = zone != null && contains(zone.name());
        }
        matchedGeneration = generation;
        matchedZones = zones;
        matchedReuses = reuses;
    }

    private boolean contains(String name) {
        int last = name.length() - length;
        for (int start = 0; start <= last; start++) {
            int i = 0;
            while (i < length && sameIgnoringCase(name.charAt(start + i), text[i])) {
                i++;
            }
            if (i == length) {
                return true;
            }
        }
        return false;
    }

    /** As {@link String#equalsIgnoreCase}: equal after upper-casing, or after lower-casing that. */
    private static boolean sameIgnoringCase(char a, char b) {
        if (a == b) {
            return true;
        }
        char upperA = Character.toUpperCase(a);
        char upperB = Character.toUpperCase(b);
        return upperA == upperB || Character.toLowerCase(upperA) == Character.toLowerCase(upperB);
    }

    @Override
    public int length() {
        return length;
    }

    @Override
    public char charAt(int index) {
        if (index < 0 || index >= length) {
            throw new IndexOutOfBoundsException(index);
        }
        return text[index];
    }

    @Override
    public CharSequence subSequence(int start, int end) {
        return toString().subSequence(start, end);
    }

    @Override
    public String toString() {
        return new String(text, 0, length);
    }
}
