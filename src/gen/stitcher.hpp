#pragma once
/// \file stitcher.hpp
/// Internal state of one stitching run (see stitch.hpp for the algorithm). Not part of the
/// public API; split out so the fit test (fit.cpp) and the growth loop (stitch.cpp) stay
/// small.

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "gen/occupancy.hpp"
#include "gen/stitch.hpp"

namespace dungen::gen {

/// Result of testing one candidate placement.
enum class Fit { Ok, Collides, TooBig };

/// An open door, kept in a reusable slot: once the door is connected or sealed its slot is
/// freed, so memory follows the number of doors open at once, not all doors ever opened.
struct DoorRecord {
  core::Door span;               ///< map cells (stitch coordinates, origin at the start tile)
  int placement = 0;
  int door = 0;
  std::uint32_t generation = 0;  ///< counts the slot's reuses, to tell stale references
  bool open = false;
};

/// A reference to an open door from the frontier; stale once the door closed (the slot's
/// generation moved on or the slot is free).
struct OpenRef {
  std::uint32_t slot = 0;
  std::uint32_t generation = 0;
};

/// What placing one candidate would do, filled by Stitcher::test and used by apply.
struct PlacementPlan {
  std::uint32_t variant = 0;
  core::Point origin;
  std::vector<std::pair<int, std::uint32_t>> joins;  ///< new door index -> open door it mates
  std::vector<int> opens;                            ///< new doors that become open doors
  std::vector<int> sealed;                           ///< new doors landing wholly on wall
  std::vector<std::uint32_t> covered;                ///< open doors a new wall covers whole
};

class Stitcher {
 public:
  Stitcher(const core::TileSet& set, const Candidates& candidates, const StitchOptions& options,
           core::Rng& rng);
  /// The whole run: start(), grow(), finish().
  StitchResult run();
  /// Places the start tile (step 1).
  void start();
  /// Grows from open doors until the budget is spent or no door is open (step 2).
  void grow();
  /// Closes what is still open and hands over the map (step 3); the stitcher is spent.
  StitchResult finish();

  /// The collision test of one candidate: tile variant `variant` (an index into the
  /// candidates' variants) with its top-left corner at `origin` (stitch coordinates).
  /// Fills the placement plan that a following apply() would carry out. Public for
  /// benchmarks and tests; the growth loop is its only other caller.
  Fit test(std::uint32_t variant, core::Point origin);

 private:
  /// Growth: any fitting tile. Closing: only tiles that open no new door. LastDoor: growth
  /// from the only open door, where a tile that opens no door would end the level early, so
  /// such tiles are tried only when nothing else fits.
  enum class Phase { Growth, LastDoor, Closing };

  // Steps of run().
  void seed_first_room();
  void grow_from_open_doors();
  void close_open_doors();
  core::Map finish_map();

  core::TileId choose_start_tile();
  [[nodiscard]] bool fits_max_size(std::uint32_t variant) const;
  [[nodiscard]] std::vector<std::uint32_t> start_variants(core::TileId tile) const;
  OpenRef next_open_door();
  [[nodiscard]] bool is_open(OpenRef ref) const {
    return records_[ref.slot].open && records_[ref.slot].generation == ref.generation;
  }
  bool try_fill(std::uint32_t record, Phase phase);
  bool try_group(const CandidateGroup& group, std::uint32_t record, Phase phase, bool& too_big);
  std::size_t pick_group(const std::vector<CandidateGroup>& groups, Phase phase);
  [[nodiscard]] bool usable(core::TileId tile) const;

  // fit.cpp
  bool test_door(const core::Door& door, int index);
  bool walls_cover(const DoorRecord& open, const OrientedTile& v, core::Point origin) const;
  void apply();
  void open_door(const core::Door& span, int placement, int door);
  void close_door(std::uint32_t record, core::UnusedReason reason);
  void join(std::uint32_t record, int placement, int door);

  static std::uint64_t key(core::Point p) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(p.x)) << 32) |
           static_cast<std::uint32_t>(p.y);
  }

  const core::TileSet& set_;
  const Candidates& candidates_;
  const StitchOptions& options_;
  core::Rng& rng_;

  Occupancy occupancy_;
  core::Rect bounds_;                                    ///< union of placed content
  std::vector<DoorRecord> records_;                      ///< slots of open doors
  std::vector<std::uint32_t> free_slots_;
  std::unordered_map<std::uint64_t, std::uint32_t> open_cells_;  ///< cell -> slot; lookup only
  int open_count_ = 0;                                   ///< doors open right now
  std::vector<OpenRef> frontier_;                        ///< may hold stale references
  std::size_t frontier_head_ = 0;                        ///< breadth-first read position
  std::vector<int> uses_;                                ///< placements per tile
  std::vector<std::int32_t> shape_of_variant_;           ///< Map::shapes index, -1 = not yet
  core::Map map_;
  StitchResult result_;

  PlacementPlan plan_;                                   ///< scratch, reused per test
  std::vector<std::uint32_t> weights_;                   ///< scratch, per candidate group
  std::vector<CandidateDoor> order_;                     ///< scratch, doors of one group
};

}  // namespace dungen::gen
