#!/bin/sh
# Runs two variants of an example program and compares the values they print:
# every key=value token of their output except time_s, exactly, or within a
# relative tolerance when one is given (and not 0).
#
# Usage: compare_checksums.sh <program-a> <program-b> [rel_tol] [program args...]
set -eu

if [ $# -lt 2 ]; then
  echo "usage: $0 <program-a> <program-b> [rel_tol] [program args...]" >&2
  exit 2
fi
A=$1
B=$2
shift 2
Tol=0
if [ $# -gt 0 ]; then
  Tol=$1
  shift
fi

# The key=value tokens of a program's output, one a line, time_s left out.
values() {
  printf '%s\n' "$1" | tr ' \t' '\n\n' | grep '=' | grep -v '^time_s=' || true
}

RawA=$("$A" "$@") || { echo "error: $A failed" >&2; exit 1; }
RawB=$("$B" "$@") || { echo "error: $B failed" >&2; exit 1; }
OutA=$(values "$RawA")
OutB=$(values "$RawB")
case "$OutA" in *checksum=*) ;; *) echo "error: $A printed no checksum" >&2; exit 1 ;; esac

echo "$A:"
echo "$OutA"
echo "$B:"
echo "$OutB"

if [ "$Tol" = "0" ]; then
  if [ "$OutA" = "$OutB" ]; then
    echo "values equal"
    exit 0
  fi
  echo "error: values differ" >&2
  exit 1
fi

# Same keys in the same order, each value within Tol relative to the larger.
printf '%s\n' "$OutA" "$OutB" | awk -F= -v tol="$Tol" -v n="$(printf '%s\n' "$OutA" | wc -l)" '
  NR <= n { key[NR] = $1; val[NR] = $2; next }
  {
    i = NR - n
    if ($1 != key[i]) { print "error: key " key[i] " vs " $1 > "/dev/stderr"; bad = 1; next }
    a = val[i] + 0; b = $2 + 0
    d = a - b; if (d < 0) d = -d
    m = a < 0 ? -a : a; mb = b < 0 ? -b : b; if (mb > m) m = mb
    if (d > tol * m) { print "error: " $1 " differs beyond " tol ": " val[i] " vs " $2 > "/dev/stderr"; bad = 1 }
  }
  END { if (NR != 2 * n) { print "error: different number of values" > "/dev/stderr"; bad = 1 }
        if (bad) exit 1; print "values agree within " tol }'
