/**
 * The {@code .hudprof} capture file (format: {@code docs/CAPTURE-FORMAT.md}): {@link io.hudprof.capture.file.CaptureWriter}
 * writes a profiler's frames without blocking the game, {@link io.hudprof.capture.file.Capture} reads and validates a
 * file, and {@link io.hudprof.capture.file.CaptureReplay} replays it, frame by frame, into a fresh profiler so that
 * every report, view and frame listener works on a capture as on a live game.
 */
package io.hudprof.capture.file;
