package io.hudprof.bench.peers;

import jdk.jfr.Category;
import jdk.jfr.Event;
import jdk.jfr.Label;
import jdk.jfr.Name;
import jdk.jfr.StackTrace;

/**
 * A JDK Flight Recorder duration event used as a zone ({@code begin()} then {@code commit()}); no stack trace, so
 * it is compared with hudprof on equal terms (hudprof records no stacks either).
 */
@Name("io.hudprof.bench.Zone")
@Label("Benchmark zone")
@Category("hudprof benchmarks")
@StackTrace(false)
public final class JfrZoneEvent extends Event {
}
