#!/usr/bin/env bash
# GPU benchmark (not a test): unfused, fused and hand-fused examples built with
# nvcc against CUDA Kokkos and timed on the GPU; writes examples/RESULTS-cuda.md.
#
# Two steps, so that the GPU machine needs neither LLVM nor kfuse:
#   scripts/bench-cuda.sh prepare [DIR]   where kfuse is built (scripts/test.sh):
#       fuses every example with its committed profile, planned for Cuda
#       (--backend=Cuda), into DIR (default build/bench-cuda), with the Kokkos
#       source (KOKKOS_SOURCE, default ../shared/kokkos/kokkos-4.6.01.tar.gz);
#   scripts/bench-cuda.sh run [DIR]       on the GPU machine (CUDA, CMake, a
#       compiler; no network): builds CUDA + Serial Kokkos for the GPU found
#       (scripts/build-kokkos.sh --cuda), builds the three variants of each
#       example with nvcc_wrapper, checks that they print the same checksums
#       (the fused one also with KFUSE_DISABLE=1), and times them.
#
# Per-iteration time is the difference of two runs, ITERS and 4 x ITERS
# iterations, divided by 3 x ITERS: CUDA's start-up and the first iteration's
# module loading cancel out. RUNS (default 5) rounds, each running unfused,
# fused and hand-fused in turn; the median per variant. About 5 minutes on a
# 16-core H100 or H200 machine.
#   RUNS=5  RESULTS=examples/RESULTS-cuda.md  SUBJECTS="stream mvt ..."
set -euo pipefail
KFUSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$KFUSE_ROOT"
STEP=${1:-}
DIR=${2:-build/bench-cuda}
RUNS=${RUNS:-5}
RESULTS=${RESULTS:-examples/RESULTS-cuda.md}
ALL=$(sed -n '/^set(KFUSE_EXAMPLES$/,/^)/p' examples/CMakeLists.txt | sed '1d;$d')
SUBJECTS=${SUBJECTS:-$ALL}
log() { echo "[$(date +%T)] $*" >&2; }

# [size] [iterations] (layout_mix: rows, columns, steps): the iteration
# count is the last argument.
declare -A ARGS=(
  [stream]="4000000 25" [nstream]="4000000 100" [transpose]="2000 16"
  [gups]="8388608 8" [gups_atomic]="8388608 8" [adi]="1000 15"
  [covariance]="700 3" [fdtd_2d]="2000 20" [jacobi_1d]="4000000 50"
  [mvt]="4000 3" [syrk]="640 3" [syr2k]="600 2" [gnb]="65536 10"
  [dsmc]="1000000 15" [md]="40 50" [md_half]="40 50" [layout_mix]="4000 250 40"
)
# PyFuser on an NVIDIA A100 (seeds/000, Table 5, optimized column): the
# range over the subject's fused kernels.
declare -A PYFUSER_A100=(
  [stream]="2.25" [nstream]="25.41" [transpose]="45.34" [gups]="1.88"
  [gups_atomic]="1.94" [adi]="1.80-5.45" [covariance]="2.35" [fdtd_2d]="0.73"
  [jacobi_1d]="2.73-2.99" [mvt]="1.87" [syrk]="1.57-1.67" [syr2k]="1.69-3.49"
  [gnb]="1.29-4.28" [dsmc]="1.78" [md]="1.60-1.69" [md_half]="1.60-1.69" [layout_mix]="-"
)

prepare() {
  local kfuse=${KFUSE:-build/bin/kfuse} src=${KOKKOS_SOURCE:-$KFUSE_ROOT/../shared/kokkos/kokkos-4.6.01.tar.gz}
  [ -x "$kfuse" ] || { echo "error: no $kfuse: build kfuse first (scripts/test.sh)" >&2; exit 2; }
  [ -f build/compile_commands.json ] || { echo "error: no build/compile_commands.json" >&2; exit 2; }
  [ -e "$src" ] || { echo "error: no Kokkos source at $src (set KOKKOS_SOURCE)" >&2; exit 2; }
  rm -rf "$DIR"
  mkdir -p "$DIR/fused"
  if [ -f "$src" ]; then cp "$src" "$DIR/kokkos-source.tar.gz"; else cp -r "$src" "$DIR/kokkos-source"; fi
  basename "$src" | sed 's/\.tar.*//' > "$DIR/kokkos-name"
  for n in $SUBJECTS; do
    [ -f "profiles/$n.json" ] || { log "$n: no profile, skipped"; continue; }
    "$kfuse" fuse -p build --profile "profiles/$n.json" --backend=Cuda \
      --output-dir "$DIR/fused" "examples/$n/$n.cpp" > "$DIR/$n.remarks" 2>&1 ||
      { cat "$DIR/$n.remarks" >&2; exit 1; }
    [ -f "$DIR/fused/examples/$n/$n.cpp" ] ||
      { mkdir -p "$DIR/fused/examples/$n"; cp "examples/$n/$n.cpp" "$DIR/fused/examples/$n/"; }
    echo "$n" >> "$DIR/subjects"
    log "$n: $(grep -c 'kfuse-fused\]' "$DIR/$n.remarks" || true) group(s) fused for Cuda"
  done
  log "prepared $DIR: run 'scripts/bench-cuda.sh run $DIR' on the GPU machine"
}

# The first GPU's compute capability (GPU_CC=9.0 where there is none, with
# BUILD_ONLY=1: compile, do not run; SKIP_BUILD=1 runs the programs already
# in DIR/bin).
gpu_cc() {
  if [ -n "${GPU_CC:-}" ]; then echo "$GPU_CC"; return; fi
  nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -1 | tr -d ' '
}
# Its Kokkos_ARCH_ name.
gpu_arch() {
  case $(gpu_cc) in
    7.0) echo VOLTA70 ;; 7.5) echo TURING75 ;; 8.0) echo AMPERE80 ;; 8.6) echo AMPERE86 ;;
    8.9) echo ADA89 ;; 9.0) echo HOPPER90 ;; 10.0) echo BLACKWELL100 ;; 12.0) echo BLACKWELL120 ;;
    *) echo HOPPER90 ;;
  esac
}

median() { sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
values() { tr '[:blank:]' '\n' <<<"$1" | grep '=' | grep -v '^time_s=' || true; }
# Seconds of a run's timed loop (time_s), or of the whole process.
seconds() {
  local start end out
  start=$(date +%s%N)
  out=$("$@")
  end=$(date +%s%N)
  case $out in
    *time_s=*) sed -n 's/^time_s=//p' <<<"$out" ;;
    *) awk -v ns=$((end - start)) 'BEGIN { printf "%.6f\n", ns / 1e9 }' ;;
  esac
}

run() {
  [ -f "$DIR/subjects" ] || { echo "error: $DIR is not prepared (scripts/bench-cuda.sh prepare)" >&2; exit 2; }
  local nvcc cuda arch sm kokkos
  nvcc=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  cuda=$(cd "$(dirname "$nvcc")/.." && pwd)
  export PATH="$cuda/bin:$PATH"
  arch=$(gpu_arch)
  kokkos=$DIR/kokkos-cuda-$arch
  if [ ! -f "$kokkos/kfuse-complete" ] && [ "${SKIP_BUILD:-0}" != 1 ]; then
    log "building Kokkos (CUDA $arch + Serial)"
    scripts/build-kokkos.sh --cuda "$arch" "$(ls -d "$DIR"/kokkos-source* | head -1)" "$kokkos" > "$DIR/kokkos-build.log" 2>&1 ||
      { tail -30 "$DIR/kokkos-build.log" >&2; exit 1; }
    touch "$kokkos/kfuse-complete"
  fi
  sm=sm_$(gpu_cc | tr -d .)
  mkdir -p "$DIR/bin"
  [ "${SKIP_BUILD:-0}" = 1 ] || log "building $(wc -l < "$DIR/subjects") subjects x 3 variants for $sm"
  : > "$DIR/builds"
  while read -r n; do
    echo "$n examples/$n/$n.cpp" >> "$DIR/builds"
    echo "${n}_fused $DIR/fused/examples/$n/$n.cpp" >> "$DIR/builds"
    echo "${n}_handfused examples/$n/${n}_handfused.cpp" >> "$DIR/builds"
  done < "$DIR/subjects"
  export KOKKOS_INSTALL=$kokkos SM=$sm CUDA_DIR=$cuda OUT=$DIR/bin
  [ "${SKIP_BUILD:-0}" = 1 ] || {
  # shellcheck disable=SC2016
  xargs -P "$(nproc)" -L 1 bash -c '
    { "$KOKKOS_INSTALL/bin/nvcc_wrapper" -std=c++17 -O3 -DNDEBUG -extended-lambda -arch="$SM" \
        -isystem "$KOKKOS_INSTALL/include" -Iinclude -Iexamples/common -c "$2" -o "$OUT/$1.o" &&
      "$KOKKOS_INSTALL/bin/nvcc_wrapper" -arch="$SM" "$OUT/$1.o" -o "$OUT/$1" \
        "$KOKKOS_INSTALL/lib/libkokkoscore.a" -ldl -L"$CUDA_DIR/lib64/stubs" -lcuda
    } > "$OUT/$1.log" 2>&1 || { cat "$OUT/$1.log" >&2; echo "FAIL: building $1" >&2; exit 1; }' _ \
    < "$DIR/builds"
  }
  if [ "${BUILD_ONLY:-0}" = 1 ]; then log "built $(wc -l < "$DIR/builds") programs (BUILD_ONLY)"; return; fi

  local rows="" geo_f=0 geo_h=0 count=0
  while read -r n; do
    read -r -a a <<<"${ARGS[$n]}"
    local it=${a[-1]} small large
    small=("${a[@]}"); large=("${a[@]}"); large[-1]=$((4 * it))
    # Checksums: the three variants, and the fused one taking its fallback.
    local ref out check=same
    ref=$(values "$("$DIR/bin/$n" "${small[@]}")")
    for v in "${n}_fused" "${n}_handfused"; do
      out=$(values "$("$DIR/bin/$v" "${small[@]}")")
      [ "$out" = "$ref" ] || check="differ ($v)"
    done
    out=$(values "$(KFUSE_DISABLE=1 "$DIR/bin/${n}_fused" "${small[@]}")")
    [ "$out" = "$ref" ] || check="differ (${n}_fused, KFUSE_DISABLE=1)"
    local -A per=()
    for r in $(seq "$RUNS"); do
      for v in "$n" "${n}_fused" "${n}_handfused"; do
        local ts tl
        ts=$(seconds "$DIR/bin/$v" "${small[@]}")
        tl=$(seconds "$DIR/bin/$v" "${large[@]}")
        per[$v]+="$(awk -v s="$ts" -v l="$tl" -v k=$((3 * it)) 'BEGIN { printf "%.9f", (l - s) / k }') "
      done
    done
    local u f h
    u=$(tr ' ' '\n' <<<"${per[$n]}" | grep . | median)
    f=$(tr ' ' '\n' <<<"${per[${n}_fused]}" | grep . | median)
    h=$(tr ' ' '\n' <<<"${per[${n}_handfused]}" | grep . | median)
    local fused_groups
    fused_groups=$(grep -c 'kfuse-fused\]' "$DIR/$n.remarks" || true)
    rows+=$(awk -v n="$n" -v args="${a[*]}" -v u="$u" -v f="$f" -v h="$h" -v g="$fused_groups" \
      -v p="${PYFUSER_A100[$n]:--}" -v c="$check" 'BEGIN {
        printf "| %s | %s | %d | %.1f | %.1f | %.1f | %.2f | %.2f | %s | %s |\n",
               n, args, g, u * 1e6, f * 1e6, h * 1e6, u / f, u / h, p, c }')$'\n'
    geo_f=$(awk -v g="$geo_f" -v u="$u" -v f="$f" 'BEGIN { print g + log(u / f) }')
    geo_h=$(awk -v g="$geo_h" -v u="$u" -v h="$h" 'BEGIN { print g + log(u / h) }')
    count=$((count + 1))
    log "$n: unfused/fused $(awk -v u="$u" -v f="$f" 'BEGIN { printf "%.2f", u / f }'), checksums $check"
  done < "$DIR/subjects"

  local card driver cudaver
  card=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
  driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)
  cudaver=$("$nvcc" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')
  {
    echo "# kfuse on a GPU: fused vs unfused vs hand-fused"
    echo
    echo "Generated by \`scripts/bench-cuda.sh\` on $(date -u +%Y-%m-%d): $card, driver $driver,"
    echo "CUDA $cudaver, $(cat "$DIR/kokkos-name") (CUDA $arch + Serial), nvcc_wrapper -O3."
    echo "Fused code: \`kfuse fuse --backend=Cuda\` with the committed profiles (profiles/)."
    echo "Time per iteration in microseconds: (run of 4 x ITERS - run of ITERS) / (3 x ITERS),"
    echo "median of $RUNS interleaved rounds. Speedups are unfused / variant. Checksums: the"
    echo "three variants, and the fused one with KFUSE_DISABLE=1, print the same values."
    echo "PyFuser: its A100 speedup for the subject's kernels (seeds/000, Table 5, optimized)."
    echo
    echo "| subject | args | groups fused | unfused us | fused us | hand-fused us | fused speedup | hand-fused speedup | PyFuser A100 | checksums |"
    echo "|---|---|---|---|---|---|---|---|---|---|"
    printf '%s' "$rows"
    echo
    awk -v f="$geo_f" -v h="$geo_h" -v c="$count" 'BEGIN {
      printf "Geomean speedup: fused %.2f, hand-fused %.2f (%d subjects).\n", exp(f / c), exp(h / c), c }'
  } > "$RESULTS"
  log "wrote $RESULTS"
}

case $STEP in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: $0 prepare|run [DIR]" >&2; exit 2 ;;
esac
