/** The demo's window and OpenGL drawing (camera, shaders, renderer), marked with CPU and GPU zones. Knows the
 *  simulation only through what it draws. */
package io.hudprof.demo.gfx;
