#!/usr/bin/env bash
# Precompiles Kokkos' header once for a test run: the scripts that compile
# Kokkos programs (goldens, fuzz, example applications) parse it in most of
# their time. They use it through `-I DIR -include Kokkos_Core.hpp` when
# KFUSE_TEST_PCH names DIR; GCC takes the .gch where the flags match (the
# tests' own: -std=c++17 -O1 and KFUSE_KOKKOS_FLAGS) and the header itself
# otherwise, so results never depend on it. Only the tests' compiles use
# it, never a compilation database kfuse reads.
#
# Usage: kokkos_pch.sh DIR KOKKOS_INCLUDE_DIR
set -euo pipefail
OUT=$1 INC=$2
mkdir -p "$OUT"
# The header under its name beside the .gch: later includes of it find it
# there (its guard already defined).
ln -sf "$INC/Kokkos_Core.hpp" "$OUT/Kokkos_Core.hpp"
# shellcheck disable=SC2086
"${CXX:-c++}" -std=c++17 -O1 -isystem "$INC" ${KFUSE_KOKKOS_FLAGS:-} -x c++-header \
  "$INC/Kokkos_Core.hpp" -o "$OUT/Kokkos_Core.hpp.gch.tmp"
mv "$OUT/Kokkos_Core.hpp.gch.tmp" "$OUT/Kokkos_Core.hpp.gch"
