package io.hudprof.overlay;

/**
 * The window of a list's rows a view shows: the first row shown, how many, and the selection it last brought into
 * view. The wheel scrolls it; a new selection (a key or a click) scrolls its row into view once; every draw keeps it
 * inside the list. Shared by the lists that scroll (spikes, threads). Allocation-free.
 */
final class ScrolledRows {
    private int first;
    private int shown;
    private int lastSelected = -1;

    /**
     * Lays out this draw's window: {@code rows} rows of a list of {@code count}, with row {@code selected} (or -1 for
     * none) brought into view when it is new.
     */
    void show(int rows, int count, int selected) {
        if (selected != lastSelected && selected >= 0) {
            first = selected < first ? selected : selected >= first + rows ? selected - rows + 1 : first;
        }
        lastSelected = selected;
        first = Math.max(0, Math.min(first, count - rows));
        shown = rows;
    }

    /** Scrolls by {@code rows} (positive: down the list), kept inside the list when next shown. */
    void scroll(int rows) {
        first = Math.max(0, first + rows);
    }

    /** The first row the last draw showed. */
    int first() {
        return first;
    }

    /** Rows the last draw showed. */
    int shown() {
        return shown;
    }
}
