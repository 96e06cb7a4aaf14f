/** Numbers as text for every renderer: TextLine (garbage-free formatting, one rounding rule), UnitText, the cell of
 *  each report column (ReportCells) and the plain-text report. Reads core's report model; core itself prints nothing. */
package io.hudprof.stats.text;
