#!/usr/bin/env bash
# End-to-end: `kfuse check` as a CI gate on examples/stream.
#   unfused: exit 1, a [kfuse-unfused-hot-path] warning at the first launch,
#            notes at the others; SARIF output valid 2.1.0;
#   the Kokkos Tools connector's profile (kernel names only): the same finding;
#   a connector profile whose names match no label: warnings, not silence;
#   a connector profile's name that labels two launches: the remark says so;
#   without files: every unit of the database under the root, the same
#   finding; a unit of the database left out: said once, in a note (fuse,
#   and check --verbose);
#   after `fuse --in-place`: exit 0;
#   a malformed profile: exit 2 with the error.
#
# Usage: check_workflow.sh KFUSE SOURCE_DIR KOKKOS_INCLUDE_DIR
set -euo pipefail
KFUSE=$1 SRC=$2 KOKKOS_INC=$3
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
CXX=${CXX:-c++}
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$TMP/proj/examples/stream"
cp "$SRC/examples/stream/stream.cpp" "$TMP/proj/examples/stream/"
cp -r "$SRC/profiles" "$TMP/proj/profiles"
cd "$TMP/proj"
cat > compile_commands.json <<JSON
[{"directory": "$TMP/proj", "file": "$TMP/proj/examples/stream/stream.cpp",
  "command": "$CXX -std=c++17 ${KFUSE_KOKKOS_FLAGS:-} -isystem $KOKKOS_INC -I $SRC/include -c $TMP/proj/examples/stream/stream.cpp"}]
JSON
check() { # EXPECTED_STATUS PROFILE [ARGS...]
  local want=$1 profile=$2 status=0
  shift 2
  "$KFUSE" check -p . --project-root . --profile "$profile" "$@" \
    examples/stream/stream.cpp >out 2>err || status=$?
  [ "$status" = "$want" ] || { cat err >&2; fail "check exited $status, expected $want"; }
}

check 1 profiles/stream.json
grep -q "examples/stream/stream.cpp:30:7: warning: 'copy', 'mul', 'add', 'triad' and 'dot' run back to back 20 times (.*% of kernel time) and can be fused \[kfuse-unfused-hot-path\]$" err ||
  { cat err >&2; fail "no unfused-hot-path warning at stream.cpp:30:7"; }
grep -q "examples/stream/stream.cpp:32:7: note: 'mul' is launched here$" err ||
  { cat err >&2; fail "no note at the second launch"; }

check 1 profiles/stream.json --format=sarif
python3 "$SRC/test/e2e/validate_sarif.py" out kfuse-unfused-hot-path 1

check 1 profiles/stream.kokkos-tools.json
grep -q "stream.cpp:30:7: warning: .*\[kfuse-unfused-hot-path\]" err ||
  { cat err >&2; fail "no finding from the connector's profile"; }

# A connector profile whose kernel names match no label of the file: said,
# never a silent pass.
sed -e 's/"copy"/"copy_other"/g; s/"mul"/"mul_other"/g; s/"add"/"add_other"/g' \
    -e 's/"triad"/"triad_other"/g; s/"dot"/"dot_other"/g; s/"init"/"init_other"/g' \
    -e 's/"checksum"/"checksum_other"/g' profiles/stream.kokkos-tools.json > unmatched.json
check 0 unmatched.json
grep -q "warning: no kernel of the profile has the label of a launch of this file.*\[kfuse-profile-mismatch\]" err ||
  { cat err >&2; fail "a connector profile that matches nothing passes in silence"; }
grep -q "kfuse: warning: no launch of the files given matches a kernel of the profile" err ||
  { cat err >&2; fail "no summary of a profile that matches nothing"; }

# A connector profile whose kernel name is the label of two launches: the
# remark says so (it said the launch was in none of the files given).
mkdir -p labels
cat > labels/labels.cpp <<'EOF'
#include <Kokkos_Core.hpp>
using V = Kokkos::View<double *>;
void first(int n, V a, V b) {
  Kokkos::parallel_for("update", n, KOKKOS_LAMBDA(const int i) { b(i) = a(i) + 1; });
}
void second(int n, V b, V c) {
  Kokkos::parallel_for("scale", n, KOKKOS_LAMBDA(const int i) { c(i) = 2 * b(i); });
}
void other(int n, V c) {
  Kokkos::parallel_for("update", n, KOKKOS_LAMBDA(const int i) { c(i) += 1; });
}
EOF
cat > labels/compile_commands.json <<JSON
[{"directory": "$TMP/proj/labels", "file": "$TMP/proj/labels/labels.cpp",
  "command": "$CXX -std=c++17 ${KFUSE_KOKKOS_FLAGS:-} -isystem $KOKKOS_INC -c $TMP/proj/labels/labels.cpp"}]
JSON
site() {
  echo "{\"id\": \"$1\", \"file\": \"\", \"line\": 0, \"column\": 0, \"label\": \"$1\", \"kind\": \"parallel_for\", \"space\": \"Serial\", \"launches\": 4, \"total_ns\": 4000, \"median_ns\": 1000, \"range\": {\"begin\": [], \"end\": [], \"constant\": false}, \"views\": []}"
}
cat > labels/profile.json <<JSON
{"kfuse_profile": 1, "source": "kokkos-tools", "program": "labels", "kokkos_version": "4.6.1",
 "backend": "Serial", "time": "2026-12-07T00:00:00Z", "total_launches": 8, "total_kernel_ns": 8000,
 "sites": [$(site update), $(site scale)],
 "chains": [{"sites": ["update", "scale"], "count": 4, "equal_ranges": 0, "total_ns": 8000,
             "same_allocation": [], "overlaps": []}]}
JSON
status=0
"$KFUSE" check --verbose -p labels --project-root labels --profile labels/profile.json \
  labels/labels.cpp >out 2>err || status=$?
[ "$status" = 0 ] || { cat err >&2; fail "check of the shared label exited $status"; }
grep -q "the label of 'update' names 2 launches (labels.cpp:4, labels.cpp:10)" err ||
  { cat err >&2; fail "no remark naming the launches that share a label"; }

check 0 profiles/stream.json --min-share=0.99
check 0 profiles/stream.json --min-share=0.99 --verbose
grep -q "remark: .*\[kfuse-cold-chain\]" err || { cat err >&2; fail "--verbose shows no cold chain"; }

# A second unit (no launches) in the database: given no file, kfuse plans
# both and says nothing of units left out; given one, it says one is left.
cat > examples/stream/timer.cpp <<'CPP'
double elapsed(double a, double b) { return b - a; }
CPP
python3 - "$TMP/proj" "$CXX" <<'PY'
import json, sys
root, cxx = sys.argv[1], sys.argv[2]
db = json.load(open("compile_commands.json"))
db.append({"directory": root, "file": root + "/examples/stream/timer.cpp",
           "command": cxx + " -std=c++17 -c " + root + "/examples/stream/timer.cpp"})
json.dump(db, open("compile_commands.json", "w"))
PY
status=0
"$KFUSE" check -p . --project-root . --profile profiles/stream.json >out 2>err || status=$?
[ "$status" = 1 ] || { cat err >&2; fail "check without files exited $status, expected 1"; }
grep -q "stream.cpp:30:7: warning: .*\[kfuse-unfused-hot-path\]" err ||
  { cat err >&2; fail "no finding without files"; }
if grep -q "units of the compilation database are not given" err; then
  cat err >&2; fail "a unit said left out without files"
fi
check 1 profiles/stream.json --verbose
grep -q "note: 1 of the 2 units of the compilation database are not given ('.*timer.cpp')" err ||
  { cat err >&2; fail "the unit left out is not said"; }

"$KFUSE" fuse -p . --project-root . --profile profiles/stream.json --in-place \
  examples/stream/stream.cpp 2>/dev/null
check 0 profiles/stream.json
[ ! -s err ] || { cat err >&2; fail "findings after fuse"; }

echo '{"kfuse_profile": 1, "source": 7}' > bad.json
check 2 bad.json
grep -q "error: .*source" err || { cat err >&2; fail "the error does not name the field"; }
echo "check workflow: OK"
