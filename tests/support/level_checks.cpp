#include "support/level_checks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "analysis/reachability.hpp"
#include "core/door_detect.hpp"

namespace dungen::test {
namespace {
using core::CellKind;
using core::Point;

struct Recomposed {
  core::Grid<CellKind> cells;
  core::Grid<int> solid;      // placements claiming the cell as floor or interior door
  core::Grid<char> walkable;  // floor or door in some placement, sealed doors included
};

void check_doors(const core::Level& level, const core::TileSet& set,
                 std::vector<std::string>& out) {
  const auto& m = level.map;
  std::map<std::pair<int, int>, int> uses;
  for (const auto& c : m.connections) {
    ++uses[{c.a, c.door_a()}];
    ++uses[{c.b, c.door_b()}];
    const auto& pa = m.placements[static_cast<std::size_t>(c.a)];
    const auto& pb = m.placements[static_cast<std::size_t>(c.b)];
    const auto& ta = set.tiles[pa.tile];
    const auto& tb = set.tiles[pb.tile];
    const core::Door da =
        core::apply(pa.orientation, ta.doors[static_cast<std::size_t>(c.door_a())], ta.cells.size())
            .shifted(pa.origin);
    const core::Door db =
        core::apply(pb.orientation, tb.doors[static_cast<std::size_t>(c.door_b())], tb.cells.size())
            .shifted(pb.origin);
    // Connection::door() holds no kind (Door::kind 0); the map records it: core::door_kind.
    const core::Door unkinded{da.start, da.width, da.facing};
    if (unkinded != c.door() || db.start != da.start || !core::mates(da, db) ||
        core::door_kind(m, c) != da.kind) {
      out.push_back(fmt::format("connection {}-{} doors do not mate on the same cells", c.a, c.b));
    }
  }
  for (const auto& u : m.unused_doors) ++uses[{u.placement, u.door}];
  for (std::size_t p = 0; p < m.placements.size(); ++p) {
    const auto& tile = set.tiles[m.placements[p].tile];
    for (std::size_t d = 0; d < tile.doors.size(); ++d) {
      const int n = uses[{static_cast<int>(p), static_cast<int>(d)}];
      if (n != 1)
        out.push_back(fmt::format("placement {} door {} is accounted for {} times", p, d, n));
    }
  }
}

Recomposed recompose(const core::Level& level, const core::TileSet& set,
                     std::vector<std::string>& out) {
  const auto& m = level.map;
  Recomposed r{core::Grid<CellKind>(m.cells.size(), CellKind::Void),
               core::Grid<int>(m.cells.size(), 0), core::Grid<char>(m.cells.size(), 0)};
  for (std::size_t i = 0; i < m.placements.size(); ++i) {
    const auto& p = m.placements[i];
    const auto& tile = set.tiles[p.tile];
    const auto cells = core::apply(p.orientation, tile.cells);
    std::vector<core::Door> doors;
    for (const auto& d : tile.doors)
      doors.push_back(core::apply(p.orientation, d, tile.cells.size()));
    const auto interior = core::interior_door_cells(cells, doors);
    for (int y = 0; y < cells.height(); ++y) {
      for (int x = 0; x < cells.width(); ++x) {
        const CellKind k = cells[Point{x, y}];
        const Point q = p.origin + Point{x, y};
        if (k == CellKind::Void) continue;
        if (!r.cells.contains(q)) {
          out.push_back(fmt::format("placement {} reaches outside the map at {},{}", i, q.x, q.y));
          continue;
        }
        const bool solid = k == CellKind::Floor ||
                           (k == CellKind::Door && std::find(interior.begin(), interior.end(),
                                                             Point{x, y}) != interior.end());
        if (solid && (++r.solid[q] > 1 || r.cells[q] != CellKind::Void)) {
          out.push_back(fmt::format("floor overlap at {},{} (placement {})", q.x, q.y, i));
        }
        if (!solid && r.solid[q] > 0)
          out.push_back(fmt::format("cell {},{} of placement {} lands on floor", q.x, q.y, i));
        if (r.cells[q] == CellKind::Void || k != CellKind::Wall) r.cells[q] = k;
        r.walkable[q] = static_cast<char>(r.walkable[q] || core::passable(k));
      }
    }
  }
  for (const auto& u : m.unused_doors) {
    for (int i = 0; i < u.span.width; ++i) r.cells[u.span.cell(i)] = CellKind::Wall;
  }
  for (const auto& c : m.connections) {
    for (int i = 0; i < c.door().width; ++i) r.cells[c.door().cell(i)] = CellKind::Door;
  }
  return r;
}

void check_reachability(const core::Level& level, std::vector<std::string>& out) {
  const auto& cells = level.map.cells;
  // A map without floor (tiles of wall and door only, as the fuzzer draws) has no entrance.
  if (std::none_of(cells.data().begin(), cells.data().end(),
                   [](CellKind k) { return k == CellKind::Floor; })) {
    if (level.analysis.entrance || level.analysis.exit)
      out.emplace_back("an entrance or exit on a map without floor");
    return;
  }
  if (!level.analysis.entrance || cells[*level.analysis.entrance] != CellKind::Floor)
    out.emplace_back("entrance is not on floor");
  if (!level.analysis.exit || cells[*level.analysis.exit] != CellKind::Floor)
    out.emplace_back("exit is not on floor");
  if (!level.analysis.entrance) return;
  const auto dist = analysis::distances_from(cells, *level.analysis.entrance);
  long unreached = 0, listed = 0;
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      unreached += core::passable(cells[Point{x, y}]) && dist[Point{x, y}] < 0;
    }
  }
  for (const auto& r : level.analysis.unreachable) listed += r.cells;
  if (unreached != listed)
    out.push_back(fmt::format("{} unreachable cells but {} listed", unreached, listed));
}

// Cells the stitcher walled so that nothing walkable touches the outside
// (core::wall_off_outside): wall in the map, empty in the recomposition, next to a cell that
// some placement made walkable (it may have been sealed since, by a lock).
bool walled_off(const core::Grid<CellKind>& map, const Recomposed& r, Point p) {
  if (map[p] != CellKind::Wall || r.cells[p] != CellKind::Void) return false;
  return std::any_of(core::kFacings.begin(), core::kFacings.end(),
                     [&](core::Facing f) { return r.walkable.get_or(p + core::step(f), 0) != 0; });
}

void check_closed(const core::Grid<CellKind>& cells, std::vector<std::string>& out) {
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      if (!core::passable(cells[Point{x, y}]) || !core::touches_outside(cells, Point{x, y}))
        continue;
      out.push_back(fmt::format("walkable cell {},{} touches the outside", x, y));
      return;  // one is enough to point at the fault
    }
  }
}

}  // namespace

std::vector<std::string> level_violations(const core::Level& level, const core::TileSet& set) {
  std::vector<std::string> out;
  check_doors(level, set, out);
  const Recomposed r = recompose(level, set, out);
  if (r.cells != level.map.cells) {
    for (int y = 0; y < r.cells.height(); ++y) {
      for (int x = 0; x < r.cells.width(); ++x) {
        const Point p{x, y};
        if (r.cells[p] == level.map.cells[p] || walled_off(level.map.cells, r, p)) continue;
        out.push_back(fmt::format(
            "the map differs from the recomposed placements, first at {},{}: {} in the map, {} "
            "recomposed",
            x, y, core::cell_kind_name(level.map.cells[p]), core::cell_kind_name(r.cells[p])));
        y = r.cells.height();  // one cell is enough to point at the fault
        break;
      }
    }
  }
  check_closed(level.map.cells, out);
  check_reachability(level, out);
  return out;
}

}  // namespace dungen::test
