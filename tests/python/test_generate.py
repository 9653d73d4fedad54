"""TileSet.generate makes `dungen generate`'s levels: the same hash as the program's batch
manifest, and the same files byte for byte, for several seeds and options."""

import pytest

import dungen
from conftest import CLASSIC, SAMPLES, cli_hashes, flags, run_cli

# Option sets, as generate's keyword arguments (each also said as the program's flags).
OPTIONS = [
    {},
    {"max_tiles": 200},
    {"max_tiles": 40, "locks": 1, "monsters": 4},
    {"policy": "depth", "loops": 0, "flip": False},
    {"policy": "breadth", "max_dead_ends": "25%", "chests": 2, "loot": 3, "decor": 2},
    {"max_tiles": 80, "min_tiles": 50, "retries": 2, "spikes": 3, "tiers": 3, "monsters": 6},
    {"start": "room_large.png", "rotate": False, "loop_detour": 10, "max_size": "60x50"},
]


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: " ".join(flags(**o)) or "defaults")
def test_hash_is_the_programs(classic, tmp_path, options):
    want = cli_hashes(tmp_path, CLASSIC, 1, 3, **options)
    got = {seed: classic.generate(seed, **options).hash for seed in (1, 2, 3)}
    assert got == want


def test_files_are_the_programs(classic, tmp_path):
    options = {"max_tiles": 40, "locks": 1, "monsters": 4}
    status, err = run_cli([CLASSIC, "--seed", 5, "-o", "m.png", "--json", "m.json", "--report",
                           "m.txt", "--tmj", "m.tmj", "--ascii", "m.ascii", *flags(**options)],
                          tmp_path)
    assert status == 0, err
    level = classic.generate(seed=5, **options)
    assert level.to_png() == (tmp_path / "m.png").read_bytes()
    assert level.to_json() == (tmp_path / "m.json").read_text(encoding="utf-8")
    assert level.report == (tmp_path / "m.txt").read_text(encoding="utf-8")
    assert level.to_tmj() == (tmp_path / "m.tmj").read_text(encoding="utf-8")
    assert level.to_ascii() == (tmp_path / "m.ascii").read_text(encoding="utf-8")


def test_default_seed_is_one(classic):
    assert classic.generate().hash == classic.generate(1).hash
    assert classic.generate().seed == 1


def test_same_seed_same_level_other_seed_other_level(classic):
    assert classic.generate(9).hash == classic.generate(seed=9).hash
    assert classic.generate(9).hash != classic.generate(10).hash


def test_caves_and_a_large_seed(tmp_path):
    caves = dungen.TileSet(SAMPLES / "caves")
    seed = 2**64 - 1
    assert caves.generate(seed).hash == cli_hashes(tmp_path, SAMPLES / "caves", seed, 1)[seed]


def test_none_means_the_programs_default(classic):
    defaults = classic.generate(3)
    nones = classic.generate(3, min_tiles=None, loops=None, start=None, max_size=None,
                             max_dead_ends=None, require=None)
    assert nones.hash == defaults.hash


def test_counts_as_int_or_text(classic):
    assert (classic.generate(4, max_dead_ends=8).hash
            == classic.generate(4, max_dead_ends="8").hash)


def test_numpy_ints_are_ints(classic):
    np = pytest.importorskip("numpy")
    assert (classic.generate(np.uint64(6), max_tiles=np.int32(30)).hash
            == classic.generate(6, max_tiles=30).hash)


def test_tile_set_reads(classic):
    assert classic.tile_names == sorted(classic.tile_names)
    assert "room_large.png" in classic.tile_names
    assert len(classic.input_hash) == 16
    assert classic.input_hash in classic.generate(1).to_json()
    assert repr(classic).startswith(f"<dungen.TileSet: {len(classic.tile_names)} tiles")
