#!/usr/bin/env bash
# README.md's test command: installs the headless OpenGL packages the GL tests need when they are missing (only
# where installing is allowed: as root, or with password-less sudo), then runs every test with `mvn -B verify`.
# Extra arguments go to Maven, e.g. `bash run-tests.sh -pl core`.
set -euo pipefail
cd "$(dirname "$0")"

# Mesa's llvmpipe through EGL (GLFW's null platform) for the overlay and demo tests. Xvfb and the X11 libraries GLFW
# loads on it for the tests that need an X server (LWJGL 3.3's GLFW, libGDX): those tests start their own Xvfb.
# Chromium for the test that loads an exported trace into speedscope (tests/SpeedscopeImportTest).
packages=(libgl1 libgl1-mesa-dri libglx-mesa0 libegl1 libegl-mesa0 xvfb xauth libxcursor1 libxrandr2 libxi6
  libxinerama1 libxxf86vm1 chromium)
# npm installs speedscope below; Debian's package, unless a Node.js with npm is already on the PATH.
command -v npm >/dev/null 2>&1 || packages+=(npm)

missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for pkg in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
fi
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    as_root=""
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    as_root="sudo -n"
  else
    as_root="not allowed"
  fi
  if [ "$as_root" != "not allowed" ] && command -v apt-get >/dev/null 2>&1; then
    echo "run-tests: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    $as_root apt-get update -qq
    $as_root apt-get install -y -qq "${missing[@]}"
  else
    echo "run-tests: the GL tests need ${missing[*]}, and this user may not install them;" \
         "run: sudo apt-get install -y ${missing[*]}" >&2
  fi
fi

# speedscope's built web app (the npm package) for the same test, in a cache outside target/ so `mvn clean` keeps it.
# Only where npm exists; without it the test fails and names what is missing.
speedscope_version=1.25.0
speedscope_dir="${HOME}/.cache/hudprof/speedscope-${speedscope_version}"
if [ ! -f "$speedscope_dir/node_modules/speedscope/dist/release/index.html" ]; then
  if command -v npm >/dev/null 2>&1; then
    echo "run-tests: installing speedscope@${speedscope_version} into $speedscope_dir"
    mkdir -p "$speedscope_dir"
    npm install --no-audit --no-fund --silent --prefix "$speedscope_dir" "speedscope@${speedscope_version}" \
      || echo "run-tests: npm could not install speedscope; the speedscope test will fail" >&2
  else
    echo "run-tests: npm is missing, so the speedscope test will fail; install Node.js and npm" >&2
  fi
fi

mvn -B verify "$@"
