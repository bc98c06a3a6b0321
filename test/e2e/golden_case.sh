#!/usr/bin/env bash
# One golden test of `kfuse fuse`: input, profile, expected output.
#
#   test/golden/CASE.cpp           the input program (prints its results)
#   test/golden/CASE.profile.json  the profile it is fused with
#   test/golden/CASE.expected.cpp  the expected output; absent: nothing fused
#   test/golden/CASE.before.cpp    optional: the version that was profiled
#                                  (the stale-profile case)
#
# Directives in CASE.cpp, as comments:
#   // EXPECT-REMARK: CHECK      a remark [CHECK] is reported on this line
#   // EXPECT-REMARK: CHECK "T"  ... and it says T
#   // EXPECT-WARNING: CHECK     a warning [CHECK] is reported on this line
#   // KFUSE-RUN: ARGS           run with ARGS (default: one run, no arguments)
#   // KFUSE-RUN-FALLBACK: ARGS  run with ARGS; the fused program must take
#                                the fallback (the guard said no)
#   // KFUSE-PROFILE-RUN: ARGS   arguments of the profiling run
#
# Every run compares the output of the original program with the fused
# program's, with the fused program's under KFUSE_DISABLE=1, KFUSE_SHADOW=1
# (which must report no difference) and KFUSE_MEASURE=1
# (each group alternating with its launches, as on a GPU), and with the
# program fused with --no-restrict: exactly.
# Fusing the output again must change nothing; revert must give back the
# input byte for byte.
#
# Usage: golden_case.sh KFUSE SOURCE_DIR KOKKOS_INCLUDE_DIR KOKKOS_LIB CASE
#        KFUSE_REGENERATE=1 re-profiles (CASE.profile.json) and rewrites
#        CASE.expected.cpp; KFUSE_REGENERATE=expected rewrites only the
#        expected file, from the committed profile.
set -euo pipefail
KFUSE=$1 SRC=$2 KOKKOS_INC=$3 KOKKOS_LIB=$4 CASE=$5
GOLDEN=$SRC/test/golden
REL=test/golden/$CASE.cpp
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
CXX=${CXX:-c++}
FLAGS=(-std=c++17 -O1 -isystem "$KOKKOS_INC" -I "$SRC/include" ${KFUSE_KOKKOS_FLAGS:-})
fail() { echo "FAIL [$CASE]: $*" >&2; exit 1; }
# Kokkos' header precompiled for the test run, where there is one
# (test/e2e/kokkos_pch.sh): only these builds use it, never the compilation
# database kfuse reads.
PCH=()
if [ -n "${KFUSE_TEST_PCH:-}" ] && [ -f "$KFUSE_TEST_PCH/Kokkos_Core.hpp.gch" ]; then
  PCH=(-I "$KFUSE_TEST_PCH" -include Kokkos_Core.hpp)
fi
directive() { sed -n "s|.*// $1: *\(.*[^ ]\) *\$|\1|p" "$GOLDEN/$CASE.cpp"; }

# A project tree mirroring the repository path, so site ids match.
mkdir -p "$TMP/proj/test/golden"
cd "$TMP/proj"
cat > compile_commands.json <<JSON
[{"directory": "$TMP/proj", "file": "$TMP/proj/$REL",
  "command": "$CXX ${FLAGS[*]} -c $TMP/proj/$REL"}]
JSON

if [ "${KFUSE_REGENERATE:-0}" = 1 ]; then
  PROFILED=$GOLDEN/$CASE.cpp
  [ -f "$GOLDEN/$CASE.before.cpp" ] && PROFILED=$GOLDEN/$CASE.before.cpp
  cp "$PROFILED" "$REL"
  KFUSE_PROJECT_ROOT=$TMP/proj "$KFUSE" instrument -- "$CXX" "${FLAGS[@]}" \
    -o prof.o -c "$TMP/proj/$REL"
  "$CXX" prof.o -o prof "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
  # shellcheck disable=SC2046
  KFUSE_PROFILE=$GOLDEN/$CASE.profile.json ./prof $(directive KFUSE-PROFILE-RUN) >/dev/null
fi
cp "$GOLDEN/$CASE.cpp" "$REL"
PROFILE=test/golden/$CASE.profile.json   # relative: the marker names it
cp "$GOLDEN/$CASE.profile.json" "$PROFILE"

"$KFUSE" fuse -p . --project-root . --profile "$PROFILE" --output-dir out "$REL" \
  2>stderr || { cat stderr >&2; fail "kfuse fuse failed"; }
# kfuse parses what it wrote again and drops a rewrite that does not
# compile: that remark is always a defect.
if grep -q "\[kfuse-emit-check\]" stderr; then cat stderr >&2; fail "a rewrite did not compile"; fi
FUSED=out/$REL
if [ "${KFUSE_REGENERATE:-0}" != 0 ]; then
  if cmp -s "$REL" "$FUSED"; then rm -f "$GOLDEN/$CASE.expected.cpp"
  else cp "$FUSED" "$GOLDEN/$CASE.expected.cpp"; fi
fi
if [ -f "$GOLDEN/$CASE.expected.cpp" ]; then
  diff -u "$GOLDEN/$CASE.expected.cpp" "$FUSED" || fail "output differs from $CASE.expected.cpp"
else
  cmp -s "$REL" "$FUSED" || { diff -u "$REL" "$FUSED"; fail "rewritten, but no fusion was expected"; }
fi

# Diagnostics named next to their lines.
for kind in REMARK WARNING; do
  { grep -n "// EXPECT-$kind:" "$REL" || true; } | while IFS=: read -r line _; do
    check=$(sed -n "${line}s|.*// EXPECT-$kind: *\([a-z-]*\).*|\1|p" "$REL")
    grep -q "$REL:$line:[0-9]*: $(echo "$kind" | tr 'A-Z' 'a-z'): .*\[$check\]" stderr ||
      { cat stderr >&2; fail "no $kind [$check] at line $line"; }
    # `EXPECT-REMARK: check "text"`: the remark also says that text.
    text=$(sed -n "${line}s|.*// EXPECT-$kind: *[a-z-]* \"\(.*\)\".*|\1|p" "$REL")
    if [ -n "$text" ]; then
      grep "$REL:$line:[0-9]*: $(echo "$kind" | tr 'A-Z' 'a-z'): .*\[$check\]" stderr |
        grep -qF -- "$text" || { cat stderr >&2; fail "no $kind [$check] saying '$text' at line $line"; }
    fi
  done
done
if [ -f "$GOLDEN/$CASE.expected.cpp" ]; then
  grep -q "remark: fused" stderr || { cat stderr >&2; fail "no 'fused' remark"; }
fi

# Build both and compare every run exactly.
"$CXX" "${FLAGS[@]}" "${PCH[@]}" "$REL" -o original "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
"$CXX" "${FLAGS[@]}" "${PCH[@]}" "$FUSED" -o fused "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
compare() { # ARGS...
  local want got fallback measured
  want=$(./original "$@") || fail "original failed with '$*'"
  got=$(KFUSE_VERBOSE=1 ./fused "$@" 2>fused.stderr) || fail "fused failed with '$*'"
  fallback=$(KFUSE_DISABLE=1 ./fused "$@") || fail "fallback failed with '$*'"
  measured=$(KFUSE_MEASURE=1 ./fused "$@") || fail "measured run failed with '$*'"
  # The shadow check: every fused group against its original launches.
  shadowed=$(KFUSE_SHADOW=1 ./fused "$@" 2>shadow.stderr) ||
    { cat shadow.stderr >&2; fail "args '$*': the shadow check failed"; }
  if grep -q "kfuse: shadow" shadow.stderr; then cat shadow.stderr >&2; fail "args '$*': the shadow check reported a difference"; fi
  [ "$want" = "$shadowed" ] || fail "args '$*': with KFUSE_SHADOW=1 printed '$shadowed', original '$want'"
  [ -n "$want" ] || fail "the program printed nothing"
  [ "$want" = "$got" ] || fail "args '$*': fused printed '$got', original '$want'"
  [ "$want" = "$fallback" ] || fail "args '$*': fallback printed '$fallback', original '$want'"
  [ "$want" = "$measured" ] ||
    fail "args '$*': with KFUSE_MEASURE=1 printed '$measured', original '$want'"
}
runs=$(directive KFUSE-RUN)
fallbacks=$(directive KFUSE-RUN-FALLBACK)
[ -n "$runs$fallbacks" ] || runs=" "
while IFS= read -r args; do
  # shellcheck disable=SC2086
  compare $args
  if [ -f "$GOLDEN/$CASE.expected.cpp" ] && grep -q "kfuse: fallback" fused.stderr; then
    cat fused.stderr >&2; fail "args '$args': the guard refused the fused kernel"
  fi
done <<<"$runs"
if [ -n "$fallbacks" ]; then
  while IFS= read -r args; do
    # shellcheck disable=SC2086
    compare $args
    grep -q "kfuse: fallback" fused.stderr || fail "args '$args': no fallback taken"
  done <<<"$fallbacks"
fi

# Without restrict (the A/B variant): the same results.
if [ -f "$GOLDEN/$CASE.expected.cpp" ]; then
  "$KFUSE" fuse -p . --project-root . --profile "$PROFILE" --no-restrict \
    --output-dir out-nr "$REL" 2>/dev/null || fail "kfuse fuse --no-restrict failed"
  "$CXX" "${FLAGS[@]}" "${PCH[@]}" "out-nr/$REL" -o fused-nr "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
  while IFS= read -r args; do
    # shellcheck disable=SC2086
    [ "$(./original $args)" = "$(./fused-nr $args)" ] ||
      fail "args '$args': fused --no-restrict differs from the original"
  done <<<"$runs
$fallbacks"
fi

# Idempotent, and revert restores the input.
if [ -f "$GOLDEN/$CASE.expected.cpp" ]; then
  cp "$FUSED" "$REL"
  "$KFUSE" fuse -p . --project-root . --profile "$PROFILE" --in-place "$REL" 2>stderr ||
    { cat stderr >&2; fail "second fuse failed"; }
  cmp -s "$FUSED" "$REL" || fail "a second fuse changed the file"
  "$KFUSE" revert "$REL" 2>stderr || { cat stderr >&2; fail "revert failed"; }
  cmp "$GOLDEN/$CASE.cpp" "$REL" || fail "revert is not byte-identical"
fi
echo "golden $CASE: OK"
