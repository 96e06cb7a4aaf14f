/** Number and text formatting into reusable buffers (TextLine) without garbage, and the status line a module
 *  supplies. Depends on nothing: every other package may use it. */
package io.hudprof.core.format;
