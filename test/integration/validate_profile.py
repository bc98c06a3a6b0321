#!/usr/bin/env python3
"""Checks the profile of one run of examples/cmake_project's instrumented
variant (relax N STEPS, with KFUSE_PROFILE_EVENTS set) against the launch
sites `kfuse sites --format=json` lists for its sources: schema v1, every site
present with its position, launch counts and views, the chains with their
counts, and the argument identities (labels, pointers, shared allocations).

Usage: validate_profile.py PROFILE SITES_JSON N STEPS
Prints every problem found and exits 1 if there is any.
"""
import json
import sys

problems = []


def check(condition, message):
    if not condition:
        problems.append(message)
    return condition


def main():
    profile_path, sites_path, n, steps = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
    with open(profile_path) as f:
        prof = json.load(f)
    with open(sites_path) as f:
        static = [s for fm in json.load(f)["files"] for s in fm["sites"]]

    check(prof.get("kfuse_profile") == 1, "kfuse_profile is not 1")
    check(prof.get("source") == "instrumented", "source is not 'instrumented'")
    for key, kind in [("program", str), ("kokkos_version", str), ("backend", str), ("time", str),
                      ("total_launches", int), ("total_kernel_ns", int),
                      ("sites", list), ("chains", list), ("events", list)]:
        check(isinstance(prof.get(key), kind), f"{key}: missing or not a {kind.__name__}")
    if problems:
        return

    # Every launch site of the sources, and nothing else.
    sites = {s["id"]: s for s in prof["sites"]}
    static_ids = {s["id"] for s in static}
    check(static_ids == set(sites),
          f"profiled sites {sorted(sites)} differ from the sources' sites {sorted(static_ids)}")
    by_label = {s["label"]: s["id"] for s in prof["sites"]}
    expected_launches = {"init": 1, "scale": steps, "damp": steps, "update": steps, "checksum": 1}
    check(set(by_label) == set(expected_launches), f"labels {sorted(by_label)}")
    check(prof["total_launches"] == sum(expected_launches.values()),
          f"total_launches {prof['total_launches']}")
    label_of = {"U": "u", "Tmp": "tmp", "Flux": "flux"}
    for s in static:
        p = sites.get(s["id"])
        if p is None:
            continue
        where = f"site {s['id']}"
        check(p["file"] == s["id"].split(":")[0], f"{where}: file {p['file']}")
        check((p["line"], p["column"]) == (s["position"]["line"], s["position"]["column"]),
              f"{where}: at {p['line']}:{p['column']}, the source says "
              f"{s['position']['line']}:{s['position']['column']}")
        check(p["kind"] == s["kind"], f"{where}: kind {p['kind']}")
        check(p["launches"] == expected_launches.get(p["label"]), f"{where}: {p['launches']} launches")
        check(p["range"] == {"begin": [0], "end": [n], "constant": True}, f"{where}: range {p['range']}")
        check(0 < p["median_ns"] <= p["total_ns"], f"{where}: times {p['median_ns']} / {p['total_ns']}")
        static_views = {v["name"]: v["mode"].replace("-", "_") for v in s["views"]}
        views = {v["name"]: v for v in p["views"]}
        check(set(views) == set(static_views),
              f"{where}: views {sorted(views)}, the source uses {sorted(static_views)}")
        for name, v in views.items():
            check(v["access"] == static_views.get(name), f"{where}: '{name}' access {v['access']}")
            check(v["label"] == label_of.get(name), f"{where}: '{name}' label {v['label']!r}")

    # Chains: the step's three kernels, and the back edge between steps.
    chains = {tuple(c["sites"]): c for c in prof["chains"]}
    for c in prof["chains"]:
        check(all(sid in sites for sid in c["sites"]), f"chain {c['sites']} names unknown sites")
        check(0 <= c["equal_ranges"] <= c["count"], f"chain {c['sites']}: equal_ranges")
        check(c["overlaps"] == [], f"chain {c['sites']}: overlaps {c['overlaps']}")
    scale, damp, update = by_label["scale"], by_label["damp"], by_label["update"]
    expected_chains = {(scale, damp): steps, (damp, update): steps,
                       (scale, damp, update): steps, (update, scale): steps - 1}
    for run, count in expected_chains.items():
        c = chains.get(run)
        if check(c is not None, f"no chain {run}"):
            check(c["count"] == count and c["equal_ranges"] == count,
                  f"chain {run}: count {c['count']}, equal_ranges {c['equal_ranges']}, expected {count}")

    # Argument identities: the View a kernel writes is the allocation the next reads.
    def same(run, a, b):
        c = chains.get(run)
        return c is not None and {"a": a, "b": b, "count": steps} in c["same_allocation"]
    check(same((scale, damp), [0, "Tmp"], [1, "Tmp"]), "scale -> damp: 'Tmp' not the same allocation")
    check(same((damp, update), [0, "Flux"], [1, "Flux"]), "damp -> update: 'Flux' not the same allocation")
    check(same((scale, damp, update), [0, "U"], [2, "U"]), "scale -> update: 'U' not the same allocation")

    # Raw events: pointers, spans and layouts of every View argument.
    events = prof["events"]
    check(len(events) == prof["total_launches"], f"{len(events)} events")
    pointers = {}
    for i, e in enumerate(events):
        check(e["site"] in sites, f"events[{i}]: unknown site")
        for v in e["views"]:
            where = f"events[{i}].views '{v['name']}'"
            check(isinstance(v["data"], str) and v["data"].startswith("0x") and int(v["data"], 16) != 0,
                  f"{where}: data {v['data']!r}")
            check(v["span"] == 8 * n and v["extents"] == [n] and v["strides"] == [1],
                  f"{where}: span {v['span']}, extents {v['extents']}, strides {v['strides']}")
            check(v["layout"] in ("LayoutRight", "LayoutLeft"), f"{where}: layout {v['layout']}")
            check(v["label"] == label_of.get(v["name"]), f"{where}: label {v['label']!r}")
            pointers.setdefault(v["name"], set()).add(v["data"])
    check(all(len(p) == 1 for p in pointers.values()), f"a View changed its data pointer: {pointers}")
    starts = sorted(int(next(iter(p)), 16) for p in pointers.values())
    check(len(pointers) == 3 and all(b - a >= 8 * n for a, b in zip(starts, starts[1:])),
          f"the three Views are not three disjoint allocations: {pointers}")


if __name__ == "__main__":
    main()
    for p in problems:
        print("profile: " + p, file=sys.stderr)
    sys.exit(1 if problems else 0)
