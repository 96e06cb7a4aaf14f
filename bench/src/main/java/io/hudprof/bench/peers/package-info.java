/** The peers the benchmarks compare zones with that no library provides: a JFR event per zone and a HashMap
 *  stopwatch. Benchmark code only. */
package io.hudprof.bench.peers;
