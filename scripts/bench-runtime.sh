#!/usr/bin/env bash
# Benchmark of the profiling runtime (not a test): the slowdown of an instrumented loop of four
# kernels of >= 100 us each, and the runtime's cost per launch in ns on tiny kernels. Medians of
# paired, alternating runs; run it on a quiet machine.
#
# Usage: scripts/bench-runtime.sh [N-large [repetitions [tiny-launches]]]
set -euo pipefail
KFUSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD=${KFUSE_BUILD_DIR:-$KFUSE_ROOT/build}

if [ ! -f "$BUILD/build.ninja" ] && [ ! -f "$BUILD/Makefile" ]; then
  cmake -S "$KFUSE_ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release
fi
cmake --build "$BUILD" --target kfuse_bench_runtime -- -j2
exec "$BUILD/bin/kfuse_bench_runtime" "$@"
