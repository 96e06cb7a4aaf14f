/** What game code calls (zones, GPU and pass zones, counters, distributions, categories) where it must compile for
 *  every libGDX backend: Java 8, no dependencies, GWT-compatible; each call is a no-op until core binds a backend. */
package io.hudprof.api;
