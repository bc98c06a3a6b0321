#!/usr/bin/env python3
"""Differential test of kfuse on generated programs: profile, fuse, build, run both ways, compare exactly, judge fusions by the oracle."""
# For each seed: generate the program (generate.py); build the original;
# build it instrumented (`kfuse instrument`) and run it to get a profile;
# `kfuse fuse` it; build the fused program and the one fused --no-restrict;
# run the original, the fused one, the fused one with KFUSE_DISABLE=1, with
# KFUSE_SHADOW=1 (each group checked against its original launches: it must
# report nothing) and with KFUSE_MEASURE=1 (groups alternating with their
# launches, as on a GPU), and the
# --no-restrict one in every run mode (the profiled arguments, the `if` flags
# flipped, other sizes, runtime-unequal ranges, other aliasing) and compare
# their output exactly. Then: fusing the fused file again changes nothing,
# `kfuse revert` gives the original back byte for byte, `kfuse check` on the
# fused file exits 0 or 1. Each group kfuse fused is judged by the oracle: a
# fusion the oracle calls illegal is a bug even when the guard saved the
# output. Each adjacent pair of launches of a chain is counted: legal or not,
# fused or refused (with kfuse's check name).
#
# Usage: run.py SEED | FIRST-LAST  [--results DIR] [--keep DIR] [--plant]
#        [--split] [--functors] [--pointers] [--atomics]
# Exit status: 0 all passed, 1 a failure (listed on stderr).
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.dont_write_bytecode = True
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402
import oracle  # noqa: E402

ROOT = HERE.parent.parent
SOURCE = "prog.cpp"
HELPERS = generate.HELPERS_FILE  # with --split: host helpers in a unit of their own
RUN_TIMEOUT = 30
BUILD_TIMEOUT = 300


def kokkos_paths(build: Path):
    env = {}
    for line in (build / "kokkos-paths.env").read_text().splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            env[k.strip()] = v.strip()
    return env["KOKKOS_INC"], env["KOKKOS_LIB"], env.get("KOKKOS_FLAGS", "").strip('"')


class Config:
    def __init__(self, build: Path, kfuse: Path, cxx: str = "g++", plant: bool = False,
                 inc: str = None, lib: str = None, split: bool = False,
                 functors: bool = False, pointers: bool = False, atomics: bool = False):
        self.kfuse = str(kfuse)
        self.split = split  # kernels in functions of their own (generate.py --split)
        self.functors = functors  # some kernels as functor objects (generate.py --functors)
        self.pointers = pointers  # raw pointers in most chains (generate.py --pointers)
        self.atomics = atomics  # faces scattering through atomics (generate.py --atomics)
        self.inc, self.lib, kokkos_flags = kokkos_paths(build)
        if inc and lib:
            self.inc, self.lib = inc, lib
        # What the Kokkos install needs of the compiler (-fopenmp for OpenMP).
        kokkos_flags = os.environ.get("KFUSE_KOKKOS_FLAGS", kokkos_flags)
        self.cxx = cxx
        self.flags = ["-std=c++17", "-O1", "-isystem", self.inc] + kokkos_flags.split()
        # Kokkos' header precompiled for the test run, where there is one
        # (test/e2e/kokkos_pch.sh): for the builds alone, not kfuse's.
        pch = os.environ.get("KFUSE_TEST_PCH", "")
        self.pch = (["-I", pch, "-include", "Kokkos_Core.hpp"]
                    if pch and Path(pch, "Kokkos_Core.hpp.gch").exists() else [])
        self.plant = plant


class Failure(Exception):
    def __init__(self, kind: str, detail: str):
        super().__init__(f"{kind}: {detail}")
        self.kind, self.detail = kind, detail


def run(cmd, cwd, env=None, timeout=RUN_TIMEOUT, nice=False):
    """(exit status, stdout, stderr); a signal is a negative status, a
    timeout is status -1000."""
    if nice:
        cmd = ["nice", "-n", "10"] + cmd
    full_env = dict(os.environ)
    full_env.pop("KFUSE_DISABLE", None)
    full_env.pop("KFUSE_VERBOSE", None)
    full_env.update(env or {})
    try:
        p = subprocess.run(cmd, cwd=cwd, env=full_env, capture_output=True, text=True,
                           timeout=timeout)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired as e:
        return -1000, e.stdout or "", (e.stderr or "") if isinstance(e.stderr, str) else ""


def status_text(rc: int) -> str:
    if rc == -1000:
        return "timed out"
    return f"killed by signal {-rc}" if rc < 0 else f"exit {rc}"


# ---------------------------------------------------------------- remarks

REMARK = re.compile(r"^(.*?):(\d+):(\d+): (remark|warning|error): (.*?)(?: \[([a-z-]+)\])?$")
QUOTED = re.compile(r"'([^']*)'")


# The groups of the last parse_remarks whose remark says temporal fusion.
REPEATED: list = []


def parse_remarks(stderr: str):
    """kfuse's diagnostics: fused groups (label lists), refusals, other
    warnings and errors."""
    groups, refusals, others, cross = [], [], [], []
    repeated = REPEATED  # groups that also took their host loop in
    repeated.clear()
    for line in stderr.splitlines():
        m = REMARK.match(line)
        if not m:
            continue
        level, msg, check = m.group(4), m.group(5), m.group(6) or ""
        if level == "remark" and msg.startswith("fused ") and " with itself across two calls" in msg:
            # One launch fused with itself across two calls of its function
            # (a doubled call, generate.doubled_call): the runs judge it.
            cross.append(QUOTED.findall(msg.split(" with itself", 1)[0]) * 2)
            continue
        if level == "remark" and msg.startswith("fused ") and " across functions (" in msg:
            # A chain across functions (the generator's chain functions,
            # called in turn by main): no oracle judges it, the runs do.
            cross.append(QUOTED.findall(msg.split(" across functions (", 1)[0]))
            continue
        if level == "remark" and msg.startswith("fused "):
            head = msg[len("fused "):].split(" (", 1)[0]
            groups.append(QUOTED.findall(head))
            if "temporal fusion" in msg:
                repeated.append(groups[-1])
            continue
        if level == "remark":
            m2 = (re.match(r"not fusing '([^']*)' with '([^']*)': (.*)", msg) or
                  re.match(r"not fusing: '([^']*)' and '([^']*)' ran back to back(.*)", msg))
            if m2:
                refusals.append({"first": m2.group(1), "second": m2.group(2), "check": check,
                                 "why": m2.group(3).strip()})
                continue
            m2 = (re.match(r"not fusing: '([^']*)' ran back to back with itself(.*)", msg) or
                  re.match(r"not moving the loop around '([^']*)' into its kernel: (.*)", msg))
            if m2:
                refusals.append({"first": m2.group(1), "second": m2.group(1), "check": check,
                                 "why": m2.group(2).strip()})
                continue
        others.append({"level": level, "check": check, "message": msg})
    return groups, refusals, others, cross


def profiled_pairs(profile: dict) -> set:
    """(label, label) of the launches the profile saw back to back."""
    label = {s["id"]: s.get("label", "") for s in profile.get("sites", [])}
    return {(label.get(c["sites"][0]), label.get(c["sites"][1]))
            for c in profile.get("chains", []) if len(c["sites"]) == 2}


def classify(prog, groups, refusals, adjacent: set):
    """Per chain: kfuse's groups judged by the oracle, and each adjacent pair
    (and host loop) of the profiled run: legal or not, fused or refused (the
    check kfuse named; 'profile-not-adjacent' when the profile did not see
    the two back to back, 'no-remark' when kfuse said nothing)."""
    chains, illegal = {}, []
    label_chain = {k.label: c for c in prog.chains for k in c.kernels()}
    for g in groups:
        owners = {label_chain[l].name if l in label_chain else "?" for l in g}
        if len(owners) != 1 or "?" in owners:
            illegal.append({"group": g, "why": ["fused across functions or unknown labels"]})
    for c in prog.chains:
        o = oracle.Oracle(prog, c)
        mine = [g for g in groups if all(l in o.by_label for l in g)]
        judged = []
        for g in mine:
            repeated = g in REPEATED and len(g) > 1
            why = o.group(g, repeated=repeated)
            judged.append({"labels": g, "legal": not why, "why": why, "repeated": repeated})
            if why:
                illegal.append({"group": g, "why": why})
        s = o.summary()
        for p in s["pairs"]:
            together = any(p["first"] in g and p["second"] in g for g in mine)
            p["kfuse"] = "fused" if together else "refused"
            if not together:
                r = (next((r for r in refusals if r["first"] == p["first"] and r["second"] == p["second"]), None)
                     or next((r for r in refusals if r["second"] == p["second"] and r["first"] in o.by_label
                              and r["first"] != r["second"]), None))
                p["check"] = r["check"] if r else (
                    "no-remark" if (p["first"], p["second"]) in adjacent else "profile-not-adjacent")
                p["reason"] = r["why"] if r else ""
        for rp in s["repeats"]:
            fused = [rp["label"]] in mine
            rp["kfuse"] = "fused" if fused else "refused"
            if not fused:
                r = next((r for r in refusals if r["first"] == r["second"] == rp["label"]), None)
                rp["check"] = r["check"] if r else (
                    "no-remark" if (rp["label"], rp["label"]) in adjacent else "profile-not-adjacent")
                rp["reason"] = r["why"] if r else ""
        s["groups"] = judged
        chains[c.name] = s
    return chains, illegal


# ------------------------------------------------------------------ steps

def plant_bug(text: str) -> str:
    """A wrong fused kernel, to show that a mismatch fails the test: in every
    fused functor, the first '+' (else '-') of each value written flips."""
    out, inside = [], False
    for line in text.splitlines(keepends=True):
        if "// kfuse-functor-begin" in line:
            inside = True
        elif "// kfuse-functor-end" in line:
            inside = False
        at = line.find("kf_wrap(")
        if inside and at >= 0:
            rhs = line[at:]
            rhs = rhs.replace(" + ", " - ", 1) if " + " in rhs else rhs.replace(" - ", " + ", 1)
            line = line[:at] + rhs
        out.append(line)
    return "".join(out)


class Case:
    """One program in a directory that is its own project root."""

    def __init__(self, cfg: Config, work: Path):
        self.cfg, self.work = cfg, work
        self.log = []

    def step(self, name, cmd, env=None, timeout=BUILD_TIMEOUT, nice=True, cwd=None):
        t = time.time()
        rc, out, err = run(cmd, cwd or self.work, env, timeout, nice)
        self.log.append({"step": name, "cmd": " ".join(cmd), "rc": rc,
                         "seconds": round(time.time() - t, 2)})
        (self.work / f"{name}.stderr").write_text(err)
        return rc, out, err

    def compile(self, name, src, exe, extra=(), helpers=HELPERS):
        """Builds \p src, with the helpers' unit \p helpers where the
        program has one (--split), into \p exe."""
        cfg = self.cfg
        others = [helpers] if cfg.split else []
        rc, _, err = self.step(name, [cfg.cxx] + cfg.flags + cfg.pch + list(extra) +
                               [src] + others + ["-o", exe, cfg.lib, "-ldl"])
        return rc, err

    def sources(self):
        """The units kfuse is given."""
        return [SOURCE] + ([HELPERS] if self.cfg.split else [])

    def kfuse(self, name, args, env=None):
        rc, out, err = self.step(name, [self.cfg.kfuse] + args, env=env, nice=True)
        if rc < 0:
            raise Failure("crash", f"kfuse {args[0]} {status_text(rc)} (see {name}.stderr)")
        return rc, out, err


def prepare(work: Path, text: str, cfg: Config, helpers: str = None):
    work.mkdir(parents=True, exist_ok=True)
    (work / ".git").mkdir(exist_ok=True)
    (work / SOURCE).write_text(text)
    units = [SOURCE]
    if helpers is not None:
        (work / HELPERS).write_text(helpers)
        units.append(HELPERS)
    (work / "compile_commands.json").write_text(json.dumps(
        [{"directory": str(work), "file": str(work / u),
          "command": " ".join([cfg.cxx] + cfg.flags + ["-c", str(work / u)])} for u in units],
        indent=1) + "\n")


class Stop(Exception):
    """Ends a test early (the reducer needs only the steps up to its failure)."""


def test_program(prog, work: Path, cfg: Config, stop: str = None) -> dict:
    """Runs every check on one program; returns the result record. Failures
    are listed in result['failures'] (kind, detail). stop: 'fuse' ends the
    test after kfuse fuse and the oracle, 'build' after the fused build."""
    text = generate.emit(prog, cfg.split, cfg.functors)
    helpers = generate.emit_helpers() if cfg.split else None
    if work.exists():
        shutil.rmtree(work)
    prepare(work, text, cfg, helpers)
    (work / "oracle.json").write_text(json.dumps(oracle.oracle_json(prog), indent=1) + "\n")
    result = {"seed": prog.seed, "failures": [], "chains": {}, "notes": []}
    case = Case(cfg, work)
    t0 = time.time()
    try:
        check_program(prog, case, text, result, stop)
    except Stop:
        pass
    except Failure as f:
        result["failures"].append({"kind": f.kind, "detail": f.detail})
    result["seconds"] = round(time.time() - t0, 1)
    result["steps"] = case.log
    result["ok"] = not result["failures"]
    (work / "result.json").write_text(json.dumps(result, indent=1) + "\n")
    return result


def check_program(prog, case: Case, text: str, result: dict, stop: str = None):
    cfg, work = case.cfg, case.work
    fail = result["failures"]
    rc, err = case.compile("build-original", SOURCE, "original")
    if rc != 0:
        raise Failure("generator", "the original program does not compile:\n" + err[-2000:])

    # Profile.
    objects = []
    for unit in case.sources():
        obj = unit.replace(".cpp", ".prof.o")
        rc, _, err = case.kfuse("instrument", ["instrument", "--", cfg.cxx] + cfg.flags +
                               ["-c", unit, "-o", obj], env={"KFUSE_PROJECT_ROOT": str(work)})
        if rc != 0:
            raise Failure("instrument", f"kfuse instrument {status_text(rc)}:\n" + err[-2000:])
        objects.append(obj)
    rc, _, err = case.step("link-instrumented", [cfg.cxx] + cfg.flags + objects + ["-o", "instrumented", cfg.lib, "-ldl"])
    if rc != 0:
        raise Failure("instrument", "the instrumented program does not link:\n" + err[-2000:])
    modes = prog.run_modes()
    want = {}
    for mode, args in modes.items():
        rc, out, err = run(["./original"] + args, work)
        if rc != 0 or not out:
            raise Failure("generator", f"the original program {status_text(rc)} in mode {mode}: {err[-500:]}")
        want[mode] = out
    rc, out, err = run(["./instrumented"] + modes["profiled"], work,
                       env={"KFUSE_PROFILE": str(work / "prof.json")})
    if rc != 0:
        raise Failure("instrumented-run", f"the instrumented program {status_text(rc)}: {err[-1000:]}")
    if out != want["profiled"]:
        fail.append({"kind": "mismatch", "detail": "the instrumented program prints other results"})
    if not (work / "prof.json").exists():
        raise Failure("instrumented-run", "no profile written")

    # Fuse.
    common = ["-p", ".", "--project-root", ".", "--profile", "prof.json", "--min-share=0"]
    rc, _, err = case.kfuse("fuse", ["fuse"] + common + ["--output-dir", "out"] + case.sources())
    if rc != 0:
        raise Failure("kfuse-error", f"kfuse fuse {status_text(rc)}: {err[-2000:]}")
    groups, refusals, others, cross = parse_remarks(err)
    result["remarks"] = {"groups": groups, "refusals": refusals, "others": others,
                         "cross": cross,
                         # Groups whose bodies' statements run in another order
                         # with loops merged (a statement schedule).
                         "scheduled": err.count("statements reordered")}
    for o in others:
        if o["level"] == "error":
            fail.append({"kind": "kfuse-error", "detail": o["message"]})
        elif o["check"] == "kfuse-emit-check":
            # kfuse dropped a rewrite that did not compile: always a defect.
            fail.append({"kind": "fused-compile", "detail": o["message"]})
    profile = json.loads((work / "prof.json").read_text())
    # A pair fused across functions within one chain is judged like a group
    # when nothing is launched between them; with a launch between (under an
    # `if` the profiled run skipped) the window flushes the first kernel
    # before it, which the oracle does not model: the runs judge those.
    order = {k.label: (c.name, i) for c in prog.chains for i, k in enumerate(c.kernels())}
    # (A kernel whose function is called a second time on other Views runs,
    # as the first of a pair, over Views the oracle does not model.)
    swapped = {k.label for c in prog.chains for k in c.kernels()
               if cfg.split and generate.doubled_call(c, k) == "swapped"}
    judged_cross = [g for g in cross
                    if all(l in order for l in g) and order[g[0]][0] == order[g[-1]][0]
                    and order[g[-1]][1] - order[g[0]][1] == 1 and g[0] not in swapped]
    chains, illegal = classify(prog, groups + judged_cross, refusals, profiled_pairs(profile))
    result["chains"] = chains
    for i in illegal:
        fail.append({"kind": "illegal-fusion", "detail": f"{i['group']}: {'; '.join(i['why'])}"})
    if stop == "fuse":
        raise Stop()
    fused_path = work / "out" / SOURCE
    if not fused_path.exists():
        raise Failure("kfuse-error", "kfuse fuse wrote no output")
    fused_text = fused_path.read_text()
    changed = fused_text != text
    if changed != bool(groups or cross):
        fail.append({"kind": "kfuse-error",
                     "detail": f"{len(groups)} groups reported, file {'changed' if changed else 'unchanged'}"})
    if not groups and not cross and not cfg.plant:
        # Nothing fused (and the file unchanged, checked above): the fused
        # builds are the original; revert and check still run. (Chains
        # fused across functions alone are built and run like groups.)
        result["notes"].append("nothing fused")
        check_revert(case, text, fused_text, fused_path, common, result)
        return
    build_text = plant_bug(fused_text) if cfg.plant else fused_text
    (work / "fused.cpp").write_text(build_text)
    rc, err = case.compile("build-fused", "fused.cpp", "fused", ["-I", str(ROOT / "include")],
                           helpers=f"out/{HELPERS}")
    if rc != 0:
        raise Failure("fused-compile", "the fused program does not compile:\n" + err[-3000:])
    if stop == "build":
        raise Stop()
    rc, _, err = case.kfuse("fuse-no-restrict", ["fuse"] + common + ["--no-restrict", "--output-dir",
                                                                        "out-nr"] + case.sources())
    if rc != 0:
        raise Failure("kfuse-error", f"kfuse fuse --no-restrict {status_text(rc)}: {err[-2000:]}")
    shutil.copy(work / "out-nr" / SOURCE, work / "fused-nr.cpp")
    rc, err = case.compile("build-fused-nr", "fused-nr.cpp", "fused-nr", ["-I", str(ROOT / "include")],
                           helpers=f"out-nr/{HELPERS}")
    if rc != 0:
        raise Failure("fused-compile", "the program fused --no-restrict does not compile:\n" + err[-3000:])

    # Run and compare.
    result["fallbacks"] = {}
    for mode, args in modes.items():
        variants = [("fused", "./fused", {"KFUSE_VERBOSE": "1"}),
                    ("fallback", "./fused", {"KFUSE_DISABLE": "1"}),
                    # as on a GPU: each group alternates with its launches
                    ("measured", "./fused", {"KFUSE_MEASURE": "1"}),
                    # every fused group against its original launches
                    ("shadow", "./fused", {"KFUSE_SHADOW": "1"}),
                    ("no-restrict", "./fused-nr", {})]
        for name, exe, env in variants:
            rc, out, err = run([exe] + args, work, env=env)
            if name == "shadow" and "kfuse: shadow check" in err:
                fail.append({"kind": "shadow",
                             "detail": f"the shadow check found a difference in mode {mode} "
                                       f"({' '.join(args)}): "
                                       + err[err.index("kfuse: shadow check"):][:500]})
                continue
            if rc != 0:
                fail.append({"kind": "crash" if rc < 0 else "run-error",
                             "detail": f"{name} {status_text(rc)} in mode {mode} ({' '.join(args)})"})
                continue
            if out != want[mode]:
                (work / f"{name}.{mode}.out").write_text(out)
                (work / f"original.{mode}.out").write_text(want[mode])
                fail.append({"kind": "mismatch",
                             "detail": f"{name} differs from the original in mode {mode} "
                                       f"({' '.join(args)}): {first_difference(want[mode], out)}"})
            if name == "fused":
                result["fallbacks"][mode] = sorted(set(re.findall(r"fallback for '([^']*)'", err)))
    if result["fallbacks"].get("profiled"):
        # The profiled run is where every assumption of the plan holds: a
        # fused kernel that does not run there never runs.
        fail.append({"kind": "guard-falls-back",
                     "detail": "the guard takes the original launches in the profiled run: "
                               + ", ".join(result["fallbacks"]["profiled"])})

    check_revert(case, text, fused_text, fused_path, common, result)


def check_revert(case: Case, text: str, fused_text: str, fused_path: Path, common: list,
                 result: dict):
    """Fusing the fused file changes nothing, `check` on it exits 0 or 1,
    `revert` gives the input back."""
    work, fail = case.work, result["failures"]
    # The helpers' unit as the input had it, and as fused.
    helpers_text = (work / HELPERS).read_text() if case.cfg.split else None
    fused_helpers = (work / "out" / HELPERS).read_text() if case.cfg.split else None
    def put_fused():
        shutil.copy(fused_path, work / SOURCE)
        if case.cfg.split:
            (work / HELPERS).write_text(fused_helpers)
    put_fused()
    rc, _, err = case.kfuse("fuse-again", ["fuse"] + common + ["--in-place"] + case.sources())
    if rc != 0:
        fail.append({"kind": "kfuse-error", "detail": f"fusing the fused file: {status_text(rc)}"})
    elif (work / SOURCE).read_text() != fused_text or (
            case.cfg.split and (work / HELPERS).read_text() != fused_helpers):
        fail.append({"kind": "not-idempotent", "detail": "fusing the fused file changed it"})
    put_fused()
    rc, _, err = case.kfuse("check", ["check", "-p", ".", "--project-root", ".", "--profile",
                                      "prof.json"] + case.sources())
    result["check_rc"] = rc
    if rc not in (0, 1):
        fail.append({"kind": "check-error", "detail": f"kfuse check on the fused file: {status_text(rc)}: "
                                                      f"{err[-1000:]}"})
    rc, _, err = case.kfuse("revert", ["revert"] + case.sources())
    if rc != 0:
        fail.append({"kind": "kfuse-error", "detail": f"kfuse revert {status_text(rc)}"})
    elif (work / SOURCE).read_text() != text or (
            case.cfg.split and (work / HELPERS).read_text() != helpers_text):
        fail.append({"kind": "revert-not-exact", "detail": "kfuse revert did not restore the input"})
    (work / SOURCE).write_text(text)
    if case.cfg.split:
        (work / HELPERS).write_text(helpers_text)


def first_difference(a: str, b: str) -> str:
    la, lb = a.splitlines(), b.splitlines()
    for i, (x, y) in enumerate(zip(la, lb)):
        if x != y:
            return f"line {i + 1}: want '{x}', got '{y}'"
    return f"{len(la)} lines wanted, {len(lb)} printed"


def seeds_of(spec: str):
    out = []
    for part in spec.split(","):
        if "-" in part:
            a, b = part.split("-")
            out += range(int(a), int(b) + 1)
        else:
            out.append(int(part))
    return out


def run_seed(seed: int, cfg: Config, results: Path = None, keep: Path = None,
             scratch: Path = None) -> dict:
    """Tests one seed in a scratch directory; writes results/SEED.json and
    keeps the directory of a failing case under keep/SEED."""
    prog = generate.generate(seed, cfg.pointers, cfg.atomics)
    base = Path(tempfile.mkdtemp(prefix=f"kfuse-fuzz-{seed}-", dir=scratch))
    try:
        res = test_program(prog, base / "case", cfg)
        if not res["ok"] and keep is not None:
            dest = keep / str(seed)
            if dest.exists():
                shutil.rmtree(dest)
            shutil.copytree(base / "case", dest, ignore=shutil.ignore_patterns(
                "original", "instrumented", "fused", "fused-nr", "*.o", ".git"))
            res["kept"] = str(dest)
    finally:
        shutil.rmtree(base, ignore_errors=True)
    if results is not None:
        results.mkdir(parents=True, exist_ok=True)
        slim = {k: v for k, v in res.items() if k != "steps"}
        (results / f"{seed}.json").write_text(json.dumps(slim, indent=1) + "\n")
    return res


def default_config(args) -> Config:
    build = Path(args.build).resolve()
    kfuse = Path(args.kfuse).resolve() if args.kfuse else build / "bin" / "kfuse"
    return Config(build, kfuse, cxx=args.cxx, plant=args.plant, inc=args.kokkos_include,
                  lib=args.kokkos_lib, split=args.split, functors=args.functors,
                  pointers=args.pointers, atomics=args.atomics)


def add_common(ap):
    ap.add_argument("--build", default=str(ROOT / "build"), help="kfuse's build directory")
    ap.add_argument("--kfuse", help="the kfuse binary (default: BUILD/bin/kfuse)")
    ap.add_argument("--cxx", default="g++", help="the C++ compiler (default g++)")
    ap.add_argument("--kokkos-include", help="Kokkos' include directory (default: BUILD/kokkos-paths.env)")
    ap.add_argument("--kokkos-lib", help="the kokkoscore library (default: BUILD/kokkos-paths.env)")
    ap.add_argument("--plant", action="store_true",
                    help="flip an operator in the fused kernel before building it (must fail)")
    ap.add_argument("--split", action="store_true",
                    help="write each kernel that can be in a function of its own (generate.py "
                         "--split): the chains' pairs are then across functions")
    ap.add_argument("--functors", action="store_true",
                    help="write about half of the parallel_for kernels as functor objects "
                         "(generate.py --functors)")
    ap.add_argument("--pointers", action="store_true",
                    help="a raw pointer to a View's data in most chains, read alike by their "
                         "kernels (generate.py --pointers)")
    ap.add_argument("--atomics", action="store_true",
                    help="kernels over faces scattering through atomics into Views of cells in most "
                         "chains (generate.py --atomics)")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("seeds", help="a seed, a range FIRST-LAST, or a comma-separated list of both")
    ap.add_argument("--results", help="write SEED.json here")
    ap.add_argument("--keep", default=None, help="keep failing cases' files here")
    add_common(ap)
    args = ap.parse_args(argv)
    cfg = default_config(args)
    failed = 0
    for seed in seeds_of(args.seeds):
        res = run_seed(seed, cfg, Path(args.results) if args.results else None,
                       Path(args.keep) if args.keep else None)
        pairs = [p for c in res["chains"].values() for p in c["pairs"]]
        legal = [p for p in pairs if p["legal"]]
        fused = [p for p in legal if p["kfuse"] == "fused"]
        status = "ok" if res["ok"] else "FAIL"
        crossed = res.get("remarks", {}).get("cross", [])
        cross = len([g for g in crossed if len(g) != 2 or g[0] != g[1]])
        itself = len(crossed) - cross
        print(f"seed {seed}: {status} ({res['seconds']} s; {len(res['chains'])} chains, "
              f"{len(pairs)} pairs, {len(legal)} legal, {len(fused)} of them fused; "
              f"{cross} fused across functions, {itself} with itself across two calls; "
              f"{res.get('remarks', {}).get('scheduled', 0)} with statements reordered)", flush=True)
        for f in res["failures"]:
            print(f"  {f['kind']}: {f['detail']}", file=sys.stderr)
        if not res["ok"]:
            failed += 1
            if res.get("kept"):
                print(f"  files: {res['kept']}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
