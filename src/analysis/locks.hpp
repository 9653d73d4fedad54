#pragma once
/// \file locks.hpp
/// Lock-and-key puzzles in which every lock is needed, after the "needy Squidi" algorithm of
/// the lock-and-key devlog (../shared/seeds/lock-and-key-devlog.txt, 2015; itself after
/// Squidi's lock-and-key dungeon notes). Works on any generator's level: it uses only the
/// map's room graph (placements joined by connections) and cells.
///
/// On the room graph's breadth-first spanning tree from the entrance's room:
///  1. The exit's room and its ancestors are needed.
///  2. Lock i goes on the tree edge into a needed room that has no lock yet (drawn by seed).
///  3. Key i goes in a room outside that lock's subtree that is reachable from the entrance
///     with no lock on the way (so key i only ever waits behind locks placed after it, and
///     the locks open in reverse order: no deadlock), choosing the room farthest (in room
///     steps) from the needed rooms placed so far, so keys lie away from their locks. The
///     key's room and its ancestors become needed.
///  4. Loops: every connection outside the tree whose two rooms need different keys would
///     let players walk around a lock; it is sealed (its door becomes wall, listed unused
///     with reason bypasses_lock). Loops within one zone stay open.
/// The solver (solver.hpp) then proves the level: the exit is reached, and walling up any
/// one lock cuts it off. If the proof fails (e.g. a tile whose floor is split in two), the
/// placement is tried again with other draws (12 per count), then with fewer locks: the 7
/// counts below `count` one by one, then a bisection for the largest count proven. Only a
/// proven placement is applied; the notes say how many locks were placed and why no more.

#include <vector>

#include "core/level.hpp"
#include "core/rng.hpp"

namespace dungen::analysis {

/// Places up to `count` locks and their keys in `level` (whose entrance and exit must be
/// set), seals loops that would bypass them, and fills level.zones. Draws only from `rng`
/// (pass a fork, e.g. Rng(seed).fork("locks"), so locks never move rooms). Sets
/// level.lock_notes when fewer than `count` locks could be placed.
void place_locks(core::Level& level, int count, core::Rng& rng);

/// The same over the floors of a dungeon (floor_stack.hpp: floor k's exit is floor k + 1's
/// entrance, in one frame), floor 1 first, as one puzzle on the room graph joined by the
/// stairs: up to `count` locks in the whole dungeon, never on a stair, each key on any floor
/// (a key deeper than its lock means going back up). Every floor gets the locks on it and
/// the keys lying on it, numbered as the dungeon's (Lock::key_floor names a key's floor when
/// it lies on another), its zones and its sealed loops; every floor's locks_requested is
/// `count`; notes go to floor 1's lock_notes. Every floor needs an entrance and an exit (else
/// nothing is placed). With one floor it is place_locks.
void place_floor_locks(const std::vector<core::Level*>& floors, int count, core::Rng& rng);

}  // namespace dungen::analysis
