package io.hudprof.capture;

import io.hudprof.core.Profiler;
import io.hudprof.stats.FrameStatistics;
import io.hudprof.stats.StatSlots;
import io.hudprof.stats.StatSnapshot;
import java.util.Arrays;

/**
 * The statistics' cells of the updates a {@link FrameTimes} holds, kept so that a capture of frames already gone by
 * can carry what a replay needs (the cells, not only the charted frame values the statistics history keeps): the
 * cells at the last update, and per update the cells that changed in it with the value each had before. Walking
 * back from the last update undoes one update at a time ({@code walkBack}).
 *
 * <p>Memory: the cells once, a ring of {@code 32 × capacity} changes (12 bytes each) made at the first update with
 * statistics attached, and three numbers per held update. A counter that did not move costs nothing; an update with
 * more changes than the ring holds pushes older updates' changes out, and those updates then have no statistics to
 * give. Written by {@link FrameTimes#frameEnded} without allocating once the cells stopped growing; read on the same
 * thread.
 */
public final class PastStatistics {
    private static final int CHANGES_PER_FRAME = 32;

    private final int frames;
    /** Per held update (FrameTimes' slot): the first change, the changes' end, the stats and cells at its end. */
    private final long[] changeStart;
    private final long[] changeEnd;
    private final int[] statsAtEnd;
    private final int[] cellsAtEnd;
    /** Whether the update before it had statistics too (so undoing its changes gives the cells at its start). */
    private final boolean[] startKnown;
    private int[] changeCell;
    private long[] changeBefore;
    private long changesWritten;
    private long[] cells = new long[0];
    private int cellCount;
    private int statCount;
    private boolean valid;

    PastStatistics(int capacity) {
        this.frames = capacity;
        this.changeStart = new long[capacity];
        this.changeEnd = new long[capacity];
        this.statsAtEnd = new int[capacity];
        this.cellsAtEnd = new int[capacity];
        this.startKnown = new boolean[capacity];
        Arrays.fill(statsAtEnd, -1);
    }

    /** Records the update that FrameTimes' slot {@code slot} now holds: the attached statistics' cells, or none. */
    void update(Profiler profiler, int slot) {
        FrameStatistics statistics = FrameStatistics.attachedTo(profiler);
        if (statistics == null) {
            statsAtEnd[slot] = -1;
            valid = false;
            return;
        }
        if (changeCell == null) {
            changeCell = new int[CHANGES_PER_FRAME * frames];
            changeBefore = new long[CHANGES_PER_FRAME * frames];
        }
        StatSnapshot latest = statistics.latest();
        int n = StatSlots.slotCount(latest);
        if (cells.length < n) {
            cells = Arrays.copyOf(cells, Math.max(n, cells.length * 2));
        }
        changeStart[slot] = changesWritten;
        startKnown[slot] = valid;
        int ring = changeCell.length;
        // Most cells do not move in a frame: jump from one changed cell to the next by a vectorised comparison.
        int known = Math.min(n, cellCount);
        for (int c = StatSlots.firstDifference(latest, cells, 0, known); c < known;
                c = StatSlots.firstDifference(latest, cells, c + 1, known)) {
            if (valid) {
                int i = (int) (changesWritten % ring);
                changeCell[i] = c;
                changeBefore[i] = cells[c];
                changesWritten++;
            }
            cells[c] = StatSlots.slot(latest, c);
        }
        for (int c = known; c < n; c++) {
            cells[c] = StatSlots.slot(latest, c);
        }
        changeEnd[slot] = changesWritten;
        cellCount = n;
        statCount = latest.statCount();
        statsAtEnd[slot] = statCount;
        cellsAtEnd[slot] = n;
        valid = true;
    }

    /**
     * A walk back through the held updates' statistics from the last one; {@code times} is the FrameTimes that owns
     * these. {@code reuse}, a walk of these made before, is started again (growing its cells only when there are more
     * now) rather than a new one made: a caller that captures again and again allocates nothing.
     */
    Walk walkBack(FrameTimes times, Walk reuse) {
        Walk walk = reuse != null && reuse.owner() == this ? reuse : new Walk(times);
        walk.restart();
        return walk;
    }

    /**
     * Cells at the end of one held update after another, newest first: starts at the last update
     * ({@link #framesAgo()} 0), and each {@link #back()} undoes one update.
     */
    public final class Walk {
        private final FrameTimes times;
        private long[] at = new long[0];
        private int ago;
        private int cellsNow;
        private int statsNow;
        private boolean held;

        private Walk(FrameTimes times) {
            this.times = times;
        }

        private PastStatistics owner() {
            return PastStatistics.this;
        }

        /** Back to the last update's end. */
        private void restart() {
            if (at.length < cellCount) {
                at = new long[Math.max(cellCount, at.length * 2)];
            }
            System.arraycopy(cells, 0, at, 0, cellCount);
            ago = 0;
            cellsNow = cellCount;
            statsNow = statCount;
            held = times.size() > 0 && statsAtEnd[times.slotOf(0)] >= 0;
        }

        /** How many updates back the walk stands: its cells are those at that update's end. */
        public int framesAgo() {
            return ago;
        }

        /** Whether the cells at the end of {@link #framesAgo()} are known (statistics attached, changes still held). */
        public boolean held() {
            return held;
        }

        /** The cells at the end of {@link #framesAgo()} ({@link #cellCount()} of them); read only. */
        public long[] cells() {
            return at;
        }

        /** How many cells there were at the end of {@link #framesAgo()}. */
        public int cellCount() {
            return cellsNow;
        }

        /** How many statistics there were at the end of {@link #framesAgo()}. */
        public int statCount() {
            return statsNow;
        }

        /**
         * Steps one update back: undoes the changes of the update {@link #framesAgo()}, so the cells are those at
         * the end of the one before it.
         *
         * @return false (and no longer {@link #held()}) when that update's cells cannot be known: no statistics
         *     then, its changes pushed out of the ring, or the update is no longer held
         */
        public boolean back() {
            if (!held) {
                return false;
            }
            int slot = times.slotOf(ago);
            ago++;
            if (ago >= times.size() || !startKnown[slot] || changesWritten - changeStart[slot] > changeCell.length) {
                held = false;
                return false;
            }
            int ring = changeCell.length;
            for (long e = changeEnd[slot] - 1; e >= changeStart[slot]; e--) {
                int i = (int) (e % ring);
                at[changeCell[i]] = changeBefore[i];
            }
            int before = times.slotOf(ago);
            if (statsAtEnd[before] < 0) {
                held = false;
                return false;
            }
            cellsNow = cellsAtEnd[before];
            statsNow = statsAtEnd[before];
            return true;
        }
    }
}
