#!/usr/bin/env bash
# Installs the Debian 12 packages kfuse needs, if any is missing. Sourced by
# scripts/test.sh and scripts/demo.sh; runs apt-get only when needed.
KFUSE_PACKAGES=(
  cmake ninja-build g++ ccache
  llvm-19-dev libclang-19-dev libclang-cpp19-dev clang-19 libomp-19-dev
  libtrilinos-kokkos-dev nlohmann-json3-dev
  libgtest-dev googletest
  python3
  patch binutils   # the CUDA tests: Kokkos patched for CUDA 13; nm
  git              # the fuse workflow test applies the printed diff
)

kfuse_install_deps() {
  local missing=()
  for p in "${KFUSE_PACKAGES[@]}" "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
      missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  echo "kfuse: installing ${missing[*]}"
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Configures build/ (once) and builds what changed.
kfuse_build() {
  local build_dir="$1"
  shift
  if [ ! -f "$build_dir/build.ninja" ]; then
    cmake -S "$KFUSE_ROOT" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
  fi
  cmake --build "$build_dir" -j "$(nproc)"
}
