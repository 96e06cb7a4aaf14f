/** The engine and its entry points: zones (CPU, GPU), recorders, the per-frame gathering, history, timelines and
 *  ProfileData, the read API for everything that shows numbers; Profiler also makes the report controller. */
package io.hudprof.core;
