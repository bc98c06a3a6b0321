#!/usr/bin/env bash
# The main job on the bundled example (examples/stream): profile it through an
# instrumented build, fuse it, build the fused program, run both, and show the
# diff, the checksums and the speedup (median of 5 interleaved runs).
set -euo pipefail
KFUSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=deps.sh
source "$KFUSE_ROOT/scripts/deps.sh"

kfuse_install_deps
kfuse_build "$KFUSE_ROOT/build"
cd "$KFUSE_ROOT"
KFUSE=$KFUSE_ROOT/build/bin/kfuse
OUT=$KFUSE_ROOT/build/demo
mkdir -p "$OUT"
# shellcheck disable=SC1091
source build/kokkos-paths.env   # KOKKOS_INC, KOKKOS_LIB (written by CMake)
KFUSE_KOKKOS_FLAGS=${KFUSE_KOKKOS_FLAGS:-${KOKKOS_FLAGS:-}}   # -fopenmp for an OpenMP Kokkos
CXX=${CXX:-c++}
FLAGS=(-std=c++17 -O3 -DNDEBUG -isystem "$KOKKOS_INC" -I "$KFUSE_ROOT/include" ${KFUSE_KOKKOS_FLAGS:-})
N=${N:-4000000}
IT=${IT:-20}

echo "== 1. the launch sites kfuse sees"
"$KFUSE" sites -p build examples/stream/stream.cpp | grep -E "parallel_|view:"

echo
echo "== 2. instrumented build (kfuse instrument as compiler launcher) and profile run"
KFUSE_PROJECT_ROOT=$KFUSE_ROOT "$KFUSE" instrument -- "$CXX" "${FLAGS[@]}" \
  -o "$OUT/stream-prof.o" -c examples/stream/stream.cpp
"$CXX" "$OUT/stream-prof.o" -o "$OUT/stream-prof" "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
KFUSE_PROFILE=$OUT/stream.json "$OUT/stream-prof" 200000 20
echo "profile: $OUT/stream.json ($(wc -c <"$OUT/stream.json") bytes)"

echo
echo "== 3. kfuse fuse (the diff)"
"$KFUSE" fuse -p build --profile "$OUT/stream.json" examples/stream/stream.cpp
"$KFUSE" fuse -p build --profile "$OUT/stream.json" --output-dir "$OUT/fused" \
  examples/stream/stream.cpp 2>/dev/null

echo
echo "== 4. build and run both"
"$CXX" "${FLAGS[@]}" examples/stream/stream.cpp -o "$OUT/unfused" "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
"$CXX" "${FLAGS[@]}" "$OUT/fused/examples/stream/stream.cpp" -o "$OUT/fused-bin" "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
U=$("$OUT/unfused" "$N" "$IT")
F=$("$OUT/fused-bin" "$N" "$IT")
echo "unfused: $U"
echo "fused:   $F"
[ "$U" = "$F" ] && echo "checksums agree" || { echo "CHECKSUMS DIFFER"; exit 1; }

timeit() { local s e; s=$(date +%s%N); "$@" >/dev/null; e=$(date +%s%N); echo $(( (e - s) / 1000 )); }
tu=(); tf=()
"$OUT/unfused" "$N" 2 >/dev/null; "$OUT/fused-bin" "$N" 2 >/dev/null   # warm-up
for _ in 1 2 3 4 5; do
  tu+=("$(timeit "$OUT/unfused" "$N" "$IT")")
  tf+=("$(timeit "$OUT/fused-bin" "$N" "$IT")")
done
med() { printf '%s\n' "$@" | sort -n | sed -n 3p; }
mu=$(med "${tu[@]}"); mf=$(med "${tf[@]}")
echo
echo "== 5. speedup (whole program, N=$N, $IT iterations, median of 5 interleaved runs)"
echo "unfused ${mu} us, fused ${mf} us, speedup $(awk "BEGIN{printf \"%.2f\", $mu/$mf}")x"
