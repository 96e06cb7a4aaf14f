/** The PStats wire protocol (Panda3D, 3.0 to 3.2): a defensive codec, the server-side frame model, a server, and the
 *  in-game client that streams a profiler's frames. Reads core and stats. */
package io.hudprof.pstats;
