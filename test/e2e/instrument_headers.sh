#!/usr/bin/env bash
# End-to-end: `kfuse instrument` as a compiler launcher on a project whose
# launches live in headers: a function template instantiated twice, a
# launch under a brace-less `if`, a team kernel with a nested team-level
# call, and a library kernel kfuse does not instrument (a system header).
# One header is also reached by a path that climbs out of the project root
# and back in, and through -I from a header in a subdirectory: the
# instrumented build compiles it once, as the plain one.
# A program aborting after Kokkos::finalize() still writes its profile. A
# class template launching through members of a template parameter's type
# compiles for instantiations whose types have other members.
#
# The profile holds every launch the project wrote, the template's once;
# the library kernel counts against the coverage and separates the launches
# around it; the build tree holds only what the compiler wrote, and the
# dependency file names the user's files.
#
# Usage: instrument_headers.sh KFUSE KOKKOS_INCLUDE_DIR KOKKOS_LIB
set -euo pipefail
KFUSE=$1 KOKKOS_INC=$2 KOKKOS_LIB=$3
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
CXX=${CXX:-c++}
fail() { echo "FAIL: $*" >&2; exit 1; }

mkdir -p "$TMP/proj/src/kernels" "$TMP/proj/lib" "$TMP/proj/build"
git -C "$TMP/proj" init -q
cat > "$TMP/proj/src/kernels/fill.h" <<'CPP'
#pragma once
#include <Kokkos_Core.hpp>
template <class T> void fill(Kokkos::View<T *> v, T x) {
  Kokkos::parallel_for("fill", v.extent(0), KOKKOS_LAMBDA(const int i) { v(i) = x; });
}
CPP
cat > "$TMP/proj/lib/library.h" <<'CPP'
#pragma once
#include <Kokkos_Core.hpp>
inline void library_scale(Kokkos::View<double *> v) {
  Kokkos::parallel_for("library_scale", v.extent(0), KOKKOS_LAMBDA(const int i) { v(i) *= 2; });
}
CPP
cat > "$TMP/proj/src/kernels/again.h" <<'CPP'
#pragma once
// Through -I ../src from a header in a subdirectory: the copy, not the original.
#include "kernels/fill.h"
CPP
cat > "$TMP/proj/src/main.cpp" <<'CPP'
#include "kernels/fill.h"
// Out of the project root and back in: the same header, once (#pragma once).
#include "../../proj/src/kernels/fill.h"
#include "kernels/again.h"
#include <library.h>
#include <cstdio>
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    const int N = 1000;
    Kokkos::View<double *> a("a", N);
    Kokkos::View<int *> b("b", N);
    for (int It = 0; It < 3; ++It) {
      fill(a, 1.0 + It);
      fill(b, It);
      if (argc < 3)
        Kokkos::parallel_for("twice", N, KOKKOS_LAMBDA(const int i) { a(i) += b(i); });
      library_scale(a);
      using Member = Kokkos::TeamPolicy<>::member_type;
      Kokkos::parallel_for("rows", Kokkos::TeamPolicy<>(10, 1), KOKKOS_LAMBDA(const Member &t) {
        Kokkos::parallel_for(Kokkos::TeamThreadRange(t, 100),
                             [&](const int j) { a(t.league_rank() * 100 + j) += 1; });
      });
    }
    double Sum = 0;
    Kokkos::parallel_reduce("sum", N, KOKKOS_LAMBDA(const int i, double &S) { S += a(i); }, Sum);
    std::printf("checksum=%.17g\n", Sum);
  }
  Kokkos::finalize();
}
CPP
cd "$TMP/proj/build"
FLAGS=(-std=c++17 -O1 -isystem "$KOKKOS_INC" -I ../src -isystem ../lib ${KFUSE_KOKKOS_FLAGS:-})
"$KFUSE" instrument -- "$CXX" "${FLAGS[@]}" -MD -MT main.o -MF main.o.d -c ../src/main.cpp -o main.o \
  2>stderr || { cat stderr; fail "instrumented compile failed"; }
"$CXX" main.o -o prof "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
"$CXX" "${FLAGS[@]}" ../src/main.cpp -o plain "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
[ "$(ls | sort | tr '\n' ' ')" = "main.o main.o.d plain prof stderr " ] ||
  fail "the build tree holds more than the compiler wrote: $(ls)"
grep -q "$TMP/proj/src/kernels/fill.h" main.o.d || { cat main.o.d; fail "depfile does not name fill.h"; }
if grep -q kfuse-instrument main.o.d; then cat main.o.d; fail "depfile names the temporary copies"; fi
[ "$(./plain)" = "$(KFUSE_PROFILE=p.json ./prof)" ] || fail "the instrumented program printed other results"

python3 - p.json <<'PY'
import json, sys
p = json.load(open(sys.argv[1]))
sites = {s["id"].split(":")[0] + ":" + s["label"]: s for s in p["sites"]}
def fail(msg):
    sys.exit("FAIL: " + msg + "\n" + json.dumps(p["sites"], indent=1))
want = {"src/kernels/fill.h:fill": 6, "src/main.cpp:twice": 3, "src/main.cpp:rows": 3,
        "src/main.cpp:sum": 1}
for key, n in want.items():
    if key not in sites:
        fail("no site " + key)
    if sites[key]["launches"] != n:
        fail(key + " ran %d times, not %d" % (sites[key]["launches"], n))
if len(p["sites"]) != len(want):
    fail("%d sites, expected %d" % (len(p["sites"]), len(want)))
if p.get("uninstrumented_launches", 0) < 3:
    sys.exit("FAIL: the library kernel is not counted: %s" % p.get("uninstrumented_launches"))
ids = {s["label"]: s["id"] for s in p["sites"]}
for c in p["chains"]:
    if c["sites"][-2:] == [ids["twice"], ids["rows"]]:
        sys.exit("FAIL: twice -> rows recorded back to back across the library kernel")
PY
"$KFUSE" report p.json | grep -q "coverage: [0-9.]*% of kernel time is in instrumented launches (3 other launches" ||
  { "$KFUSE" report p.json | head -5; fail "report does not print the coverage"; }
# A program that dies after Kokkos::finalize() (a View outliving it, in older
# codes) keeps its profile: it is written at finalize, and stderr says where.
cat > "$TMP/proj/src/dies.cpp" <<'CPP'
#include <Kokkos_Core.hpp>
#include <cstdlib>
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Kokkos::View<double *> a("a", 100);
    Kokkos::parallel_for("fill", 100, KOKKOS_LAMBDA(const int i) { a(i) = i; });
  }
  Kokkos::finalize();
  std::abort();
}
CPP
"$KFUSE" instrument -- "$CXX" "${FLAGS[@]}" -c ../src/dies.cpp -o dies.o 2>stderr ||
  { cat stderr; fail "instrumented compile of dies.cpp failed"; }
"$CXX" dies.o -o dies "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
if KFUSE_PROFILE=dies.json ./dies 2>dies.stderr; then fail "dies.cpp did not abort"; fi
grep -q "kfuse: wrote the profile to 'dies.json'" dies.stderr ||
  { cat dies.stderr; fail "stderr does not say where the profile went"; }
python3 -c "import json,sys; p=json.load(open('dies.json')); sys.exit(0 if any(s['label']=='fill' for s in p['sites']) else 1)" ||
  fail "the profile of a program aborting after finalize lacks its launch"
# A launch in a class template names the members of an object whose type is
# a template parameter: another instantiation's object has other members
# (an accessor over other Views). The instrumented code compiles for both.
cat > "$TMP/proj/src/lists.cpp" <<'CPP'
#include <Kokkos_Core.hpp>
#include <cstdio>
struct Row {
  const int *first;
  int n;
  KOKKOS_INLINE_FUNCTION int size() const { return n; }
};
struct Dense {
  Kokkos::View<int **> items;
  Kokkos::View<int *> counts;
  KOKKOS_INLINE_FUNCTION Row row(int i) const { return Row{&items(i, 0), counts(i)}; }
};
// (Its rows count their visits: the instantiations differ in more than
// what they read, so the model is the first one's.)
struct Packed {
  Kokkos::View<int *> items, offsets, visits;
  KOKKOS_INLINE_FUNCTION Row row(int i) const {
    visits(i) += 1;
    return Row{&items(offsets(i)), offsets(i + 1) - offsets(i)};
  }
};
template <class List> struct Longest {
  List list;
  KOKKOS_INLINE_FUNCTION void operator()(const int i, int &m) const {
    if (list.row(i).size() > m) m = list.row(i).size();
  }
};
template <class List> struct Sizes {
  List list;
  Kokkos::View<int *> out;
  int longest(int n) {
    int m = 0;
    Kokkos::parallel_reduce("longest", n, Longest<List>{list}, Kokkos::Max<int>(m));
    List l = list;
    Kokkos::View<int *> o = out;
    Kokkos::parallel_for("copy", n, KOKKOS_LAMBDA(const int i) { o(i) = l.row(i).size(); });
    return m;
  }
};
int main(int argc, char **argv) {
  Kokkos::initialize(argc, argv);
  {
    Kokkos::View<int **> e("e", 10, 4);
    Kokkos::View<int *> c("c", 10), p("p", 11), f("f", 100), out("out", 10), h("h", 10);
    Kokkos::parallel_for("init", 11, KOKKOS_LAMBDA(const int i) { p(i) = i * i; if (i < 10) c(i) = i % 4; });
    Sizes<Dense> d{Dense{e, c}, out};
    Sizes<Packed> k{Packed{f, p, h}, out};
    std::printf("%d %d\n", d.longest(10), k.longest(10));
  }
  Kokkos::finalize();
}
CPP
"$KFUSE" instrument -- "$CXX" "${FLAGS[@]}" -c ../src/lists.cpp -o lists.o 2>stderr ||
  { cat stderr; fail "instrumented compile of lists.cpp failed"; }
"$CXX" lists.o -o lists "$KOKKOS_LIB" ${KFUSE_KOKKOS_FLAGS:-} -ldl
[ "$(KFUSE_PROFILE=lists.json ./lists)" = "3 19" ] || fail "lists.cpp printed other results"
python3 - <<'PY' || fail "the launches in a class template did not record each instantiation's Views"
import json, sys
p = json.load(open("lists.json"))
views = {s["label"]: {v["name"] for v in s["views"]} for s in p["sites"]}
# The model reads the first instantiation (a launch naming a template
# parameter is never fused): its Views are recorded, the other's compile.
want = {"longest": {"list.items", "list.counts"}, "copy": {"o", "l.items", "l.counts"}}
for label, names in want.items():
    if not names <= views.get(label, set()):
        sys.exit("%s records %s" % (label, sorted(views.get(label, []))))
PY
echo "instrument headers: OK"
