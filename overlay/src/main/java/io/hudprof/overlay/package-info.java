/** The OpenGL HUD drawn in the game's own context: report panel, history graph, timeline, charts, keys and mouse,
 *  and the GPU timer. Reads core, stats and capture. */
package io.hudprof.overlay;
