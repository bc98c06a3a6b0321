#!/usr/bin/env bash
# One subject through kfuse: fuses examples/<name>/<name>.cpp with its committed
# profile (profiles/<name>.json) into a temporary directory, checks that kfuse
# fused exactly the groups this script expects (and, for the negative subjects,
# reported the refusals they need), builds the fused copy at -O1 and checks that
# it prints the unfused program's checksums, with its fused kernels running,
# with KFUSE_DISABLE=1, and with KFUSE_MEASURE=1 (groups timing themselves);
# with KFUSE_SHADOW=1 every fused group is checked against its original launches.
#
# Usage: fused_checksums.sh <name> <kfuse> <build-dir> <unfused-program> [<connector.so>]
#   build-dir holds compile_commands.json and kokkos-paths.env; the Kokkos Tools
#   connector (build/lib/libkfuse_kokkos_tools.so), when given, shows that the
#   fused kernels ran instead of their fallback. $CXX compiles (default c++).
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: $0 <name> <kfuse> <build-dir> <unfused-program> [<connector.so>]" >&2
  exit 2
fi
Name=$1 KFUSE=$2 BUILD=$3 UNFUSED=$4 CONNECTOR=${5:-}
SRC=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CXX=${CXX:-c++}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $Name: $*" >&2; exit 1; }
# shellcheck disable=SC1091
source "$BUILD/kokkos-paths.env"   # KOKKOS_INC, KOKKOS_LIB
KFUSE_KOKKOS_FLAGS=${KFUSE_KOKKOS_FLAGS:-${KOKKOS_FLAGS:-}}   # -fopenmp for an OpenMP Kokkos

# What `kfuse fuse` does today with the committed profile: the fused groups
# (kernel labels joined by '+'), and for the negative subjects the refusals it
# must report (extended regular expressions). When kfuse fuses more, this test
# fails: update the table (and examples/RESULTS.md) on purpose, not silently.
Refusals=()
case $Name in
  stream) Groups="copy+mul+add+triad+dot" ;;
  # The launch alone in the iteration loop: the loop moves into the kernel.
  nstream) Groups="nstream(repeated)" ;;
  timeloop) Groups="relax+damp(repeated)" ;;
  # The loop's two launches fused, and the loop moved into the fused kernel:
  # each element of A and B is one launch index's (A through (j, i)).
  transpose) Groups="transpose+increment(repeated)" ;;
  # Fusing the random scatter was measured slower (hand-fused too): refused.
  gups | gups_atomic)
    Groups=""
    Refusals=("not fusing 'advance' with 'update': .*\[kfuse-not-profitable\]") ;;
  adi) Groups="col_boundary+col_start+col_forward+col_backward
               row_boundary+row_start+row_forward+row_backward" ;;
  covariance) Groups="mean+center" ;;
  fdtd_2d) Groups="update_ey+update_ex" ;;
  # A LayoutRight row update and a LayoutLeft row reduction: loops merge.
  layout_mix) Groups="scale_rows+row_dot" ;;
  jacobi_1d) # negative subject
    Groups=""
    Refusals=("not fusing 'stencil_b' with 'stencil_a': .*\[kfuse-unsafe-dependence\]") ;;
  # A(i, j) and A(j, i): no element shared in one iteration, but the inner
  # loops merge, with their accumulators (Sum of the second renamed).
  mvt) Groups="mv+mv_transposed(repeated)" ;;
  syrk) Groups="scale+rank_k_update" ;;
  syr2k) Groups="scale+rank_2k_update" ;;
  # Hand-fused: class_sums..variance_smoothing. class_sums..class_variances
  # move up past the host code before them; variance_smoothing captures
  # Epsilon, which that code declares, and feature_variance cannot move down
  # past it either: it reads feature_variance's result.
  gnb) Groups="feature_variance+class_sums+class_means+class_variances" ;;
  # collision_scatter returns early: it runs as a lambda in the fused kernel.
  dsmc) Groups="collision_rates+collision_select+collision_scatter" ;;
  # Hand-fused: force_zero..kinetic_energy in one reduce. kfuse takes
  # initial_integrate+force_zero, leaves force_compute alone (a gather loop
  # through the neighbour list: fused, and hand-fused, it was measured
  # slower), then fuses final_integrate with temperature (whose result is
  # declared between them) and kinetic_energy (reductions combined).
  md) Groups="final_integrate+temperature+kinetic_energy initial_integrate+force_zero"
    Refusals=("not fusing 'force_compute' with 'final_integrate': .*gather loop.*\[kfuse-not-profitable\]") ;;
  md_half) # negative subject for the force chain (atomic scatter into f(j))
    Groups="final_integrate+temperature+kinetic_energy initial_integrate+force_zero"
    Refusals=("not fusing 'force_zero' with 'force_compute': .*\[kfuse-unsafe-dependence\]"
      "not fusing 'force_compute' with 'final_integrate': .*\[kfuse-unsafe-dependence\]") ;;
  *) fail "no expectation for this subject in $0" ;;
esac

Original=$SRC/examples/$Name/$Name.cpp
Fused=$TMP/out/examples/$Name/$Name.cpp
"$KFUSE" fuse -p "$BUILD" --project-root "$SRC" --profile "$SRC/profiles/$Name.json" \
  --output-dir "$TMP/out" "$Original" 2>"$TMP/remarks" ||
  { cat "$TMP/remarks" >&2; fail "kfuse fuse failed"; }
sed "s|^$SRC/||" "$TMP/remarks"

# shellcheck disable=SC2086 # $1 is a list of words
sorted() { printf '%s\n' $1 | sort | paste -sd ' ' -; }
# (Launches fused with the host loop around them run as 'a+b(repeated)'.)
Got=$({ grep -v 'temporal fusion' "$TMP/remarks" || true; } |
  sed -n "s/.*remark: fused \(.*\) ([0-9.]*% of kernel time.*/\1/p" | sed "s/', '/+/g; s/'//g")
Got="$Got $(sed -n "s/.*remark: fused '\(.*\)' ([0-9.]*% of kernel time.*temporal fusion.*/\1(repeated)/p" \
  "$TMP/remarks" | sed "s/', '/+/g")"
[ "$(sorted "$Got")" = "$(sorted "$Groups")" ] ||
  fail "fused groups [$(sorted "$Got")], expected [$(sorted "$Groups")] (the table in $0)"
for R in "${Refusals[@]}"; do
  grep -Eq "remark: $R" "$TMP/remarks" || fail "no remark matching: $R"
done

if [ -z "$Groups" ]; then
  [ ! -e "$Fused" ] || cmp -s "$Fused" "$Original" || fail "rewritten although nothing was fused"
  echo "OK: $Name left unfused"
  exit 0
fi

"$CXX" -std=c++17 -O1 -isystem "$KOKKOS_INC" -I "$SRC/include" -I "$SRC/examples/common" \
  "$Fused" -o "$TMP/fused" "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
sh "$SRC/examples/compare_checksums.sh" "$UNFUSED" "$TMP/fused"
echo "with KFUSE_DISABLE=1:"
KFUSE_DISABLE=1 sh "$SRC/examples/compare_checksums.sh" "$UNFUSED" "$TMP/fused"
# As on a GPU: each fused group alternates with its original launches in its
# first calls, timing itself; the results must not change.
echo "with KFUSE_MEASURE=1:"
KFUSE_MEASURE=1 sh "$SRC/examples/compare_checksums.sh" "$UNFUSED" "$TMP/fused"
# Every fused group against its original launches: no difference.
echo "with KFUSE_SHADOW=1:"
KFUSE_SHADOW=1 "$TMP/fused" >/dev/null 2>"$TMP/shadow.err" ||
  { cat "$TMP/shadow.err" >&2; fail "the shadow check failed"; }
if grep -q "kfuse: shadow" "$TMP/shadow.err"; then cat "$TMP/shadow.err" >&2; fail "the shadow check found a difference"; fi

# Equal checksums prove little if a guard failed and the originals ran: the
# connector records the kernel labels that ran, and fused kernels join theirs by '+'.
if [ -n "$CONNECTOR" ]; then
  KOKKOS_PROFILE_LIBRARY=$CONNECTOR KOKKOS_TOOLS_LIBS=$CONNECTOR KFUSE_PROFILE=$TMP/ran.json \
    "$TMP/fused" >/dev/null
  for G in $Groups; do
    grep -qF "\"label\": \"$G\"" "$TMP/ran.json" || fail "fused kernel '$G' never ran (guard failed?)"
  done
fi
echo "OK: $Name fused ($(sorted "$Groups")), checksums equal"
