# Shared by the cmake_project_*.sh tests: argument parsing, a scratch copy of
# examples/cmake_project, configuring it, and failing with a message.
#
# The tests take: KFUSE SOURCE_DIR GENERATOR [CMAKE_ARGS...]
# (CMAKE_ARGS: the compiler, make program and Kokkos location of the parent
# build). KFUSE_TEST_JOBS sets the build parallelism (default 2);
# KFUSE_TEST_KEEP=1 keeps the scratch directory; CMAKE and CTEST name the
# programs (default: those in PATH).
# shellcheck shell=bash

KFUSE=$1 SRC=$2 GENERATOR=$3
shift 3
CMAKE_ARGS=("$@")
JOBS=${KFUSE_TEST_JOBS:-2}
CMAKE=${CMAKE:-cmake}
CTEST=${CTEST:-ctest}

fail() { echo "FAIL: $*" >&2; exit 1; }

TMP=$(mktemp -d)
if [ "${KFUSE_TEST_KEEP:-0}" = 1 ]; then
  echo "scratch directory: $TMP"
else
  trap 'rm -rf "$TMP"' EXIT
fi
# The project is copied (its site ids are relative to its own root, so the
# committed profile fits the copy) under a name with a space, which every
# command line of the module must quote.
PROJ="$TMP/my project"
BUILD="$TMP/build"
cp -R "$SRC/examples/cmake_project" "$PROJ"

configure() {
  "$CMAKE" -S "$PROJ" -B "$BUILD" -G "$GENERATOR" -DKfuse_DIR="$SRC/cmake" \
    -DKFUSE_EXECUTABLE="$KFUSE" "${CMAKE_ARGS[@]}" >"$TMP/configure.log" 2>&1 ||
    { cat "$TMP/configure.log"; fail "configuring examples/cmake_project"; }
}

# build [TARGET...] : builds them (default: all), leaving the output in
# $TMP/build.log.
build() {
  local what=("${@:-all}")
  [ $# -gt 0 ] && set -- --target "$@"
  "$CMAKE" --build "$BUILD" -j "$JOBS" "$@" >"$TMP/build.log" 2>&1 ||
    { cat "$TMP/build.log"; fail "building ${what[*]}"; }
}
