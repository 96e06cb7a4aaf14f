/** Static categories (PStats collectors): zones grouped into a tree, each frame's time credited to them, and the
 *  history of those credits. Reads the engine's ProfileData; knows nothing of reports. */
package io.hudprof.stats.category;
