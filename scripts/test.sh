#!/usr/bin/env bash
# Builds kfuse and runs every test. Installs missing Debian packages first.
#
# Usage: scripts/test.sh [ctest arguments...]
set -euo pipefail
KFUSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=deps.sh
source "$KFUSE_ROOT/scripts/deps.sh"

kfuse_install_deps
kfuse_build "$KFUSE_ROOT/build"
cd "$KFUSE_ROOT/build"
ctest --output-on-failure -j "$(nproc)" "$@"
