package io.hudprof.viewer;

import io.hudprof.pstats.SessionLog;
import io.hudprof.pstats.WireTap;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * {@code --record}: writes every message the server sees, from every client, to one {@link SessionLog} file, with
 * the time since recording began. Thread-safe: clients' reader threads call it concurrently.
 */
final class SessionRecorder implements WireTap, AutoCloseable {
    private final BufferedWriter out;
    private final long startNanos = System.nanoTime();
    private IOException failure;

    SessionRecorder(Path file) throws IOException {
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
    }

    @Override
    public synchronized void message(String peer, boolean udp, boolean clientToServer, byte[] buf, int off,
            int len) {
        if (failure != null) {
            return;
        }
        try {
            SessionLog.write(out, (System.nanoTime() - startNanos) / 1e9, udp, clientToServer, peer, buf, off, len);
        } catch (IOException e) {
            // Keep serving: the recording stops, and close() reports why.
            failure = e;
        }
    }

    @Override
    public synchronized void close() {
        try {
            out.close();
        } catch (IOException e) {
            if (failure == null) {
                failure = e;
            }
        }
        if (failure != null) {
            throw new UncheckedIOException("recording failed", failure);
        }
    }
}
