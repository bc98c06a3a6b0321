#!/usr/bin/env bash
# End-to-end: the shadow check (KFUSE_SHADOW=1) reports a wrong fusion.
#   A program whose pairs truly depend on each other (a neighbour read after
#   a write), fused with the test hook KFUSE_PLANT_WRONG_FUSION=1 that keeps
#   no dependence apart: one pair adjacent, one pair (over another range)
#   with host code between that stays in place. Without the shadow check the fused program prints
#   another result (the wrong fusion is real); with it, the program prints
#   the original's result, names each group, View, index and both values on
#   stderr, and exits non-zero. The same program fused without the hook runs
#   clean under the shadow check.
# A second program does the same across functions: a chain of three
# kernels in three functions (checked where the three run as one, against
# the three as written) and a kernel fused with itself across two calls.
#
# Usage: shadow_check.sh KFUSE SOURCE_DIR KOKKOS_INCLUDE_DIR KOKKOS_LIB
set -euo pipefail
KFUSE=$1 SRC=$2 KOKKOS_INC=$3 KOKKOS_LIB=$4
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
CXX=${CXX:-c++}
FLAGS=(-std=c++17 -O1 -isystem "$KOKKOS_INC" -I "$SRC/include" ${KFUSE_KOKKOS_FLAGS:-})
fail() { echo "FAIL: $*" >&2; exit 1; }
cd "$TMP"
cat > shadow.cpp <<'EOF'
#include <Kokkos_Core.hpp>
#include <cstdio>

int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<double *> a("a", N + 1), b("b", N), c("c", N + 1), d("d", N);
    double Host = 0;
    for (int It = 0; It < 2; ++It) {
      Kokkos::parallel_for("produce", N, KOKKOS_LAMBDA(const int i) { a(i) = i + It; });
      Kokkos::parallel_for("consume", N, KOKKOS_LAMBDA(const int i) { b(i) = a(i + 1); });
      Kokkos::parallel_for("write_c", N / 2, KOKKOS_LAMBDA(const int i) { c(i) = 2 * i + It; });
      Host += 1;
      Kokkos::parallel_for("read_c", N / 2, KOKKOS_LAMBDA(const int i) { d(i) = c(i + 1); });
    }
    double S = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &A) { A += b(i) + d(i); }, S);
    std::printf("sum=%.17g host=%g\n", S, Host);
  }
  Kokkos::finalize();
}
EOF
cat > compile_commands.json <<JSON
[{"directory": "$TMP", "file": "$TMP/shadow.cpp", "command": "$CXX ${FLAGS[*]} -c $TMP/shadow.cpp"}]
JSON
KFUSE_PROJECT_ROOT=$TMP "$KFUSE" instrument -- "$CXX" "${FLAGS[@]}" -o prof.o -c "$TMP/shadow.cpp"
"$CXX" prof.o -o prof "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
KFUSE_PROFILE=profile.json ./prof >/dev/null
"$CXX" "${FLAGS[@]}" shadow.cpp -o original "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
want=$(./original)

# Planted: both pairs fused, wrongly.
KFUSE_PLANT_WRONG_FUSION=1 "$KFUSE" fuse -p . --project-root . --profile profile.json \
  --output-dir planted shadow.cpp 2>stderr || { cat stderr; fail "kfuse fuse failed"; }
grep -q "remark: fused 'produce', 'consume'" stderr || { cat stderr; fail "the planted pair was not fused"; }
grep -q "remark: fused 'write_c', 'read_c'" stderr || { cat stderr; fail "the planted pair across host code was not fused"; }
"$CXX" "${FLAGS[@]}" planted/shadow.cpp -o planted-bin "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
got=$(./planted-bin)
[ "$got" != "$want" ] || fail "the planted fusion gives the original's result: it tests nothing"
status=0
shadowed=$(KFUSE_SHADOW=1 ./planted-bin 2>err) || status=$?
[ "$status" != 0 ] || { cat err; fail "the shadow check did not make the run fail"; }
[ "$shadowed" = "$want" ] || fail "with the shadow check the run printed '$shadowed', original '$want'"
grep -q "^kfuse: shadow check of 'produce+consume(repeated)': 'b' differs at ([0-9]*): fused [-0-9.e]*, original [-0-9.e]*$" err ||
  grep -q "^kfuse: shadow check of 'produce+consume': 'b' differs at ([0-9]*): fused [-0-9.e]*, original [-0-9.e]*$" err ||
  { cat err; fail "no report naming the adjacent group, its View and index"; }
grep -q "^kfuse: shadow check of 'write_c+read_c': 'd' differs at ([0-9]*): fused" err ||
  { cat err; fail "no report naming the group across host code"; }
grep -q "difference(s) between fused and original launches; exiting with status 1" err ||
  { cat err; fail "no summary at exit"; }

# Not planted: fused only where legal, and clean under the shadow check.
"$KFUSE" fuse -p . --project-root . --profile profile.json --output-dir legal shadow.cpp 2>stderr ||
  { cat stderr; fail "kfuse fuse failed"; }
"$CXX" "${FLAGS[@]}" legal/shadow.cpp -o legal-bin "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
clean=$(KFUSE_SHADOW=1 ./legal-bin 2>err) || { cat err; fail "the legal program failed its shadow check"; }
[ "$clean" = "$want" ] || fail "the legal program printed '$clean', original '$want'"

# Across functions: a chain of three, and a kernel fused with itself.
cat > chains.cpp <<'EOF'
#include <Kokkos_Core.hpp>
#include <cstdio>
using V = Kokkos::View<double *>;
void shift_x(int n, V a, V b) {
  Kokkos::parallel_for("x", n, KOKKOS_LAMBDA(const int i) { b(i) = a(i + 1) + 1; });
}
void shift_m(int n, V b, V c) {
  Kokkos::parallel_for("m", n, KOKKOS_LAMBDA(const int i) { c(i) = b(i + 1) * 2; });
}
void shift_y(int n, V c, V d) {
  Kokkos::parallel_for("y", n, KOKKOS_LAMBDA(const int i) { d(i) = c(i + 1) - 1; });
}
void smooth(int n, V p, V q) {
  Kokkos::parallel_for("smooth", n, KOKKOS_LAMBDA(const int i) { q(i) = p(i + 1) + p(i); });
}
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    V a("a", N + 1), b("b", N + 1), c("c", N + 1), d("d", N + 1), e("e", N + 1), f("f", N + 1);
    for (int It = 0; It < 3; ++It) {
      Kokkos::parallel_for("init", N + 1, KOKKOS_LAMBDA(const int i) { a(i) = i % 7 + It; });
      shift_x(N, a, b);
      shift_m(N, b, c);
      shift_y(N, c, d);
    }
    for (int It = 0; It < 3; ++It) {
      smooth(N, d, e);
      smooth(N, e, f);
    }
    double S = 0;
    Kokkos::parallel_reduce(
        "sum", N, KOKKOS_LAMBDA(const int i, double &A) { A += d(i) + 3 * f(i); }, S);
    std::printf("sum=%.17g\n", S);
  }
  Kokkos::finalize();
}
EOF
cat > compile_commands.json <<JSON
[{"directory": "$TMP", "file": "$TMP/chains.cpp", "command": "$CXX ${FLAGS[*]} -c $TMP/chains.cpp"}]
JSON
KFUSE_PROJECT_ROOT=$TMP "$KFUSE" instrument -- "$CXX" "${FLAGS[@]}" -o chains-prof.o -c "$TMP/chains.cpp"
"$CXX" chains-prof.o -o chains-prof "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
KFUSE_PROFILE=chains.json ./chains-prof >/dev/null
"$CXX" "${FLAGS[@]}" chains.cpp -o chains-original "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
want=$(./chains-original)
KFUSE_PLANT_WRONG_FUSION=1 "$KFUSE" fuse -p . --project-root . --profile chains.json \
  --output-dir planted chains.cpp 2>stderr || { cat stderr; fail "kfuse fuse failed (chains)"; }
{ grep -q "remark: fused 'x' and 'm' across functions" stderr &&
  grep -q "remark: fused 'm' and 'y' across functions" stderr &&
  grep -q "remark: fused 'smooth' with itself across two calls" stderr; } ||
  { cat stderr; fail "the planted chains were not fused"; }
"$CXX" "${FLAGS[@]}" planted/chains.cpp -o chains-planted "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
[ "$(./chains-planted)" != "$want" ] || fail "the planted chains give the original's result"
status=0
shadowed=$(KFUSE_SHADOW=1 ./chains-planted 2>err) || status=$?
[ "$status" != 0 ] || { cat err; fail "the shadow check of the chains did not make the run fail"; }
[ "$shadowed" = "$want" ] || fail "chains: with the shadow check the run printed '$shadowed', original '$want'"
grep -q "^kfuse: shadow check of 'x+m+y': 'd' differs at" err ||
  { cat err; fail "no report naming the chain of three"; }
grep -q "^kfuse: shadow check of 'smooth+smooth': 'q' differs at" err ||
  { cat err; fail "no report naming the kernel fused with itself"; }
echo "ok: the shadow check reports wrong fusions in one block, across host code, in a chain of three and in a kernel fused with itself"
