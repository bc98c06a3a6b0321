#!/usr/bin/env bash
# One multi-file golden test of `kfuse fuse`: chains across functions and
# files.
#
#   test/golden/multi/CASE/*.cpp, *.h   the program (the file holding main
#                                       carries the KFUSE-RUN directives)
#   test/golden/multi/CASE/profile.json the profile it is fused with
#   test/golden/multi/CASE/expected/F   the expected output of each file F
#                                       that fusing changes
#
# Directives, as comments in any file of the case (see golden_case.sh):
#   // EXPECT-REMARK: CHECK, // EXPECT-WARNING: CHECK   next to their lines
#   // KFUSE-RUN: ARGS, // KFUSE-PROFILE-RUN: ARGS      in the main file
#   // KFUSE-FALLBACK-RUN: ARGS    a run whose guard must refuse (and say so
#                                  with KFUSE_VERBOSE), results still exact
#   // KFUSE-KOKKOS-INCLUDE: -I    Kokkos' include directory through -I
#   // KFUSE-BACKEND: SPACE        plan as for that execution space
#                                  (--backend; the program still runs on
#                                  the host's Kokkos, results compared)
#
# Every run compares the original program's output with the fused
# program's and with the fused program's under KFUSE_DISABLE=1, KFUSE_SHADOW=1
# (which must report no difference) and KFUSE_MEASURE=1 (each group alternating with its launches), exactly;
# the Kokkos Tools connector must see a fused kernel ("a+b") in some run.
# Fusing the output again must change nothing; revert must give back every
# file byte for byte.
#
# Usage: golden_multi.sh KFUSE SOURCE_DIR KOKKOS_INCLUDE_DIR KOKKOS_LIB CONNECTOR CASE
#        KFUSE_REGENERATE=1 re-profiles and rewrites the expected files;
#        KFUSE_REGENERATE=expected rewrites only the expected files.
set -euo pipefail
KFUSE=$1 SRC=$2 KOKKOS_INC=$3 KOKKOS_LIB=$4 CONNECTOR=$5 CASE=$6
GOLDEN=$SRC/test/golden/multi/$CASE
DIR=test/golden/multi/$CASE
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
CXX=${CXX:-c++}
FLAGS=(-std=c++17 -O1 -isystem "$KOKKOS_INC" -I "$SRC/include" ${KFUSE_KOKKOS_FLAGS:-})
fail() { echo "FAIL [multi/$CASE]: $*" >&2; exit 1; }
# Kokkos' header precompiled for the test run, where there is one
# (test/e2e/kokkos_pch.sh): only these builds use it, never the compilation
# database kfuse reads.
PCH=()
if [ -n "${KFUSE_TEST_PCH:-}" ] && [ -f "$KFUSE_TEST_PCH/Kokkos_Core.hpp.gch" ]; then
  PCH=(-I "$KFUSE_TEST_PCH" -include Kokkos_Core.hpp)
fi
directive() { cat "$GOLDEN"/*.cpp | sed -n "s|.*// $1: *\(.*[^ ]\) *\$|\1|p"; }
# KFUSE-KOKKOS-INCLUDE: -I   Kokkos' headers through -I rather than -isystem
if [ "$(directive KFUSE-KOKKOS-INCLUDE)" = "-I" ]; then
  FLAGS=(-std=c++17 -O1 -I "$KOKKOS_INC" -I "$SRC/include" ${KFUSE_KOKKOS_FLAGS:-})
fi

# A project tree mirroring the repository path, so site ids match.
mkdir -p "$TMP/proj/$DIR"
cd "$TMP/proj"
git init -q .
SOURCES=()
for f in "$GOLDEN"/*.cpp; do SOURCES+=("$DIR/$(basename "$f")"); done
{
  echo "["
  sep=""
  for s in "${SOURCES[@]}"; do
    echo "$sep{\"directory\": \"$TMP/proj\", \"file\": \"$TMP/proj/$s\", \"command\": \"$CXX ${FLAGS[*]} -c $TMP/proj/$s\"}"
    sep=","
  done
  echo "]"
} > compile_commands.json
copy_input() { # DEST
  mkdir -p "$1/$DIR"
  for f in "$GOLDEN"/*.cpp "$GOLDEN"/*.h; do [ -f "$f" ] && cp "$f" "$1/$DIR/"; done
  return 0
}
build() { # OUT_BINARY ROOT [extra compiler...]
  local out=$1 root=$2 objs=() o
  shift 2
  mkdir -p "$out.o"
  # A file fusing left as it was, with every header, compiles as the
  # original did: its object is reused (an incremental build's).
  local same_headers=0
  if [ "$out" = fused-bin ] && [ -f original ]; then
    same_headers=1
    for h in "$root/$DIR"/*.h; do
      [ -f "$h" ] || continue
      cmp -s "$h" "$DIR/$(basename "$h")" || same_headers=0
    done
  fi
  for s in "${SOURCES[@]}"; do
    o="$out.o/$(basename "$s").o"
    if [ "$same_headers" = 1 ] && cmp -s "$root/$s" "$s"; then
      cp "original.o/$(basename "$s").o" "$o"
    else
      "${@:-$CXX}" "${FLAGS[@]}" "${PCH[@]}" -I "$root/$DIR" -c "$root/$s" -o "$o" ||
        fail "compiling $root/$s"
    fi
    objs+=("$o")
  done
  "$CXX" "${objs[@]}" -o "$out" "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
}

copy_input .
if [ "${KFUSE_REGENERATE:-0}" = 1 ]; then
  build prof . env KFUSE_PROJECT_ROOT="$TMP/proj" "$KFUSE" instrument -- "$CXX"
  # shellcheck disable=SC2046
  KFUSE_PROFILE=$GOLDEN/profile.json ./prof $(directive KFUSE-PROFILE-RUN | head -1) >/dev/null
fi
PROFILE=$DIR/profile.json   # relative: the markers name it
BACKEND=()
[ -z "$(directive KFUSE-BACKEND)" ] || BACKEND=("--backend=$(directive KFUSE-BACKEND)")
cp "$GOLDEN/profile.json" "$PROFILE"
build original .

"$KFUSE" fuse -p . --project-root . --profile "$PROFILE" "${BACKEND[@]}" --output-dir out "${SOURCES[@]}" \
  2>stderr || { cat stderr >&2; fail "kfuse fuse failed"; }
# kfuse parses what it wrote again and drops a rewrite that does not
# compile: that remark is always a defect.
if grep -q "\[kfuse-emit-check\]" stderr; then cat stderr >&2; fail "a rewrite did not compile"; fi
copy_input fused
for f in "$GOLDEN"/*.cpp "$GOLDEN"/*.h; do
  [ -f "$f" ] || continue
  name=$(basename "$f")
  [ -f "out/$DIR/$name" ] && cp "out/$DIR/$name" "fused/$DIR/$name"
  if [ "${KFUSE_REGENERATE:-0}" != 0 ]; then
    mkdir -p "$GOLDEN/expected"
    if cmp -s "$f" "fused/$DIR/$name"; then rm -f "$GOLDEN/expected/$name"
    else cp "fused/$DIR/$name" "$GOLDEN/expected/$name"; fi
  fi
  if [ -f "$GOLDEN/expected/$name" ]; then
    diff -u "$GOLDEN/expected/$name" "fused/$DIR/$name" || fail "$name differs from expected/$name"
  else
    cmp -s "$f" "fused/$DIR/$name" || { diff -u "$f" "fused/$DIR/$name"; fail "$name rewritten, but not expected to be"; }
  fi
done
# A case where nothing is fused has no expected/ (an empty one would say
# that something is).
[ "${KFUSE_REGENERATE:-0}" = 0 ] || rmdir "$GOLDEN/expected" 2>/dev/null || true

# Diagnostics named next to their lines.
for f in "${SOURCES[@]}" $(cd "$GOLDEN" && ls *.h 2>/dev/null | sed "s|^|$DIR/|"); do
  for kind in REMARK WARNING; do
    { grep -n "// EXPECT-$kind:" "$f" || true; } | while IFS=: read -r line _; do
      check=$(sed -n "${line}s|.*// EXPECT-$kind: *\([a-z-]*\).*|\1|p" "$f")
      grep -q "$f:$line:[0-9]*: $(echo "$kind" | tr 'A-Z' 'a-z'): .*\[$check\]" stderr ||
        { cat stderr >&2; fail "no $kind [$check] at $f:$line"; }
    done
  done
done

build fused-bin fused
compare() { # fused|fallback ARGS...
  local want got fallback measured mode=$1
  shift
  RUN=$((RUN + 1))
  want=$(./original "$@") || fail "original failed with '$*'"
  got=$(KFUSE_VERBOSE=1 KOKKOS_PROFILE_LIBRARY=$CONNECTOR KOKKOS_TOOLS_LIBS=$CONNECTOR \
        KFUSE_PROFILE=$TMP/kernels-$RUN.json ./fused-bin "$@" 2>fused.stderr) ||
    fail "fused failed with '$*'"
  fallback=$(KFUSE_DISABLE=1 ./fused-bin "$@") || fail "fallback failed with '$*'"
  measured=$(KFUSE_MEASURE=1 ./fused-bin "$@") || fail "measured run failed with '$*'"
  # The shadow check: every fused group against its original launches.
  shadowed=$(KFUSE_SHADOW=1 ./fused-bin "$@" 2>shadow.stderr) ||
    { cat shadow.stderr >&2; fail "args '$*': the shadow check failed"; }
  if grep -q "kfuse: shadow" shadow.stderr; then cat shadow.stderr >&2; fail "args '$*': the shadow check reported a difference"; fi
  [ "$want" = "$shadowed" ] || fail "args '$*': with KFUSE_SHADOW=1 printed '$shadowed', original '$want'"
  [ -n "$want" ] || fail "the program printed nothing"
  [ "$want" = "$got" ] || fail "args '$*': fused printed '$got', original '$want'"
  [ "$want" = "$fallback" ] || fail "args '$*': fallback printed '$fallback', original '$want'"
  [ "$want" = "$measured" ] ||
    fail "args '$*': with KFUSE_MEASURE=1 printed '$measured', original '$want'"
  if [ "$mode" = fallback ]; then
    grep -q "kfuse: fallback" fused.stderr || fail "args '$*': the guard did not refuse"
  elif [ -d "$GOLDEN/expected" ] && grep -q "kfuse: fallback" fused.stderr; then
    cat fused.stderr >&2; fail "args '$*': the guard refused a fused kernel"
  fi
}
RUN=0
runs=$(directive KFUSE-RUN)
[ -n "$runs" ] || runs=" "
while IFS= read -r args; do
  # shellcheck disable=SC2086
  compare fused $args
done <<<"$runs"
while IFS= read -r args; do
  [ -n "$args" ] || continue
  # shellcheck disable=SC2086
  compare fallback $args
done <<<"$(directive KFUSE-FALLBACK-RUN)"
if [ -d "$GOLDEN/expected" ]; then
  python3 - "$TMP"/kernels-*.json <<'PY' || fail "the connector saw no fused kernel"
import json, sys
names = {s["id"] for p in sys.argv[1:] for s in json.load(open(p))["sites"]}
print("kernels run:", ", ".join(sorted(names)))
sys.exit(0 if any("+" in n for n in names) else 1)
PY
fi

# Idempotent, and revert restores every file.
cp -r "fused/$DIR/." "$DIR/"
"$KFUSE" fuse -p . --project-root . --profile "$PROFILE" "${BACKEND[@]}" --in-place "${SOURCES[@]}" 2>stderr ||
  { cat stderr >&2; fail "second fuse failed"; }
for f in "$DIR"/*.cpp "$DIR"/*.h; do
  [ -f "$f" ] || continue
  cmp -s "$f" "fused/$f" || { diff -u "fused/$f" "$f"; fail "a second fuse changed $f"; }
done
"$KFUSE" revert "$DIR"/*.cpp $(ls "$DIR"/*.h 2>/dev/null) 2>stderr ||
  { cat stderr >&2; fail "revert failed"; }
for f in "$GOLDEN"/*.cpp "$GOLDEN"/*.h; do
  [ -f "$f" ] || continue
  cmp "$f" "$DIR/$(basename "$f")" || fail "revert of $(basename "$f") is not byte-identical"
done
echo "golden multi/$CASE: OK"
