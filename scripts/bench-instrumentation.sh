#!/usr/bin/env bash
# Benchmark (not a test): what profiling costs. Builds a multi-file example
# application (default examples/minimd) plain and instrumented (kfuse as the
# compiler launcher) at -O3, checks that both print the same results, then
# times RUNS interleaved whole-program runs of each and prints the medians,
# their ratio, and what the profile holds (sites, launches, coverage).
#
# Usage: scripts/bench-instrumentation.sh [APP [ARGS...]]
#   default: minimd 10 2000 (1000 atoms, 2000 steps: about 7,000 launches)
#   RUNS=11   timed runs per variant
set -euo pipefail
KFUSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$KFUSE_ROOT"
APP=${1:-minimd}
shift || true
ARGS=("$@")
[ ${#ARGS[@]} -gt 0 ] || ARGS=(10 2000)
RUNS=${RUNS:-11}
KFUSE=${KFUSE:-$KFUSE_ROOT/build/bin/kfuse}
[ -x "$KFUSE" ] || { echo "error: build kfuse first (scripts/test.sh)" >&2; exit 2; }
# shellcheck disable=SC1091
source build/kokkos-paths.env   # KOKKOS_INC, KOKKOS_LIB
KFUSE_KOKKOS_FLAGS=${KFUSE_KOKKOS_FLAGS:-${KOKKOS_FLAGS:-}}   # -fopenmp for an OpenMP Kokkos
CXX=${CXX:-c++}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
FLAGS=(-std=c++17 -O3 -DNDEBUG -isystem "$KOKKOS_INC" -I examples/common ${KFUSE_KOKKOS_FLAGS:-})
mkdir -p "$WORK/plain" "$WORK/prof"
for s in examples/"$APP"/*.cpp; do
  o=$(basename "$s" .cpp).o
  "$CXX" "${FLAGS[@]}" -c "$s" -o "$WORK/plain/$o"
  "$KFUSE" instrument -- "$CXX" "${FLAGS[@]}" -c "$s" -o "$WORK/prof/$o" 2>/dev/null
done
for v in plain prof; do "$CXX" "$WORK/$v"/*.o -o "$WORK/$v/app" "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl; done
results() { grep -v '^time_s=' || true; }
[ "$("$WORK/plain/app" "${ARGS[@]}" | results)" = \
  "$(KFUSE_PROFILE="$WORK/p.json" "$WORK/prof/app" "${ARGS[@]}" | results)" ] ||
  { echo "error: the instrumented build printed other results" >&2; exit 1; }
wall() { # prints the wall seconds of one run
  local t0 t1
  t0=$(date +%s.%N)
  "$@" >/dev/null
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f\n", b - a }'
}
: > "$WORK/plain.txt"
: > "$WORK/prof.txt"
for ((r = 0; r < RUNS; ++r)); do
  wall "$WORK/plain/app" "${ARGS[@]}" >> "$WORK/plain.txt"
  KFUSE_PROFILE="$WORK/p.json" wall "$WORK/prof/app" "${ARGS[@]}" >> "$WORK/prof.txt"
done
median() { sort -g "$1" | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
P=$(median "$WORK/plain.txt")
I=$(median "$WORK/prof.txt")
python3 - "$WORK/p.json" "$APP" "${ARGS[*]}" "$RUNS" "$P" "$I" "$(uptime | sed 's/.*load average: //')" <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
app, args, runs, plain, prof, load = sys.argv[2:]
plain, prof = float(plain), float(prof)
other = p.get("uninstrumented_kernel_ns", 0)
total = p["total_kernel_ns"] + other
print(f"{app} {args}: {len(p['sites'])} sites, {p['total_launches']} launches, "
      f"coverage {100 * p['total_kernel_ns'] / total if total else 100:.1f}% of kernel time")
print(f"median of {runs} interleaved runs: plain {plain:.3f} s, instrumented {prof:.3f} s, "
      f"ratio {prof / plain:.3f} (load average {load})")
PY
