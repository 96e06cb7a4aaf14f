package io.hudprof.viewer;

import java.util.ArrayList;
import java.util.List;

/**
 * The clients the window can show, each with its own {@link RemoteProfile} (profiler, history, report state), in the
 * order they connected. One is shown at a time: the first to say hello; F4 / Shift+F4 ({@link #cycle}) move to the
 * next / previous; when the shown client leaves, the one after it (else before it) is shown. The last client to
 * leave stays shown, history and all, until another connects; a client that leaves while another is shown is
 * forgotten (its profile closed by the window, which owns its HUD).
 *
 * <p>Thread-safe: sessions connect and leave on the server's threads, the window switches and draws on its own.
 */
final class ViewerClients {
    private final int historyFrames;
    private final MemoryBudget memory;
    private final List<RemoteProfile> connected = new ArrayList<>();
    private RemoteProfile shown;
    /** Changes whenever a profile is added, dropped or shown, so the window reconciles its HUDs only then. */
    private volatile int version;

    /** Clients within {@link MemoryBudget#defaults()}. */
    ViewerClients(int historyFrames) {
        this(historyFrames, MemoryBudget.defaults());
    }

    /** Clients whose profiles are held to {@code memory}. */
    ViewerClients(int historyFrames, MemoryBudget memory) {
        this.historyFrames = historyFrames;
        this.memory = memory;
    }

    /** What the clients' profiles may hold; they reserve in it before their profiles are made or grow. */
    MemoryBudget memory() {
        return memory;
    }

    /** A client said hello: its profile, shown if no live client is. */
    synchronized RemoteProfile connected(ClientFeed feed) {
        RemoteProfile profile = new RemoteProfile(historyFrames, this, freeNumber());
        profile.connected(feed);
        connected.add(profile);
        if (shown == null || !connected.contains(shown)) {
            RemoteProfile gone = shown;
            shown = profile;
            if (gone != null) {
                // The last client that left is no longer shown: its zones go back (the window drops its HUD).
                synchronized (gone.lock()) {
                    gone.close();
                }
            }
        }
        version++;
        return profile;
    }

    /**
     * The smallest client number no profile in use has: level statistics are named by it, so clients that come and
     * go reuse the same few names instead of defining new ones without end.
     */
    private int freeNumber() {
        for (int n = 1;; n++) {
            boolean taken = shown != null && shown.number() == n;
            for (int i = 0; i < connected.size() && !taken; i++) {
                taken = connected.get(i).number() == n;
            }
            if (!taken) {
                return n;
            }
        }
    }

    /** A client left (every frame it sent replayed): the next one is shown if it was. */
    synchronized void disconnected(RemoteProfile profile) {
        int i = connected.indexOf(profile);
        if (i < 0) {
            return;
        }
        connected.remove(i);
        if (shown == profile && !connected.isEmpty()) {
            shown = connected.get(Math.min(i, connected.size() - 1));
        }
        if (shown != profile) {
            // Its threads are done; nothing records into it any more (the window closes its HUD, if it had one).
            profile.close();
        }
        version++;
    }

    /** Shows the next ({@code step} 1) or previous ({@code -1}) connected client, wrapping around. */
    synchronized void cycle(int step) {
        if (connected.isEmpty()) {
            return;
        }
        int i = connected.indexOf(shown);
        int n = connected.size();
        shown = connected.get(i < 0 ? 0 : Math.floorMod(i + step, n));
        version++;
    }

    /** The profile shown: a connected client's, or the last one's after it left; null before any client. */
    synchronized RemoteProfile shown() {
        return shown;
    }

    /** Whether the window still needs this profile's HUD: connected, or shown. */
    synchronized boolean retained(RemoteProfile profile) {
        return profile == shown || connected.contains(profile);
    }

    /** At the viewer's exit: no profile records any more (uninstalls whichever is installed). */
    synchronized void closeAll() {
        for (RemoteProfile p : connected) {
            p.close();
        }
        if (shown != null) {
            shown.close();
        }
    }

    synchronized int count() {
        return connected.size();
    }

    int version() {
        return version;
    }

    /**
     * Says which client a profile is: {@code client 2 of 3: game on host, 0 dropped}, or {@code <name> left} once it
     * has. Appends without allocating (the HUD title is drawn every frame).
     */
    synchronized void describe(RemoteProfile profile, StringBuilder dest) {
        ClientFeed feed = profile.followed();
        int i = connected.indexOf(profile);
        if (i < 0) {
            dest.append(feed == null ? "" : feed.host()).append(" left");
            return;
        }
        dest.append("client ").append(i + 1).append(" of ").append(connected.size()).append(": ");
        if (feed != null) {
            dest.append(feed.host()).append(", ").append(feed.dropped()).append(" dropped");
        }
    }

    /** {@link #describe} for the window title. */
    String describe(RemoteProfile profile) {
        StringBuilder line = new StringBuilder(256);
        describe(profile, line);
        return line.toString();
    }
}
