#!/usr/bin/env bash
# End-to-end: the profile -> fuse -> build -> run workflow on real Kokkos.
#
# 1. stream (committed profile profiles/stream.json): the fused file matches
#    test/golden/stream.expected.cpp, compiles, and prints the unfused
#    checksum, fused and with KFUSE_DISABLE=1; fusing again changes nothing;
#    revert gives back the original byte for byte.
# The other golden cases run through golden_case.sh (test/golden/).
#
# Usage: fuse_workflow.sh KFUSE SOURCE_DIR KOKKOS_INCLUDE_DIR KOKKOS_LIB
#        (KFUSE_REGENERATE=1 rewrites the expected file)
set -euo pipefail
KFUSE=$1 SRC=$2 KOKKOS_INC=$3 KOKKOS_LIB=$4
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
CXX=${CXX:-c++}
FLAGS=(-std=c++17 -O1 -isystem "$KOKKOS_INC" -I "$SRC/include" ${KFUSE_KOKKOS_FLAGS:-})
fail() { echo "FAIL: $*" >&2; exit 1; }

# A project tree in $TMP mirroring the repository paths, so site ids match.
mkdir -p "$TMP/proj/examples/stream"
cp "$SRC/examples/stream/stream.cpp" "$TMP/proj/examples/stream/"
cat > "$TMP/proj/compile_commands.json" <<JSON
[{"directory": "$TMP/proj", "file": "$TMP/proj/examples/stream/stream.cpp",
  "command": "$CXX ${FLAGS[*]} -c $TMP/proj/examples/stream/stream.cpp"}]
JSON
cd "$TMP/proj"
cp -r "$SRC/profiles" profiles
run() { "$@" 2>"$TMP/stderr" || { cat "$TMP/stderr" >&2; fail "$*"; }; }

# --- 1. stream -------------------------------------------------------------
run "$KFUSE" fuse -p . --project-root . --profile profiles/stream.json \
  --output-dir out examples/stream/stream.cpp
grep -q "remark: fused 'copy', 'mul', 'add', 'triad', 'dot'" "$TMP/stderr" ||
  { cat "$TMP/stderr"; fail "no fused remark for stream"; }
EXPECTED="$SRC/test/golden/stream.expected.cpp"
if [ "${KFUSE_REGENERATE:-0}" = 1 ]; then
  cp out/examples/stream/stream.cpp "$EXPECTED"
fi
diff -u "$EXPECTED" out/examples/stream/stream.cpp || fail "stream differs from its golden file"

$CXX "${FLAGS[@]}" examples/stream/stream.cpp -o unfused "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
$CXX "${FLAGS[@]}" out/examples/stream/stream.cpp -o fused "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
want=$(./unfused 50000 7)
got=$(./fused 50000 7)
fallback=$(KFUSE_DISABLE=1 ./fused 50000 7)
[ "$want" = "$got" ] || fail "fused stream printed '$got', unfused '$want'"
[ "$want" = "$fallback" ] || fail "fallback printed '$fallback', unfused '$want'"

# The profile given by an absolute path: the marker names it relative to
# the project root, never by a path of this machine.
run "$KFUSE" fuse -p . --project-root . --profile "$TMP/proj/profiles/stream.json" \
  --output-dir out-abs examples/stream/stream.cpp
cmp -s out/examples/stream/stream.cpp out-abs/examples/stream/stream.cpp ||
  { diff out/examples/stream/stream.cpp out-abs/examples/stream/stream.cpp; fail "an absolute profile path changed the output"; }

# A rewrite that does not compile is never written: with a planted error in
# every rewrite, the file stays as it was and the remarks say why.
KFUSE_PLANT_EMIT_ERROR=1 run "$KFUSE" fuse -p . --project-root . --profile profiles/stream.json \
  --output-dir out-planted examples/stream/stream.cpp
cmp examples/stream/stream.cpp out-planted/examples/stream/stream.cpp ||
  fail "a rewrite that does not compile was written"
grep -q "stream.cpp:1:1: remark: the fused code kfuse wrote for this file does not compile (line [0-9]*.*kfuse_planted_error.*\[kfuse-emit-check\]" "$TMP/stderr" ||
  { cat "$TMP/stderr"; fail "no remark for the rewrite that does not compile"; }
grep -q "remark: not fusing after all: the rewrite did not compile (fused 'copy'" "$TMP/stderr" ||
  { cat "$TMP/stderr"; fail "the fused remark still stands"; }
if grep -q "remark: fused" "$TMP/stderr"; then cat "$TMP/stderr"; fail "a dropped group is still said to be fused"; fi

cp out/examples/stream/stream.cpp examples/stream/stream.cpp
run "$KFUSE" fuse -p . --project-root . --profile profiles/stream.json \
  --in-place examples/stream/stream.cpp
cmp -s out/examples/stream/stream.cpp examples/stream/stream.cpp || fail "second fuse changed the file"
run "$KFUSE" revert examples/stream/stream.cpp
cmp "$SRC/examples/stream/stream.cpp" examples/stream/stream.cpp || fail "revert is not byte-identical"

# --- 1b. the diff fuse prints applies from the project root, with git apply
# and patch -p1: without files (every unit of the database), and for a file
# whose rewritten region ends on its last lines, without a final newline.
run "$KFUSE" fuse -p . --project-root . --profile profiles/stream.json >whole.diff
grep -q "^--- a/examples/stream/stream.cpp$" whole.diff || { head -3 whole.diff; fail "the diff does not name the file from the project root"; }
mkdir -p eof && cd eof
printf '%s\n' '#include <Kokkos_Core.hpp>' \
  'void step(int n, Kokkos::View<double *> x, Kokkos::View<double *> y) {' \
  '  Kokkos::parallel_for("first", n, KOKKOS_LAMBDA(const int i) { x(i) = i; });' \
  '  Kokkos::parallel_for("second", n, KOKKOS_LAMBDA(const int i) { y(i) = 2 * x(i); });' '}' \
  'int main(int argc, char **argv) {' '  Kokkos::initialize(argc, argv);' \
  '  { Kokkos::View<double *> x("x", 300), y("y", 300); step(300, x, y); step(300, x, y); }' \
  '  Kokkos::finalize();' > last.cpp
printf '%s' '}' >>last.cpp   # no newline at the end
cat > compile_commands.json <<JSON
[{"directory": "$TMP/proj/eof", "file": "$TMP/proj/eof/last.cpp",
  "command": "$CXX ${FLAGS[*]} -c $TMP/proj/eof/last.cpp"}]
JSON
KFUSE_PROJECT_ROOT=$TMP/proj/eof run "$KFUSE" instrument -- "$CXX" "${FLAGS[@]}" -o prof.o -c "$TMP/proj/eof/last.cpp"
$CXX prof.o -o prof "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
KFUSE_PROFILE=profile.json ./prof >/dev/null
run "$KFUSE" fuse -p . --project-root . --profile profile.json >last.diff
grep -q "kfuse-begin" last.diff || { cat "$TMP/stderr"; fail "nothing fused in last.cpp"; }
cd ..
git init -q . && git -c core.autocrlf=false apply --check whole.diff ||
  fail "git apply rejects the whole-program diff"
patch -p1 --dry-run <whole.diff >/dev/null || fail "patch -p1 rejects the whole-program diff"
cd eof
git init -q . && git apply --check last.diff || { cat last.diff; fail "git apply rejects the diff ending the file"; }
patch -p1 <last.diff >/dev/null || fail "patch -p1 rejects the diff ending the file"
run "$KFUSE" fuse -p . --project-root . --profile profile.json --output-dir out last.cpp
cmp last.cpp out/last.cpp || fail "the patched file differs from the one fuse writes"
cd ..
rm -rf .git eof whole.diff

# --- 2. all or nothing: a file that cannot be written leaves every file as it was
mkdir -p zz out2
cp "$SRC/examples/stream/stream.cpp" zz/other.cpp
cat > compile_commands.json <<JSON
[{"directory": "$TMP/proj", "file": "$TMP/proj/examples/stream/stream.cpp",
  "command": "$CXX ${FLAGS[*]} -c $TMP/proj/examples/stream/stream.cpp"},
 {"directory": "$TMP/proj", "file": "$TMP/proj/zz/other.cpp",
  "command": "$CXX ${FLAGS[*]} -c $TMP/proj/zz/other.cpp"}]
JSON
touch out2/zz   # a file where the directory for zz/other.cpp must go
if "$KFUSE" fuse -p . --project-root . --profile profiles/stream.json \
    --output-dir out2 examples/stream/stream.cpp zz/other.cpp 2>"$TMP/stderr"; then
  fail "fuse succeeded although out2/zz is a file"
fi
grep -Eq "error: cannot (create|write) 'out2/zz.*no file was changed" "$TMP/stderr" ||
  { cat "$TMP/stderr"; fail "no clear error for the unwritable output"; }
[ -z "$(find out2 -type f ! -name zz)" ] || { find out2; fail "a file was written"; }

# --- 3. -j with relative paths, from a directory other than the database's,
# and check/sites/fuse on files fuse rewrote with a database that does not
# name kfuse's include directory.
mkdir -p p3/build p3/examples/stream p3/examples/other
cp "$SRC/examples/stream/stream.cpp" p3/examples/stream/stream.cpp
cp "$SRC/examples/stream/stream.cpp" p3/examples/other/stream.cpp
PLAIN=(-std=c++17 -O1 -isystem "$KOKKOS_INC" ${KFUSE_KOKKOS_FLAGS:-})
cat > p3/build/compile_commands.json <<JSON
[{"directory": "$TMP/proj/p3/build", "file": "../examples/stream/stream.cpp",
  "command": "$CXX ${PLAIN[*]} -c ../examples/stream/stream.cpp"},
 {"directory": "$TMP/proj/p3/build", "file": "../examples/other/stream.cpp",
  "command": "$CXX ${PLAIN[*]} -c ../examples/other/stream.cpp"}]
JSON
cd p3
"$KFUSE" check -p build --project-root . --profile ../profiles/stream.json -j2 \
  examples/stream/stream.cpp examples/other/stream.cpp 2>"$TMP/stderr" && fail "check found nothing before fusing"
grep -q "kfuse-unfused-hot-path" "$TMP/stderr" || { cat "$TMP/stderr"; fail "check -j2 did not report stream"; }
run "$KFUSE" fuse -p build --project-root . --profile ../profiles/stream.json -j 2 --in-place \
  examples/stream/stream.cpp examples/other/stream.cpp
grep -q "kfuse-begin" examples/stream/stream.cpp || fail "fuse -j 2 did not rewrite stream.cpp"
run "$KFUSE" check -p build --project-root . --profile ../profiles/stream.json -j2 \
  examples/stream/stream.cpp examples/other/stream.cpp
run "$KFUSE" sites -p build examples/stream/stream.cpp
cp examples/stream/stream.cpp fused-once.cpp
run "$KFUSE" fuse -p build --project-root . --profile ../profiles/stream.json --in-place \
  examples/stream/stream.cpp
cmp -s fused-once.cpp examples/stream/stream.cpp || fail "fusing a fused file again changed it"
echo "fuse workflow: OK"
