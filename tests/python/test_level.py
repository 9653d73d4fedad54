"""A Level as data: cells as a read-only NumPy view on the level (no copy), and placements,
doors, metrics, notes, entrance and exit as the program's JSON report gives them."""

import gc
import json

import numpy as np
import pytest

import dungen

OPTIONS = {"max_tiles": 40, "locks": 1, "monsters": 4}


@pytest.fixture(name="level", scope="module")
def fixture_level(classic):
    return classic.generate(5, **OPTIONS)


@pytest.fixture(name="report", scope="module")
def fixture_report(level):
    return json.loads(level.to_json())


def test_cells_shape_and_kinds(level, report):
    cells = level.cells
    assert cells.dtype == np.uint8
    assert cells.shape == (level.height, level.width)
    assert (level.width, level.height) == (report["map"]["width"], report["map"]["height"])
    assert set(np.unique(cells)) <= {int(kind) for kind in dungen.CellKind}
    passable = (cells == dungen.CellKind.FLOOR).sum() + (cells == dungen.CellKind.DOOR).sum()
    assert passable == report["metrics"]["passable_cells"]
    x, y = level.entrance
    assert cells[y, x] in (dungen.CellKind.FLOOR, dungen.CellKind.DOOR)


def test_cells_are_a_view_not_a_copy(level):
    first, second = level.cells, level.cells
    assert np.shares_memory(first, second)
    assert first.base is level  # the array keeps the level alive
    assert not first.flags.owndata


def test_cells_keep_the_level_alive(classic):
    cells = classic.generate(5, **OPTIONS).cells  # the level has no other reference
    copy = cells.copy()
    gc.collect()
    classic.generate(6, max_tiles=300)  # reuse freed memory, were the level gone
    assert np.array_equal(cells, copy)
    assert isinstance(cells.base, dungen.Level)


def test_cells_are_read_only(level):
    cells = level.cells
    assert not cells.flags.writeable
    with pytest.raises(ValueError):
        cells[0, 0] = 1
    with pytest.raises(ValueError):
        cells.setflags(write=True)  # a view on data it does not own


def test_placements_are_the_reports(level, report):
    got = [(p.tile, p.rotate, p.flip, p.x, p.y, p.width, p.height) for p in level.placements]
    want = [(p["tile"], p["rotate"], p["flip"], p["x"], p["y"], p["width"], p["height"])
            for p in report["placements"]]
    assert got == want
    first = level.placements[0]
    assert first.orientation == ("f" if first.flip else "r") + str(first.rotate)
    assert repr(first).startswith(f"Placement(tile={first.tile!r}, rotate={first.rotate}")


def test_doors_are_the_reports(level, report):
    doors = level.doors
    joined = [d for d in doors if d.fate != "sealed"]
    sealed = [d for d in doors if d.fate == "sealed"]
    assert [(d.placement, d.other, d.x, d.y, d.width, d.facing) for d in joined] == [
        (c["a"], c["b"], c["x"], c["y"], c["width"], c["facing"]) for c in report["connections"]]
    assert [(d.placement, d.x, d.y, d.width, d.facing, d.reason) for d in sealed] == [
        (u["placement"], u["x"], u["y"], u["width"], u["facing"], u["reason"])
        for u in report["unused_doors"]]
    assert all(d.other is None and d.lock is None for d in sealed)
    locked = [d for d in doors if d.fate == "locked"]
    assert [(d.lock, d.x, d.y) for d in locked] == [
        (lock["id"], lock["x"], lock["y"]) for lock in report["locks"]]
    assert all(d.reason is None for d in joined)
    assert "fate='" in repr(doors[0])


def test_metrics_notes_and_ends_are_the_reports(level, report):
    assert list(level.metrics) == list(report["metrics"])
    assert level.metrics == pytest.approx(report["metrics"], abs=0.006)  # the JSON rounds
    assert level.entrance == (report["entrance"]["x"], report["entrance"]["y"])
    assert level.exit == (report["exit"]["x"], report["exit"]["y"])
    assert level.terminated_early == report["terminated_early"]
    assert level.complete is True
    assert level.seed == 5
    assert isinstance(level.notes, list)
    assert repr(level) == (f"<dungen.Level seed=5: {level.width}x{level.height} cells, "
                           f"{len(level.placements)} tiles>")


def test_notes_say_why_fewer_locks(classic):
    level = classic.generate(2, max_tiles=5, locks=50)
    assert any("lock" in note for note in level.notes), level.notes


def test_cell_kinds_are_the_libraries():
    assert [(k.name, k.value) for k in dungen.CellKind] == [
        ("VOID", 0), ("FLOOR", 1), ("WALL", 2), ("DOOR", 3)]


def test_files_are_text_and_bytes(level):
    png = level.to_png()
    assert isinstance(png, bytes) and png.startswith(b"\x89PNG\r\n\x1a\n")
    assert json.loads(level.to_tmj())["width"] == level.width
    assert len(level.to_ascii().splitlines()) >= level.height
    assert level.report.startswith("dungen ")
    assert len(level.hash) == 16 and int(level.hash, 16) >= 0
