#!/usr/bin/env python3
"""ncu_to_json.py — turns ncu's raw CSV page (scripts/ncu_calibrate.sh) into the recorded
calibration file tests/verify/ncu_h200.json: provenance, then one object per pattern (the
kernel name without its "k_", "k2_", "k3_" or "k4_" prefix) holding every counter ncu reported, by metric name, and
likewise one per corpus kernel under "corpus" with its manifest (from the launcher's log).

    python3 scripts/ncu_to_json.py ncu.csv provenance.txt [launch.log] > ncu_h200.json
"""
import csv
import json
import sys


def number(s):
    s = s.replace(",", "").strip()
    try:
        f = float(s)
    except ValueError:
        return s
    return int(f) if f == int(f) else f


def main(csv_path, prov_path, log_path=None):
    manifests = {}
    if log_path:
        with open(log_path) as f:
            for line in f:
                if line.startswith("ran "):
                    k, _, rest = line[4:].partition(" (")
                    manifests[k] = rest.rstrip().rstrip(")")
    with open(csv_path) as f:
        rows = [r for r in csv.reader(line for line in f if line.startswith('"'))]
    header, rows = rows[0], rows[1:]
    if rows and rows[0][header.index("Kernel Name")] == "":  # units row
        rows = rows[1:]
    prov = {}
    with open(prov_path) as f:
        for line in f:
            k, _, v = line.partition(": ")
            prov[k.strip()] = v.strip()
    patterns, corpus = {}, {}
    for r in rows:
        rec = dict(zip(header, r))
        k = rec["Kernel Name"].split("(")[0]
        counters = {h: number(v) for h, v in rec.items()
                    if h.startswith(("l1tex__", "smsp__")) and h.endswith(".sum")}  # what was asked
        counters["grid"] = rec.get("Grid Size", "")
        counters["block"] = rec.get("Block Size", "")
        if k.startswith(("k_", "k2_", "k3_", "k4_")):  # tests/verify/src/bank_kernels*.cu
            table, name = patterns, k.split("_", 1)[1]
        else:
            table, name = corpus, k
            counters["manifest"] = manifests.get(k, "")
        if name in table:
            sys.exit(f"ncu_to_json: {name} measured twice")
        table[name] = counters
    json.dump({"provenance": prov, "patterns": dict(sorted(patterns.items())),
               "corpus": dict(sorted(corpus.items()))}, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(*sys.argv[1:4])
