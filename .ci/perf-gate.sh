#!/usr/bin/env bash
# hudprof's own performance gate (issue 28): the demo, headless, captured and judged by hudprof-check against the
# baseline kept in the repository, under check/baseline/demo.rules (a zone's or the frame's median more than 2x the
# baseline's fails; smaller changes never do, so CI machines' noise never blocks a landing). A regression fails only
# if it shows in each of three fresh runs (a second and third run are made only after one regressed).
#
#   bash .ci/perf-gate.sh             judge a fresh capture; exit 0 pass, 1 regression, 2 bad input
#   bash .ci/perf-gate.sh --refresh   record a new baseline into check/baseline/demo.hudprof (then commit it)
#
# The run: --headless --no-vsync --fixed-dt 1/60 --seed 1 --size 320x240 --rocks 600 --hunters 8 --frames 300,
# LP_NUM_THREADS=0 (a small world keeps the baseline near 600 KiB and the run short); the gate skips the first 30
# frames (class loading, the JIT). Writes target/perf-gate/{current.hudprof,gate.json,gate.xml}.
# Builds demo-game and check with Maven (package, no tests, never install); extra arguments go to Maven (e.g. -o).
set -euo pipefail
cd "$(dirname "$0")/.."
refresh=false
if [ "${1:-}" = "--refresh" ]; then
  refresh=true
  shift
fi
export LP_NUM_THREADS=0
out=target/perf-gate
mkdir -p "$out"
mvn -B -q "$@" -pl demo-game,check -am package dependency:build-classpath -DskipTests -Djacoco.skip=true \
  -Dmdep.outputFile=target/perf-gate.classpath >"$out/build.log" 2>&1 \
  || { cat "$out/build.log" >&2; echo "perf-gate: the build failed" >&2; exit 2; }
cp="demo-game/target/classes:$(cat demo-game/target/perf-gate.classpath)"
capture="$out/current.hudprof"
demo() {
  java -cp "$cp" io.hudprof.demo.DemoMain --headless --no-vsync --fixed-dt 1/60 --seed 1 --size 320x240 --rocks 600 \
    --hunters 8 --frames 300 --capture "$1" >"$out/demo.log" 2>&1 \
    || { cat "$out/demo.log" >&2; echo "perf-gate: the demo failed" >&2; exit 2; }
}
if [ "$refresh" = true ]; then
  demo check/baseline/demo.hudprof
  echo "perf-gate: new baseline check/baseline/demo.hudprof ($(du -k check/baseline/demo.hudprof | cut -f1) KiB); commit it"
  exit 0
fi
# A regression must show in each of three fresh runs: a burst of load on the CI machine (the gate measures wall
# time) can double a zone's median in one run, while a real 2x regression doubles it in every run.
attempts=3
for attempt in $(seq 1 "$attempts"); do
  demo "$capture"
  status=0
  java -jar check/target/hudprof-check.jar --baseline check/baseline/demo.hudprof --current "$capture" --skip 30 \
    --rules check/baseline/demo.rules --json "$out/gate.json" --junit "$out/gate.xml" || status=$?
  if [ "$status" -ne 1 ]; then
    exit "$status"
  fi
  [ "$attempt" -lt "$attempts" ] && echo "perf-gate: run $attempt of $attempts regressed; running the demo again"
done
echo "perf-gate: the regression held in all $attempts runs" >&2
exit 1
