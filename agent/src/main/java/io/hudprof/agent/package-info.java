/** The Java agent: instruments an unmodified LWJGL, libGDX or jMonkeyEngine game with zones around the methods it
 *  is told to, finds the frame at GLFW's buffer swap and draws the HUD there. */
package io.hudprof.agent;
