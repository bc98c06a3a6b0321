#!/usr/bin/env bash
# Issue 3: examples/cmake_project, from scratch without its profile, builds its
# instrumented variant through kfuse_add_instrumented_executable (kfuse as
# compiler launcher); a run writes a profile that validates and holds every
# launch site of the sources (as `kfuse sites` lists them), the chains with
# their counts, and the argument identities (labels, pointers, shared
# allocations). The next build picks the new profile up and fuses with it.
#
# Usage: cmake_project_instrumented.sh KFUSE SOURCE_DIR GENERATOR [CMAKE_ARGS...]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=cmake_project_lib.sh
source "$HERE/cmake_project_lib.sh"
N=1000 STEPS=5
PROFILE="$PROJ/profiles/relax.json"

# Without a profile the fused variant is left out of the default build.
rm "$PROFILE"
configure
tr -s '\n ' '  ' <"$TMP/configure.log" | grep -q "profile '.*' does not exist yet" ||
  { cat "$TMP/configure.log"; fail "no warning about the missing profile"; }
build
[ -x "$BUILD/relax_instrumented" ] || fail "the default build did not build relax_instrumented"
[ ! -e "$BUILD/relax_fused" ] || fail "relax_fused was built without a profile"

# The default path: kfuse-profile.json in the working directory.
mkdir "$TMP/run"
(cd "$TMP/run" && "$BUILD/relax_instrumented" 10 1 >/dev/null)
[ -s "$TMP/run/kfuse-profile.json" ] || fail "no kfuse-profile.json in the working directory"

want=$("$BUILD/relax" "$N" "$STEPS")
got=$(KFUSE_PROFILE="$PROFILE" KFUSE_PROFILE_EVENTS=64 "$BUILD/relax_instrumented" "$N" "$STEPS")
[ "$want" = "$got" ] || fail "relax_instrumented printed '$got', relax '$want'"
[ -s "$PROFILE" ] || fail "the instrumented run wrote no profile at \$KFUSE_PROFILE"

"$KFUSE" sites -p "$BUILD" --project-root "$PROJ" --format=json \
  "$PROJ/src/main.cpp" "$PROJ/src/relax.cpp" >"$TMP/sites.json" 2>"$TMP/sites.err" ||
  { cat "$TMP/sites.err"; fail "kfuse sites"; }
python3 "$HERE/validate_profile.py" "$PROFILE" "$TMP/sites.json" "$N" "$STEPS" ||
  fail "the profile of the instrumented run does not validate"

# The profile appeared: the next build configures again and fuses with it.
build
grep -q "kfuse: fusing the sources of relax" "$TMP/build.log" ||
  { cat "$TMP/build.log"; fail "the build after profiling did not fuse"; }
grep -q "remark: fused 'scale', 'damp', 'update'" "$TMP/build.log" ||
  { cat "$TMP/build.log"; fail "the new profile did not fuse the step's kernels"; }
got=$("$BUILD/relax_fused" "$N" "$STEPS")
[ "$want" = "$got" ] || fail "relax_fused printed '$got', relax '$want'"
echo "cmake_project instrumented: OK"
