/** Helpers every module's tests share (the allocation check that judges several windows). Depends on nothing, so
 *  core's tests can use it. */
package io.hudprof.testkit;
