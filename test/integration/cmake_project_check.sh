#!/usr/bin/env bash
# Issue 6: `kfuse check` on examples/cmake_project. The project's CTest test
# (kfuse_add_check_test on the fused variant) passes; checking the unfused
# sources exits 1 with a warning at the chain's first launch; a malformed
# profile exits 2. Skipped (exit 77) while this kfuse has no `check` mode.
#
# Usage: cmake_project_check.sh KFUSE SOURCE_DIR GENERATOR [CMAKE_ARGS...]
set -euo pipefail
if ! "$1" check --help >/dev/null 2>&1; then
  echo "kfuse check is not available: skipped"
  exit 77
fi
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=cmake_project_lib.sh
source "$HERE/cmake_project_lib.sh"

configure
build relax_fused
(cd "$BUILD" && "$CTEST" -R '^relax_check$' --output-on-failure) >"$TMP/ctest.log" 2>&1 ||
  { cat "$TMP/ctest.log"; fail "the project's check test fails on its fused variant"; }
grep -q "1 tests passed\|100% tests passed" "$TMP/ctest.log" ||
  { cat "$TMP/ctest.log"; fail "the project registered no relax_check test"; }

SOURCES=("$PROJ/src/main.cpp" "$PROJ/src/relax.cpp")
rc=0
"$KFUSE" check -p "$BUILD" --profile "$PROJ/profiles/relax.json" --project-root "$PROJ" \
  "${SOURCES[@]}" >"$TMP/check.log" 2>&1 || rc=$?
[ "$rc" = 1 ] || { cat "$TMP/check.log"; fail "check on the unfused sources exited $rc, not 1"; }
# The warning points at the first launch of the chain: 'scale', as kfuse sites places it.
"$KFUSE" sites -p "$BUILD" --project-root "$PROJ" --format=json "$PROJ/src/relax.cpp" >"$TMP/sites.json"
where=$(python3 -c '
import json, sys
s = [s for f in json.load(open(sys.argv[1]))["files"] for s in f["sites"] if s["label"] == "scale"][0]
print("%s:%d:%d" % (s["position"]["file"], s["position"]["line"], s["position"]["column"]))' "$TMP/sites.json")
grep -F "$where: warning: " "$TMP/check.log" | grep -q "\[kfuse-unfused-hot-path\]" ||
  { cat "$TMP/check.log"; fail "no [kfuse-unfused-hot-path] warning at $where"; }

echo '{"kfuse_profile": 1, "sites": [' >"$TMP/bad.json"
rc=0
"$KFUSE" check -p "$BUILD" --profile "$TMP/bad.json" --project-root "$PROJ" \
  "${SOURCES[@]}" >"$TMP/check.log" 2>&1 || rc=$?
[ "$rc" = 2 ] || { cat "$TMP/check.log"; fail "check with a malformed profile exited $rc, not 2"; }
echo "cmake_project check: OK"
