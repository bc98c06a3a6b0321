#!/usr/bin/env bash
# Renders the HTML report of the committed stream profile in headless Chromium
# and saves a screenshot (issue 6: the charts, as a browser shows them).
# Not a CTest test: CI has no Chromium. Installs Debian's `chromium` when
# missing (apt-get; as root, or through sudo).
#
# Usage: scripts/report-screenshot.sh [OUT.png]   (default examples/report-stream.png)
#   KFUSE=path/to/kfuse   the kfuse binary (default build/bin/kfuse)
#   BUILD=dir             the build whose compile_commands.json has examples/stream
#                         (default build/), for the fusion verdicts
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
KFUSE=${KFUSE:-$ROOT/build/bin/kfuse}
BUILD=${BUILD:-$ROOT/build}
OUT=${1:-$ROOT/examples/report-stream.png}
if [ ! -x "$KFUSE" ] || [ ! -f "$BUILD/compile_commands.json" ]; then
  echo "error: build kfuse first (scripts/test.sh)" >&2
  exit 2
fi

if ! command -v chromium >/dev/null; then
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
KFUSE_PROJECT_ROOT=$ROOT "$KFUSE" report profiles/stream.json \
  -p "$BUILD" examples/stream/stream.cpp --html "$TMP/report.html" >/dev/null
# The page is self-contained: nothing to fetch, so no network is needed.
chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --screenshot="$TMP/report.png" --window-size=1200,1600 \
  "file://$TMP/report.html" 2>"$TMP/chromium.log" ||
  { cat "$TMP/chromium.log" >&2; exit 1; }
[ -s "$TMP/report.png" ] || { cat "$TMP/chromium.log" >&2; echo "error: no screenshot" >&2; exit 1; }
mv "$TMP/report.png" "$OUT"
echo "$OUT: $(wc -c <"$OUT") bytes"
