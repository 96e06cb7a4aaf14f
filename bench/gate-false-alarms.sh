#!/usr/bin/env bash
# How often hudprof-check cries wolf, and what it catches (issue 28). CPU-heavy: run it once, with nice, late.
#
#   bash bench/gate-false-alarms.sh [RUNS] [FRAMES]          (default 20 runs of 600 frames)
#
# 1. One baseline capture of the demo, then RUNS captures of the unchanged demo, each judged against the baseline with
#    the default rules (every zone's self median and the frame median within +25 %) and with the CI's gross rules
#    (check/baseline/demo.rules): a run that exits 1 is a false alarm. Inconclusive findings are counted too.
# 2. The demo with --slow ZONE=PERCENT for A* and Raycast at 10, 30 and 100 %, one capture each, judged with the
#    default rules: what the gate says about the slowed zone, and whether it names any other zone.
# Every run: --headless --no-vsync --fixed-dt 1/60 --seed 1 --size 320x240 --frames FRAMES, LP_NUM_THREADS=0
# (llvmpipe rasterises on the game thread), each a fresh JVM; the gate drops the first 30 frames (--skip 30).
# Prints one line per run and a summary; the load average is printed beside each run. Builds with -o, never installs.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-20}
frames=${2:-600}
export LP_NUM_THREADS=0

mvn -B -o -q -pl demo-game,check -am package dependency:build-classpath -DskipTests -Djacoco.skip=true \
  -Dmdep.outputFile=target/gate.classpath >/dev/null
cp="demo-game/target/classes:$(cat demo-game/target/gate.classpath)"
gate=(java -jar check/target/hudprof-check.jar --skip 30)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT

demo() { # demo OUTPUT.hudprof [extra demo args]
  local out=$1
  shift
  nice java -cp "$cp" io.hudprof.demo.DemoMain --headless --no-vsync --fixed-dt 1/60 --seed 1 --size 320x240 \
    --frames "$frames" --capture "$out" "$@" >"$dir/demo.log" 2>&1 \
    || { cat "$dir/demo.log" >&2; echo "gate-false-alarms: the demo failed" >&2; exit 1; }
}
load() { cut -d' ' -f1 /proc/loadavg; }

echo "gate false alarms: $runs runs of $frames frames against one baseline; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
demo "$dir/base.hudprof"
echo "baseline: $(du -k "$dir/base.hudprof" | cut -f1) KiB"
alarms=0
gross=0
inconclusive_runs=0
for i in $(seq 1 "$runs"); do
  demo "$dir/run.hudprof"
  status=0
  out=$("${gate[@]}" --baseline "$dir/base.hudprof" --current "$dir/run.hudprof") || status=$?
  summary=$(tail -1 <<<"$out")
  named=$(grep -E 'REGRESSION|inconclusive' <<<"$out" | grep -v '^hudprof-check' | sed -E 's/ +(self|hier|calls)? *median.*(REGRESSION|inconclusive).*/ [\2]/' | paste -sd, - || true)
  [ "$status" -eq 1 ] && alarms=$((alarms + 1))
  grep -q ' [1-9][0-9]* inconclusive' <<<"$summary" && inconclusive_runs=$((inconclusive_runs + 1))
  gstatus=0
  "${gate[@]}" --baseline "$dir/base.hudprof" --current "$dir/run.hudprof" --rules check/baseline/demo.rules \
    --quiet >/dev/null || gstatus=$?
  [ "$gstatus" -eq 1 ] && gross=$((gross + 1))
  echo "run $i (load $(load)): default rules exit $status, gross rules exit $gstatus; ${summary#hudprof-check: }${named:+; $named}"
done
echo "false alarms: $alarms of $runs runs failed the default rules (+25 %), $gross of $runs failed the CI's gross rules;" \
  "$inconclusive_runs runs had an inconclusive finding"

for zone in 'A*' 'Raycast'; do
  for pct in 10 30 100; do
    demo "$dir/slow.hudprof" --slow "$zone=$pct"
    status=0
    out=$("${gate[@]}" --baseline "$dir/base.hudprof" --current "$dir/slow.hudprof") || status=$?
    row=$(grep -F "$zone self median" <<<"$out" | head -1 | sed -E 's/ +/ /g')
    others=$(grep -E 'REGRESSION' <<<"$out" | grep -vF "$zone self median" | grep -v '^hudprof-check' \
      | sed -E 's/ +(self )?median.*//' | paste -sd, - || true)
    echo "slow $zone +$pct% (load $(load)): exit $status; $row; other regressions: ${others:-none}"
  done
done
