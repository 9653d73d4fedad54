// The options of a graph room: where and how it may be placed, ranked (stitcher.hpp).
#include <algorithm>

#include "gen/graph/search.hpp"

namespace dungen::gen::graph {
namespace {

constexpr std::size_t kOptionsPerRoom = 3;        ///< options tried for a room closing no loop
constexpr std::size_t kOptionsPerLoopRoom = 3;    ///< for a room that closes loops
constexpr std::size_t kOptionsBeforeCloser = 16;  ///< drawn for the room before a loop's last
/// Options taken from one open door and run, but for the room before a loop's last room, which
/// takes its kOptionsBeforeCloser wherever they come first: spread over the parent's doors
/// two at a time, they cost about ten tests each (doors boxed in and runs that fail tried to
/// the end), and on hb_caves' ladder such rooms drew two thirds of all the tests.
constexpr std::size_t kOptionsPerDoor = 2;
constexpr int kStartTiles = 4;             ///< entrance tiles tried
constexpr int kRunTries = 6;               ///< corridor tiles tried per run step
constexpr std::size_t kWaysPerTile = 256;  ///< a tile's ways onto one door tried, at most
constexpr int kRunsPerLength = 2;          ///< random runs tried per length
constexpr int kLoopStepCells = 8;  ///< cells a loop's connection may cover, for ranking options

}  // namespace

int Search::nearest(int from, int to, int link, Seen seen) const {
  int best = 1 << 20;
  const std::vector<core::Door> others = open_spans(to, link, seen);
  for (const core::Door& dx : open_spans(from, link, seen)) {
    for (const core::Door& dy : others) {
      if (dx.width == dy.width) best = std::min(best, core::manhattan(dx.start, dy.start));
    }
  }
  return best;
}

int Search::closing_score(int room, Seen seen) const {
  int score = 0;
  for (int c : closes_[static_cast<std::size_t>(room)]) {
    if (link_made(c, seen)) continue;
    const core::GraphLink& l = graph_.links[static_cast<std::size_t>(c)];
    score += nearest(room, l.a == room ? l.b : l.a, c, seen);
  }
  const int aim = aim_[static_cast<std::size_t>(room)];
  const int steps = aim_steps_[static_cast<std::size_t>(room)];
  if (aim >= 0 && steps > 1)  // a loop still open: stay within reach of where it closes
    score += std::max(0, nearest(room, aim, -1, seen) - steps * kLoopStepCells);
  return score;
}

void Search::start_options(std::vector<Option>& out) {
  const int room = order_[0];
  const auto& tiles = plan_.room_tiles[static_cast<std::size_t>(room)];
  std::vector<std::uint32_t> weights = plan_.room_weights[static_cast<std::size_t>(room)];
  for (int k = 0; k < kStartTiles; ++k) {
    const std::size_t i = rng_.pick_weighted(weights);
    if (i == weights.size()) break;
    weights[i] = 0;
    const auto& variants = candidates_.variants_of(tiles[i]);
    if (variants.empty()) continue;
    const std::uint32_t v = variants[rng_.uniform(variants.size())];
    out.push_back(Option{{Piece{v, {0, 0}, room, -1}}, {{}}, 0});
  }
}

std::vector<Option> Search::options_for(std::size_t step) {
  std::vector<Option> out;
  if (step == 0) {
    start_options(out);
    return out;
  }
  const int room = order_[step];
  const int link = tree_link_[static_cast<std::size_t>(room)];
  const bool loops =
      !closes_[static_cast<std::size_t>(room)].empty() || aim_[static_cast<std::size_t>(room)] >= 0;
  const bool before_closer = closer_[static_cast<std::size_t>(room)] >= 0;
  const std::size_t most = before_closer ? kOptionsBeforeCloser
                           : loops       ? kOptionsPerLoopRoom
                                         : kOptionsPerRoom;
  // A loop's closing room whose meetings were every way to meet both neighbours takes those
  // alone when one fits: placing it at its parent's doors and then looking for a run to the
  // other room would find the same ways again, at many times the tries (half of them on
  // hb_caves' ladder). When none fits, that is still tried: it judges the room before the run
  // that closes the loop, not after, and makes closings the meetings refuse (a 6x6 mesh on
  // samples/caves missed seeds without it).
  const bool met_every_way =
      !closes_[static_cast<std::size_t>(room)].empty() &&
      meeting_options(room, link, closes_[static_cast<std::size_t>(room)].front(), out, most);
  std::vector<std::uint32_t> recs;
  if (!met_every_way || out.empty())
    recs = open_doors(parent_[static_cast<std::size_t>(room)], link);
  rng_.shuffle(recs);
  const int lengths = corridor_ + 1;
  const int first_length =
      static_cast<int>(rng_.uniform(static_cast<std::uint64_t>(std::min(lengths, 2))));
  for (std::uint32_t rec : recs) {
    for (int i = 0; i < lengths && out.size() < most; ++i) {
      const int length = (first_length + i) % lengths;
      for (int k = 0; k < (length == 0 ? 1 : kRunsPerLength) && out.size() < most; ++k) {
        const Mark m = state_.mark();
        Option run;
        std::uint32_t last = rec;
        if (length == 0 || random_run(rec, length, link, run, last))
          room_options_at(room, link, last, run, out, most);
        state_.undo(m);
        if (spent()) return out;
      }
    }
    if (out.size() >= most) break;
  }
  if (loops) {
    std::stable_sort(out.begin(), out.end(),
                     [](const Option& a, const Option& b) { return a.score < b.score; });
  }
  const int closer = closer_[static_cast<std::size_t>(room)];
  if (closer >= 0) keep_meeting(closer, out, kOptionsPerLoopRoom);
  return out;
}

bool Search::random_run(std::uint32_t rec, int length, int link, Option& run, std::uint32_t& last) {
  std::uint32_t cur = rec;
  for (int i = 0; i < length; ++i) {
    const core::Door span = state_.doors()[cur].span;
    const auto it =
        plan_.by_entry.find({span.width, static_cast<int>(core::opposite(span.facing))});
    if (it == plan_.by_entry.end()) return false;
    const std::vector<std::uint32_t> order = drawn_ways(it->second);
    bool placed = false;
    for (std::size_t k = 0; k < order.size() && k < static_cast<std::size_t>(kRunTries); ++k) {
      const Transition& t = plan_.transitions[order[k]];
      const OrientedTile& v = candidates_.variants()[t.variant];
      const core::Door& entry = v.doors[static_cast<std::size_t>(t.entry)];
      if (!core::mates(entry, span)) continue;
      const Piece piece{t.variant, span.start - entry.start, -1, link};
      const std::vector<Target> targets{{cur, link, false}};
      if (!state_.fits(piece, targets)) continue;
      const Mark m = state_.mark();
      state_.apply();
      const std::uint32_t next =
          state_.doors_of(static_cast<int>(state_.pieces().size() - 1)).first +
          static_cast<std::uint32_t>(t.exit);
      if (state_.doors()[next].state != DoorState::Open) {
        state_.undo(m);
        continue;
      }
      run.pieces.push_back(piece);
      run.targets.push_back(targets);
      cur = next;
      placed = true;
      break;
    }
    if (!placed) return false;
  }
  last = cur;
  return true;
}

void Search::room_options_at(int room, int link, std::uint32_t rec, const Option& run,
                             std::vector<Option>& out, std::size_t most) {
  const core::Door span = state_.doors()[rec].span;
  const int width = graph_.links[static_cast<std::size_t>(link)].width;
  if (width > 0 && span.width != width) return;
  // Tiles drawn by weight among those with a door that mates this one; a tile's doors in
  // random order.
  std::vector<std::vector<RoomDoor>> groups;
  std::vector<std::uint32_t> weights;
  const auto& by = plan_.room_doors_by_signature[static_cast<std::size_t>(room)];
  const auto mating = by.find(mate_signature(span));
  if (mating == by.end()) return;
  for (const RoomDoor& d : mating->second) {
    const OrientedTile& v = candidates_.variants()[d.variant];
    if (groups.empty() || candidates_.variants()[groups.back().front().variant].tile != v.tile) {
      groups.emplace_back();
      weights.push_back(d.weight);
    }
    groups.back().push_back(d);
  }
  const std::vector<Target> targets = room_targets(room, rec, link);
  const std::size_t per_door =
      closer_[static_cast<std::size_t>(room)] >= 0 ? most : kOptionsPerDoor;
  std::size_t taken = 0;
  while (taken < per_door && out.size() < most && !spent()) {
    const std::size_t g = rng_.pick_weighted(weights);
    if (g == weights.size()) return;
    weights[g] = 0;
    std::vector<RoomDoor> doors = groups[g];
    rng_.shuffle(doors);
    doors.resize(std::min(doors.size(), kWaysPerTile));  // a random sample of a many-door tile
    for (const RoomDoor& d : doors) {
      const OrientedTile& v = candidates_.variants()[d.variant];
      const Piece piece{d.variant, span.start - v.doors[static_cast<std::size_t>(d.door)].start,
                        room, -1};
      // Judged as if placed: the viability and the score read the map and the tested piece.
      if (!state_.fits(piece, targets) || !viable(Seen::WithTested)) continue;
      Option o = run;
      o.pieces.push_back(piece);
      o.targets.push_back(targets);
      o.score = closing_score(room, Seen::WithTested);
      out.push_back(std::move(o));
      ++taken;
      break;
    }
  }
}

}  // namespace dungen::gen::graph
