#!/usr/bin/env bash
# Benchmark of the mini-apps (not a test): chains across functions and files.
# For each app: builds it unfused at -O3, and hand-fused (the same sources
# with -DMINIMD_HANDFUSED -DHYDRO2D_HANDFUSED -DLAGRANGE_HANDFUSED -DCG_HANDFUSED: the chain
# fused by hand, see
# the apps' READMEs), profiles an instrumented build, fuses every file with
# that profile (--min-share=0: the integrate chain is a small share next to
# the force kernel), builds the fused app, checks that the fused and
# hand-fused apps print the unfused app's results, then runs the three RUNS
# times interleaved under the Kokkos Tools connector. It reports the median
# kernel time of the app's chain (the kernels whose names match its
# pattern, fused or not) and the median run time, as unfused/fused and
# unfused/hand-fused ratios, in examples/RESULTS-apps.md.
#
# Usage: scripts/bench-apps.sh [apps...]
#          (default: minimd minimd_large minimd_tagged hydro2d lagrange cg cg_large)
#   minimd_large is minimd with a million atoms: its integrate kernels stream
#   72 MB a step, more than this machine's caches hold (minimd's 13,824 atoms,
#   1 MB, stay in cache). minimd_tagged is minimd_large built with
#   -DMINIMD_TAGGED: its integrator is its own functor, the halves selected
#   by work tags and launched with `*this` (miniMD's form). cg_large is cg
#   with four million points (128 MB of vectors); cg's 100,000 stay in cache.
#   RUNS=7                 runs per variant (at least 5)
#   KFUSE=build/bin/kfuse  the kfuse binary; KFUSE_BUILD=build its build tree
#   WORK=build/bench-apps  builds, profiles, raw results
#   MINIMD_ARGS="24 50", HYDRO2D_ARGS="64 100"  the apps' arguments
set -euo pipefail
KFUSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$KFUSE_ROOT"
BUILD=${KFUSE_BUILD:-build}
KFUSE=${KFUSE:-$KFUSE_ROOT/$BUILD/bin/kfuse}
CONNECTOR=${CONNECTOR:-$KFUSE_ROOT/$BUILD/lib/libkfuse_kokkos_tools.so}
WORK=${WORK:-$KFUSE_ROOT/build/bench-apps}
RUNS=${RUNS:-7}
RESULTS=${RESULTS:-examples/RESULTS-apps.md}
[ "$RUNS" -ge 5 ] || { echo "error: RUNS must be at least 5" >&2; exit 2; }
[ -x "$KFUSE" ] && [ -f "$CONNECTOR" ] || { echo "error: build kfuse first (scripts/test.sh)" >&2; exit 2; }
# shellcheck disable=SC1091
source "$BUILD/kokkos-paths.env"   # KOKKOS_INC, KOKKOS_LIB
KFUSE_KOKKOS_FLAGS=${KFUSE_KOKKOS_FLAGS:-${KOKKOS_FLAGS:-}}
# Code alignment held fixed in every variant (as scripts/bench.sh).
KFUSE_BENCH_ALIGN=${KFUSE_BENCH_ALIGN--falign-functions=64 -falign-loops=64}
CXX=${CXX:-c++}
APPS=${*:-minimd minimd_large minimd_tagged hydro2d lagrange cg cg_large}
# Per app: its arguments and the kernels of its chain (a regular expression;
# it matches the hand-fused kernels' labels too).
declare -A ARGS=([minimd]="${MINIMD_ARGS:-24 50}" [minimd_large]="100 10"
                 [minimd_tagged]="100 10"
                 [hydro2d]="${HYDRO2D_ARGS:-64 100}" [lagrange]="${LAGRANGE_ARGS:-48 40}"
                 [cg]="${CG_ARGS:-100000 400}" [cg_large]="4000000 20")
declare -A CHAIN=([minimd]="integrate" [minimd_large]="integrate" [minimd_tagged]="integrate"
                  [hydro2d]="ideal_gas|cell_velocity" [lagrange]="constraint"
                  [cg]="apply|curvature|update|residual" [cg_large]="apply|curvature|update|residual")
# the example an app builds, if not its name, and the macros it is built with
declare -A DIR=([minimd_large]=minimd [minimd_tagged]=minimd [cg_large]=cg)
declare -A DEFINES=([minimd_tagged]="-DMINIMD_TAGGED")

rows=()
for app in $APPS; do
  P=$WORK/$app
  dir=${DIR[$app]:-$app}
  rm -rf "$P"
  mkdir -p "$P/examples"
  cp -r "examples/$dir" examples/common "$P/examples/"
  git -C "$P" init -q
  # shellcheck disable=SC2206
  FLAGS=(-std=c++17 -O3 -DNDEBUG $KFUSE_BENCH_ALIGN ${DEFINES[$app]:-} -isystem "$KOKKOS_INC"
         -I "$P/examples/common" -I "$KFUSE_ROOT/include" ${KFUSE_KOKKOS_FLAGS:-})
  mapfile -t SOURCES < <(cd "$P" && ls examples/"$dir"/*.cpp)
  {
    echo "["
    sep=""
    for s in "${SOURCES[@]}"; do
      echo "$sep{\"directory\": \"$P\", \"file\": \"$P/$s\", \"command\": \"$CXX ${FLAGS[*]} -c $P/$s\"}"
      sep=","
    done
    echo "]"
  } > "$P/compile_commands.json"
  build() { # NAME [compiler...]
    local name=$1 objs=() defines=()
    shift
    if [ "$name" = handfused ]; then
      defines=(-DMINIMD_HANDFUSED -DHYDRO2D_HANDFUSED -DLAGRANGE_HANDFUSED -DCG_HANDFUSED)
    fi
    mkdir -p "$P/$name.o"
    for s in "${SOURCES[@]}"; do
      (cd "$P" && "$@" "${FLAGS[@]}" "${defines[@]}" -c "$s" -o "$name.o/$(basename "$s").o")
      objs+=("$P/$name.o/$(basename "$s").o")
    done
    "$CXX" "${objs[@]}" -o "$P/$name" "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
  }
  echo "== $app: build, profile, fuse" >&2
  build unfused "$CXX"
  build handfused "$CXX"
  build instrumented env KFUSE_PROJECT_ROOT="$P" "$KFUSE" instrument -- "$CXX"
  # shellcheck disable=SC2086
  (cd "$P" && KFUSE_PROFILE=$P/profile.json ./instrumented ${ARGS[$app]} >/dev/null)
  (cd "$P" && "$KFUSE" fuse -p . --project-root . --profile profile.json --min-share=0 \
     --in-place "${SOURCES[@]}" 2> fuse.stderr)
  grep "remark: fused" "$P/fuse.stderr" >&2 || true
  build fused "$CXX"
  # shellcheck disable=SC2086
  want=$("$P/unfused" ${ARGS[$app]} | grep -v '^time_s=')
  for v in fused handfused; do
    # shellcheck disable=SC2086
    got=$("$P/$v" ${ARGS[$app]} | grep -v '^time_s=')
    [ "$want" = "$got" ] || { echo "error: $app $v prints other results" >&2; exit 1; }
  done
  echo "== $app: $RUNS runs each" >&2
  for run in $(seq "$RUNS"); do
    for v in unfused fused handfused; do
      # shellcheck disable=SC2086
      KOKKOS_PROFILE_LIBRARY=$CONNECTOR KOKKOS_TOOLS_LIBS=$CONNECTOR \
        KFUSE_PROFILE=$P/$v-$run.json "$P/$v" ${ARGS[$app]} > "$P/$v-$run.out"
    done
  done
  rows+=("$(python3 - "$P" "$RUNS" "${CHAIN[$app]}" "$app" "${ARGS[$app]}" <<'PY'
import json, re, statistics, sys
p, runs, pattern, app, args = sys.argv[1], int(sys.argv[2]), re.compile(sys.argv[3]), sys.argv[4], sys.argv[5]
def chain_ns(f):
    sites = json.load(open(f))["sites"]
    return sum(s["total_ns"] for s in sites if pattern.search(s["id"]))
def seconds(f):
    for line in open(f):
        if line.startswith("time_s="):
            return float(line.split("=")[1])
    return float("nan")
med = {}
for v in ("unfused", "fused", "handfused"):
    med[v] = (statistics.median(chain_ns(f"{p}/{v}-{r}.json") for r in range(1, runs + 1)) / 1e6,
              statistics.median(seconds(f"{p}/{v}-{r}.out") for r in range(1, runs + 1)))
fused_launches = sum(s["launches"] for s in json.load(open(f"{p}/fused-1.json"))["sites"]
                     if "+" in s["id"] and pattern.search(s["id"]))
# The kernel that replaces the pair, per launch, against the pair's kernels
# per launch unfused: the chain's sites whose labels the unfused app has not.
def pair_ms(v):
    unfused_ids = {s["id"] for s in json.load(open(f"{p}/unfused-1.json"))["sites"]}
    def one(f):
        return sum(s["total_ns"] / s["launches"] for s in json.load(open(f))["sites"]
                   if pattern.search(s["id"]) and (v == "unfused" or s["id"] not in unfused_ids))
    return statistics.median(one(f"{p}/{v}-{r}.json") for r in range(1, runs + 1)) / 1e6
pair = {v: pair_ms(v) for v in med}
chain = {v: med[v][0] for v in med}
run = {v: med[v][1] for v in med}
print(f"| {app} | {args} | {chain['unfused']:.2f} | {chain['fused']:.2f} | "
      f"{chain['handfused']:.2f} | {chain['unfused'] / chain['fused']:.2f} | "
      f"{chain['unfused'] / chain['handfused']:.2f} | {run['unfused']:.3f} | "
      f"{run['fused']:.3f} | {run['handfused']:.3f} | {run['unfused'] / run['fused']:.2f} | "
      f"{run['unfused'] / run['handfused']:.2f} | {fused_launches} | {pair['unfused']:.3f} | "
      f"{pair['fused']:.3f} | {pair['handfused']:.3f} | {pair['unfused'] / pair['fused']:.2f} | "
      f"{pair['unfused'] / pair['handfused']:.2f} |")
PY
)")
done

{
  echo "# Mini-apps: chains across functions and files"
  echo
  echo "Generated by \`scripts/bench-apps.sh\` on $(date -u +%Y-%m-%d), commit"
  echo "$(git rev-parse --short HEAD), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg),"
  echo "Kokkos from \`$KOKKOS_LIB\`, -O3 $KFUSE_BENCH_ALIGN, medians of $RUNS interleaved runs."
  echo "Chain time: the kernel time (Kokkos Tools connector) of the app's chain,"
  echo "for minimd the integrate kernels (final_integrate of a step fused with"
  echo "initial_integrate of the next, across the time loop's back edge), for"
  echo "hydro2d the equation of state (ideal_gas_kernel.cpp) fused with the cell"
  echo "velocities (cell_velocity_kernel.cpp, which kfuse makes include the header"
  echo "the first kernel's body needs), for lagrange the Courant and volume-change"
  echo "limits of every region (the second computed ahead, in one kernel with the"
  echo "first, its domain held by its address), for cg its two pairs (apply ->"
  echo "curvature, update -> residual: functor objects whose operators call private"
  echo "helpers, composed, each body over a chunk of indices in turn);"
  echo "hand-fused: the same chain fused by hand in the sources, built with"
  echo "\`-DMINIMD_HANDFUSED -DHYDRO2D_HANDFUSED -DLAGRANGE_HANDFUSED -DCG_HANDFUSED\` (minimd's time"
  echo "loop rotated so that final_integrate and the next initial_integrate are one"
  echo "kernel except on thermo steps, hydro2d's, lagrange's and cg's two kernels"
  echo "written as one);"
  echo "ratios are unfused/fused and unfused/hand-fused (above 1: the fused or"
  echo "hand-fused app is faster). The fused, hand-fused and unfused apps print"
  echo "the same results. Fused launches: the launches of kfuse's fused kernels"
  echo "in the chain, in one run of the fused app. Pair: the kernel that replaces"
  echo "the pair (kfuse's, or the one fused by hand) per launch, against the"
  echo "pair's kernels per launch unfused, the measure PyFuser reports; the chain"
  echo "also counts the launches at the ends of a run that cannot fuse (minimd's"
  echo "first initial_integrate and last final_integrate, its thermo steps)."
  echo
  echo "| app | arguments | chain ms unfused | chain ms fused | chain ms hand-fused | chain ratio unfused/fused | chain ratio unfused/hand-fused | run s unfused | run s fused | run s hand-fused | run ratio unfused/fused | run ratio unfused/hand-fused | fused launches | pair ms unfused | pair ms fused | pair ms hand-fused | pair ratio unfused/fused | pair ratio unfused/hand-fused |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
  printf '%s\n' "${rows[@]}"
} > "$RESULTS"
cat "$RESULTS"
