/** pbrt-style statistics beside the zones: counters, memory counters, distributions, timers, JVM sensors, sampled
 *  phases, with per-frame values (FrameStatistics, a report annex), the exit report and gnuplot export. */
package io.hudprof.stats;
