#!/usr/bin/env bash
# Two clean builds of every published module must give byte-identical jars (project.build.outputTimestamp in the
# parent pom fixes the entries' times). Builds into the working tree's target/ folders twice (no install, no
# ~/.m2 writes) and compares every jar by SHA-256; exits 1 naming the jars that differ.
# Usage: bash .ci/reproducible-jars.sh [extra Maven arguments: -o, or -P release -Dgpg.skip for javadoc jars too]
set -euo pipefail
cd "$(dirname "$0")/.."

# The modules that ship: those with a jar (their pom names a JPMS module) that the release profile does not exclude
# (every module's artifactId is hudprof-FOLDER).
never=$(sed -n 's:.*<excludeArtifacts>\(.*\)</excludeArtifacts>.*:\1:p' pom.xml)
modules=$(for m in $(grep -l '<hudprof.module.name>io.hudprof' */pom.xml | xargs -n1 dirname); do
  case ",$never," in *",hudprof-$m,"*) ;; *) echo "$m" ;; esac
done | paste -sd, -)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

build() {
  mvn -B -q "$@" clean package -DskipTests -pl "$modules" -am >"$out/build.log" 2>&1 \
    || { cat "$out/build.log" >&2; echo "reproducible-jars: the build failed" >&2; exit 1; }
  (for m in ${modules//,/ }; do find "$m/target" -maxdepth 1 -name '*.jar' -print0 | xargs -0 -r sha256sum; done) \
    | sort -k2
}

echo "reproducible-jars: building $modules twice"
build "$@" >"$out/first"
sleep 2   # a different wall-clock second, so a jar that records the build time would show it
build "$@" >"$out/second"
if ! diff -u "$out/first" "$out/second"; then
  echo "reproducible-jars: the jars above differ between two clean builds" >&2
  exit 1
fi
echo "reproducible-jars: $(wc -l <"$out/first") jars byte-identical across two clean builds"
