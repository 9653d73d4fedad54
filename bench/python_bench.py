#!/usr/bin/env python3
"""A 60-tile level through the Python module, from a tile set loaded once: the median of 1,000
levels (seeds 1-1,000; the issue's bound: 1 ms), and a loop of 10,000 levels (seeds
1-10,000) against the same loop in C++ (bench/api_bench.cpp, BM_ApiLoop10000; bound: 1.2x).
docs/performance.md "Library and Python" has the figures.

Usage: PYTHONPATH=BUILD/python python3 bench/python_bench.py [--cxx BUILD_BENCH/bench/dungen_api_bench]
       [--tiles samples/classic] [--runs 3]
"""

import argparse
import json
import statistics
import subprocess
import time
from pathlib import Path

import dungen


def median_ms(tiles, levels=1000):
    """The median time of one tiles.generate(seed), seeds 1..levels, in milliseconds."""
    times = []
    for seed in range(1, levels + 1):
        start = time.perf_counter()
        tiles.generate(seed)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def loop_s(tiles, levels=10000):
    """The wall-clock and CPU times of a loop making the levels of seeds 1..levels, in seconds."""
    start, cpu = time.perf_counter(), time.process_time()
    for seed in range(1, levels + 1):
        tiles.generate(seed)
    return time.perf_counter() - start, time.process_time() - cpu


def cxx_loop_s(program):
    """The C++ loop's wall-clock and CPU times (BM_ApiLoop10000 of dungen_api_bench), in s."""
    done = subprocess.run([program, "--benchmark_filter=BM_ApiLoop10000",
                           "--benchmark_format=json"], capture_output=True, text=True, check=True)
    result = json.loads(done.stdout)["benchmarks"][0]
    assert result["time_unit"] == "s"
    return result["real_time"], result["cpu_time"]


def show(name, runs):
    """One line: the median wall-clock and CPU times of `runs` ((wall, cpu) pairs)."""
    print(f"{name} loop of 10,000 levels: {statistics.median(w for w, _ in runs):.2f} s, "
          f"CPU {statistics.median(c for _, c in runs):.2f} s "
          f"(runs: {', '.join(f'{w:.2f}' for w, _ in runs)})")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tiles", default=str(Path(__file__).parent.parent / "samples/classic"))
    parser.add_argument("--cxx", help="dungen_api_bench, for the C++ loop")
    parser.add_argument("--runs", type=int, default=3, help="runs of each; the median is shown")
    args = parser.parse_args()
    tiles = dungen.TileSet(args.tiles)  # loaded once
    for seed in range(1, 51):  # warm up
        tiles.generate(seed)
    medians = [median_ms(tiles) for _ in range(args.runs)]
    print(f"python: median of 1,000 levels: {statistics.median(medians):.3f} ms "
          f"(runs: {', '.join(f'{m:.3f}' for m in medians)})")
    loops, cxx = [], []
    for _ in range(args.runs):  # alternately, so both see the same machine
        loops.append(loop_s(tiles))
        if args.cxx:
            cxx.append(cxx_loop_s(args.cxx))
    show("python:", loops)
    if cxx:
        show("c++:   ", cxx)
        for i, what in ((0, "wall-clock"), (1, "CPU")):
            ratio = statistics.median(r[i] for r in loops) / statistics.median(r[i] for r in cxx)
            print(f"python / c++, {what}: {ratio:.3f}x")


if __name__ == "__main__":
    main()
