/** Analyses over the frames history holds: two ranges compared zone by zone (RangeSummary, DiffReport, DiffText) and
 *  each zone's per-frame distribution behind the report's distribution columns (ZoneDistributions, a report annex). */
package io.hudprof.capture.compare;
