package io.hudprof.bench;

import io.hudprof.core.Zone;

/**
 * A recorded frame of a chosen size against a state tree of a chosen size, for timing {@code update()}.
 *
 * <p>The tree has exactly {@code states} zone-stack states below the thread's root: {@code states / 2} units, each an
 * outer zone entered from the root with an inner zone inside it ({@code Xi{Yi}}: 4 events, 2 states, each zone
 * always under the same parent, so every resolution hits IProf's cache). A frame of {@code events} events plays
 * {@code events / 4} units, continuing round the units from where the last frame stopped, so a frame smaller than
 * the tree touches part of it while every state stays in the tree.
 */
public final class StateGrid {
    private final Zone[] outer;
    private final Zone[] inner;
    private int next;

    /** @param states an even number of states, at least 2 */
    public StateGrid(int states) {
        if (states < 2 || states % 2 != 0) {
            throw new IllegalArgumentException("states must be even and at least 2, got " + states);
        }
        outer = new Zone[states / 2];
        inner = new Zone[states / 2];
        for (int i = 0; i < outer.length; i++) {
            outer[i] = Zone.local("grid outer " + i);
            inner[i] = Zone.local("grid inner " + i);
        }
    }

    /** Number of units (outer/inner pairs) in the tree. */
    public int units() {
        return outer.length;
    }

    /** Records {@code events} events (a multiple of 4) on the calling thread. */
    public void record(int events) {
        if (events % 4 != 0) {
            throw new IllegalArgumentException("events must be a multiple of 4, got " + events);
        }
        int n = next;
        for (int u = 0; u < events / 4; u++) {
            Zone x = outer[n];
            Zone y = inner[n];
            x.begin();
            y.begin();
            y.end();
            x.end();
            n = n + 1 == outer.length ? 0 : n + 1;
        }
        next = n;
    }

    /** Records every unit once, which creates every state of the tree. */
    public void recordAll() {
        record(4 * outer.length);
    }
}
