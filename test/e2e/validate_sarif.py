#!/usr/bin/env python3
"""Checks a SARIF log against the SARIF 2.1.0 structure kfuse relies on.

Usage: validate_sarif.py LOG.sarif EXPECTED_RULE_ID [MIN_RESULTS]

The required properties of sarifLog, run, tool, toolComponent, result,
message, location, physicalLocation, artifactLocation and region (SARIF 2.1.0,
OASIS standard, section 3), that every ruleIndex points at the rule named by
its ruleId, and that EXPECTED_RULE_ID is reported at least MIN_RESULTS times.
"""
import json
import sys


def fail(msg):
    print(f"invalid SARIF: {msg}", file=sys.stderr)
    sys.exit(1)


def need(obj, key, kind, where):
    if key not in obj:
        fail(f"{where}: missing '{key}'")
    if not isinstance(obj[key], kind):
        fail(f"{where}.{key}: expected {kind.__name__}")
    return obj[key]


def check_location(loc, where):
    phys = need(loc, "physicalLocation", dict, where)
    art = need(phys, "artifactLocation", dict, where + ".physicalLocation")
    need(art, "uri", str, where + ".physicalLocation.artifactLocation")
    region = need(phys, "region", dict, where + ".physicalLocation")
    for key in ("startLine", "startColumn"):
        if need(region, key, int, where + ".region") < 1:
            fail(f"{where}.region.{key} must be >= 1")
    if "message" in loc:
        need(loc["message"], "text", str, where + ".message")


def main():
    path, rule = sys.argv[1], sys.argv[2]
    least = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    with open(path) as f:
        log = json.load(f)
    if need(log, "version", str, "sarifLog") != "2.1.0":
        fail("version must be 2.1.0")
    runs = need(log, "runs", list, "sarifLog")
    if len(runs) != 1:
        fail("expected one run")
    run = runs[0]
    driver = need(need(run, "tool", dict, "run"), "driver", dict, "run.tool")
    need(driver, "name", str, "run.tool.driver")
    rules = driver.get("rules", [])
    for i, r in enumerate(rules):
        need(r, "id", str, f"rules[{i}]")
    found = 0
    for i, res in enumerate(need(run, "results", list, "run")):
        where = f"results[{i}]"
        need(need(res, "message", dict, where), "text", str, where + ".message")
        rid = need(res, "ruleId", str, where)
        if "ruleIndex" in res and rules[res["ruleIndex"]]["id"] != rid:
            fail(f"{where}: ruleIndex does not name {rid}")
        if res.get("level", "warning") not in ("none", "note", "warning", "error"):
            fail(f"{where}: bad level")
        locs = need(res, "locations", list, where)
        if not locs:
            fail(f"{where}: no location")
        for j, loc in enumerate(locs + res.get("relatedLocations", [])):
            check_location(loc, f"{where}.locations[{j}]")
        found += rid == rule
    if found < least:
        fail(f"expected {least} results of {rule}, found {found}")
    print(f"SARIF OK: {found} {rule}")


main()
