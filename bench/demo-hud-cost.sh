#!/usr/bin/env bash
# The demo's frame time with the HUD shown, the HUD hidden and hudprof compiled out, measured in one run with the
# three configurations interleaved round by round (issue 20's demo target: the shown HUD's added frame time as a
# ratio, aim <= 10 %). Runs under an X server so every frame is really presented: under GLFW's null platform
# (--headless) llvmpipe defers a hidden HUD's frames and the comparison means nothing (docs/BENCHMARKS.md).
#
#   bash bench/demo-hud-cost.sh [ROUNDS] [FRAMES]        (default 7 rounds of 600 frames)
#
# DEMO_CONFIGS="off hidden shown translucent" adds the HUD shown with translucent panels (--translucent-hud, the look
# before opaque panels became the default) to the rotation; "shown0" the HUD shown and redrawn every frame
# (--hud-refresh-ms 0, as before the refresh interval existed), "shown100", "shown250", "shown500" redrawn every 100, 250 or 500 ms
# ("shown" is the default, 500 ms). With DEMO_CP_BEFORE=classpath (another build's demo-game classes and
# dependencies, e.g. main's), "before-hidden" and "before-shown" run that build's demo in the same rotation.
#
# Each run is a fresh JVM: --no-vsync --fixed-dt 1/60 --frames FRAMES --size 1280x720, seed 1. A run's figure is its
# median frame time after the first quarter of its frames (the demo's "frame times" line, FrameTimes). Printed:
# each configuration's median over rounds with the middle half of rounds, and the per-round ratios (a round's three
# runs follow each other, so its ratios share that round's machine load) with their median and middle half.
# Also printed: hudprof's own game-thread work per frame (the demo's exit line: its zones' mean, and update()'s thread
# CPU time, which preemption does not inflate), per run and as the median over rounds, and the spikes after frame 30
# the demo's spike capture blamed on one of hudprof's own zones, per run and in all. Run it with LP_NUM_THREADS=0
# in the environment to keep llvmpipe's rasteriser threads from preempting the game thread.
# Needs Xvfb (xvfb-run) unless DISPLAY is set; builds demo-game with -o, never installs.
# On a machine without Maven or X (a GPU box): DEMO_CP=classpath runs those classes instead of building, JAVA=path
# picks the java binary, and DEMO_HEADLESS=1 uses the demo's --headless (GLFW's null platform and EGL; llvmpipe
# defers the hidden HUD's frames there, as said above: use it with a real GPU's driver, and say which one ran).
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-7}
frames=${2:-600}

java_bin=${JAVA:-java}
headless=()
if [ "${DEMO_HEADLESS:-0}" = 1 ]; then
  headless=(--headless)
elif [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s '-screen 0 1280x720x24 -noreset' bash "$0" "$rounds" "$frames"
fi

if [ -n "${DEMO_CP:-}" ]; then
  cp=$DEMO_CP
else
  cp_file=demo-game/target/demo-hud-cost.classpath
  mvn -B -o -q -pl demo-game -am package dependency:build-classpath -DskipTests -Djacoco.skip=true \
    -Dmdep.outputFile=target/demo-hud-cost.classpath >/dev/null
  cp="demo-game/target/classes:$(cat "$cp_file")"
fi
common=(--no-vsync --fixed-dt 1/60 --frames "$frames" --size 1280x720 --seed 1 "${headless[@]}")
declare -A args=(
  [off]="-Dhudprof.enabled=false io.hudprof.demo.DemoMain --uninstrumented"
  [hidden]="io.hudprof.demo.DemoMain"
  [shown]="io.hudprof.demo.DemoMain --hud"
  [translucent]="io.hudprof.demo.DemoMain --hud --translucent-hud"
  [shown0]="io.hudprof.demo.DemoMain --hud --hud-refresh-ms 0"
  [shown100]="io.hudprof.demo.DemoMain --hud --hud-refresh-ms 100"
  [shown250]="io.hudprof.demo.DemoMain --hud --hud-refresh-ms 250"
  [shown500]="io.hudprof.demo.DemoMain --hud --hud-refresh-ms 500"
  [before-hidden]="io.hudprof.demo.DemoMain"
  [before-shown]="io.hudprof.demo.DemoMain --hud"
)
read -r -a configs <<<"${DEMO_CONFIGS:-off hidden shown}"
n=${#configs[@]}
results=$(mktemp)
echo "demo HUD cost: $rounds rounds x ${configs[*]}, $frames frames each; load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
for r in $(seq 1 "$rounds"); do
  # Rotate the order each round so no configuration always runs first (after a pause) or last.
  for k in $(seq 0 $((n - 1))); do
    c=${configs[$(( (k + r) % n ))]}
    run_cp=$cp
    if [[ $c == before-* ]]; then run_cp=${DEMO_CP_BEFORE:?before-* configurations need DEMO_CP_BEFORE}; fi
    # shellcheck disable=SC2086
    out=$("$java_bin" -cp "$run_cp" ${args[$c]} "${common[@]}" 2>&1 || true)
    line=$(grep 'frame times' <<<"$out" || true)
    ms=$(sed -n 's/.*median \([0-9.]*\) ms.*/\1/p' <<<"$line")
    # The game thread's CPU per frame (p50): with LP_NUM_THREADS=0 the frame's whole cost on one core, which a
    # shared machine's other work hardly moves (the wall time it does).
    cpu=$(sed -n 's/.*CPU per frame p50 \([0-9.]*\) ms.*/\1/p' <<<"$line")
    if [ -n "$cpu" ]; then echo "$r $c-frame-cpu $cpu" >>"$results"; fi
    # hudprof's own game-thread work (the demo's exit line; absent for --uninstrumented): zone mean, update() CPU mean
    own=$(grep 'game-thread cost' <<<"$out" || true)
    if [ -n "$own" ]; then
      echo "$r $c-own $(sed -n 's/.*: mean \([0-9.]*\) ms, p99.*/\1/p' <<<"$own")" >>"$results"
      echo "$r $c-cpu $(sed -n 's/.*thread CPU time mean \([0-9.]*\) ms.*/\1/p' <<<"$own")" >>"$results"
      echo "round $r $c: ${own#hudprof demo: }"
    fi
    # Spikes after frame 30 that the demo's spike capture blamed on one of hudprof's own zones (issue 31: none).
    blamed=$(grep "spikes blamed on hudprof's own zones" <<<"$out" || true)
    if [ -n "$blamed" ]; then
      echo "$r $c-blamed $(sed -n 's/.*after frame [0-9]*: \([0-9]*\).*/\1/p' <<<"$blamed")" >>"$results"
      echo "round $r $c: ${blamed#hudprof demo: }"
    fi
    if [ -z "$ms" ]; then
      echo "round $r $c: no frame times line (did the demo start?)" >&2
      exit 1
    fi
    echo "$r $c $ms" >>"$results"
    echo "round $r $c: $line"
  done
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"

# median and middle half (25th-75th percentile, nearest rank) of a column of numbers
stats() { sort -g | awk '{v[NR]=$1} END {printf "median %.4f, middle half %.4f-%.4f (n=%d)", v[int((NR+1)/2)], v[int(NR/4)+1], v[int(3*NR/4+0.5)], NR}'; }
for c in "${configs[@]}"; do
  echo "$c ms/frame: $(awk -v c="$c" '$2==c {print $3}' "$results" | stats)"
  echo "$c game thread CPU ms/frame: $(awk -v c="$c-frame-cpu" '$2==c {print $3}' "$results" | stats)"
done
ratio() { # per-round $1 / $2
  awk -v a="$1" -v b="$2" '$2==a {x[$1]=$3} $2==b {y[$1]=$3} END {for (r in x) if (r in y) print x[r]/y[r]}' "$results" | stats
}
for c in "${configs[@]}"; do
  [ "$c" = off ] && continue
  echo "$c: hudprof's own zones ms/frame (mean of a run): $(awk -v c="$c-own" '$2==c {print $3}' "$results" | stats)"
  echo "$c: update() thread CPU ms/frame (mean of a run): $(awk -v c="$c-cpu" '$2==c {print $3}' "$results" | stats)"
  echo "$c: spikes blamed on hudprof after frame 30, per run: $(awk -v c="$c-blamed" '$2==c {printf "%s ", $3}' \
    "$results")(total $(awk -v c="$c-blamed" '$2==c {t+=$3} END {print t+0}' "$results"))"
done
for c in "${configs[@]}"; do
  [ "$c" = off ] && continue
  echo "$c / off (per round): $(ratio "$c" off)"
  echo "$c / off, game thread CPU per frame (per round): $(ratio "$c-frame-cpu" off-frame-cpu)"
done
echo "shown / hidden (per round): $(ratio shown hidden)"
rm -f "$results"
