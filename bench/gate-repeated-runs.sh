#!/usr/bin/env bash
# The gate with several runs a side (issue 28): how often three unchanged runs are judged a regression against three
# baseline runs under the default rules, and whether planted slowdowns are still caught. CPU-heavy: run it alone.
#
#   bash bench/gate-repeated-runs.sh [ROUNDS] [FRAMES]        (default 8 rounds of 3 runs of 600 frames)
#
# Three baseline captures of the demo, then ROUNDS times three captures of the unchanged demo, each round judged by
# hudprof-check with --baseline x3 --current x3 (the two-level bootstrap, docs/CHECK.md); then three runs each of
# --slow Raycast=10 and --slow A*=30 against the same baselines. Runs as bench/gate-false-alarms.sh does them.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-8}
frames=${2:-600}
export LP_NUM_THREADS=0
mvn -B -o -q -pl demo-game,check -am package dependency:build-classpath -DskipTests -Djacoco.skip=true \
  -Dmdep.outputFile=target/gate.classpath >/dev/null
cp="demo-game/target/classes:$(cat demo-game/target/gate.classpath)"
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
demo() { # demo OUTPUT.hudprof [extra demo args]
  local out=$1
  shift
  nice java -cp "$cp" io.hudprof.demo.DemoMain --headless --no-vsync --fixed-dt 1/60 --seed 1 --size 320x240 \
    --frames "$frames" --capture "$out" "$@" >"$dir/demo.log" 2>&1 \
    || { cat "$dir/demo.log" >&2; echo "gate-repeated-runs: the demo failed" >&2; exit 1; }
}
judge() { # judge PREFIX: three current runs $dir/PREFIX{1,2,3}.hudprof against the baselines
  java -jar check/target/hudprof-check.jar --skip 30 --baseline "$dir/b1.hudprof" --baseline "$dir/b2.hudprof" \
    --baseline "$dir/b3.hudprof" --current "$dir/${1}1.hudprof" --current "$dir/${1}2.hudprof" \
    --current "$dir/${1}3.hudprof"
}
for b in 1 2 3; do demo "$dir/b$b.hudprof"; done
alarms=0
for r in $(seq 1 "$rounds"); do
  for c in 1 2 3; do demo "$dir/c$c.hudprof"; done
  status=0
  out=$(judge c) || status=$?
  [ "$status" -ne 0 ] && alarms=$((alarms + 1))
  echo "round $r (load $(cut -d' ' -f1 /proc/loadavg)): exit $status; $(echo "$out" | tail -1)"
  echo "$out" | grep -E 'REGRESSION|inconclusive' | sed 's/^/    /' || true
done
echo "false alarms, 3 runs a side, default rules: $alarms of $rounds rounds"
for slow in "Raycast=10" "A*=30"; do
  for c in 1 2 3; do demo "$dir/s$c.hudprof" --slow "$slow"; done
  echo "slow $slow, 3 runs:"
  (judge s || true) | grep -E 'REGRESSION|inconclusive|hudprof-check' | sed 's/^/    /'
done
