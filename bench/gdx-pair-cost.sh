#!/usr/bin/env bash
# What hudprof adds to a libGDX game's render thread per zone pair, all in (issue 31): the same game run with none
# installed, wrapped by HudprofGdx.wrap (the adapter's defaults, HUD hidden), and with two System.nanoTime() calls
# in place of each zone pair (the floor). Each run is a fresh JVM under Xvfb (LP_NUM_THREADS=0: llvmpipe clears
# on the render thread; the game draws nothing else); the three follow each other in a round, rotated each round.
# A run's figure is the median of the render thread's CPU time per frame (gdx/src/test/.../GdxPairCost.java).
#
#   bash bench/gdx-pair-cost.sh [ROUNDS] [FRAMES] [WARMUP] [WORK]      (default 5 rounds, 1500 frames, 500, 250)
#
# Printed per round and as medians over rounds: ns a pair for hudprof ((hudprof - none) / pairs), for the floor
# ((nanotime - none) / pairs), and their ratio. Builds the gdx module with -o, never installs.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-5}; frames=${2:-1500}; warmup=${3:-500}; work=${4:-250}
if [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s '-screen 0 1280x720x24 -noreset' env LP_NUM_THREADS=0 bash "$0" "$@"
fi
mvn -B -o -q -pl gdx -am test-compile dependency:build-classpath -Dmdep.includeScope=test \
  -Dmdep.outputFile=target/pair-cost.classpath >/dev/null
cp="gdx/target/test-classes:gdx/target/classes:$(cat gdx/target/pair-cost.classpath)"
modes=(none hudprof nanotime)
results=$(mktemp)
echo "libGDX pair cost: $rounds rounds x ${modes[*]}, $frames frames (from $((warmup + 1))), work $work; load $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 1 "$rounds"); do
  for k in 0 1 2; do
    m=${modes[$(( (k + r) % 3 ))]}
    line=$(java -cp "$cp" io.hudprof.gdx.GdxPairCost "$m" "$frames" "$warmup" "$work" 2>&1 | grep '^pair-cost' || true)
    [ -n "$line" ] || { echo "round $r $m: no result line" >&2; exit 1; }
    echo "round $r: $line"
    echo "$r $m $(sed -n 's/.* median \([0-9]*\) ns.*/\1/p' <<<"$line") $(sed -n 's/.*, \([0-9]*\) pairs.*/\1/p' <<<"$line")" >>"$results"
  done
done
echo "load at end: $(cut -d' ' -f1-3 /proc/loadavg)"
awk '{v[$1" "$2]=$3; p=$4; r[$1]=1}
  END {
    for (k in r) {
      h=(v[k" hudprof"]-v[k" none"])/p; f=(v[k" nanotime"]-v[k" none"])/p
      printf "round %s: hudprof %.1f ns a pair, floor %.1f ns, ratio %.2f, game alone %.3f ms a frame\n", k, h, f, (f > 0 ? h/f : 0), v[k" none"]/1e6
    }
  }' "$results" | sort -n -k2 | tee "$results.rounds"
med() { sort -g | awk '{v[NR]=$1} END {printf "%.2f (of %d)", v[int((NR+1)/2)], NR}'; }
echo "median over rounds: hudprof $(awk '{print $4}' "$results.rounds" | med) ns a pair, floor $(awk '{print $9}' "$results.rounds" | med) ns, ratio $(awk '{print $12}' "$results.rounds" | sed 's/,//' | med)"
rm -f "$results" "$results.rounds"
