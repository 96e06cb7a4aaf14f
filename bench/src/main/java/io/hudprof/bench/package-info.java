/** The JMH suite: the costs of zones, update(), reports and the HUD next to a clock floor and Java peers, and the
 *  interleaved runs BENCHMARKS.md quotes. Never shipped. */
package io.hudprof.bench;
