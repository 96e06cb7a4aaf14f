/** JFR events: one per frame (JfrFrames) and, with -Dhudprof.jfr.zones=true, one per zone (JfrZoneStack, found
 *  by core's recorder as a ZoneStackListener service). */
package io.hudprof.capture.jfr;
