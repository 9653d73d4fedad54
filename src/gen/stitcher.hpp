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

/// A door that was open at some point; `open` is false once connected or sealed.
struct DoorRecord {
  core::Door span;  ///< map cells (stitch coordinates, origin at the start tile)
  int placement = 0;
  int door = 0;
  bool open = true;
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
  StitchResult run();

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
  std::uint32_t next_open_door();
  bool try_fill(std::uint32_t record, Phase phase);
  bool try_group(const CandidateGroup& group, std::uint32_t record, Phase phase, bool& too_big);
  std::size_t pick_group(const std::vector<CandidateGroup>& groups, Phase phase);
  [[nodiscard]] bool usable(core::TileId tile) const;

  // fit.cpp
  Fit test(std::uint32_t variant, core::Point origin);
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
  std::vector<DoorRecord> records_;
  std::unordered_map<std::uint64_t, std::uint32_t> open_cells_;  ///< lookup only, never iterated
  int open_count_ = 0;                                   ///< doors open right now
  std::vector<std::uint32_t> frontier_;
  std::size_t frontier_head_ = 0;                        ///< breadth-first read position
  std::vector<int> uses_;                                ///< placements per tile
  core::Map map_;
  StitchResult result_;

  PlacementPlan plan_;                                   ///< scratch, reused per test
  std::vector<std::uint32_t> weights_;                   ///< scratch, per candidate group
  std::vector<CandidateDoor> order_;                     ///< scratch, doors of one group
};

}  // namespace dungen::gen
