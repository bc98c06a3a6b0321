#!/usr/bin/env bash
# Builds and installs a Kokkos (4.x, or any CMake-built version) from a
# source tree you give, with the Serial and OpenMP backends, so kfuse can be
# built and tested against it (nothing is downloaded):
#
#   scripts/build-kokkos.sh ~/src/kokkos-4.6.01 /opt/kokkos-4.6-omp
#   cmake -S . -B build-k46 -G Ninja -DCMAKE_BUILD_TYPE=Release -DKokkos_ROOT=/opt/kokkos-4.6-omp
#   cmake --build build-k46 && (cd build-k46 && ctest)
#
# Parsing OpenMP Kokkos headers with Clang needs Clang's omp.h
# (libomp-19-dev, which scripts/deps.sh installs).
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 KOKKOS_SOURCE_DIR INSTALL_PREFIX" >&2; exit 2; }
SRC=$(cd "$1" && pwd)
PREFIX=$2
[ -f "$SRC/CMakeLists.txt" ] || { echo "error: no CMakeLists.txt in $SRC" >&2; exit 2; }
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT
cmake -S "$SRC" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_STANDARD=17 \
  -DKokkos_ENABLE_SERIAL=ON -DKokkos_ENABLE_OPENMP=ON -DKokkos_ENABLE_TESTS=OFF \
  -DCMAKE_INSTALL_PREFIX="$PREFIX"
cmake --build "$BUILD" -j "$(nproc)"
cmake --install "$BUILD"
echo "Kokkos installed in $PREFIX: configure kfuse with -DKokkos_ROOT=$PREFIX"
