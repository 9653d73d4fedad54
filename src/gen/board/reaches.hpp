#pragma once
/// \file reaches.hpp
/// Where one or two tiles can lead from an open door: for every kind of open door a tile set
/// can have (width, kind, facing), every door that a run of one or two tiles joined to it ends
/// at, entered by one door and left by another of the same part, with the tiles that lead
/// there. Found once per tile set, in the open door's own frame (its first cell at 0,0), so
/// that two doors of a map are joined through up to four tiles by meeting in the middle: the
/// ways from one door against the ways from the other, matched on the cells where they end
/// (the tile stitcher's loops, gen/stitch/loops.cpp). Geometry only: whether the tiles fit
/// the map is the board's test.

#include <array>
#include <cstdint>
#include <limits>
#include <map>
#include <span>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/tile.hpp"

namespace dungen::gen {

class Candidates;

/// One tile of a reach: variant `variant` (an index into Candidates::variants()) with its
/// top-left corner at `origin`, entered by door `entry` and left by door `exit` (indices into
/// the variant's doors, both of one part).
struct ReachPiece {
  std::uint32_t variant = 0;
  std::uint32_t entry = 0;
  std::uint32_t exit = 0;
  core::Point origin;
};

/// A way from an open door through `depth` tiles (0: the door itself) to the door `end`, the
/// last tile's exit, facing outward of it. Cells are in the open door's frame.
struct Reach {
  core::Door end;
  std::uint8_t depth = 0;
  int steps = 0;  ///< through the tiles, door to door: |dx| + |dy| in each
  std::array<ReachPiece, 2> pieces{};
};

/// The reaches of every kind of open door of a tile set (see the file comment).
class Reaches {
 public:
  /// Ways kept per kind of open door, and per end door: a set of many tiles keeps the nearest
  /// runs (one tile before two) up to these.
  static constexpr std::size_t kMaxWays = 4096;
  static constexpr int kWaysPerEnd = 3;
  static constexpr int kStepsPerGroup = 8;  ///< Table::two_tile's groups

  /// The ways from one kind of open door, sorted by end, and where each end's ways lie.
  struct Table {
    std::vector<Reach> ways;
    std::vector<Reach> near;  ///< the ways of at most one tile, as in ways
    std::unordered_map<std::uint64_t, std::pair<std::uint32_t, std::uint32_t>>
        by_end;              ///< end key -> [first, last) in ways; lookups only
    core::Point low, high;   ///< the corners of the box that holds every end's first cell
    std::vector<bool> ends;  ///< per cell of that box, row by row: some way's end starts there
    /// The fewest steps of a way through two tiles (Reach::steps); a large number when none:
    /// a pair of doors whose walk saves less than that is not worth a search of such ways.
    int least_two_tile_steps = std::numeric_limits<int>::max();
    /// The ways through two tiles, in groups of kStepsPerGroup steps (fewest first), each
    /// sorted by end as `ways` is; group g begins at two_tile_groups[g] (one more entry at the
    /// end). A search for ways of at most some steps reads only the groups below it.
    std::vector<Reach> two_tile;
    std::vector<std::uint32_t> two_tile_groups;
    /// Group `group` of two_tile (below two_tile_groups.size() - 1): the ways through two
    /// tiles of group * kStepsPerGroup to (group + 1) * kStepsPerGroup - 1 steps, sorted by end.
    [[nodiscard]] std::span<const Reach> two_tile_group(std::size_t group) const {
      return std::span<const Reach>(two_tile).subspan(
          two_tile_groups[group], two_tile_groups[group + 1] - two_tile_groups[group]);
    }
    /// True when some way's end starts on cell `at` (the open door's frame): a quick "no"
    /// before an ends_at look-up.
    [[nodiscard]] bool may_end_at(core::Point at) const {
      if (at.x < low.x || at.x > high.x || at.y < low.y || at.y > high.y) return false;
      return ends[static_cast<std::size_t>((at.y - low.y) * (high.x - low.x + 1) + (at.x - low.x))];
    }
  };
  /// Of `ways` (sorted by end, as a Table's are), those whose end's first cell lies in rows
  /// `low_y` to `high_y` (inclusive), found by binary search.
  [[nodiscard]] static std::span<const Reach> rows_between(std::span<const Reach> ways, int low_y,
                                                           int high_y);
  /// The ways of an open door like `open` (its width, kind and facing); nullptr when no tile
  /// mates it. Looked up once, for many ends_at calls.
  [[nodiscard]] const Table* table(const core::Door& open) const;
  /// Of the ways in `table` (may be nullptr: none), those that end on `end`; O(1).
  [[nodiscard]] static std::span<const Reach> ends_at(const Table* table, const core::Door& end);

  Reaches() = default;
  /// Finds the reaches of every door of `candidates`' variants, as an open door.
  explicit Reaches(const Candidates& candidates);
  /// The ways from an open door like `open` (its width, kind and facing), sorted by end
  /// (ends_at finds those ending on one door); empty when no tile mates it.
  [[nodiscard]] std::span<const Reach> from(const core::Door& open) const;
  /// Of those, the ways through at most one tile (the door itself and its one-tile ways).
  [[nodiscard]] std::span<const Reach> near(const core::Door& open) const;
  /// Of the ways from an open door like `open`, those that end on `end` (same cells, facing,
  /// width and kind; in the open door's frame); O(1).
  [[nodiscard]] std::span<const Reach> ends_at(const core::Door& open, const core::Door& end) const;
  /// The farthest any end lies from its open door, |dx| + |dy|.
  [[nodiscard]] int farthest() const { return farthest_; }

 private:
  std::map<std::tuple<int, int, int>, Table> tables_;  ///< by width, kind, facing
  int farthest_ = 0;
};

}  // namespace dungen::gen
