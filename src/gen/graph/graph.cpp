// Graph-guided stitching: the run and the map it hands over (graph.hpp).
#include "gen/graph/graph.hpp"

#include <algorithm>

#include "gen/graph/search.hpp"

namespace dungen::gen {
namespace {

using core::CellKind;
using graph::DoorState;

constexpr int kLubyUnit = 8;           ///< a round's budget: a share / this * luby(round)
constexpr int kLongestShares = 4;      ///< a round's budget at most, in shares
constexpr int kRoundsAtMost = 16;      ///< searches at most: this many per restart share
constexpr int kFirstCorridor = 1;      ///< corridor tiles per connection in the first round
constexpr int kRoundsPerCorridor = 3;  ///< rounds before one more corridor tile is allowed

/// Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ... (i from 1): restart budgets that waste at
/// most a logarithmic factor on any distribution of search lengths (Luby, Sinclair, Zuckerman
/// 1993).
int luby(int i) {
  for (;;) {
    int k = 1;
    while ((1 << k) - 1 < i) ++k;
    if (i == (1 << k) - 1) return 1 << (k - 1);
    i -= (1 << (k - 1)) - 1;
  }
}

core::UnusedReason reason_of(DoorState s) {
  if (s == DoorState::OnWall) return core::UnusedReason::LandedOnWall;
  if (s == DoorState::Covered) return core::UnusedReason::CoveredByWall;
  return core::UnusedReason::NotJoined;
}

core::Rect bounds_of(const graph::Snapshot& s, const Candidates& candidates) {
  core::Rect b;
  for (const graph::Piece& p : s.pieces) {
    const OrientedTile& v = candidates.variants()[p.variant];
    b = b.united(core::Rect{p.origin.x + v.content.x, p.origin.y + v.content.y, v.content.width,
                            v.content.height});
  }
  return b;
}

/// The cells of the snapshot's pieces: floors, interior doors, walls; joined doors as doors,
/// every other door sealed (wall). `shift` moves stitch coordinates to map cells.
core::Grid<CellKind> stamp(const graph::Snapshot& s, const Candidates& candidates, core::Size size,
                           core::Point shift) {
  core::Grid<CellKind> cells(size, CellKind::Void);
  for (const graph::Piece& p : s.pieces) {
    const OrientedTile& v = candidates.variants()[p.variant];
    const core::Point o = p.origin + shift;
    for (const core::Point& c : v.floors) cells[o + c] = CellKind::Floor;
    for (const core::Point& c : v.interior_doors) cells[o + c] = CellKind::Door;
    for (const core::Point& c : v.walls) {
      if (cells[o + c] == CellKind::Void) cells[o + c] = CellKind::Wall;
    }
  }
  for (const graph::DoorRec& d : s.doors) {
    const CellKind kind = d.state == DoorState::Joined ? CellKind::Door : CellKind::Wall;
    for (int i = 0; i < d.span.width; ++i) cells[d.span.cell(i) + shift] = kind;
  }
  return cells;
}

void fill_map(GraphStitchResult& out, const graph::Snapshot& s, const core::TileSet& set,
              const Candidates& candidates) {
  core::Map& map = out.map;
  for (const core::Tile& t : set.tiles) map.tile_names.push_back(t.name);
  core::Rect b = bounds_of(s, candidates);
  if (b.empty()) b = core::Rect{0, 0, 1, 1};  // nothing placed: a map of one empty cell
  const core::Point shift{-b.x, -b.y};
  map.cells = stamp(s, candidates, core::Size{b.width, b.height}, shift);
  std::vector<std::int64_t> shape_of(candidates.variants().size(), -1);
  for (std::size_t i = 0; i < s.pieces.size(); ++i) {
    const graph::Piece& p = s.pieces[i];
    const OrientedTile& v = candidates.variants()[p.variant];
    if (shape_of[p.variant] < 0) {
      shape_of[p.variant] = static_cast<std::int64_t>(map.shapes.size());
      map.shapes.push_back(v.cells);
    }
    map.placements.push_back(core::Placement{v.tile, v.orientation, p.origin + shift,
                                             static_cast<std::uint32_t>(shape_of[p.variant])});
    if (p.room >= 0) out.room_placement[static_cast<std::size_t>(p.room)] = static_cast<int>(i);
    if (p.link >= 0)
      out.joins[static_cast<std::size_t>(p.link)].corridor.push_back(static_cast<int>(i));
  }
  for (const graph::Join& j : s.joins) {
    const graph::DoorRec& a = s.doors[j.earlier];
    const graph::DoorRec& b2 = s.doors[j.later];
    const core::Door span = a.span.shifted(shift);
    map.connections.push_back(
        core::Connection::join(a.placement, b2.placement, a.door, b2.door, span, span.start));
    if (j.completes) out.joins[static_cast<std::size_t>(j.link)].made = true;
  }
  for (const graph::DoorRec& d : s.doors) {
    if (d.state == DoorState::Joined) continue;
    map.unused_doors.push_back(
        core::UnusedDoor{d.placement, d.door, d.span.shifted(shift), reason_of(d.state)});
  }
  out.walled_cells = core::wall_off_outside(map);
}

/// Corridor tiles per connection in round `round` (from 0): two rounds of every three keep the
/// first allowance, so a graph that short runs realise is searched for about as often whatever
/// --corridor-max allows; every third round allows one more tile each kRoundsPerCorridor times.
int corridor_of(int round) {
  return kFirstCorridor + (round % 3 != 2 ? 0 : 1 + (round / 3) / kRoundsPerCorridor);
}

}  // namespace

GraphStitchResult graph_stitch(const core::LevelGraph& graph, const core::TileSet& set,
                               const Candidates& candidates, const GraphStitchOptions& options,
                               core::Rng& rng) {
  // Restarts in rounds of one search per placing order, with budgets in Luby's sequence (an
  // eighth of a share times 1, 1, 2, 1, 1, 2, 4, ...) and corridors of one tile per connection
  // in two rounds of three, longer in the third (corridor_of), up to corridor_max: a search that
  // went wrong early rarely recovers by backtracking, a fresh one often succeeds; short corridors
  // keep a loop's rooms near each other, long ones are tried when those fail.
  GraphStitchResult out;
  GraphStitchOptions each = options;
  graph::Snapshot best;
  std::size_t best_rooms = 0, pictured = 0;
  const graph::Groundwork ground = graph::prepare(graph, set, candidates, options.corridor_max);
  const std::size_t orders = ground.orders.size();
  const int share = std::max(1, options.budget / options.restarts);
  for (int attempt = 0; attempt < kRoundsAtMost * options.restarts && !out.complete; ++attempt) {
    const int round = attempt / static_cast<int>(orders);
    each.budget = static_cast<int>(
        std::min<std::int64_t>(std::int64_t{kLongestShares} * share,
                               std::int64_t{std::max(1, share / kLubyUnit)} * luby(round + 1)));
    each.budget = std::min(each.budget, options.budget - out.tried);
    if (each.budget <= 0) break;
    const graph::Turn turn{static_cast<std::size_t>(attempt) % orders, corridor_of(round)};
    graph::Search search(graph, set, candidates, ground, turn, each, rng, pictured);
    out.complete = search.run();
    out.tried += search.tried();
    out.meeting_lookups += search.lookups();
    out.meetings_peak = std::max(out.meetings_peak, search.meetings_peak());
    if (out.complete || attempt == 0 || search.rooms_placed() > best_rooms) {
      best = search.best();
      best_rooms = search.rooms_placed();
      out.diagnosis = out.complete ? "" : search.diagnosis();
    }
    if (!search.worth_restarting()) break;
  }
  out.room_placement.assign(graph.rooms.size(), -1);
  out.joins.assign(graph.links.size(), {});
  fill_map(out, best, set, candidates);
  if (options.observe) options.observe("finished", out.map.cells);
  return out;
}

}  // namespace dungen::gen
