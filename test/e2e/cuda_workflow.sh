#!/usr/bin/env bash
# The workflow on a CUDA build, the parts that need no GPU (examples/stream):
#   sites:      nvcc_wrapper, `nvcc -x cu` and `clang++ -x cuda` databases give
#               the host build's launch model, site ids included;
#   instrument: as the compiler launcher of a CMake build whose compiler is
#               nvcc_wrapper: the build passes (its binary needs a GPU to run);
#   check:      plans for CUDA (said once), with the finding of the host
#               build planned for CUDA (exit 1);
#   fuse:       --in-place through the CUDA database; the fused file compiles
#               with nvcc, and check is then clean (exit 0).
#
# Usage: cuda_workflow.sh KFUSE SOURCE_DIR HOST_KOKKOS_INCLUDE CACHE_DIR ARCH CLANGXX
#   exits 77 (skipped) where the fixture found no nvcc or Kokkos source.
set -euo pipefail
KFUSE=$1 SRC=$2 HOST_INC=$3 CACHE=$4 ARCH=$5 CLANGXX=$6
[ -f "$CACHE/current-$ARCH" ] || { echo "skipped: no CUDA Kokkos (see the cuda_kokkos test)"; exit 77; }
KOKKOS=$(cat "$CACHE/current-$ARCH")
NVCCW=$KOKKOS/bin/nvcc_wrapper
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
CUDA=$(cd "$(dirname "$NVCC")/.." && pwd)
export PATH="$CUDA/bin:$PATH"
SM=sm_${ARCH//[!0-9]/}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$TMP/proj/examples/stream"
cp "$SRC/examples/stream/stream.cpp" "$TMP/proj/examples/stream/"
cp -r "$SRC/profiles" "$TMP/proj/profiles"
cd "$TMP/proj"
FILE=$TMP/proj/examples/stream/stream.cpp
db() { # DIR COMMAND...
  mkdir -p "$1"
  printf '[{"directory": "%s", "file": "%s", "command": "%s -c %s -o stream.o"}]\n' \
    "$TMP/proj" "$FILE" "$2" "$FILE" > "$1/compile_commands.json"
}
CUDA_FLAGS="-isystem $KOKKOS/include -I$SRC/include -O3 -DNDEBUG -std=c++17 -extended-lambda -Wext-lambda-captures-this -arch=$SM"
db host "${CXX:-c++} -std=c++17 ${KFUSE_KOKKOS_FLAGS:-} -isystem $HOST_INC -I$SRC/include"
db wrapper "$NVCCW $CUDA_FLAGS"
db nvcc "$NVCC -x cu -ccbin ${CXX:-c++} -isystem $KOKKOS/include -I$SRC/include -O3 -std=c++17 --expt-extended-lambda --expt-relaxed-constexpr -gencode arch=compute_${SM#sm_},code=$SM -Xcompiler -Wall,-Wextra"
db clang "$CLANGXX -x cuda --cuda-gpu-arch=$SM -isystem $KOKKOS/include -I$SRC/include -O3 -std=c++17"

# 1. sites: the host build's, site ids and all.
"$KFUSE" sites -p host --project-root . "$FILE" > host.sites 2>&1 || { cat host.sites; fail "sites on the host database"; }
"$KFUSE" sites -p host --project-root . --format=json "$FILE" > host.json
for d in wrapper nvcc clang; do
  "$KFUSE" sites -p $d --project-root . "$FILE" > $d.sites 2>&1 || { cat $d.sites; fail "sites on the $d database"; }
  diff -u host.sites $d.sites || fail "sites through $d differ from the host build's"
  "$KFUSE" sites -p $d --project-root . --format=json "$FILE" > $d.json
  cmp -s host.json $d.json || fail "site ids through $d differ from the host build's"
done
grep -q "^  id:      examples/stream/stream.cpp:main#1:" wrapper.sites || fail "no site 'copy' through nvcc_wrapper"
echo "ok: sites through nvcc_wrapper, nvcc -x cu and clang++ -x cuda are the host build's"

# 2. instrument: the compiler launcher of a CMake build with nvcc_wrapper.
mkdir -p cm
cat > cm/CMakeLists.txt <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(stream_cuda CXX)
find_package(Kokkos REQUIRED)
add_executable(stream $FILE)
# An include directory under the project root: the launcher searches its
# mirror first, spelled as CMake spells it (-I<dir>, which nvcc_wrapper needs).
target_include_directories(stream PRIVATE $SRC/include $TMP/proj/examples/stream)
target_link_libraries(stream PRIVATE Kokkos::kokkos)
CMAKE
cmake -S cm -B cm/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DKokkos_ROOT="$KOKKOS" \
  -DCMAKE_CXX_COMPILER="$NVCCW" "-DCMAKE_CXX_COMPILER_LAUNCHER=$KFUSE;instrument;--" \
  -DCMAKE_EXE_LINKER_FLAGS="-L$CUDA/lib64/stubs" > cm.log 2>&1 || { tail -30 cm.log; fail "configuring the CUDA build"; }
KFUSE_PROJECT_ROOT=$TMP/proj cmake --build cm/build > build.log 2>&1 || { tail -40 build.log; fail "the instrumented CUDA build"; }
grep -q "kfuse" <(nm -C cm/build/CMakeFiles/stream.dir/*/stream.cpp.o 2>/dev/null || nm -C $(find cm/build -name 'stream.cpp.o')) ||
  fail "the CUDA object holds no kfuse instrumentation"
[ -x cm/build/stream ] || fail "no instrumented CUDA binary"
echo "ok: instrumented CUDA build through the compiler launcher (nvcc_wrapper)"

# 3. check: the host build's finding.
status=0
"$KFUSE" check -p wrapper --project-root . --profile profiles/stream.json "$FILE" > check.out 2> check.err || status=$?
[ "$status" = 1 ] || { cat check.err; fail "check through nvcc_wrapper exited $status, expected 1"; }
"$KFUSE" check -p host --project-root . --profile profiles/stream.json --backend=Cuda "$FILE" > /dev/null 2> check.host.err || true
grep -q "note: planning for Cuda (the compile commands build for CUDA); the profile ran on Serial" check.err ||
  { cat check.err; fail "check through nvcc_wrapper does not say it plans for CUDA"; }
sed -i 's/ (the compile commands build for CUDA)//' check.err
diff -u check.host.err check.err || fail "check through nvcc_wrapper differs from the host build's"

# 4. fuse in place, compile for CUDA, check clean.
"$KFUSE" fuse -p wrapper --project-root . --profile profiles/stream.json --in-place "$FILE" > fuse.log 2>&1 ||
  { cat fuse.log; fail "fuse through nvcc_wrapper"; }
grep -q "kfuse-begin" "$FILE" || { cat fuse.log; fail "nothing fused through nvcc_wrapper"; }
# shellcheck disable=SC2086
"$NVCCW" $CUDA_FLAGS -c "$FILE" -o fused.o > nvcc.log 2>&1 || { head -40 nvcc.log; fail "the fused file does not compile with nvcc"; }
"$KFUSE" check -p wrapper --project-root . --profile profiles/stream.json "$FILE" > /dev/null 2> check2.err ||
  { cat check2.err; fail "check after fuse is not clean"; }
echo "ok: fuse --in-place through nvcc_wrapper; the fused file compiles for CUDA ($SM); check is clean"
