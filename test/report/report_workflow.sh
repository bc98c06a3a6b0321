#!/usr/bin/env bash
# End-to-end: `kfuse report` on the committed stream profile and on a profile
# with raw events recorded by an instrumented build of examples/stream.
#
# 1. text report with verdicts (-p and the source), and --html with both charts;
# 2. without sources: no verdicts; a malformed profile exits 2 naming the field;
#    --chrome-trace of a profile without events exits 2 and writes nothing;
# 3. KFUSE_PROFILE_EVENTS=200 run: --chrome-trace writes one complete event per
#    recorded launch.
#
# Usage: report_workflow.sh KFUSE SOURCE_DIR KOKKOS_INCLUDE_DIR KOKKOS_LIB
set -euo pipefail
KFUSE=$1 SRC=$2 KOKKOS_INC=$3 KOKKOS_LIB=$4
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
CXX=${CXX:-c++}
FLAGS=(-std=c++17 -O1 -isystem "$KOKKOS_INC" ${KFUSE_KOKKOS_FLAGS:-})
fail() { echo "FAIL: $*" >&2; exit 1; }
expect() { # expect FILE TEXT: FILE contains the fixed string TEXT
  grep -qF -- "$2" "$1" || { cat "$1" >&2; fail "no '$2' in $1"; }
}

# A project tree mirroring the repository paths, so site ids match.
mkdir -p "$TMP/proj/examples/stream"
cp "$SRC/examples/stream/stream.cpp" "$TMP/proj/examples/stream/"
cat > "$TMP/proj/compile_commands.json" <<JSON
[{"directory": "$TMP/proj", "file": "$TMP/proj/examples/stream/stream.cpp",
  "command": "$CXX ${FLAGS[*]} -c $TMP/proj/examples/stream/stream.cpp"}]
JSON
cd "$TMP/proj"
cp "$SRC/profiles/stream.json" stream.json

# --- 1. verdicts and HTML ----------------------------------------------------
"$KFUSE" report stream.json -p . --project-root . examples/stream/stream.cpp \
  --html report.html >out.txt 2>err.txt || { cat err.txt; fail "report exited $?"; }
expect out.txt "kfuse report of stream.json"
expect out.txt "Sites by time"
expect out.txt "examples/stream/stream.cpp:32"   # mul
expect out.txt "Hot chains"
expect out.txt "copy -> mul"
expect out.txt "fused    copy -> mul -> add -> triad -> dot"
[ -s report.html ] || fail "no report.html"
expect report.html '<svg class="chart" id="time-chart"'
expect report.html '<svg class="chart" id="chain-graph"'
expect report.html '<g class="edge arrow-fused">'
expect report.html '<table id="candidates">'
! grep -q 'https\?://' report.html || fail "report.html fetches something"

# --- 2. no sources, errors ----------------------------------------------------
"$KFUSE" report stream.json >plain.txt || fail "report without sources exited $?"
expect plain.txt "Fusion candidates: not evaluated"

sed '0,/"launches": [0-9]*/s//"launches": "many"/' stream.json >bad.json
set +e
"$KFUSE" report bad.json --html bad.html >/dev/null 2>err.txt
rc=$?
set -e
[ "$rc" = 2 ] || fail "malformed profile: exit $rc, want 2"
expect err.txt "sites[0].launches"
[ ! -e bad.html ] || fail "a failed report wrote bad.html"

set +e
"$KFUSE" report stream.json --html t.html --chrome-trace t.json >/dev/null 2>err.txt
rc=$?
set -e
[ "$rc" = 2 ] || fail "trace without events: exit $rc, want 2"
expect err.txt "KFUSE_PROFILE_EVENTS=N"
[ ! -e t.html ] && [ ! -e t.json ] || fail "a failed report wrote a file"

# --- 3. a trace of raw events -------------------------------------------------
KFUSE_PROJECT_ROOT=$PWD "$KFUSE" instrument -- "$CXX" "${FLAGS[@]}" \
  -c examples/stream/stream.cpp -o stream-prof.o
"$CXX" stream-prof.o -o stream-prof "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
KFUSE_PROFILE_EVENTS=200 KFUSE_PROFILE=events.json ./stream-prof 20000 5 >/dev/null
"$KFUSE" report events.json --chrome-trace trace.json >out.txt ||
  fail "report --chrome-trace exited $?"
expect out.txt "raw events"
python3 - trace.json <<'PY' || fail "trace.json is not the expected trace"
import json, sys
doc = json.load(open(sys.argv[1]))
events = [e for e in doc["traceEvents"] if e["ph"] == "X"]
# stream 20000 5: init, 5 x (copy mul add triad dot), checksum = 27 launches.
assert len(events) == 27, len(events)
names = [e["name"] for e in events]
assert names[:3] == ["init", "copy", "mul"], names[:3]
for e in events:
    assert e["pid"] == 1 and e["tid"] == 1
    assert isinstance(e["ts"], (int, float)) and e["dur"] > 0
    assert e["args"]["site"].startswith("examples/stream/stream.cpp:main#")
starts = [e["ts"] for e in events]
assert starts == sorted(starts), "events out of order"
copy = events[1]
views = {v["name"]: v for v in copy["args"]["views"]}
assert views["c"]["access"] == "write" and views["a"]["access"] == "read", views
assert views["a"]["span"] == 20000 * 8 and views["a"]["data"].startswith("0x"), views["a"]
PY

echo "report workflow: OK"
