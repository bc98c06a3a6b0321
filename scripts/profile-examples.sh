#!/usr/bin/env bash
# Regenerates the committed profiles profiles/<name>.json of the examples:
# builds each subject through `kfuse instrument` and runs it once at its small
# (test) size. Expects a built tree (build/bin/kfuse, build/kokkos-paths.env).
#
# Usage: scripts/profile-examples.sh [subjects...]   (default: every subject)
#   KFUSE=path/to/kfuse   the kfuse binary (default build/bin/kfuse)
#   PROFILE_DIR=dir       where the profiles go (default profiles/)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
KFUSE=${KFUSE:-$ROOT/build/bin/kfuse}
PROFILE_DIR=${PROFILE_DIR:-$ROOT/profiles}
CXX=${CXX:-c++}
if [ ! -x "$KFUSE" ] || [ ! -f build/kokkos-paths.env ]; then
  echo "error: build kfuse first (scripts/test.sh)" >&2
  exit 2
fi
# shellcheck disable=SC1091
source build/kokkos-paths.env   # KOKKOS_INC, KOKKOS_LIB
KFUSE_KOKKOS_FLAGS=${KFUSE_KOKKOS_FLAGS:-${KOKKOS_FLAGS:-}}   # -fopenmp for an OpenMP Kokkos

# Every subject of examples/CMakeLists.txt, in its order.
ALL=$(sed -n '/^set(KFUSE_EXAMPLES$/,/^)/p' examples/CMakeLists.txt | sed '1d;$d')
# Run arguments; empty means the program's small default size. stream keeps
# the size its committed profile always had (profiles/README.md).
declare -A ARGS=([stream]="200000 20")

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$PROFILE_DIR"
# shellcheck disable=SC2048,SC2086 # subject names are single words
for Name in ${*:-$ALL}; do
  Src=examples/$Name/$Name.cpp
  [ -f "$Src" ] || { echo "error: no $Src" >&2; exit 2; }
  KFUSE_PROJECT_ROOT=$ROOT "$KFUSE" instrument -- "$CXX" -std=c++17 -O3 -DNDEBUG \
    -isystem "$KOKKOS_INC" -I examples/common ${KFUSE_KOKKOS_FLAGS:-} -c "$Src" -o "$TMP/$Name.o"
  "$CXX" "$TMP/$Name.o" -o "$TMP/$Name" "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
  # The profile is written at exit: only a complete run replaces the old one.
  env -u KFUSE_PROFILE_EVENTS KFUSE_PROFILE="$TMP/$Name.json" "$TMP/$Name" ${ARGS[$Name]:-} >/dev/null
  mv "$TMP/$Name.json" "$PROFILE_DIR/$Name.json"
  echo "$PROFILE_DIR/$Name.json: $(wc -c <"$PROFILE_DIR/$Name.json") bytes (args: ${ARGS[$Name]:-default})"
done
