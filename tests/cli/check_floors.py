#!/usr/bin/env python3
"""Checks a dungeon of floors from its JSON alone (dungen --floors N --json FILE).

Usage: check_floors.py DUNGEON.json [DUNGEON.json ...]

Every floor has the dungeon's map size; stair k lies on floor k's exit (its way down) and on
floor k + 1's entrance (its way up), the same cell; every floor's exit is reached from its
entrance (exit_distance above 0, or both the same cell of a one-cell floor), stairs go
from floor 1 to 2, 2 to 3, ... in order, and every passable cell the entrance does not reach is listed
as unreachable. With locks (--locks): the dungeon's lock ids are distinct, each lock's key
lies on the floor its key_floor names (its own floor without one), and no lock stands on a
stair cell. Exit 0 when all holds, else 1 with the first failure.
"""
import json
import sys


def check(path):
    with open(path, encoding="utf-8") as f:
        d = json.load(f)
    floors, stairs = d["floors"], d["stairs"]
    if len(floors) != d["floor_count"] or len(stairs) != len(floors) - 1:
        return f"{len(floors)} floors and {len(stairs)} stairs for floor_count {d['floor_count']}"
    for k, floor in enumerate(floors, 1):
        if floor["map"] != d["map"]:
            return f"floor {k} is {floor['map']}, not the dungeon's {d['map']}"
        one_cell = floor["entrance"] == floor["exit"]  # a level of one floor cell
        if not floor["entrance"] or not floor["exit"] or (floor["exit_distance"] <= 0 and not one_cell):
            return f"floor {k}: its way down is not reached from its way in"
        m = floor["metrics"]
        unlisted = m["passable_cells"] - m["reachable_cells"] - sum(r["cells"] for r in floor["unreachable"])
        if unlisted != 0:
            return f"floor {k}: {unlisted} unreachable cells are not listed"
    for k, s in enumerate(stairs, 1):
        if (s["from"], s["to"]) != (k, k + 1):
            return f"stair {k} goes from floor {s['from']} to {s['to']}, not from {k} to {k + 1}"
        down, up = floors[k - 1]["exit"], floors[k]["entrance"]
        cell = {"x": s["x"], "y": s["y"]}
        if down != cell or up != cell:
            return f"stair {s}: floor {s['from']}'s way down is {down}, floor {s['to']}'s way up {up}"
    return check_locks(floors, stairs)


def check_locks(floors, stairs):
    """The dungeon's locks against its keys, from the floors' JSON reports."""
    key_floor, lock_ids = {}, set()
    for k, floor in enumerate(floors, 1):
        for key in floor.get("keys", []):
            if key["id"] in key_floor:
                return f"key {key['id']} lies on floors {key_floor[key['id']]} and {k}"
            key_floor[key["id"]] = k
    stair_cells = {(s["x"], s["y"]) for s in stairs}
    for k, floor in enumerate(floors, 1):
        for lock in floor.get("locks", []):
            if lock["id"] in lock_ids:
                return f"lock {lock['id']} stands on two floors"
            lock_ids.add(lock["id"])
            want = lock.get("key_floor", k)
            if key_floor.get(lock["key"]) != want:
                return (f"floor {k}: lock {lock['id']}'s key {lock['key']} lies on floor "
                        f"{key_floor.get(lock['key'])}, not {want}")
            if lock.get("key_floor") == k:
                return f"floor {k}: lock {lock['id']} names its own floor as key_floor"
            if (lock["x"], lock["y"]) in stair_cells:
                return f"floor {k}: lock {lock['id']} stands on a stair"
    return None


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    for path in sys.argv[1:]:
        why = check(path)
        if why:
            sys.exit(f"check_floors: {path}: {why}")


if __name__ == "__main__":
    main()
