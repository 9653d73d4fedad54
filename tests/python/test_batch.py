"""dungen.batch: the levels generate makes, in seed order, made ahead on C++ threads without
the GIL; errors raise at the level they belong to."""

import itertools
import threading
import time

import pytest

import dungen
from conftest import CLASSIC, cli_hashes


@pytest.mark.parametrize("threads", [1, 2, None])
def test_batch_is_generate_in_seed_order(classic, threads):
    seeds = [5, 1, 9, 2, 2, 40, 3, 8, 13, 21, 34]
    want = [classic.generate(seed, max_tiles=30, locks=1).hash for seed in seeds]
    got = dungen.batch(classic, seeds, threads=threads, max_tiles=30, locks=1)
    levels = list(got)
    assert [level.seed for level in levels] == seeds
    assert [level.hash for level in levels] == want


def test_batch_is_the_programs_batch(classic, tmp_path):
    want = cli_hashes(tmp_path, CLASSIC, 100, 8, max_tiles=50, policy="depth")
    got = {level.seed: level.hash
           for level in dungen.batch(classic, range(100, 108), 2, max_tiles=50, policy="depth")}
    assert got == want


def test_batch_is_lazy_and_endless_seeds_work(classic):
    batch = dungen.batch(classic, itertools.count(1), threads=2, max_tiles=10)
    assert iter(batch) is batch
    first = [next(batch).seed for _ in range(5)]
    assert first == [1, 2, 3, 4, 5]
    del batch  # stops the threads; must not hang


def test_empty_batch(classic):
    assert not list(dungen.batch(classic, []))


def test_error_raises_at_its_level(classic):
    levels = dungen.batch(classic, [1, 2, -1, 3], threads=2, max_tiles=10)
    assert next(levels).seed == 1
    assert next(levels).seed == 2
    with pytest.raises(dungen.Error, match="^--seed: '-1' is not a whole number"):
        next(levels)
    with pytest.raises(StopIteration):
        next(levels)


def test_generation_error_raises_at_each_level(classic):
    levels = dungen.batch(classic, [1, 2], max_tiles=0)
    for _ in range(2):
        with pytest.raises(dungen.Error) as caught:
            next(levels)
        assert caught.value.exit_code == 2
        assert str(caught.value).startswith("--max-tiles: must be a whole number")


def test_seeds_that_raise(classic):
    def seeds():
        yield 1
        raise RuntimeError("no more seeds")

    levels = dungen.batch(classic, seeds(), max_tiles=10)
    assert next(levels).seed == 1
    with pytest.raises(RuntimeError, match="no more seeds"):
        next(levels)
    with pytest.raises(TypeError, match=r"^batch\(\): seed must be an int, got str$"):
        list(dungen.batch(classic, ["1"]))


def test_bad_threads(classic):
    with pytest.raises(ValueError, match="threads must be from 1 to 1024"):
        dungen.batch(classic, [1], threads=0)
    with pytest.raises(TypeError, match="threads must be an int or None"):
        dungen.batch(classic, [1], threads=1.5)


def timestamps_during(work):
    """The times another Python thread ran (it wakes every millisecond) while `work()` ran in
    this one, and the times `work()` began and ended."""
    stamps, stop = [], threading.Event()

    def tick():
        while not stop.is_set():
            stamps.append(time.perf_counter())
            time.sleep(0.001)

    ticker = threading.Thread(target=tick)
    ticker.start()
    time.sleep(0.02)
    begin = time.perf_counter()
    work()
    end = time.perf_counter()
    stop.set()
    ticker.join()
    return [t for t in stamps if begin < t < end], end - begin


def test_batch_releases_the_gil(classic):
    # Big levels: each next() waits in C++ for tens of milliseconds. Holding the GIL there, the
    # other thread could not run until it returned.
    levels = dungen.batch(classic, [1, 2, 3, 4], threads=1, max_tiles=10000)
    during, took = timestamps_during(lambda: [next(levels) for _ in range(4)])
    assert took > 0.05, "the levels were too quick to tell"
    assert len(during) > 10, f"the other thread ran {len(during)} times in {took:.3f} s"


def test_generate_releases_the_gil(classic):
    during, took = timestamps_during(lambda: classic.generate(1, max_tiles=10000))
    assert took > 0.05, "the level was too quick to tell"
    assert len(during) > 10, f"the other thread ran {len(during)} times in {took:.3f} s"


def test_threads_share_a_tile_set(classic):
    seeds = list(range(1, 13))
    want = [classic.generate(seed, max_tiles=40).hash for seed in seeds]
    got = [None] * len(seeds)

    def make(i):
        got[i] = classic.generate(seeds[i], max_tiles=40).hash

    workers = [threading.Thread(target=make, args=(i,)) for i in range(len(seeds))]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert got == want
