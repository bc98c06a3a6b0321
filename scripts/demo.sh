#!/usr/bin/env bash
# The main job on the bundled example: build kfuse and the stream example,
# run the example, and show the launch model kfuse sees in it.
set -euo pipefail
KFUSE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=deps.sh
source "$KFUSE_ROOT/scripts/deps.sh"

kfuse_install_deps
kfuse_build "$KFUSE_ROOT/build"
cd "$KFUSE_ROOT"

echo "== running the unfused example"
./build/bin/stream 1000000 10

echo
echo "== the launch sites kfuse sees (kfuse sites -p build examples/stream/stream.cpp)"
./build/bin/kfuse sites -p build examples/stream/stream.cpp
