#include "pipeline/generate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "core/plural.hpp"
#include "pipeline/far_check.hpp"
#include "pipeline/finish.hpp"
#include "pipeline/generators.hpp"

namespace dungen::pipeline {
namespace {

// Fewer loops made than asked: why, from what the pairs of doors looked at ran into.
void note_loops(core::Level& level, const gen::StitchResult& r, const core::TileSet& set,
                const gen::StitchOptions& o) {
  const auto made = static_cast<int>(level.outcome.loops_made.size());
  if (made >= o.loops) return;
  const gen::LoopTally& t = r.loop_tally;
  std::size_t most_doors = 0;  // of a tile of the level
  for (const core::Placement& p : r.map.placements)
    most_doors = std::max(most_doors, set.tiles[p.tile].doors.size());
  std::string why;
  if (t.pairs == 0 && most_doors <= 2 && !r.map.placements.empty()) {
    why = fmt::format(
        "no tile placed has more than two doors, so the level is one chain from its start tile "
        "({}), which loops only where its two ends happen to meet; tiles of three or more "
        "doors of the same door width would branch",
        set.tiles[r.map.placements.front().tile].name);
  } else if (t.pairs == 0 && t.near_on_tree > 0) {
    why = fmt::format(
        "the open doors near each other were near on foot too (a loop would save under {} "
        "steps)",
        o.loop_detour);
  } else if (t.pairs == 0) {
    why = "no two open doors were near each other while the level grew";
  } else {
    why = fmt::format(
        "of {} of open doors near each other, {} joined, {} no run of tiles joins, {} {} already "
        "near on foot (under {} steps saved), {} every joining run collides",
        core::count_of(t.pairs, "pairs"), made, t.no_tiles, t.short_walk,
        t.short_walk == 1 ? "was" : "were", o.loop_detour, t.collide);
  }
  level.outcome.notes.push_back(fmt::format("loops: {} of {} asked made; {}", made, o.loops, why));
}

core::Level stitched_level(gen::StitchResult&& r, const core::TileSet& set,
                           const GenerateSettings& settings, core::Seed seed) {
  core::Level level = new_level("generate", seed, settings.options);
  level.origin.input_hash = settings.input_hash;
  level.outcome.stop_reason = gen::stop_reason_key(r.stop);
  level.outcome.stop_text = gen::stop_reason_text(r.stop);
  level.outcome.closing_placements = r.cap_placements;
  level.outcome.terminated_early = r.terminated_early;
  level.outcome.loops_made = std::move(r.loops);
  level.outcome.trimmed = std::move(r.trimmed);
  note_loops(level, r, set, settings.stitch);
  const int placed = static_cast<int>(r.map.placements.size());
  if (placed < settings.stitch.min_tiles) {
    const auto at_edge = std::count_if(
        r.map.unused_doors.begin(), r.map.unused_doors.end(),
        [](const core::UnusedDoor& u) { return u.reason == core::UnusedReason::OutsideMask; });
    level.outcome.early_notes.push_back(fmt::format(
        "{} placed, fewer than the minimum of {} ({}{})", core::count_of(placed, "tiles"),
        settings.stitch.min_tiles, level.outcome.stop_text,
        at_edge == 0 ? ""
                     : fmt::format("; {} sealed at {}",
                                   core::count_of(static_cast<int>(at_edge), "doors"),
                                   settings.stitch.mask
                                       ? "the mask's edge: a larger white area or smaller tiles "
                                         "leave room for more"
                                       : "the top or left edge of the map, where --place puts "
                                         "cell 0,0: pins farther from it leave room for more")));
  }
  for (const int pin : r.unjoined_pins) {
    const gen::Pin& p = settings.stitch.pins[static_cast<std::size_t>(pin)];
    level.outcome.early_notes.push_back(fmt::format(
        "pinned tile '{}' at {},{} (--place) was not joined to the level: growth did not come near "
        "enough to lay a way to it; raise --max-tiles or place it nearer the first --place",
        set.tiles[p.tile].name, p.origin.x, p.origin.y));
  }
  for (core::TileId id : r.missing_required) {
    level.outcome.early_notes.push_back(
        fmt::format("required tile '{}' found no place", set.tiles[id].name));
  }
  note_walled_cells(level, r.walled_cells);
  level.map = std::move(r.map);
  finish_level(level, settings.analyses);
  return level;
}

// Whether some tile that grows has three or more doors: without one every level is a chain,
// whose two ends seldom meet, so other seeds would seldom do better.
bool can_branch(const core::TileSet& set) {
  return std::any_of(set.tiles.begin(), set.tiles.end(), [](const core::Tile& t) {
    return t.settings.grows() && t.doors.size() >= 3;
  });
}

// How the retries for want of a loop went (generate_level): levels grown without one before
// the kept level, all of them when it has none too, and whether they stopped at a level too
// small for a loop.
struct LoopRetries {
  int before = 0;
  int without = 0;
  bool kept_has_none = false;
  bool stopped_small = false;
  int far_before = 0;  ///< levels before the kept one grown again for a far tile (far_check.hpp)
  int far_grown = 0;   ///< levels grown whose far tiles did not all lie far
};

// Levels grown again for a tile set `far` that found no place or lies near the entrance:
// about one level in three of the corpus's hall sets needs one, one in a hundred two more.
constexpr int kFarRetries = 3;

// What the note of a level whose far tiles were grown again says (with_loop_retries).
void note_far(core::Level& level, const LoopRetries& r, const FarCheck& kept) {
  if (!kept.ok()) {
    const bool missing = !kept.missing.empty();
    level.outcome.notes.push_back(fmt::format(
        "far: '{}' {} in {}; this is the best of them", missing ? kept.missing[0] : kept.near[0],
        missing ? "found no place"
                : "has more than a tenth of the level's other cells farther on foot from the "
                  "entrance",
        r.far_grown == 1 ? "the level grown" : fmt::format("each of {} levels grown", r.far_grown)));
  } else if (r.far_before > 0) {
    level.outcome.notes.push_back(fmt::format(
        "far: made from retry seed {}, as {} grown before it had a far tile near the entrance or "
        "none",
        level.origin.seed,
        r.far_before == 1 ? "the level" : fmt::format("the {} levels", r.far_before)));
  }
}

// A level made for want of a loop in the levels before it says so, and keeps the seed asked
// (which makes it again with the same options) unless a level ended early (--retries: the
// seed that made it).
core::Level with_loop_retries(core::Level level, core::Seed seed, const LoopRetries& r,
                              bool ended_early, const FarCheck& far) {
  note_far(level, r, far);
  if (r.kept_has_none && r.without > 1) {
    level.outcome.notes.push_back(fmt::format(
        "loops: none of {} grown had a loop (--loop-retries{}); this is the one with most tiles",
        core::count_of(r.without, "levels"),
        r.stopped_small ? " stops at a level too small for one" : ""));
  } else if (r.before > 0) {
    level.outcome.notes.push_back(fmt::format(
        "loops: made from retry seed {}, as {} grown before it had no loop (--loop-retries)",
        level.origin.seed, r.before == 1 ? "the level" : fmt::format("the {} levels", r.before)));
  }
  if ((r.before > 0 || r.far_before > 0) && !ended_early) level.origin.seed = seed;
  return level;
}

}  // namespace

core::Level generate_level(const core::TileSet& set, const gen::Candidates& candidates,
                           const GenerateSettings& settings, core::Seed seed) {
  const bool loops_possible = settings.stitch.loops > 0 && can_branch(set);
  // Judged on the stitched map, before the analyses: a stitched level's room graph is
  // connected, so its loops are its connections less its placements, plus one.
  const auto loops = [](const gen::StitchResult& r) {
    return static_cast<std::int64_t>(r.map.connections.size()) -
           static_cast<std::int64_t>(r.map.placements.size()) + 1;
  };
  const bool far_tiles = has_far_tiles(set);
  std::vector<core::TileId> by_hand;  // where the designer put them: not judged far or near
  if (settings.stitch.start) by_hand.push_back(*settings.stitch.start);
  for (const gen::Pin& pin : settings.stitch.pins) by_hand.push_back(pin.tile);
  const auto far_of = [&](const gen::StitchResult& r) {
    return far_tiles ? check_far_tiles(r.map, set, by_hand) : FarCheck{};
  };
  // Higher is better: a level that did not end early for want of tiles, whose far tiles lie
  // far, with the most loops and tiles.
  const auto rank = [&](const gen::StitchResult& r, const FarCheck& far) {
    const bool only_far_missing = r.terminated_early && !far.missing.empty() &&
                                  static_cast<int>(r.map.placements.size()) >=
                                      settings.stitch.min_tiles;
    return std::tuple(!r.terminated_early || only_far_missing, far.missing.empty(),
                      far.near.empty(), loops(r), r.map.placements.size());
  };
  gen::StitchResult best;
  FarCheck best_far;
  core::Seed best_seed = seed;
  LoopRetries retries;
  int early_left = settings.retries, loopless_left = settings.loop_retries;
  int far_left = far_tiles ? kFarRetries : 0;
  for (int attempt = 0;; ++attempt) {
    const core::Seed s = core::retry_seed(seed, attempt);
    core::Rng rng(s);
    gen::StitchOptions stitch = settings.stitch;
    stitch.observe = settings.analyses.observe;
    gen::StitchResult r = gen::stitch(set, candidates, stitch, rng);
    FarCheck far = far_of(r);
    const bool early = r.terminated_early && far.missing.empty();
    const bool no_loop = !early && loops_possible && loops(r) <= 0;
    // Where every pair of open doors near each other was near on foot too, the level is too
    // small for a loop that saves --loop-detour steps: another seed would not do better.
    const bool too_small = r.loop_tally.pairs == 0 && r.loop_tally.near_on_tree > 0;
    if (attempt == 0 || rank(r, far) > rank(best, best_far)) {
      best = std::move(r);
      best_far = far;
      best_seed = s;
      retries.before = retries.without;
      retries.far_before = retries.far_grown;
    }
    retries.without += no_loop ? 1 : 0;
    retries.far_grown += far.ok() ? 0 : 1;
    retries.stopped_small = no_loop && too_small;
    if (!early && far.ok() && (!no_loop || too_small)) break;
    if ((early ? early_left-- : !far.ok() ? far_left-- : loopless_left--) <= 0) break;
  }
  retries.kept_has_none = !best.terminated_early && loops_possible && loops(best) <= 0;
  return with_loop_retries(stitched_level(std::move(best), set, settings, best_seed), seed,
                           retries, early_left < settings.retries, best_far);
}

std::unique_ptr<const gen::Candidates> index_tiles(const core::TileSet& set,
                                                   const GenerateSettings& settings) {
  return std::make_unique<const gen::Candidates>(set, settings.stitch.orientations);
}

bool start_can_grow(const gen::Candidates& candidates, core::TileId start) {
  for (const std::uint32_t v : candidates.variants_of(start)) {
    for (const core::Door& d : candidates.variants()[v].doors) {
      if (!candidates.mates_of(d).empty()) return true;
    }
  }
  return false;
}

}  // namespace dungen::pipeline
