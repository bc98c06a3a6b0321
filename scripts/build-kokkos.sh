#!/usr/bin/env bash
# Builds and installs a Kokkos (4.x, or any CMake-built version) from a
# source tree or release tarball you give, so kfuse can be built, tested and
# benchmarked against it (nothing is downloaded):
#
#   scripts/build-kokkos.sh ~/src/kokkos-4.6.01 /opt/kokkos-4.6-omp
#   scripts/build-kokkos.sh --cuda HOPPER90 kokkos-4.6.01.tar.gz /opt/kokkos-4.6-cuda
#   cmake -S . -B build-k46 -G Ninja -DCMAKE_BUILD_TYPE=Release -DKokkos_ROOT=/opt/kokkos-4.6-omp
#   cmake --build build-k46 && (cd build-k46 && ctest)
#
# Without --cuda: Serial and OpenMP. With --cuda ARCH (a Kokkos_ARCH_ name:
# HOPPER90, AMPERE80, ...): CUDA and Serial, compiled with the tree's
# nvcc_wrapper, which the install keeps in PREFIX/bin. Where nvcc is 13 or
# newer and the source lacks the fix for it (scripts/patches), a copy of the
# source is patched; the tree you give is never changed.
#
# Parsing OpenMP Kokkos headers with Clang needs Clang's omp.h
# (libomp-19-dev, which scripts/deps.sh installs).
set -euo pipefail
usage() { echo "usage: $0 [--cuda ARCH] KOKKOS_SOURCE_DIR|TARBALL INSTALL_PREFIX" >&2; exit 2; }
CUDA_ARCH=""
if [ "${1:-}" = "--cuda" ]; then
  [ $# -ge 2 ] || usage
  CUDA_ARCH=$2
  shift 2
fi
[ $# -eq 2 ] || usage
HERE=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
PREFIX=$2
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

if [ -f "$1" ]; then
  tar -xf "$1" -C "$WORK"
  SRC=$(dirname "$(find "$WORK" -maxdepth 2 -name CMakeLists.txt | head -1)")
else
  SRC=$(cd "$1" && pwd)
fi
[ -f "$SRC/CMakeLists.txt" ] || { echo "error: no Kokkos CMakeLists.txt in $1" >&2; exit 2; }

BACKENDS=(-DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_OPENMP=ON)
if [ -n "$CUDA_ARCH" ]; then
  NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
  [ -x "$NVCC" ] || { echo "error: --cuda needs nvcc (not on PATH, not in /usr/local/cuda/bin)" >&2; exit 2; }
  NVCC_MAJOR=$("$NVCC" --version | sed -n 's/.*release \([0-9]*\)\..*/\1/p')
  if [ "${NVCC_MAJOR:-0}" -ge 13 ]; then
    PATCH="$HERE/patches/kokkos-4.6-cuda13.diff"
    if (cd "$SRC" && patch -p1 --dry-run -s -f < "$PATCH" >/dev/null 2>&1); then
      if [ "${SRC#"$WORK"}" = "$SRC" ]; then
        cp -r "$SRC" "$WORK/src"
        SRC="$WORK/src"
      fi
      (cd "$SRC" && patch -p1 -s < "$PATCH")
      echo "build-kokkos: applied $(basename "$PATCH") for nvcc $NVCC_MAJOR"
    fi
  fi
  export PATH="$(dirname "$NVCC"):$PATH"
  export NVCC_WRAPPER_DEFAULT_COMPILER=${NVCC_WRAPPER_DEFAULT_COMPILER:-g++}
  # The install's own nvcc_wrapper compiles it: Kokkos' CMake package
  # records that path for the projects that use it.
  mkdir -p "$PREFIX/bin"
  cp "$SRC/bin/nvcc_wrapper" "$PREFIX/bin/nvcc_wrapper"
  BACKENDS=(-DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_CUDA=ON "-DKokkos_ARCH_${CUDA_ARCH}=ON"
            -DKokkos_ENABLE_CUDA_LAMBDA=ON "-DCMAKE_CXX_COMPILER=$(cd "$PREFIX/bin" && pwd)/nvcc_wrapper")
fi

GEN=()
command -v ninja >/dev/null && GEN=(-G Ninja)
cmake -S "$SRC" -B "$WORK/build" "${GEN[@]}" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_STANDARD=17 \
  "${BACKENDS[@]}" -DKokkos_ENABLE_TESTS=OFF -DCMAKE_INSTALL_PREFIX="$PREFIX"
cmake --build "$WORK/build" -j "$(nproc)"
cmake --install "$WORK/build"
echo "Kokkos installed in $PREFIX: configure kfuse with -DKokkos_ROOT=$PREFIX"
