#!/usr/bin/env python3
"""A resumable random-testing campaign of kfuse: runs seeds through run.py for N programs or M minutes and summarises the results."""
# Results go to RESULTS/SEED.json (a seed already there is skipped, so a
# campaign stopped at any point resumes where it was), failing cases' files
# to RESULTS/failures/SEED. The summary covers every result in RESULTS.
#
# Usage: campaign.py (--programs N | --minutes M) [--first SEED] [--results DIR] [-j N]
#        campaign.py --summary [--results DIR]
import argparse
import collections
import json
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import run  # noqa: E402

COMPILE_FAILURES = ("fused-compile", "instrument")
CRASHES = ("crash",)


def summarise(results: Path) -> dict:
    s = collections.Counter()
    refused = collections.Counter()        # legal pairs kfuse did not fuse, by check
    refused_all = collections.Counter()    # every pair kfuse did not fuse, by check
    illegal_why = collections.Counter()    # why the oracle refused pairs
    failures = collections.defaultdict(list)
    for f in sorted(results.glob("*.json"), key=lambda p: int(p.stem) if p.stem.isdigit() else 0):
        r = json.loads(f.read_text())
        s["programs"] += 1
        s["seconds"] += r.get("seconds", 0)
        for fl in r["failures"]:
            failures[fl["kind"]].append(r["seed"])
        if r.get("check_rc") == 1:
            s["check exit 1"] += 1
        if (r.get("fallbacks") or {}).get("profiled"):
            s["guard fell back in the profiled run"] += 1
        for c in r["chains"].values():
            s["chains"] += 1
            legal = c["legal"]
            s["chains legal" if legal else "chains illegal" if legal is False else "chains of one launch"] += 1
            groups = [g for g in c.get("groups", []) if len(g["labels"]) > 1]
            if legal:
                if groups:
                    s["legal chains with a fusion"] += 1
                if any(set(g["labels"]) == set(c["runtime"]) for g in groups):
                    s["legal chains fused whole"] += 1
            s["groups fused"] += len(groups)
            for p in c["pairs"]:
                s["pairs"] += 1
                fused = p.get("kfuse") == "fused"
                s["pairs legal" if p["legal"] else "pairs illegal"] += 1
                s["pairs fused" if fused else "pairs refused"] += 1
                if p["legal"] and fused:
                    s["legal pairs fused"] += 1
                if not fused:
                    refused_all[p.get("check", "?")] += 1
                    if p["legal"]:
                        refused[p.get("check", "?")] += 1
                for w in p["why"]:
                    illegal_why[w.split(":")[0]] += 1
            for rp in c["repeats"]:
                s["host loops"] += 1
                s["host loops legal" if rp["legal"] else "host loops illegal"] += 1
                if rp.get("kfuse") == "fused":
                    s["host loops fused (temporal)"] += 1
                    if rp["legal"]:
                        s["legal host loops fused"] += 1
                elif rp["legal"]:
                    refused["loop: " + rp.get("check", "?")] += 1
    return {"counts": s, "refused_legal": refused, "refused_all": refused_all,
            "illegal_why": illegal_why, "failures": failures}


def rate(a: int, b: int) -> str:
    return f"{a}/{b} = {100.0 * a / b:.1f}%" if b else "n/a"


def print_summary(sm: dict, out=sys.stdout):
    s, f = sm["counts"], sm["failures"]
    p = lambda *a: print(*a, file=out)  # noqa: E731
    p(f"programs: {s['programs']} ({s['seconds'] / 60:.1f} min of testing)")
    p(f"chains: {s['chains']}: oracle-legal {s['chains legal']}, illegal {s['chains illegal']}, "
      f"one launch in the profiled run {s['chains of one launch']}")
    p(f"  legal chains with a fusion: {rate(s['legal chains with a fusion'], s['chains legal'])}; "
      f"fused whole: {rate(s['legal chains fused whole'], s['chains legal'])}")
    p(f"adjacent pairs: {s['pairs']}: legal {s['pairs legal']}, illegal {s['pairs illegal']}; "
      f"fused {s['pairs fused']}, refused {s['pairs refused']}")
    p(f"  fusion rate on legal pairs: {rate(s['legal pairs fused'], s['pairs legal'])}")
    p(f"host loops: {s['host loops']}: legal {s['host loops legal']}, fused (temporal) "
      f"{s['host loops fused (temporal)']}, on legal ones {rate(s['legal host loops fused'], s['host loops legal'])}")
    p(f"fused groups: {s['groups fused']}")
    p("legal but not fused, by kfuse's reason:")
    for k, v in sm["refused_legal"].most_common():
        p(f"  {v:6d}  {k}")
    p("all refused pairs, by kfuse's reason:")
    for k, v in sm["refused_all"].most_common():
        p(f"  {v:6d}  {k}")
    p("why the oracle calls pairs illegal:")
    for k, v in sm["illegal_why"].most_common():
        p(f"  {v:6d}  {k}")
    mism = f.get("mismatch", [])
    comp = [x for k in COMPILE_FAILURES for x in f.get(k, [])]
    crash = [x for k in CRASHES for x in f.get(k, [])]
    ill = f.get("illegal-fusion", [])
    short = lambda xs: (" (seeds " + ", ".join(map(str, sorted(set(xs))[:20])) + ")") if xs else ""  # noqa: E731
    p(f"mismatches: {len(set(mism))}{short(mism)}")
    p(f"compile failures: {len(set(comp))}{short(comp)}")
    p(f"crashes: {len(set(crash))}{short(crash)}")
    p(f"illegal fusions: {len(set(ill))}{short(ill)}")
    for k, xs in sorted(f.items()):
        if k not in ("mismatch", "illegal-fusion") + COMPILE_FAILURES + CRASHES:
            p(f"other failures, {k}: {len(set(xs))}{short(xs)}")
    p(f"kfuse check exit 1 on the fused file: {s['check exit 1']}; "
      f"guard fell back in the profiled run: {s['guard fell back in the profiled run']}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    g = ap.add_mutually_exclusive_group(required=True)
    g.add_argument("--programs", type=int, help="test this many programs (seeds not done yet)")
    g.add_argument("--minutes", type=float, help="start new programs for this long")
    g.add_argument("--summary", action="store_true", help="only print the summary of RESULTS")
    ap.add_argument("--first", type=int, default=1, help="the first seed (default 1)")
    ap.add_argument("--results", default=str(run.ROOT / "build" / "fuzz-campaign"))
    ap.add_argument("-j", type=int, default=1, help="programs at once (default 1)")
    ap.add_argument("--json", help="also write the summary as JSON here")
    run.add_common(ap)
    args = ap.parse_args(argv)
    results = Path(args.results)
    results.mkdir(parents=True, exist_ok=True)
    if not args.summary:
        cfg = run.default_config(args)
        keep = results / "failures"
        deadline = time.time() + args.minutes * 60 if args.minutes else None

        def seeds():
            seed, started = args.first, 0
            while (args.programs is None or started < args.programs) and \
                    (deadline is None or time.time() < deadline):
                if not (results / f"{seed}.json").exists():
                    started += 1
                    yield seed
                seed += 1

        def one(seed):
            res = run.run_seed(seed, cfg, results, keep)
            kinds = ", ".join(sorted({f["kind"] for f in res["failures"]})) or "ok"
            print(f"seed {seed}: {kinds} ({res['seconds']} s)", flush=True)

        with ThreadPoolExecutor(max_workers=max(1, args.j)) as pool:
            running = set()
            for seed in seeds():
                running.add(pool.submit(one, seed))
                if len(running) >= max(1, args.j):
                    done, running = wait(running, return_when=FIRST_COMPLETED)
                    for d in done:
                        d.result()
            for d in running:
                d.result()
    sm = summarise(results)
    print_summary(sm)
    if args.json:
        Path(args.json).write_text(json.dumps({k: dict(v) for k, v in sm.items()}, indent=1) + "\n")
    f = sm["failures"]
    return 1 if f else 0


if __name__ == "__main__":
    sys.exit(main())
