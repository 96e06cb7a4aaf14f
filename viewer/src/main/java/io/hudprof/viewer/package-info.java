/** hudprof-viewer: a PStats server for hudprof and Panda3D games, with text output, recording and replay of
 *  sessions, and a window that draws each client with the HUD. */
package io.hudprof.viewer;
