#!/usr/bin/env python3
"""Level quality on real tile sets: runs `dungen generate` over seeds 1..N on each set at
default options and prints a Markdown table (docs/quality.md).

usage: tools/quality.py DUNGEN [SET_DIR ...] [--seeds N] [-- extra dungen options]
Without SET_DIR: samples/classic, samples/caves and every set in ../shared/corpus/tiles.
"""
import json
import os
import subprocess
import sys
import tempfile
import time

def default_sets(root):
    sets = [os.path.join(root, "samples", n) for n in ("classic", "caves")]
    corpus = os.path.join(root, "..", "shared", "corpus", "tiles")
    if os.path.isdir(corpus):
        sets += [os.path.join(corpus, n) for n in sorted(os.listdir(corpus))
                 if os.path.isdir(os.path.join(corpus, n))]
    return sets

def passable_cells(ascii_path):
    with open(ascii_path) as f:
        return sum(1 for line in f for c in line.rstrip("\n") if c not in " #")

def measure(dungen, folder, seeds, extra):
    with tempfile.TemporaryDirectory() as out:
        start = time.monotonic()
        subprocess.run([dungen, "generate", folder, "--seed", "1", "--count", str(seeds),
                        "--out-dir", out, "--with-ascii", "-q"] + extra, check=True)
        seconds = time.monotonic() - start
        rows = []
        for i in range(seeds):
            with open(os.path.join(out, f"level-{i:04d}.json")) as f:
                report = json.load(f)
            metrics = report.get("metrics")
            passable = passable_cells(os.path.join(out, f"level-{i:04d}.ascii.txt"))
            lost = sum(r["cells"] for r in report["unreachable"])
            rows.append({
                "early": report["terminated_early"],
                "share": lost / passable if passable else 0.0,
                "whole": metrics["unreachable_placements"] if metrics else None,
                "tiles": report["tiles_placed"],
            })
    return rows, seconds

def main(argv):
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    seeds = 50
    if "--seeds" in argv:
        k = argv.index("--seeds")
        seeds = int(argv[k + 1])
        del argv[k:k + 2]
    dungen = argv[0]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sets = argv[1:] or default_sets(root)
    print(f"| set | levels | ended early | unreachable share: mean | max | levels with a wholly "
          f"unreachable placement | tiles (mean) | ms per level |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for folder in sets:
        rows, seconds = measure(dungen, folder, seeds, extra)
        n = len(rows)
        early = sum(r["early"] for r in rows)
        shares = [r["share"] for r in rows]
        whole = [r["whole"] for r in rows]
        whole_text = "n/a" if None in whole else str(sum(1 for w in whole if w > 0))
        print(f"| {os.path.basename(os.path.normpath(folder))} | {n} | {early} ({100 * early / n:.0f} %) | "
              f"{100 * sum(shares) / n:.1f} % | {100 * max(shares):.1f} % | {whole_text} | "
              f"{sum(r['tiles'] for r in rows) / n:.1f} | {1000 * seconds / n:.1f} |")

if __name__ == "__main__":
    main(sys.argv[1:])
