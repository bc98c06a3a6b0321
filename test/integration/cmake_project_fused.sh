#!/usr/bin/env bash
# Issue 6: examples/cmake_project's fused variant (kfuse_add_fused_executable)
# builds from the committed profile and prints the plain variant's checksum,
# fused and with the guard's fallback; touching the profile or a source re-runs
# `kfuse fuse`; a build with nothing touched does nothing.
#
# Usage: cmake_project_fused.sh KFUSE SOURCE_DIR GENERATOR [CMAKE_ARGS...]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=cmake_project_lib.sh
source "$HERE/cmake_project_lib.sh"
FUSED="$BUILD/kfuse-fused/relax_fused/src/relax.cpp"
FUSE_STEP="kfuse: fusing the sources of relax"

configure
build relax relax_fused
grep -q "$FUSE_STEP" "$TMP/build.log" || { cat "$TMP/build.log"; fail "kfuse fuse did not run"; }
grep -q 'kfuse-begin fused("scale", "damp", "update") profile=profiles/relax.json' "$FUSED" ||
  fail "the fused copy of src/relax.cpp fuses nothing"
cmp -s "$PROJ/src/relax.cpp" "$SRC/examples/cmake_project/src/relax.cpp" ||
  fail "the build changed a source of the project"

want=$("$BUILD/relax" 2000 7)
got=$("$BUILD/relax_fused" 2000 7)
fallback=$(KFUSE_DISABLE=1 "$BUILD/relax_fused" 2000 7)
[ "$want" = "$got" ] || fail "relax_fused printed '$got', relax '$want'"
[ "$want" = "$fallback" ] || fail "relax_fused with KFUSE_DISABLE=1 printed '$fallback', relax '$want'"

# nothing_to_do STEP: a build now must run no command at all.
nothing_to_do() {
  if [ "$GENERATOR" = Ninja ]; then
    "$CMAKE" --build "$BUILD" --target relax relax_fused -- -n -d explain >"$TMP/explain.log" 2>&1
    grep -q "no work to do" "$TMP/explain.log" ||
      { cat "$TMP/explain.log"; fail "$1: ninja still has work to do"; }
  fi
  build relax relax_fused
  if grep -E "$FUSE_STEP|Building CXX|Linking CXX" "$TMP/build.log"; then
    fail "$1: a build with nothing touched did the work above"
  fi
}
nothing_to_do "after the first build"

# touched FILE: touching it re-runs kfuse fuse and rebuilds relax_fused.
touched() {
  local before
  before=$(stat -c %Y.%y "$FUSED")
  sleep 1   # coarse file system clocks
  touch "$1"
  build relax relax_fused
  grep -q "$FUSE_STEP" "$TMP/build.log" ||
    { cat "$TMP/build.log"; fail "touching $1 did not re-run kfuse fuse"; }
  grep -q "Linking CXX executable relax_fused" "$TMP/build.log" ||
    { cat "$TMP/build.log"; fail "touching $1 did not rebuild relax_fused"; }
  [ "$(stat -c %Y.%y "$FUSED")" != "$before" ] || fail "touching $1 left the fused copy as it was"
}
touched "$PROJ/profiles/relax.json"
grep -q "Linking CXX executable relax$" "$TMP/build.log" &&
  fail "touching the profile rebuilt the plain variant"
nothing_to_do "after touching the profile"
touched "$PROJ/src/relax.cpp"
nothing_to_do "after touching a source"

got=$("$BUILD/relax_fused" 2000 7)
[ "$want" = "$got" ] || fail "the rebuilt relax_fused printed '$got', relax '$want'"
echo "cmake_project fused ($GENERATOR): OK"
