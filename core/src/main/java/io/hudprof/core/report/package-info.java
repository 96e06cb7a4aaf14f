/** The report model (rows, columns, modes, titles, units) and the controller that builds it from ProfileData and the
 *  annexes modules plug in. Numbers only: hudprof-stats' io.hudprof.stats.text prints them. Reads the engine. */
package io.hudprof.core.report;
