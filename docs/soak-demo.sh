#!/usr/bin/env bash
# Soak run of the demo with every feature on (see docs/DEMO.md, "Long runs"): the HUD shown with the category strip
# chart, a value chart and allocated bytes per zone, spike capture with JFR notes and a trace written per spike,
# zones as JFR events into a bounded recording, the particle update on worker threads. Every minute it forces a full
# GC in the demo's JVM and samples the heap in use after it, the process's threads and its open files, into a CSV;
# at the end it prints the first and last samples and the largest growth. Not part of CI.
#
#   bash docs/soak-demo.sh [MINUTES]          # default 30
#
# Environment: SOAK_DIR (default target/soak-demo) for the CSV, the demo's log, spike traces and the JFR file;
# SOAK_INTERVAL seconds between samples (default 60); LP_NUM_THREADS for llvmpipe (default 1, to leave the machine's
# other cores alone). Needs a JDK's jcmd on the PATH and Mesa's EGL (the demo runs --headless).
set -euo pipefail
cd "$(dirname "$0")/.."

minutes=${1:-30}
interval=${SOAK_INTERVAL:-60}
dir=${SOAK_DIR:-target/soak-demo}
export LP_NUM_THREADS=${LP_NUM_THREADS:-1}
mkdir -p "$dir/spikes"
dir=$(cd "$dir" && pwd)

command -v jcmd >/dev/null || { echo "soak-demo: jcmd not found; put a JDK's bin on the PATH" >&2; exit 2; }
# Compiles the demo and the modules it needs in the reactor and writes the demo's runtime class path, with those
# modules as their target/classes: nothing is installed into ~/.m2. (Each module of the reactor writes the file in
# turn; the demo's, last, is the one kept.)
cp_file="$dir/classpath.txt"
mvn -B -q -o -pl demo-game -am compile dependency:build-classpath -Dmdep.outputFile="$cp_file" \
  -Dmdep.includeScope=runtime >"$dir/build.log" 2>&1 \
  || { echo "soak-demo: the build failed; see $dir/build.log (drop -o there if a plugin must be downloaded)" >&2; exit 2; }
classpath="demo-game/target/classes:$(cat "$cp_file")"

java -Dhudprof.alloc=zones -Dhudprof.jfr.zones=true -Dhudprof.spike.jfr=true \
  -Dhudprof.spike.exportDir="$dir/spikes" -Dhudprof.spike.exportAround=10 \
  -XX:StartFlightRecording:disk=true,maxsize=64m,filename="$dir/demo.jfr" \
  -cp "$classpath" io.hudprof.demo.DemoMain --headless --hud --no-vsync --keys "@60:K,C,T" \
  >"$dir/demo.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT

csv="$dir/samples.csv"
echo "sample,seconds,heap_after_gc_kib,threads,open_files,spike_files" > "$csv"
start=$SECONDS
sample() {
  local n=$1 heap threads files spikes
  jcmd "$pid" GC.run >/dev/null
  # G1's line: " garbage-first heap   total 262144K, used 45678K [...]"
  heap=$(jcmd "$pid" GC.heap_info | sed -n 's/.*heap *total [0-9]*K, used \([0-9]*\)K.*/\1/p' | head -1)
  threads=$(ls "/proc/$pid/task" | wc -l)
  files=$(ls "/proc/$pid/fd" | wc -l)
  spikes=$(find "$dir/spikes" -type f | wc -l)
  echo "$n,$((SECONDS - start)),$heap,$threads,$files,$spikes" | tee -a "$csv"
}

sleep 20 # start-up: the world, the GL context, the JIT's first minutes
kill -0 "$pid" 2>/dev/null || { echo "soak-demo: the demo exited; see $dir/demo.log" >&2; exit 1; }
sample 0
samples=$((minutes * 60 / interval))
for ((m = 1; m <= samples; m++)); do
  sleep "$interval"
  kill -0 "$pid" 2>/dev/null || { echo "soak-demo: the demo exited before sample $m; see $dir/demo.log" >&2; exit 1; }
  sample "$m"
done
kill "$pid"
wait "$pid" 2>/dev/null || true
trap - EXIT

awk -F, 'NR == 2 { h0 = $3; t0 = $4; f0 = $5 }
  NR > 2 { if ($3 - h0 > dh) dh = $3 - h0; if ($4 - t0 > dt) dt = $4 - t0; if ($5 - f0 > df) df = $5 - f0 }
  END { printf "soak-demo: %d samples over %d s; first heap %d KiB, threads %d, files %d; last heap %d KiB, threads %d," \
        " files %d; largest growth over the first: heap %d KiB, threads %d, files %d\n", NR - 1, $2, h0, t0, f0, $3, $4, \
        $5, dh, dt, df }' "$csv"
echo "soak-demo: samples in $csv, the demo's output in $dir/demo.log"
