/** What is kept beyond the history ring: spike frames (SpikeCapture, a report annex), JVM events pinned to frames
 *  (GC, safepoints, JIT, JFR) and Chrome trace exports of recent frames. */
package io.hudprof.capture;
