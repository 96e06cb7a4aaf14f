/** The demo's simulation (asteroids, ships, AI, path planning, raycasts, particles, worker tasks), marked with
 *  zones; no OpenGL. */
package io.hudprof.demo.sim;
