/** The libGDX adapter: HudprofGdx.wrap(game) zones the game's lifecycle, draws the HUD at the end of each frame
 *  and routes its keys. Reads core and the overlay. */
package io.hudprof.gdx;
