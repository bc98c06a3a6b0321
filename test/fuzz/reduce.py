#!/usr/bin/env python3
"""Cuts a failing generated program down to a small reproducer: drops chains, then statements, while the same kind of failure persists."""
# Works on the generator's model, not on text, so every candidate is a
# well-formed program with its oracle: it drops whole chains, then items of a
# chain (launches, host statements), turns `if`s and host loops into plain
# launches, then drops statements of kernel bodies and terms of expressions.
# Each candidate is profiled and fused afresh by run.py, stopping as soon as
# the failure's kind can be seen.
#
# Usage: reduce.py SEED [--kind KIND] [--out DIR]
#   DIR (default: build/fuzz-reduced/SEED) receives the reduced program, its
#   profile, kfuse's stderr and the result record.
import argparse
import copy
import shutil
import sys
import tempfile
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402
import run  # noqa: E402

# How far run.py must go to see a failure of each kind.
STOP = {"illegal-fusion": "fuse", "kfuse-error": None, "fused-compile": "build", "instrument": "fuse"}


def candidates(prog):
    """Programs with one thing less (or one thing simpler), biggest first."""
    for i in range(len(prog.chains)):
        if len(prog.chains) > 1:
            p = copy.deepcopy(prog)
            del p.chains[i]
            yield f"chain {prog.chains[i].name}", p
    if prog.steps > 1:
        p = copy.deepcopy(prog)
        p.steps = 1
        yield "one time step", p
    for ci, c in enumerate(prog.chains):
        for ii, it in enumerate(c.items):
            if len(c.items) > 1:
                p = copy.deepcopy(prog)
                del p.chains[ci].items[ii]
                yield f"{c.name} item {ii}", p
            if it.kind in ("if", "loop"):
                p = copy.deepcopy(prog)
                p.chains[ci].items[ii].kind = "launch"
                yield f"{c.name} item {ii}: plain launch", p
    for ci, c in enumerate(prog.chains):
        for ii, it in enumerate(c.items):
            if it.kernel is None:
                continue
            for path in stmt_paths(it.kernel.body):
                p = copy.deepcopy(prog)
                if drop_stmt(p.chains[ci].items[ii].kernel.body, path):
                    yield f"{it.kernel.label} statement {path}", p
            for path in stmt_paths(it.kernel.body):
                s = get_stmt(it.kernel.body, path)
                if s.expr is None:
                    continue
                for t in range(len(s.expr.terms)):
                    p = copy.deepcopy(prog)
                    del get_stmt(p.chains[ci].items[ii].kernel.body, path).expr.terms[t]
                    yield f"{it.kernel.label} statement {path} term {t}", p
                if s.expr.const:
                    p = copy.deepcopy(prog)
                    get_stmt(p.chains[ci].items[ii].kernel.body, path).expr.const = 0
                    yield f"{it.kernel.label} statement {path} constant", p


def stmt_paths(body, prefix=()):
    for i, s in enumerate(body):
        yield prefix + (i,)
        if s.kind == "loop":
            yield from stmt_paths(s.body, prefix + (i,))


def get_stmt(body, path):
    for i in path[:-1]:
        body = body[i].body
    return body[path[-1]]


def drop_stmt(body, path) -> bool:
    for i in path[:-1]:
        body = body[i].body
    if len(body) < 2:
        return False
    del body[path[-1]]
    return True


def size(prog) -> int:
    return len(generate.emit(prog).splitlines())


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("seed", type=int)
    ap.add_argument("--kind", help="the failure kind to keep (default: the seed's first failure)")
    ap.add_argument("--out", help="where to write the reduced case")
    run.add_common(ap)
    args = ap.parse_args(argv)
    cfg = run.default_config(args)
    out = Path(args.out) if args.out else run.ROOT / "build" / "fuzz-reduced" / str(args.seed)
    scratch = Path(tempfile.mkdtemp(prefix=f"kfuse-reduce-{args.seed}-"))
    work = scratch / "case"
    tries = 0

    seen = {}

    def failing(prog, kind, cached=True):
        nonlocal tries
        text = generate.emit(prog)
        if cached and text in seen:
            return seen[text]
        tries += 1
        res = run.test_program(prog, work, cfg, stop=STOP.get(kind))
        seen[text] = [f for f in res["failures"] if kind is None or f["kind"] == kind]
        return seen[text]

    try:
        prog = generate.generate(args.seed, args.pointers, args.atomics)
        first = failing(prog, args.kind)
        if not first:
            print(f"seed {args.seed}: no failure{' of kind ' + args.kind if args.kind else ''}",
                  file=sys.stderr)
            return 1
        kind = args.kind or first[0]["kind"]
        print(f"seed {args.seed}: reducing a {kind} failure ({size(prog)} lines)", flush=True)
        # Greedy: after a success, go on from just before the same place (the
        # candidates before it failed already); stop after a full pass
        # without success.
        start = 0
        while True:
            accepted = None
            for n, (what, cand) in enumerate(candidates(prog)):
                if n >= start and failing(cand, kind):
                    accepted = n
                    prog = cand
                    print(f"  dropped {what}: {size(prog)} lines", flush=True)
                    break
            if accepted is None:
                if start == 0:
                    break
                start = 0
            else:
                start = max(0, accepted - 1)
        final = failing(prog, kind, cached=False)  # leaves the reduced case's files in work
        if out.exists():
            shutil.rmtree(out)
        shutil.copytree(work, out, ignore=shutil.ignore_patterns(
            "original", "instrumented", "fused", "fused-nr", "*.o", ".git", "compile_commands.json"))
        print(f"reduced to {size(prog)} lines in {tries} tries: {out}/prog.cpp")
        for f in final:
            print(f"  {f['kind']}: {f['detail']}")
        return 0
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
