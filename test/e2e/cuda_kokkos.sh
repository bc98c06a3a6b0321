#!/usr/bin/env bash
# Test fixture: a CUDA + Serial Kokkos, built once per machine into a cache
# outside the repository (scripts/build-kokkos.sh --cuda) and reused while
# the source, the CUDA 13 patch and the build script are unchanged.
#
# Usage: cuda_kokkos.sh KOKKOS_TARBALL CACHE_DIR ARCH
#   prints the install prefix's path to CACHE_DIR/current;
#   exits 77 (skipped) where nvcc or the Kokkos source is missing.
set -euo pipefail
TARBALL=$1 CACHE=$2 ARCH=$3
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
NVCC=$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)
[ -x "$NVCC" ] || { echo "skipped: no nvcc (on PATH or in /usr/local/cuda/bin)"; exit 77; }
[ -f "$TARBALL" ] || { echo "skipped: no Kokkos source at $TARBALL"; exit 77; }
KEY=$(cat "$TARBALL" "$HERE/scripts/patches/kokkos-4.6-cuda13.diff" "$HERE/scripts/build-kokkos.sh" |
      { "$NVCC" --version; cat; } | sha256sum | cut -c1-12)
PREFIX=$CACHE/kokkos-cuda-$ARCH-$KEY
mkdir -p "$CACHE"
if [ ! -f "$PREFIX/kfuse-complete" ]; then
  # Installed where it stays (Kokkos' CMake package records its paths); the
  # stamp, written last, marks a whole install.
  rm -rf "$PREFIX"
  start=$(date +%s)
  "$HERE/scripts/build-kokkos.sh" --cuda "$ARCH" "$TARBALL" "$PREFIX" > "$CACHE/build-$KEY.log" 2>&1 ||
    { tail -30 "$CACHE/build-$KEY.log" >&2; echo "FAIL: building CUDA Kokkos (log: $CACHE/build-$KEY.log)" >&2; exit 1; }
  touch "$PREFIX/kfuse-complete"
  echo "built CUDA Kokkos ($ARCH) in $(( $(date +%s) - start )) s: $PREFIX"
else
  echo "CUDA Kokkos ($ARCH) from the cache: $PREFIX"
fi
echo "$PREFIX" > "$CACHE/current-$ARCH"
