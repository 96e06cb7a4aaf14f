#!/usr/bin/env bash
# Issue 30's attack run at its own scale: the hostile-client suite's seeded generator (HostileClientsTest) for
# ATTACKS attacks against the window's server (clients, profiles, memory budget; not the GL window) and as many
# against --text's, each while a good client streams and must get every frame. Prints per server the attacks by kind,
# inputs, bytes, the good client's frames, and heap after GC, threads and open fds (docs/BENCHMARKS.md, "Viewer soak
# and hostile clients").
#
#   bash bench/hostile-run.sh [ATTACKS] [SEED]        (default 1000 attacks a server, seed 30)
#
# Not part of CI (CI runs the same suite with 120 and 60 attacks). Builds the viewer's test classes with -o, never
# installs.
set -euo pipefail
cd "$(dirname "$0")/.."
attacks=${1:-1000}
seed=${2:-30}
cp_file=viewer/target/hostile-run.classpath
mvn -B -o -q -pl viewer -am test-compile dependency:build-classpath -Djacoco.skip=true \
  -Dmdep.outputFile=target/hostile-run.classpath >/dev/null
cp="viewer/target/test-classes:viewer/target/classes:$(cat "$cp_file")"
exec java -Xmx1g -cp "$cp" io.hudprof.viewer.HostileRun "$attacks" "$seed"
