#!/usr/bin/env bash
# GPU benchmark (not a test): unfused, fused and hand-fused examples and
# mini-apps built with nvcc against CUDA Kokkos and timed on the GPU; writes
# examples/RESULTS-cuda.md.
#
# Two steps, so that the GPU machine needs neither LLVM nor kfuse:
#   scripts/bench-cuda.sh prepare [DIR]   where kfuse is built (scripts/test.sh)
#     and nvcc is installed (DIR default build/bench-cuda):
#     - examples: each fused with its committed profile, planned for Cuda
#       (--backend=Cuda); where the plan for a host backend (--backend=Serial)
#       writes other code, that too (variant "hostplan": what the GPU rules
#       refuse, timed to check them);
#     - mini-apps (minimd, hydro2d, lagrange, cg): an instrumented host build
#       writes the profile; every file is fused through an nvcc_wrapper
#       compile database (so planned for Cuda), and for a host backend too;
#     - the workflow on a GPU: instrumented CUDA builds of stream and minimd
#       (`kfuse instrument` as the launcher of nvcc_wrapper), which `run`
#       runs to write GPU profiles into DIR/gpu-profiles;
#     - where GPU_PROFILES holds a profile of a subject's instrumented CUDA
#       build run on a GPU (profiles/cuda: what 'run' wrote), the subject
#       fused with it too (variant "gpuplan", where its code differs);
#     - compiles everything with nvcc_wrapper for GPU_CC (default 9.0)
#       against CUDA Kokkos (KOKKOS_CUDA, default the one the cuda_kokkos
#       test caches in ~/.cache/kfuse), so the GPU machine only runs.
#       COMPILE=0 leaves the compiling to `run` (all but the instrumented
#       builds, which need kfuse).
#   scripts/bench-cuda.sh run [DIR]   on the GPU machine (CUDA; to compile
#     there, CMake and a compiler too; no network): builds Kokkos and the
#     programs where prepare did not, checks that the variants print the same
#     checksums (the fused one also with KFUSE_DISABLE=1), times them, runs
#     the instrumented builds, and writes RESULTS (and DIR/raw, one line per
#     run).
#
# Per-iteration time is the difference of two runs, ITERS and 4 x ITERS
# iterations (the last argument), divided by 3 x ITERS: CUDA's start-up and
# the first iteration's module loading cancel out. RUNS (default 5) rounds,
# each running the variants in turn, starting one later each round; the
# median per variant. About 6 minutes (372 s with RUNS=5 on an H200 with
# 16 cores).
#   RUNS=5  RESULTS=examples/RESULTS-cuda.md  SUBJECTS="stream mvt minimd ..."
set -euo pipefail
KFUSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$KFUSE_ROOT"
STEP=${1:-}
DIR=${2:-build/bench-cuda}
RUNS=${RUNS:-5}
RESULTS=${RESULTS:-examples/RESULTS-cuda.md}
EXAMPLES=$(sed -n '/^set(KFUSE_EXAMPLES$/,/^)/p' examples/CMakeLists.txt | sed '1d;$d' | tr -d ' ')
APPS="minimd minimd_large hydro2d lagrange cg cg_large"
SUBJECTS=${SUBJECTS:-$(tr "\n" " " <<<"$EXAMPLES") $APPS}
log() { echo "[$(date +%T)] $*" >&2; }

# [size] [iterations] (layout_mix: rows, columns, steps): the iteration
# count is the last argument.
declare -A ARGS=(
  [stream]="4000000 2000" [nstream]="4000000 100" [transpose]="2000 16"
  [gups]="8388608 8" [gups_atomic]="8388608 8" [adi]="1000 15"
  [covariance]="700 3" [fdtd_2d]="2000 20" [jacobi_1d]="4000000 50"
  [mvt]="4000 3" [syrk]="640 3" [syr2k]="600 2" [gnb]="16384 16"
  [dsmc]="1000000 15" [md]="40 50" [md_half]="40 50" [layout_mix]="4000 250 40"
  [minimd]="24 50" [minimd_large]="64 10" [hydro2d]="256 40" [lagrange]="48 40"
  [cg]="100000 100" [cg_large]="4000000 20"
)
# The example a mini-app subject builds, where not its name.
declare -A APP_DIR=([minimd_large]=minimd [cg_large]=cg)
# PyFuser on an NVIDIA A100 (seeds/000, Table 5, optimized column): the
# range over the subject's fused kernels.
declare -A PYFUSER_A100=(
  [stream]="2.25" [nstream]="25.41" [transpose]="45.34" [gups]="1.88"
  [gups_atomic]="1.94" [adi]="1.80-5.45" [covariance]="2.35" [fdtd_2d]="0.73"
  [jacobi_1d]="2.73-2.99" [mvt]="1.87" [syrk]="1.57-1.67" [syr2k]="1.69-3.49"
  [gnb]="1.29-4.28" [dsmc]="1.78" [md]="1.60-1.69" [md_half]="1.60-1.69" [layout_mix]="-"
)
is_app() { [[ " $APPS " == *" $1 "* ]]; }
app_dir() { echo "${APP_DIR[$1]:-$1}"; }

# CUDA: the toolkit, the GPU's compute capability (GPU_CC where given or
# where there is no GPU) and its Kokkos_ARCH_ name.
setup_cuda() {
  NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
  CUDA=$(cd "$(dirname "$NVCC")/.." && pwd)
  export PATH="$CUDA/bin:$PATH"
  CAP=${GPU_CC:-$( (nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null || true) | head -1 | tr -d ' ')}
  CAP=${CAP:-9.0}
  case $CAP in
    7.0) ARCH=VOLTA70 ;; 7.5) ARCH=TURING75 ;; 8.0) ARCH=AMPERE80 ;; 8.6) ARCH=AMPERE86 ;;
    8.9) ARCH=ADA89 ;; 9.0) ARCH=HOPPER90 ;; 10.0) ARCH=BLACKWELL100 ;; 12.0) ARCH=BLACKWELL120 ;;
    *) ARCH=HOPPER90 ;;
  esac
  SM=sm_${CAP//./}
}

# One line of DIR/builds: NAME|LAUNCHER|DEFINES|ROOT|SOURCES, ROOT relative
# to the repository, the sources to ROOT; LAUNCHER is empty or 'instrument'.
build_program() {
  local name launch defines root sources objs=() s
  IFS='|' read -r name launch defines root sources <<<"$1"
  local obj=$KFUSE_ROOT/$DIR/obj/$name log=$KFUSE_ROOT/$DIR/obj/$name.log
  mkdir -p "$obj"
  local pre=()
  [ "$launch" != instrument ] || pre=(env "KFUSE_PROJECT_ROOT=$KFUSE_ROOT/$root" "$KFUSE_ROOT/${KFUSE:-build/bin/kfuse}" instrument --)
  {
    for s in $sources; do
      # shellcheck disable=SC2086
      (cd "$KFUSE_ROOT/$root" && "${pre[@]}" "$NVCCW" -std=c++17 -O3 -DNDEBUG -extended-lambda \
         -arch="$SM" $defines -isystem "$KOKKOS/include" -I"$KFUSE_ROOT/include" -Iexamples/common \
         -c "$s" -o "$obj/$(basename "$s").o") || return 1
      objs+=("$obj/$(basename "$s").o")
    done
    "$NVCCW" -arch="$SM" "${objs[@]}" -o "$KFUSE_ROOT/$DIR/bin/$name" "$KOKKOS"/lib*/libkokkoscontainers.a \
      "$KOKKOS"/lib*/libkokkoscore.a -ldl -L"$CUDA/lib64/stubs" -lcuda
  } > "$log" 2>&1 || { cat "$log" >&2; echo "FAIL: building $name" >&2; touch "$obj.failed"; return 1; }
}

# Builds the programs of DIR/builds not built yet (all where \$1 is 'all'),
# as many at once as there are cores.
build_all() {
  NVCCW=$KOKKOS/bin/nvcc_wrapper
  mkdir -p "$DIR/bin"
  rm -rf "$DIR/obj"
  local line n=0
  while IFS= read -r line; do
    [ "${1:-}" = all ] || [ ! -x "$DIR/bin/${line%%|*}" ] || continue
    while [ "$(jobs -rp | wc -l)" -ge "$(nproc)" ]; do wait -n || true; done
    build_program "$line" &
    n=$((n + 1))
  done < "$DIR/builds"
  wait || true
  if ls "$DIR"/obj/*.failed > /dev/null 2>&1; then exit 1; fi
  rm -rf "$DIR/obj"
  log "built $n programs for $SM"
}

# A CUDA Kokkos for ARCH: KOKKOS_CUDA, else the cuda_kokkos test's cache.
find_kokkos() {
  KOKKOS=${KOKKOS_CUDA:-}
  [ -n "$KOKKOS" ] || [ ! -f "$HOME/.cache/kfuse/current-$ARCH" ] || KOKKOS=$(cat "$HOME/.cache/kfuse/current-$ARCH")
  [ -n "$KOKKOS" ] && [ -x "$KOKKOS/bin/nvcc_wrapper" ]
}

# A fused copy of an example: Cuda's plan into DIR/fused, a host backend's
# into DIR/hostplan where it differs.
prepare_example() {
  local n=$1 kfuse=$2 f=examples/$1/$1.cpp
  "$kfuse" fuse -p build --profile "profiles/$n.json" --backend=Cuda --output-dir "$DIR/fused" "$f" \
    > "$DIR/$n.remarks" 2>&1 || { cat "$DIR/$n.remarks" >&2; exit 1; }
  "$kfuse" fuse -p build --profile "profiles/$n.json" --backend=Serial --output-dir "$DIR/hostplan" "$f" \
    > "$DIR/$n.hostplan.remarks" 2>&1 || { cat "$DIR/$n.hostplan.remarks" >&2; exit 1; }
  for v in fused hostplan; do
    [ -f "$DIR/$v/$f" ] || { mkdir -p "$DIR/$v/examples/$n"; cp "$f" "$DIR/$v/$f"; }
  done
  echo "$n||||$f" >> "$DIR/builds"
  echo "${n}_fused||||$DIR/fused/$f" >> "$DIR/builds"
  echo "${n}_handfused||||examples/$n/${n}_handfused.cpp" >> "$DIR/builds"
  printf '%s unfused %s\n%s fused %s_fused\n%s handfused %s_handfused\n' "$n" "$n" "$n" "$n" "$n" "$n" >> "$DIR/variants"
  if ! cmp -s "$DIR/fused/$f" "$DIR/hostplan/$f"; then
    echo "${n}_hostplan||||$DIR/hostplan/$f" >> "$DIR/builds"
    echo "$n hostplan ${n}_hostplan" >> "$DIR/variants"
  fi
  # The workflow on a GPU: fused with the profile of a GPU run.
  if [ -f "${GPU_PROFILES:-/nonexistent}/$n.json" ]; then
    "$kfuse" fuse -p build --profile "$GPU_PROFILES/$n.json" --backend=Cuda --output-dir "$DIR/gpuplan" "$f" \
      > "$DIR/$n.gpuplan.remarks" 2>&1 || { cat "$DIR/$n.gpuplan.remarks" >&2; exit 1; }
    [ -f "$DIR/gpuplan/$f" ] || { mkdir -p "$DIR/gpuplan/examples/$n"; cp "$f" "$DIR/gpuplan/$f"; }
    if ! cmp -s <(grep -v 'profile=' "$DIR/fused/$f") <(grep -v 'profile=' "$DIR/gpuplan/$f"); then
      echo "${n}_gpuplan||||$DIR/gpuplan/$f" >> "$DIR/builds"
      echo "$n gpuplan ${n}_gpuplan" >> "$DIR/variants"
    fi
    log "$n: fused with the GPU profile: $(grep -c 'kfuse-fused\]' "$DIR/$n.gpuplan.remarks" || true) group(s)"
  fi
  log "$n: $(grep -c 'kfuse-fused\]' "$DIR/$n.remarks" || true) group(s) fused for Cuda"
}

# A mini-app: three trees (orig, fused, hostplan) under DIR/apps/APP, each its
# own project; a profile of an instrumented host build; every file fused
# through an nvcc_wrapper database.
prepare_app() {
  local app=$1 kfuse=$2 P=$DIR/apps/$1 t s
  rm -rf "$P"
  local trees="orig fused hostplan"
  [ ! -f "${GPU_PROFILES:-/nonexistent}/$app.json" ] || trees+=" gpuplan"
  for t in $trees; do
    mkdir -p "$P/$t/examples"
    cp -r "examples/$app" examples/common "$P/$t/examples/"
    git -C "$P/$t" init -q
  done
  local sources
  sources=$(cd "$P/orig" && ls examples/"$app"/*.cpp | tr '\n' ' ')
  # shellcheck disable=SC1091
  source build/kokkos-paths.env   # KOKKOS_INC, KOKKOS_LIB: the host Kokkos
  local abs=$KFUSE_ROOT/$P objs=()
  for s in $sources; do
    # shellcheck disable=SC2086
    (cd "$abs/orig" && KFUSE_PROJECT_ROOT=$abs/orig "$KFUSE_ROOT/$kfuse" instrument -- ${CXX:-c++} -std=c++17 -O2 \
       ${KOKKOS_FLAGS:-} -isystem "$KOKKOS_INC" -I"$KFUSE_ROOT/include" -Iexamples/common -c "$s" \
       -o "$abs/host-$(basename "$s").o") || exit 1
    objs+=("$abs/host-$(basename "$s").o")
  done
  # shellcheck disable=SC2086
  ${CXX:-c++} "${objs[@]}" -o "$abs/host-instrumented" "$KOKKOS_LIB" ${KOKKOS_FLAGS:-} -ldl
  rm -f "${objs[@]}"
  # shellcheck disable=SC2086
  (cd "$abs/orig" && KFUSE_PROFILE=$abs/host-profile.json "$abs/host-instrumented" ${PROFILE_ARGS[$app]} > /dev/null)
  for t in $trees; do
    {
      echo "["
      local sep=""
      for s in $sources; do
        echo "$sep{\"directory\": \"$abs/$t\", \"file\": \"$abs/$t/$s\", \"command\": \"$NVCCW -std=c++17 -O3 -DNDEBUG -extended-lambda -arch=$SM -isystem $KOKKOS/include -I$KFUSE_ROOT/include -Iexamples/common -c $s\"}"
        sep=","
      done
      echo "]"
    } > "$P/$t/compile_commands.json"
  done
  # shellcheck disable=SC2086
  (cd "$P/fused" && "$KFUSE_ROOT/$kfuse" fuse -p . --project-root . --profile "$abs/host-profile.json" \
     --min-share=0 --in-place $sources) > "$DIR/$app.remarks" 2>&1 || { cat "$DIR/$app.remarks" >&2; exit 1; }
  # shellcheck disable=SC2086
  (cd "$P/hostplan" && "$KFUSE_ROOT/$kfuse" fuse -p . --project-root . --profile "$abs/host-profile.json" \
     --min-share=0 --backend=Serial --in-place $sources) > "$DIR/$app.hostplan.remarks" 2>&1 ||
    { cat "$DIR/$app.hostplan.remarks" >&2; exit 1; }
  if [[ $trees == *gpuplan* ]]; then
    # shellcheck disable=SC2086
    (cd "$P/gpuplan" && "$KFUSE_ROOT/$kfuse" fuse -p . --project-root . --profile "$GPU_PROFILES/$app.json" \
       --min-share=0 --in-place $sources) > "$DIR/$app.gpuplan.remarks" 2>&1 ||
      { cat "$DIR/$app.gpuplan.remarks" >&2; exit 1; }
    if ! diff -rq -x compile_commands.json -x .git -I 'profile=' "$P/fused/examples" "$P/gpuplan/examples" > /dev/null; then
      echo "${app}_gpuplan|||$P/gpuplan|$sources" >> "$DIR/builds"
    fi
    log "$app: fused with the GPU profile: $(grep -c 'remark: fused' "$DIR/$app.gpuplan.remarks" || true) group(s)"
  fi
  local hand="-DMINIMD_HANDFUSED -DHYDRO2D_HANDFUSED -DLAGRANGE_HANDFUSED -DCG_HANDFUSED"
  echo "$app|||$P/orig|$sources" >> "$DIR/builds"
  echo "${app}_fused|||$P/fused|$sources" >> "$DIR/builds"
  echo "${app}_handfused||$hand|$P/orig|$sources" >> "$DIR/builds"
  if ! diff -rq -x compile_commands.json -x .git "$P/fused/examples" "$P/hostplan/examples" > /dev/null; then
    echo "${app}_hostplan|||$P/hostplan|$sources" >> "$DIR/builds"
  fi
  log "$app: $(grep -c 'remark: fused' "$DIR/$app.remarks" || true) group(s) fused for Cuda"
}

prepare() {
  local kfuse=${KFUSE:-build/bin/kfuse} src=${KOKKOS_SOURCE:-$KFUSE_ROOT/../shared/kokkos/kokkos-4.6.01.tar.gz}
  [ -x "$kfuse" ] || { echo "error: no $kfuse: build kfuse first (scripts/test.sh)" >&2; exit 2; }
  [ -f build/compile_commands.json ] || { echo "error: no build/compile_commands.json" >&2; exit 2; }
  [ -z "${GPU_PROFILES:-}" ] || GPU_PROFILES=$(cd "$GPU_PROFILES" && pwd)
  setup_cuda
  find_kokkos || { echo "error: no CUDA Kokkos for $ARCH (set KOKKOS_CUDA, or run the cuda_kokkos test)" >&2; exit 2; }
  NVCCW=$KOKKOS/bin/nvcc_wrapper
  rm -rf "$DIR"
  mkdir -p "$DIR/fused" "$DIR/hostplan" "$DIR/bin"
  : > "$DIR/builds"
  : > "$DIR/variants"
  if [ -e "$src" ]; then
    if [ -f "$src" ]; then cp "$src" "$DIR/kokkos-source.tar.gz"; else cp -r "$src" "$DIR/kokkos-source"; fi
    basename "$src" | sed 's/\.tar.*//' > "$DIR/kokkos-name"
  else
    basename "$KOKKOS" > "$DIR/kokkos-name"
  fi
  declare -gA PROFILE_ARGS=([minimd]="24 20" [hydro2d]="64 20" [lagrange]="24 10" [cg]="100000 20")
  local n app
  for n in $SUBJECTS; do
    if is_app "$n"; then
      app=$(app_dir "$n")
      [ -d "$DIR/apps/$app" ] || prepare_app "$app" "$kfuse"
      printf '%s unfused %s\n%s fused %s_fused\n%s handfused %s_handfused\n' "$n" "$app" "$n" "$app" "$n" "$app" >> "$DIR/variants"
      # The fused app taking its fallback everywhere: what its guards and
      # deferrals cost.
      echo "$n fallback ${app}_fused KFUSE_DISABLE=1" >> "$DIR/variants"
      ! grep -q "^${app}_hostplan|" "$DIR/builds" || echo "$n hostplan ${app}_hostplan" >> "$DIR/variants"
      ! grep -q "^${app}_gpuplan|" "$DIR/builds" || echo "$n gpuplan ${app}_gpuplan" >> "$DIR/variants"
    elif [ -f "profiles/$n.json" ]; then
      prepare_example "$n" "$kfuse"
    else
      log "$n: no profile, skipped"
    fi
  done
  # The workflow on the GPU: instrumented CUDA builds, run by 'run'.
  echo "stream_instrumented|instrument||.|examples/stream/stream.cpp" >> "$DIR/builds"
  [ ! -d "$DIR/apps/minimd" ] ||
    echo "minimd_instrumented|instrument||$DIR/apps/minimd/orig|$(grep '^minimd|' "$DIR/builds" | cut -d'|' -f5)" >> "$DIR/builds"
  if [ "${COMPILE:-1}" = 1 ]; then
    log "compiling $(wc -l < "$DIR/builds") programs for $SM with $NVCCW"
    build_all all
  fi
  mkdir -p "$DIR/lib"
  [ ! -f build/lib/libkfuse_kokkos_tools.so ] || cp build/lib/libkfuse_kokkos_tools.so "$DIR/lib/"
  echo "$SM" > "$DIR/sm"
  log "prepared $DIR: run 'scripts/bench-cuda.sh run $DIR' on the GPU machine"
}

median() { sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
values() { tr '[:blank:]' '\n' <<<"$1" | grep '=' | grep -v '^time_s=' || true; }
# Seconds of a run's timed loop (time_s), or of the whole process.
seconds() {
  local start end out
  start=$(date +%s%N)
  out=$("$@")
  end=$(date +%s%N)
  printf '%s\n' "$out" > "$DIR/last.out"
  case $out in
    *time_s=*) sed -n 's/^time_s=//p' <<<"$out" ;;
    *) awk -v ns=$((end - start)) 'BEGIN { printf "%.6f\n", ns / 1e9 }' ;;
  esac
}
groups_fused() { grep -c 'kfuse-fused\]\|remark: fused' "$DIR/$1.remarks" 2>/dev/null || true; }

run() {
  [ -f "$DIR/variants" ] || { echo "error: $DIR is not prepared (scripts/bench-cuda.sh prepare)" >&2; exit 2; }
  setup_cuda
  [ ! -f "$DIR/sm" ] || [ "$(cat "$DIR/sm")" = "$SM" ] ||
    { echo "error: $DIR was compiled for $(cat "$DIR/sm"), this GPU is $SM: prepare with GPU_CC=$CAP" >&2; exit 2; }
  local missing
  missing=$(while IFS='|' read -r name _; do [ -x "$DIR/bin/$name" ] || echo "$name"; done < "$DIR/builds")
  if [ -n "$missing" ]; then
    KOKKOS=$DIR/kokkos-cuda-$ARCH
    if [ ! -f "$KOKKOS/kfuse-complete" ]; then
      log "building Kokkos (CUDA $ARCH + Serial)"
      scripts/build-kokkos.sh --cuda "$ARCH" "$(ls -d "$DIR"/kokkos-source* | head -1)" "$KOKKOS" > "$DIR/kokkos-build.log" 2>&1 ||
        { tail -30 "$DIR/kokkos-build.log" >&2; exit 1; }
      touch "$KOKKOS/kfuse-complete"
    fi
    KOKKOS=$KFUSE_ROOT/$KOKKOS
    grep -v '|instrument|' "$DIR/builds" > "$DIR/builds.here"
    mv "$DIR/builds.here" "$DIR/builds"
    build_all
  fi

  # The workflow on the GPU: the instrumented CUDA builds write profiles.
  mkdir -p "$DIR/gpu-profiles"
  local w
  for w in stream minimd; do
    [ -x "$DIR/bin/${w}_instrumented" ] || continue
    read -r -a a <<<"${ARGS[$w]}"
    ref=$(values "$("$DIR/bin/$w" "${a[@]}")")
    out=$(values "$(KFUSE_PROFILE=$KFUSE_ROOT/$DIR/gpu-profiles/$w.json "$DIR/bin/${w}_instrumented" "${a[@]}")")
    if [ "$out" = "$ref" ]; then
      log "$w: instrumented CUDA build prints the same, profile $DIR/gpu-profiles/$w.json"
    else
      log "$w: instrumented CUDA build prints other values"
    fi
  done

  : > "$DIR/raw"
  local subjects rows="" rules="" fallbacks="" gpuplans="" geo_f=0 geo_h=0 count=0 n
  subjects=$(awk '!seen[$1]++ { print $1 }' "$DIR/variants")
  for n in $subjects; do
    [[ " $SUBJECTS " == *" $n "* ]] || continue
    local a it small large ref out check=same v prog
    read -r -a a <<<"${ARGS[$n]}"
    it=${a[-1]}
    small=("${a[@]}"); large=("${a[@]}"); large[-1]=$((4 * it))
    local -A prog_of=() env_of=()
    local vars=() e
    while read -r _ v prog e; do prog_of[$v]=$prog; env_of[$v]=$e; vars+=("$v"); done < <(grep "^$n " "$DIR/variants")
    # Checksums: every variant's in the first round, and the fused one taking
    # its fallback.
    out=$(values "$(KFUSE_DISABLE=1 "$DIR/bin/${prog_of[fused]}" "${small[@]}")")
    ref=$(values "$("$DIR/bin/${prog_of[unfused]}" "${small[@]}")")
    [ "$out" = "$ref" ] || check="differ (fused, KFUSE_DISABLE=1)"
    local -A per=() bound=()
    for r in $(seq "$RUNS"); do
      # The variants in turn, starting one later each round: none always runs
      # first (after the pause of another subject's checks).
      local order=("${vars[@]:$(((r - 1) % ${#vars[@]}))}" "${vars[@]:0:$(((r - 1) % ${#vars[@]}))}")
      for v in "${order[@]}"; do
        local ts tl p
        # shellcheck disable=SC2086
        ts=$(seconds env ${env_of[$v]} "$DIR/bin/${prog_of[$v]}" "${small[@]}")
        [ "$r" != 1 ] || [ "$(values "$(cat "$DIR/last.out")")" = "$ref" ] || check="differ ($v)"
        # shellcheck disable=SC2086
        tl=$(seconds env ${env_of[$v]} "$DIR/bin/${prog_of[$v]}" "${large[@]}")
        # Where the two runs differ by less than a tenth of the longer (a
        # loop run inside one kernel whose iterations cost next to
        # nothing), the longer run's time per iteration: an upper bound,
        # marked '*'.
        p=$(awk -v s="$ts" -v l="$tl" -v k=$((3 * it)) -v n=$((4 * it)) 'BEGIN {
          if (l - s < 0.1 * l) printf "%.9f*", l / n; else printf "%.9f", (l - s) / k }')
        [[ $p != *'*' ]] || bound[$v]=1
        p=${p%'*'}
        per[$v]+="$p "
        echo "$n $v $r $ts $tl $p" >> "$DIR/raw"
      done
    done
    # Which fused groups kept their launches after timing themselves.
    local kept
    kept=$( (env KFUSE_VERBOSE=1 "$DIR/bin/${prog_of[fused]}" "${large[@]}" 2>&1 >/dev/null || true) |
      sed -n "s/^kfuse: '\(.*\)' timed itself: \([0-9.]*\) us a call fused, \([0-9.]*\) us with its launches.*: runs its launches/\1 (\2 vs \3 us)/p" |
      paste -sd ';' | sed 's/;/; /g')
    local -A med=()
    for v in "${vars[@]}"; do med[$v]=$(tr ' ' '\n' <<<"${per[$v]}" | grep . | median); done
    local u=${med[unfused]} f=${med[fused]} h=${med[handfused]} g
    g=$(groups_fused "$(is_app "$n" && app_dir "$n" || echo "$n")")
    rows+=$(awk -v n="$n" -v args="${a[*]}" -v u="$u" -v f="$f" -v h="$h" -v g="$g" \
      -v p="${PYFUSER_A100[$n]:--}" -v c="$check" -v fb="${bound[fused]:-}" -v hb="${bound[handfused]:-}" \
      -v k="${kept:--}" 'BEGIN {
        printf "| %s | %s | %d | %.1f | %s%.1f | %s%.1f | %s%.2f | %s%.2f | %s | %s | %s |\n",
               n, args, g, u * 1e6, fb ? "<= " : "", f * 1e6, hb ? "<= " : "", h * 1e6,
               fb ? ">= " : "", u / f, hb ? ">= " : "", u / h, k, p, c }')$'\n'
    # The mini-apps' kernel times (the Kokkos Tools connector, fenced), one run
    # of each variant: where a fused app is slower, kernels or host?
    if is_app "$n" && [ -f "$DIR/lib/libkfuse_kokkos_tools.so" ]; then
      mkdir -p "$DIR/gpu-profiles"
      for v in "${vars[@]}"; do
        # shellcheck disable=SC2086
        env ${env_of[$v]} KOKKOS_TOOLS_LIBS="$KFUSE_ROOT/$DIR/lib/libkfuse_kokkos_tools.so" \
          KFUSE_PROFILE="$KFUSE_ROOT/$DIR/gpu-profiles/$n-$v.kernels.json" \
          "$DIR/bin/${prog_of[$v]}" "${small[@]}" > /dev/null || true
      done
    fi
    if [ -n "${med[hostplan]:-}" ]; then
      rules+=$(awk -v n="$n" -v u="$u" -v f="$f" -v o="${med[hostplan]}" 'BEGIN {
        printf "| %s | %.1f | %.1f | %.1f | %.2f | %.2f |\n", n, u * 1e6, f * 1e6, o * 1e6, u / f, u / o }')$'\n'
    fi
    if [ -n "${med[gpuplan]:-}" ]; then
      gpuplans+=$(awk -v n="$n" -v u="$u" -v f="$f" -v o="${med[gpuplan]}" 'BEGIN {
        printf "| %s | %.1f | %.1f | %.1f | %.2f | %.2f |\n", n, u * 1e6, f * 1e6, o * 1e6, u / f, u / o }')$'\n'
    fi
    if [ -n "${med[fallback]:-}" ]; then
      fallbacks+=$(awk -v n="$n" -v u="$u" -v f="$f" -v o="${med[fallback]}" 'BEGIN {
        printf "| %s | %.1f | %.1f | %.1f | %.2f | %.2f |\n", n, u * 1e6, f * 1e6, o * 1e6, u / f, u / o }')$'\n'
    fi
    geo_f=$(awk -v g="$geo_f" -v u="$u" -v f="$f" 'BEGIN { print g + log(u / f) }')
    geo_h=$(awk -v g="$geo_h" -v u="$u" -v h="$h" 'BEGIN { print g + log(u / h) }')
    count=$((count + 1))
    log "$n: unfused/fused $(awk -v u="$u" -v f="$f" 'BEGIN { printf "%.2f", u / f }')$([ -z "${med[hostplan]:-}" ] || awk -v u="$u" -v o="${med[hostplan]}" 'BEGIN { printf ", unfused/host plan %.2f", u / o }'), checksums $check"
  done

  local card driver cudaver
  card=$( (nvidia-smi --query-gpu=name --format=csv,noheader || echo "no GPU") | head -1)
  driver=$( (nvidia-smi --query-gpu=driver_version --format=csv,noheader || echo "none") | head -1)
  cudaver=$("$NVCC" --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')
  {
    echo "# kfuse on a GPU: fused vs unfused vs hand-fused"
    echo
    echo "Generated by \`scripts/bench-cuda.sh\` on $(date -u +%Y-%m-%d): $card, driver $driver,"
    echo "CUDA $cudaver, $(cat "$DIR/kokkos-name") (CUDA $ARCH + Serial), nvcc_wrapper -O3."
    echo "Fused code: \`kfuse fuse\` planned for Cuda, the examples with their committed"
    echo "profiles (profiles/), the mini-apps with a profile of an instrumented host build,"
    echo "every file fused through an nvcc_wrapper compile database (\`--min-share=0\`)."
    echo "Time per iteration in microseconds: (run of 4 x ITERS - run of ITERS) / (3 x ITERS),"
    echo "ITERS the last argument, median of $RUNS interleaved rounds (the mini-apps time"
    echo "their own loop). Speedups are unfused / variant. Checksums: every variant, and the"
    echo "fused one with KFUSE_DISABLE=1, print the same values."
    echo "'<=': the two runs differed by less than a tenth of the longer (the loop runs inside"
    echo "one kernel whose iterations cost next to nothing): the longer run's time per"
    echo "iteration, an upper bound. On a GPU every fused group times itself against its"
    echo "launches in its first calls and keeps the faster (docs/cuda.md); the groups that kept"
    echo "their launches are listed with their medians, fused vs launches, per call."
    echo "PyFuser: its A100 speedup for the subject's kernels (seeds/000, Table 5, optimized)."
    echo
    echo "| subject | args | groups fused | unfused us | fused us | hand-fused us | fused speedup | hand-fused speedup | groups that kept their launches | PyFuser A100 | checksums |"
    echo "|---|---|---|---|---|---|---|---|---|---|---|"
    printf '%s' "$rows"
    echo
    awk -v f="$geo_f" -v h="$geo_h" -v c="$count" 'BEGIN {
      printf "Geomean speedup: fused %.2f, hand-fused %.2f (%d subjects).\n", exp(f / c), exp(h / c), c }'
    if [ -n "$rules" ]; then
      echo
      echo "## The GPU rules, measured"
      echo
      echo "Where the plan for a host backend (\`--backend=Serial\`) differs from the plan for"
      echo "Cuda (the rules of docs/cuda.md), that plan's code was timed too, in the same rounds:"
      echo
      echo "| subject | unfused us | fused (Cuda plan) us | fused (host plan) us | Cuda plan speedup | host plan speedup |"
      echo "|---|---|---|---|---|---|"
      printf '%s' "$rules"
    fi
    if [ -n "$gpuplans" ]; then
      echo
      echo "## Planned from a GPU profile"
      echo
      echo "Where a profile of the instrumented CUDA build's run on this GPU (GPU_PROFILES)"
      echo "gives another plan than the host profile, that plan's code was timed too:"
      echo
      echo "| subject | unfused us | fused (host profile) us | fused (GPU profile) us | host profile speedup | GPU profile speedup |"
      echo "|---|---|---|---|---|---|"
      printf '%s' "$gpuplans"
    fi
    if [ -n "$fallbacks" ]; then
      echo
      echo "## What the guards and deferrals cost"
      echo
      echo "The fused mini-apps run with \`KFUSE_DISABLE=1\` too: every guard fails, every"
      echo "launch runs on its own, so the time over the unfused app is the runtime's."
      echo
      echo "| subject | unfused us | fused us | fused, KFUSE_DISABLE=1 us | fused speedup | KFUSE_DISABLE=1 speedup |"
      echo "|---|---|---|---|---|---|"
      printf '%s' "$fallbacks"
    fi
  } > "$RESULTS"
  log "wrote $RESULTS"
}

case $STEP in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: $0 prepare|run [DIR]" >&2; exit 2 ;;
esac
