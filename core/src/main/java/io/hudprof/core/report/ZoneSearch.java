package io.hudprof.core.report;

import io.hudprof.core.ProfileData;
import io.hudprof.core.Zone;

import java.util.Arrays;

/**
 * A name filter for the zone reports (the HUD's {@code /} search): a zone matches when its full name contains the
 * text, ignoring case. Empty text filters nothing. The {@link ReportController} owning it keeps only the rows that
 * match or lead to a match ({@link ReportController#search()}); views (the timeline) ask {@link #matches(int)}.
 *
 * <p>Editing allocates nothing (at most {@value #MAX_LENGTH} chars are kept); which zones match is worked out again
 * only when the text or the zone count changes, so a filter that stays the same costs a few array reads a row.
 * Use it on the thread that builds reports.
 */
public final class ZoneSearch implements CharSequence {
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

    // Per key of the last marked tree: matches, has a matching state below one of its states, has one above.
    private boolean[] keyMatches = new boolean[64];
    private boolean[] keyLeadsToMatch = new boolean[64];
    private boolean[] keyBelowMatch = new boolean[64];
    private boolean[] stateBelow = new boolean[64];
    private boolean[] stateAbove = new boolean[64];

    /** True while there is text to filter by. */
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
    public long generation() {
        return generation;
    }

    /** True when zone {@code zoneId}'s full name contains the text, ignoring case (always, while inactive). */
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

    /**
     * Marks the report keys (zones, or zone-and-depth keys when {@code expanded}) of the profile's state tree: which
     * match, which have a state with a matching state below it (they lead to a match), which have one with a
     * matching state above it. One forward and one backward pass over the states, topologically ordered.
     */
    void markKeys(ProfileData data, boolean expanded, int keyCount) {
        int states = data.stateCount();
        if (keyMatches.length < keyCount) {
            int size = Math.max(keyCount, keyMatches.length * 2);
            keyMatches = new boolean[size];
            keyLeadsToMatch = new boolean[size];
            keyBelowMatch = new boolean[size];
        }
        if (stateBelow.length < states) {
            int size = Math.max(states, stateBelow.length * 2);
            stateBelow = new boolean[size];
            stateAbove = new boolean[size];
        }
        Arrays.fill(keyMatches, 0, keyCount, false);
        Arrays.fill(keyLeadsToMatch, 0, keyCount, false);
        Arrays.fill(keyBelowMatch, 0, keyCount, false);
        Arrays.fill(stateBelow, 0, states, false);
        // Forward: a state is below a match when its parent matches or is below one.
        for (int s = 0; s < states; s++) {
            int p = data.parent(s);
            stateAbove[s] = p >= 0 && (matches(data.zone(p)) || stateAbove[p]);
        }
        // Backward: a state leads to a match when a child matches or leads to one.
        for (int s = states - 1; s >= 0; s--) {
            int p = data.parent(s);
            if (p >= 0 && (stateBelow[s] || matches(data.zone(s)))) {
                stateBelow[p] = true;
            }
        }
        for (int s = 0; s < states; s++) {
            int key = expanded ? data.expandedKey(s) : data.zone(s);
            if (key < 0 || key >= keyCount) {
                continue;
            }
            if (matches(data.zone(s))) {
                keyMatches[key] = true;
            }
            if (stateBelow[s]) {
                keyLeadsToMatch[key] = true;
            }
            if (stateAbove[s]) {
                keyBelowMatch[key] = true;
            }
        }
    }

    /** After {@link #markKeys}: the key's zone matches. */
    boolean keyMatches(int key) {
        return keyMatches[key];
    }

    /** After {@link #markKeys}: the key matches or one of its states has a matching state below it. */
    boolean keyMatchesOrLeads(int key) {
        return keyMatches[key] || keyLeadsToMatch[key];
    }

    /**
     * After {@link #markKeys}: the key is on a call path through a match: it matches, or one of its states has a
     * matching state below or above it.
     */
    boolean keyOnMatchPath(int key) {
        return keyMatches[key] || keyLeadsToMatch[key] || keyBelowMatch[key];
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
