/** The jMonkeyEngine adapter: an app state that turns jME's own steps into zones and draws the HUD after the
 *  scene. Reads core and the overlay. */
package io.hudprof.jme;
