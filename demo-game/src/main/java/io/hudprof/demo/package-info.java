/** The demo game's entry point and its hudprof wiring: the loop, the HUD, spikes and the exit report, as a
 *  game would set them up. */
package io.hudprof.demo;
