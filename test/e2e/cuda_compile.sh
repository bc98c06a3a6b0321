#!/usr/bin/env bash
# kfuse on a CUDA build, and its fused code compiled for CUDA (no GPU needed).
#
# For every example with a profile (examples/NAME/NAME.cpp, profiles/NAME.json)
# and every golden case with an expected output (test/golden/CASE.cpp; steps
# 1 and 2 for every third case, the others' expected files compiled as
# they are):
#   1. `kfuse fuse` reads a compile database of nvcc_wrapper commands against
#      a CUDA Kokkos (the fixture test/e2e/cuda_kokkos.sh builds it);
#   2. its output is the host build's: for a golden case planned for its
#      profile's backend, the expected file; for an example planned for CUDA,
#      the output of `fuse --backend=Cuda` through a host (g++) database;
#   3. the fused file compiles with nvcc -cuda (its front end, the device
#      compilation to SASS; the host half is g++'s, which the golden and
#      example tests already compile), at -O0 to keep the test short.
# A fused output that nvcc rejects fails the test.
#
# Usage: cuda_compile.sh KFUSE SOURCE_DIR HOST_KOKKOS_INCLUDE CACHE_DIR ARCH
#   exits 77 (skipped) where the fixture found no nvcc or Kokkos source.
set -euo pipefail
KFUSE=$1 SRC=$2 HOST_INC=$3 CACHE=$4 ARCH=$5
[ -f "$CACHE/current-$ARCH" ] || { echo "skipped: no CUDA Kokkos (see the cuda_kokkos test)"; exit 77; }
KOKKOS=$(cat "$CACHE/current-$ARCH")
[ -x "$KOKKOS/bin/nvcc_wrapper" ] || { echo "skipped: no nvcc_wrapper in $KOKKOS/bin"; exit 77; }
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
export PATH="$(dirname "$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)"):$PATH"
SM=sm_${ARCH//[!0-9]/}
NVCCW=$KOKKOS/bin/nvcc_wrapper
CUDA_FLAGS="-DKOKKOS_DEPENDENCE -isystem $KOKKOS/include -I$SRC/include -I$SRC/examples/common -O2 -std=c++17 -extended-lambda -Wext-lambda-captures-this -arch=$SM"
HOST_FLAGS="-std=c++17 ${KFUSE_KOKKOS_FLAGS:-} -isystem $HOST_INC -I$SRC/include -I$SRC/examples/common"

# item: "kind relative-source profile"
: > "$TMP/items"
for p in "$SRC"/profiles/*.json; do
  n=$(basename "$p" .json)
  [ -f "$SRC/examples/$n/$n.cpp" ] && echo "example examples/$n/$n.cpp profiles/$n.json" >> "$TMP/items"
done
# (Every third golden case goes through kfuse on the CUDA database too; the
# others' expected files are compiled as they are, to keep the test short.)
n=0
for e in "$SRC"/test/golden/*.expected.cpp; do
  c=$(basename "$e" .expected.cpp)
  [ -f "$SRC/test/golden/$c.profile.json" ] || continue
  kind=golden
  [ $((n % 3)) = 0 ] || kind=expected
  n=$((n + 1))
  echo "$kind test/golden/$c.cpp test/golden/$c.profile.json" >> "$TMP/items"
done
db() { # DIR COMPILER FLAGS
  mkdir -p "$1"
  { echo "["; sep=""
    while read -r _ rel _; do
      printf '%s{"directory": "%s", "file": "%s/%s", "command": "%s %s -c %s/%s -o %s"}\n' \
        "$sep" "$TMP" "$SRC" "$rel" "$2" "$3" "$SRC" "$rel" "$(basename "$rel" .cpp).o"
      sep=","
    done < "$TMP/items"
    echo "]"; } > "$1/compile_commands.json"
}
db "$TMP/cuda" "$NVCCW" "$CUDA_FLAGS"
db "$TMP/host" "${CXX:-c++}" "$HOST_FLAGS"

one() { # KIND REL PROFILE
  local kind=$1 rel=$2 profile=$3 name out
  name=$(basename "$rel" .cpp)
  out=$TMP/out/$kind-$name
  if [ "$kind" = expected ]; then
    # shellcheck disable=SC2086
    (cd "$TMP" && "$NVCC" -x cu $NVCC_FLAGS -cuda "$SRC/test/golden/$name.expected.cpp" -o "$out.ii" &&
      rm -f "$out.ii") > "$out.nvcc.log" 2>&1 ||
      { head -40 "$out.nvcc.log"; echo "FAIL [$name]: the expected fused code does not compile with nvcc"; return 1; }
    echo "ok [$kind $name]: compiles for CUDA ($SM)"
    return 0
  fi
  # A golden case is planned for the backend its expected output was (its
  # profile's): the front end must make no difference. An example is
  # planned for CUDA, as a CUDA build is by default.
  local backend=()
  [ "$kind" = golden ] && backend=(--backend="$(sed -n 's/.*"backend": *"\([A-Za-z]*\)".*/\1/p' "$SRC/$profile" | head -1)")
  "$KFUSE" fuse -p "$TMP/cuda" --project-root "$SRC" --profile "$SRC/$profile" "${backend[@]}" \
    --output-dir "$out/cuda" "$SRC/$rel" > "$out.cuda.log" 2>&1 ||
    { cat "$out.cuda.log"; echo "FAIL [$name]: kfuse fuse on the CUDA database failed"; return 1; }
  if grep -q "\[kfuse-emit-check\]" "$out.cuda.log"; then
    cat "$out.cuda.log"; echo "FAIL [$name]: a rewrite did not compile"; return 1
  fi
  local fused=$out/cuda/$rel expected
  [ -f "$fused" ] || fused=$SRC/$rel   # nothing fused: the file as it is
  if [ "$kind" = golden ]; then
    expected=$SRC/test/golden/$name.expected.cpp
  else
    "$KFUSE" fuse -p "$TMP/host" --project-root "$SRC" --profile "$SRC/$profile" --backend=Cuda \
      --output-dir "$out/host" "$SRC/$rel" > "$out.host.log" 2>&1 ||
      { cat "$out.host.log"; echo "FAIL [$name]: kfuse fuse on the host database failed"; return 1; }
    expected=$out/host/$rel
    [ -f "$expected" ] || expected=$SRC/$rel
  fi
  diff -u "$expected" "$fused" > "$out.diff" ||
    { cat "$out.diff"; echo "FAIL [$name]: fused on CUDA differs from the host build's"; return 1; }
  # shellcheck disable=SC2086
  (cd "$TMP" && "$NVCC" -x cu $NVCC_FLAGS -cuda "$fused" -o "$out.ii" && rm -f "$out.ii") > "$out.nvcc.log" 2>&1 ||
    { head -40 "$out.nvcc.log"; echo "FAIL [$name]: the fused code does not compile with nvcc"; return 1; }
  echo "ok [$kind $name]: fused $(grep -c "kfuse-fused\]" "$out.cuda.log" || true) group(s), same as host, compiles for CUDA ($SM)"
}
export -f one
# What nvcc_wrapper adds, for nvcc itself (-cuda stops before the host compile).
NVCC=$(command -v nvcc)
NVCC_FLAGS="-ccbin ${CXX:-g++} -DKOKKOS_DEPENDENCE -isystem $KOKKOS/include -I$SRC/include -I$SRC/examples/common -O0 -std=c++17 --expt-extended-lambda --expt-relaxed-constexpr -Wext-lambda-captures-this -arch=$SM"
export KFUSE SRC TMP NVCCW CUDA_FLAGS SM NVCC NVCC_FLAGS
mkdir -p "$TMP/out"
start=$(date +%s)
status=0
xargs -P "$(nproc)" -L 1 bash -c 'one "$@"' _ < "$TMP/items" || status=1
echo "$(wc -l < "$TMP/items") files in $(( $(date +%s) - start )) s"
exit $status
