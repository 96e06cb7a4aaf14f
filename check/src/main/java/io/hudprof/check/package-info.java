/**
 * hudprof-check: a performance gate. {@link io.hudprof.check.ZoneSamples} keeps each recorded frame's per-zone
 * values, {@link io.hudprof.check.RuleParser} reads rules such as {@code Sim:Physics p95 <= +10%},
 * {@link io.hudprof.check.Gate} judges a current run against a baseline with seeded bootstrap intervals
 * ({@link io.hudprof.check.Bootstrap}: pass, regression or inconclusive), and the reports print a table, JSON or JUnit
 * XML. {@link io.hudprof.check.HudprofGate} and {@link io.hudprof.check.HudprofAssert} do the same from a test.
 * The method is described in {@code docs/CHECK.md}.
 */
package io.hudprof.check;
