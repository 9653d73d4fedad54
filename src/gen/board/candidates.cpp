#include "gen/board/candidates.hpp"

#include <algorithm>
#include <unordered_map>

#include "core/door_detect.hpp"
#include "core/hash.hpp"
#include "core/tile_parts.hpp"

namespace dungen::gen {

namespace {

// 0..n-1 in bit-reversed order (of the smallest power of two holding n): 0, n/2, n/4,
// 3n/4, ... for n a power of two, so that any prefix is spread evenly over the range.
std::vector<std::uint32_t> spread_order(std::size_t n) {
  int bits = 0;
  while ((std::size_t{1} << bits) < n) ++bits;
  std::vector<std::uint32_t> order;
  order.reserve(n);
  for (std::uint32_t i = 0; i < (std::uint32_t{1} << bits); ++i) {
    std::uint32_t r = 0;
    for (int b = 0; b < bits; ++b) r |= ((i >> b) & 1U) << (bits - 1 - b);
    if (r < n) order.push_back(r);
  }
  return order;
}

}  // namespace

OrientedTile orient(const core::Tile& tile, core::TileId id, core::Orientation o) {
  OrientedTile v;
  v.tile = id;
  v.orientation = o;
  v.cells = core::apply(o, tile.cells);
  for (const core::Door& d : tile.doors) v.doors.push_back(core::apply(o, d, tile.cells.size()));
  v.spread_doors = spread_order(v.doors.size());
  core::Grid<char> in_door(v.cells.size(), 0);
  for (const core::Door& d : v.doors) {
    for (int i = 0; i < d.width; ++i) in_door[d.cell(i)] = 1;
  }
  for (int y = 0; y < v.cells.height(); ++y) {
    for (int x = 0; x < v.cells.width(); ++x) {
      const core::Point p{x, y};
      if (v.cells[p] != core::CellKind::Void) v.content = v.content.united(core::Rect{x, y, 1, 1});
      switch (v.cells[p]) {
        case core::CellKind::Floor:
          v.floors.push_back(p);
          break;
        case core::CellKind::Wall:
          v.walls.push_back(p);
          break;
        case core::CellKind::Door:
          if (in_door[p] == 0) v.interior_doors.push_back(p);
          break;
        case core::CellKind::Void:
          break;
      }
    }
  }
  const core::TileParts parts = core::find_parts(v.cells);
  for (const core::Door& d : v.doors) v.door_part.push_back(parts.part_of(d));
  v.part_cells = parts.cells;
  for (std::size_t i = 0; i < parts.cells.size(); ++i) v.part_floor.push_back(parts.floor_cells(i));
  for (int n : parts.cells) v.passable_cells += n;
  return v;
}

namespace {

// The share of `tile` in its main part, in 1/CandidateGroup::kFullKeep; 0 when that part has
// no door.
std::uint32_t main_part_keep(const core::Tile& tile) {
  const core::TileParts parts = core::find_parts(tile.cells);
  const int main = core::main_part(parts);
  const bool door = std::any_of(tile.doors.begin(), tile.doors.end(),
                                [&](const core::Door& d) { return parts.part_of(d) == main; });
  if (main < 0 || !door) return 0;
  std::uint32_t passable = 0;
  for (int n : parts.cells) passable += static_cast<std::uint32_t>(n);
  return static_cast<std::uint32_t>(parts.cells[static_cast<std::size_t>(main)]) *
         CandidateGroup::kFullKeep / passable;
}

// `h` continued over the 8 bytes of `x`.
std::uint64_t mix(std::uint64_t h, std::uint64_t x) {
  return core::fnv1a(std::span(reinterpret_cast<const std::uint8_t*>(&x), sizeof x), h);
}

// Per variant: the first variant with the same cells and doors (itself when none before).
std::vector<std::uint32_t> same_variants(const std::vector<OrientedTile>& variants) {
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> firsts;  // by hash; lookup only
  std::vector<std::uint32_t> same(variants.size());
  for (std::uint32_t vi = 0; vi < variants.size(); ++vi) {
    const OrientedTile& v = variants[vi];
    std::uint64_t h = mix(core::kFnvOffset, static_cast<std::uint64_t>(v.cells.width()) << 32 |
                                                static_cast<std::uint32_t>(v.cells.height()));
    const auto& cells = v.cells.data();  // a sample: equal hashes are compared cell by cell
    for (std::size_t i = 0; i < cells.size(); i += 1 + cells.size() / 64)
      h = mix(h, static_cast<std::uint64_t>(cells[i]));
    for (const core::Door& d : v.doors) {
      h = mix(h,
              static_cast<std::uint64_t>(d.start.x) << 32 | static_cast<std::uint32_t>(d.start.y));
      h = mix(h, static_cast<std::uint64_t>(d.width) << 16 |
                     static_cast<std::uint64_t>(d.facing) << 8 | d.kind);
    }
    std::vector<std::uint32_t>& seen = firsts[h];
    const auto it = std::find_if(seen.begin(), seen.end(), [&](std::uint32_t f) {
      return variants[f].cells == v.cells && variants[f].doors == v.doors;
    });
    same[vi] = it == seen.end() ? vi : *it;
    if (it == seen.end()) seen.push_back(vi);
  }
  return same;
}

}  // namespace

void Candidates::number_shapes() {
  const std::vector<std::uint32_t> same = same_variants(variants_);
  const auto alike = [&](const CandidateGroup& a, const CandidateGroup& b) {
    return std::equal(a.doors.begin(), a.doors.end(), b.doors.begin(), b.doors.end(),
                      [&](const CandidateDoor& x, const CandidateDoor& y) {
                        return same[x.variant] == same[y.variant] && x.door == y.door;
                      });
  };
  std::unordered_map<std::uint64_t, std::vector<const CandidateGroup*>> firsts;  // lookup only
  for (std::vector<CandidateGroup>& groups : lists_) {
    for (CandidateGroup& g : groups) {
      std::uint64_t h = core::kFnvOffset;
      for (const CandidateDoor& d : g.doors)
        h = mix(h, std::uint64_t{same[d.variant]} << 32 | d.door);
      std::vector<const CandidateGroup*>& seen = firsts[h];
      const auto it = std::find_if(seen.begin(), seen.end(),
                                   [&](const CandidateGroup* f) { return alike(*f, g); });
      g.shape = it == seen.end() ? shape_count_++ : (*it)->shape;
      if (it == seen.end()) seen.push_back(&g);
    }
  }
}

Candidates::Candidates(const core::TileSet& set, OrientationRules rules) {
  std::uint8_t mask = 0xFF;
  if (!rules.allow_flip) mask &= 0x0F;
  if (!rules.allow_rotate) mask &= 0x11;  // r0 and f0
  by_tile_.resize(set.tiles.size());
  for (core::TileId id = 0; id < set.tiles.size(); ++id) {
    const core::Tile& tile = set.tiles[id];
    start_keep_.push_back(main_part_keep(tile));
    const auto allowed = static_cast<std::uint8_t>(mask & tile.settings.orientations);
    for (core::Orientation o : core::distinct_orientations(tile, allowed)) {
      const auto vi = static_cast<std::uint32_t>(variants_.size());
      variants_.push_back(orient(tile, id, o));
      by_tile_[id].push_back(vi);
      const auto& doors = variants_.back().doors;
      for (std::uint32_t di = 0; di < doors.size(); ++di) {
        const auto [at, added] = index_.try_emplace(
            {doors[di].width, static_cast<int>(doors[di].facing), doors[di].kind},
            static_cast<std::uint32_t>(lists_.size()));
        if (added) lists_.emplace_back();
        auto& groups = lists_[at->second];
        if (groups.empty() || groups.back().tile != id) groups.push_back(CandidateGroup{id, {}});
        CandidateGroup& group = groups.back();
        const OrientedTile& v = variants_.back();
        group.doors.push_back(
            CandidateDoor{vi, di, static_cast<std::uint32_t>(v.cells_lost_entering_by(di)),
                          v.part_floor[static_cast<std::size_t>(v.door_part[di])] == 0});
        const auto passable = static_cast<std::uint32_t>(std::max(v.passable_cells, 1));
        const auto kept =
            static_cast<std::uint32_t>(v.passable_cells - v.cells_lost_entering_by(di));
        const std::uint32_t keep = kept * CandidateGroup::kFullKeep / passable;
        group.even_entries = group.even_entries && (group.doors.size() == 1 || keep == group.keep);
        group.keep = std::max(group.keep, keep);
      }
    }
  }
  number_shapes();
  reaches_ = Reaches(*this);
}

const std::vector<CandidateGroup>& Candidates::find(int width, core::Facing facing,
                                                    std::uint8_t kind) const {
  static const std::vector<CandidateGroup> kNone;
  const auto it = index_.find({width, static_cast<int>(facing), kind});
  return it == index_.end() ? kNone : lists_[it->second];
}

std::uint32_t Candidates::mates_list(const core::Door& open) const {
  const auto it =
      index_.find({open.width, static_cast<int>(core::opposite(open.facing)), open.kind});
  return it == index_.end() ? list_count() : it->second;
}

}  // namespace dungen::gen
