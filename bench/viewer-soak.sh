#!/usr/bin/env bash
# The viewer half of issue 30's soak: a client that reconnects every SECONDS seconds for MINUTES minutes against the
# live viewer's server, sessions and per-client profiles (io.hudprof.viewer.ViewerSoak, in the viewer's test
# classes; the GL window itself is not part of it). Prints, each minute, the zone count, the heap after GC, live
# threads and open file descriptors: they must stay flat (docs/BENCHMARKS.md, "Viewer soak").
#
#   bash bench/viewer-soak.sh [MINUTES] [SECONDS]        (default 30 minutes, a session every 5 s)
#
# Not part of CI. Builds the viewer module's test classes with -o, never installs.
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-30}
seconds=${2:-5}
cp_file=viewer/target/viewer-soak.classpath
mvn -B -o -q -pl viewer -am test-compile dependency:build-classpath -Djacoco.skip=true \
  -Dmdep.outputFile=target/viewer-soak.classpath >/dev/null
cp="viewer/target/test-classes:viewer/target/classes:$(cat "$cp_file")"
exec java -Xmx512m -cp "$cp" io.hudprof.viewer.ViewerSoak "$minutes" "$seconds"
