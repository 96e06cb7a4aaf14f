/** The engine and its entry points: zones (CPU, GPU), recorders, the per-frame gathering, history (a frame's values as
 *  one FrameStates record), timelines and ProfileData, the read API for everything that shows numbers. Knows no report:
 *  those keep theirs in a ProfilerSlot. */
package io.hudprof.core;
