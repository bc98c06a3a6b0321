#!/usr/bin/env bash
# Benchmark driver (not a test). For each example subject: fuses it with its
# committed profile (profiles/<name>.json, or a fresh one with --reprofile),
# builds four variants at -O3 (unfused, fused, fused with --no-restrict,
# hand-fused), checks that they print the same checksums at the benchmark size,
# then times them (one warm-up run each, then the median of RUNS interleaved
# runs) and writes examples/RESULTS.md and the chart examples/results.svg.
#
# Usage: scripts/bench.sh [--reprofile] [subjects...]   (default: every subject)
#   RUNS=11                    timed runs per variant (at least 5)
#   KFUSE=build/bin/kfuse      the kfuse binary to benchmark
#   WORK=build/bench-examples  variants, remarks, raw times
#   KFUSE_BUILD=build          the build tree whose compile database and Kokkos
#                              (kokkos-paths.env) are used: another Kokkos, e.g.
#                              OpenMP (then set OMP_NUM_THREADS)
#   RESULTS=examples/RESULTS.md  the report (its chart: the same name, .svg)
# Uses the built tree (scripts/test.sh); builds one, as scripts/demo.sh does,
# only when build/bin/kfuse is missing. Takes about 8 minutes for all subjects.
# Run it on a quiet machine (RESULTS.md records the load average); where it
# may (root), it runs the programs at nice -15 so that other jobs disturb the
# timings less.
set -euo pipefail
KFUSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$KFUSE_ROOT"
if [ ! -x build/bin/kfuse ] && [ -z "${KFUSE:-}" ]; then
  # shellcheck source=deps.sh
  source "$KFUSE_ROOT/scripts/deps.sh"
  kfuse_install_deps
  kfuse_build "$KFUSE_ROOT/build"
fi
KFUSE=${KFUSE:-$KFUSE_ROOT/build/bin/kfuse}
WORK=${WORK:-$KFUSE_ROOT/build/bench-examples}
RUNS=${RUNS:-11}
[ "$RUNS" -ge 5 ] || { echo "error: RUNS must be at least 5" >&2; exit 2; }
REPROFILE=0
if [ "${1:-}" = --reprofile ]; then REPROFILE=1; shift; fi
# shellcheck disable=SC1091
BUILD=${KFUSE_BUILD:-build}
RESULTS=${RESULTS:-examples/RESULTS.md}
SVG=${RESULTS%.md}.svg
[ "$RESULTS" != examples/RESULTS.md ] || SVG=examples/results.svg
source "$BUILD/kokkos-paths.env"   # KOKKOS_INC, KOKKOS_LIB
KFUSE_KOKKOS_FLAGS=${KFUSE_KOKKOS_FLAGS:-${KOKKOS_FLAGS:-}}   # -fopenmp for an OpenMP Kokkos
CXX=${CXX:-c++}
# Code alignment held fixed in every variant: an untouched loop of a
# rewritten file may land at another alignment, which alone moved a CG pair
# by 10% (KFUSE_BENCH_ALIGN= to build as the compiler chooses).
KFUSE_BENCH_ALIGN=${KFUSE_BENCH_ALIGN--falign-functions=64 -falign-loops=64}
# shellcheck disable=SC2206
FLAGS=(-std=c++17 -O3 -DNDEBUG $KFUSE_BENCH_ALIGN -isystem "$KOKKOS_INC" -I include -I examples/common ${KFUSE_KOKKOS_FLAGS:-})
LAUNCHER=()
if command -v ccache >/dev/null; then LAUNCHER=(ccache); fi
PRIORITY=()
if [ "$(nice -n -15 nice 2>/dev/null)" = -15 ]; then PRIORITY=(nice -n -15); fi
ALL=$(sed -n '/^set(KFUSE_EXAMPLES$/,/^)/p' examples/CMakeLists.txt | sed '1d;$d')
SUBJECTS=${*:-$ALL}

# Benchmark arguments ([size] [iterations]): a run of the unfused loop takes
# 0.2-1 s here, and streaming subjects' arrays are larger than the caches.
# Sizes are not powers of two where the subject allows (transpose 2048 runs 4x
# slower than 2000 from cache conflicts); gups needs one.
declare -A ARGS=(
  [stream]="4000000 25" [nstream]="4000000 100" [timeloop]="4194304 20"
  [transpose]="2000 16" [gups]="8388608 8" [gups_atomic]="8388608 8" [adi]="1000 15"
  [covariance]="700 3" [fdtd_2d]="2000 20" [jacobi_1d]="4000000 50"
  [mvt]="4000 3" [syrk]="640 3" [syr2k]="600 2" [gnb]="65536 10"
  [dsmc]="1000000 15" [md]="40 50" [md_half]="40 50" [layout_mix]="4000 250 40"
)
# Bytes the unfused kernels move per run (each array a kernel touches read once
# and written once), in terms of a = size and b = iterations, where the model
# is obvious: streaming kernels with unit-stride or cache-friendly reuse.
declare -A BYTES=(
  [stream]="96*a*b"          # copy 16 + mul 16 + add 24 + triad 24 + dot 16 B per element
  [nstream]="32*a*b"         # A += B + s*C
  [timeloop]="32*a*b"        # B = f(A): 16 B; A = g(B): 16 B
  [transpose]="40*a*a*b"     # B(i,j) += A(j,i): 24 B; A(j,i) += 1: 16 B
  [jacobi_1d]="32*(a-2)*b"   # two 3-point stencils, 16 B each
  [fdtd_2d]="(48*a*(a+int(a/4)) + 32*(a-1)*(a+int(a/4)-1))*b"  # ey, ex: 24 B; hz: 32 B
  [mvt]="16*a*a*b"           # A read once by each matrix-vector product
)
# PyFuser's CPU speedups (seeds/000, Table 5: Xeon E5-2620 and EPYC 7763, with its
# transformations): the range over the subject's fused kernels.
declare -A PYFUSER=(
  [stream]="2.57-3.07" [nstream]="2.28-24.63" [timeloop]="-" [transpose]="3.52-12.62"
  [gups]="1.22-1.57" [gups_atomic]="1.02-5.90" [adi]="1.59-5.90"
  [covariance]="1.10-1.47" [fdtd_2d]="1.04-1.33" [jacobi_1d]="1.22-1.58"
  [mvt]="2.12-3.34" [syrk]="1.77-2.64" [syr2k]="1.28-3.13" [gnb]="1.42-4.30"
  [dsmc]="1.21-1.38" [md]="1.43-1.92" [md_half]="1.43-1.92" [layout_mix]="-"
)

log() { echo "[$(date +%T)] $*" >&2; }
compile() { "${LAUNCHER[@]}" "$CXX" "${FLAGS[@]}" "$1" -o "$2" "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl; }
# The key=value tokens a program prints, time_s left out (as compare_checksums.sh).
values() { tr '[:blank:]' '\n' <<<"$1" | grep '=' | grep -v '^time_s=' || true; }
median() { sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# Seconds of one run: the time_s the program prints (its timed loop), or the
# wall time of the whole process when it prints none (stream).
timed_run() {
  local Start End Out
  Start=$(date +%s%N)
  Out=$("${PRIORITY[@]}" "$@")
  End=$(date +%s%N)
  case $Out in
    *time_s=*) sed -n 's/^time_s=//p' <<<"$Out" ;;
    *) awk -v ns=$((End - Start)) 'BEGIN { printf "%.6f\n", ns / 1e9 }' ;;
  esac
}

# One subject: variants in $WORK/<name>/, one line of $WORK/results.tsv.
bench_subject() {
  local Name=$1 Dir=$WORK/$1 Src=examples/$1/$1.cpp Profile=profiles/$1.json
  local -a Args Variants
  read -ra Args <<<"${ARGS[$Name]}"
  rm -rf "$Dir" && mkdir -p "$Dir"
  if [ "$REPROFILE" = 1 ]; then
    KFUSE=$KFUSE PROFILE_DIR=$WORK/profiles scripts/profile-examples.sh "$Name" >/dev/null
    Profile=$WORK/profiles/$Name.json
  fi
  log "$Name: fuse and build"
  local Status=ok
  "$KFUSE" fuse -p "$BUILD" --project-root "$KFUSE_ROOT" --profile "$Profile" \
    --output-dir "$Dir/src-fused" "$Src" 2>"$Dir/remarks.txt" || Status="kfuse fuse failed"
  compile "$Src" "$Dir/unfused"
  compile "examples/$Name/${Name}_handfused.cpp" "$Dir/handfused"
  Variants=(unfused handfused)
  if [ "$Status" = ok ] && grep -q 'remark: fused' "$Dir/remarks.txt"; then
    if "$KFUSE" fuse -p "$BUILD" --project-root "$KFUSE_ROOT" --profile "$Profile" --no-restrict \
        --output-dir "$Dir/src-norestrict" "$Src" 2>/dev/null &&
      compile "$Dir/src-fused/$Src" "$Dir/fused" 2>"$Dir/compile.log" &&
      compile "$Dir/src-norestrict/$Src" "$Dir/norestrict" 2>>"$Dir/compile.log"; then
      Variants=(unfused fused norestrict handfused)
    else
      Status="the fused copy does not compile"
      log "$Name: $Status ($Dir/compile.log)"
    fi
  fi

  log "$Name: checksums and warm-up (${Args[*]})"
  local Out Want V Timer=loop
  Out=$("$Dir/unfused" "${Args[@]}")
  Want=$(values "$Out")
  grep -q '^time_s=' <<<"$Out" || Timer=wall
  for V in "${Variants[@]:1}"; do
    Out=$("$Dir/$V" "${Args[@]}")
    if [ "$(values "$Out")" != "$Want" ]; then
      Status="checksums differ: $V"
      log "$Name: $V printed '$(values "$Out")', unfused '$Want'"
    fi
  done

  log "$Name: $RUNS interleaved runs of ${#Variants[@]} variants"
  local R I N=${#Variants[@]}
  for ((R = 0; R < RUNS; R++)); do
    for ((I = 0; I < N; I++)); do
      V=${Variants[$(((I + R) % N))]}   # rotate the order: no variant always runs first
      timed_run "$Dir/$V" "${Args[@]}" >>"$Dir/$V.times"
    done
  done

  # One line of results.tsv; bench-report.awk documents the fields.
  local -A T=([fused]="" [norestrict]="")
  local Spread=0 Groups Why Bytes=
  for V in "${Variants[@]}"; do
    T[$V]=$(median <"$Dir/$V.times")
    Spread=$(sort -g "$Dir/$V.times" | awk -v m="${T[$V]}" -v s="$Spread" \
      '{ v[NR] = $1 } END { r = (v[NR] - v[1]) / m; print (r > s ? r : s) }')
  done
  # Kernels per fused group ("5", "4+4"), and the refusals.
  Groups=$(sed -n "s/.*remark: fused \(.*\) ([0-9.]*% of kernel time.*/\1/p" "$Dir/remarks.txt" |
    awk -F"', '" '{ printf "%s%d", (NR > 1 ? "+" : ""), NF }')
  Why=$(sed -n 's/^[^ ]*: remark: not fusing //p' "$Dir/remarks.txt" | paste -sd '\t' - |
    sed 's/|/\\|/g; s/\t/; /g')
  if [ -n "${BYTES[$Name]:-}" ]; then
    Bytes=$(awk -v a="${Args[0]}" -v b="${Args[1]}" "BEGIN { printf \"%.0f\", ${BYTES[$Name]} }")
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$Name" "${Args[*]}" "$Timer" \
    "${T[unfused]}" "${T[fused]}" "${T[norestrict]}" "${T[handfused]}" "${Groups:--}" \
    "$Bytes" "$Spread" "${PYFUSER[$Name]}" "$Status" "$Why" >>"$WORK/results.tsv"
}

for Name in $SUBJECTS; do
  [ -n "${ARGS[$Name]:-}" ] || { echo "error: unknown subject '$Name'" >&2; exit 2; }
done
mkdir -p "$WORK"
: >"$WORK/results.tsv"
LoadBefore=$(cut -d' ' -f1-3 /proc/loadavg)
log "stream bandwidth of this machine"
compile bench/StreamBandwidth.cpp "$WORK/stream_bandwidth"
StreamLine=$("${PRIORITY[@]}" "$WORK/stream_bandwidth" 20000000 30)
field() { sed -n "s/.*$1=\([^ ]*\).*/\1/p" <<<"$StreamLine"; }
for Name in $SUBJECTS; do
  bench_subject "$Name"
done
LoadAfter=$(cut -d' ' -f1-3 /proc/loadavg)

Command=scripts/bench.sh
[ "$REPROFILE" = 0 ] || Command+=" --reprofile"
[ $# -eq 0 ] || Command+=" $*"
Commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
git diff --quiet HEAD -- lib tool include 2>/dev/null || Commit+=" with uncommitted changes"
Machine="$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1), $(nproc) cores,"
Machine+=" $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo);"
Machine+=" $("$CXX" --version | head -1) -O3 -DNDEBUG $KFUSE_BENCH_ALIGN;"
Machine+=" Kokkos $(field kokkos), $(field backend) backend"
awk -v command="$Command" -v machine="$Machine" -v copy="$(field copy_GBs)" \
  -v triad="$(field triad_GBs)" -v stream_n="$(field N)" -v load="$LoadBefore (start), $LoadAfter (end)" \
  -v runs="$RUNS" -v priority="${PRIORITY[*]:-normal priority}" \
  -v commit="$Commit" \
  -v date="$(date -u +%Y-%m-%d)" -v svg="$SVG" \
  -f scripts/bench-report.awk "$WORK/results.tsv" >"$RESULTS"
log "wrote $RESULTS and $SVG"
! grep -q $'\tchecksums differ' "$WORK/results.tsv"
