/** The report model (rows, columns, modes, titles) and the controller that builds it from ProfileData and the
 *  annexes modules plug in; plain-text rendering. Reads the engine; modules above read it. */
package io.hudprof.core.report;
