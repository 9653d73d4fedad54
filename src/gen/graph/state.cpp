// The map under construction of a graph stitching run, with undo (stitcher.hpp).
#include <algorithm>

#include "gen/graph/stitcher.hpp"

namespace dungen::gen::graph {
using core::CellKind;
using core::Point;

namespace {
constexpr std::size_t kFreeCells = 512;   ///< cells a piece's test reads within one try
constexpr std::size_t kCellsPerTry = 64;  ///< cells beyond those that cost one try more
}  // namespace

State::State(const core::TileSet& set, const Candidates& candidates, std::size_t rooms,
             std::size_t links)
    : set_(set),
      candidates_(candidates),
      room_placement_(rooms, -1),
      link_made_(links, 0),
      uses_(set.tiles.size(), 0) {}

bool State::usable(core::TileId tile) const {
  const auto& max = set_.tiles[tile].settings.max_uses;
  return !max || uses_[tile] < *max;
}

std::int64_t State::open_at(Point cell) const {
  for (std::size_t i = doors_.size(); i-- > 0;) {
    const DoorRec& r = doors_[i];
    if (r.state != DoorState::Open) continue;
    for (int k = 0; k < r.span.width; ++k) {
      if (r.span.cell(k) == cell) return static_cast<std::int64_t>(i);
    }
  }
  return -1;
}

bool State::may_land(const core::Door& door) const {
  const CellState first = occupancy_.get(door.start);
  for (int i = 1; i < door.width; ++i) {
    if (occupancy_.get(door.cell(i)) != first) return false;
  }
  return first == CellState::Empty || first == CellState::Wall || first == CellState::Open;
}

bool State::door_fits(const core::Door& door, int index, std::span<const Target> targets) {
  const CellState first = occupancy_.get(door.start);
  for (int i = 1; i < door.width; ++i) {
    if (occupancy_.get(door.cell(i)) != first) return false;
  }
  if (first == CellState::Empty) return true;  // opens
  if (first == CellState::Wall) {
    plan_.sealed.push_back(index);
    return true;
  }
  if (first != CellState::Open) return false;
  for (const Target& t : targets) {
    const DoorRec& r = doors_[t.rec];
    if (r.state == DoorState::Open && r.span.start == door.start && core::mates(r.span, door)) {
      // A connection is made once: a second join would add a loop the graph does not have.
      if (t.completes && (link_made_[static_cast<std::size_t>(t.link)] != 0 ||
                          std::any_of(plan_.joins.begin(), plan_.joins.end(), [&](const auto& j) {
                            return j.second.completes && j.second.link == t.link;
                          })))
        return false;
      plan_.joins.emplace_back(index, t);
      return true;
    }
  }
  return false;  // an open door it is not meant to join
}

bool State::wall_fits(Point p, const OrientedTile& v, Point origin) {
  const CellState s = occupancy_.get(p);
  if (s == CellState::Empty || s == CellState::Wall) return true;
  if (s != CellState::Open) return false;
  const std::int64_t found = open_at(p);
  if (found < 0) return false;
  const auto rec = static_cast<std::uint32_t>(found);
  if (std::find(plan_.covered.begin(), plan_.covered.end(), rec) != plan_.covered.end())
    return true;
  const core::Door& span = doors_[rec].span;
  for (int i = 0; i < span.width; ++i) {
    if (v.cells.get_or(span.cell(i) - origin, CellKind::Void) != CellKind::Wall) return false;
  }
  plan_.covered.push_back(rec);
  return true;
}

bool State::fits(const Piece& piece, std::span<const Target> targets) {
  // Reading more than kFreeCells cells costs one try more per kCellsPerTry of the rest, so that
  // the search budget bounds the work also with tiles of a million cells (real tiles have
  // hundreds: one try each).
  std::size_t read = 0;
  const bool fit = test_piece(piece, targets, read);
  tried_ += 1 + static_cast<int>(read > kFreeCells ? (read - kFreeCells) / kCellsPerTry : 0);
  return fit;
}

bool State::test_piece(const Piece& piece, std::span<const Target> targets, std::size_t& read) {
  const OrientedTile& v = candidates_.variants()[piece.variant];
  plan_.piece = piece;
  plan_.joins.clear();
  plan_.sealed.clear();
  plan_.covered.clear();
  if (!usable(v.tile)) return false;
  // Where the doors land first, spread over the outline: a door on floor or across mixed
  // cells rules the piece out after a few reads, before its floors are read.
  for (const std::uint32_t d : v.spread_doors) {
    read += static_cast<std::size_t>(v.doors[d].width);
    if (!may_land(v.doors[d].shifted(piece.origin))) return false;
  }
  // Then every door (a join the graph does not ask for rules many pieces out), then the cells.
  for (std::size_t i = 0; i < v.doors.size(); ++i) {
    read += static_cast<std::size_t>(v.doors[i].width);
    if (!door_fits(v.doors[i].shifted(piece.origin), static_cast<int>(i), targets)) return false;
  }
  read += v.floors.size() + v.interior_doors.size() + v.walls.size();
  for (const Point& p : v.floors) {
    if (occupancy_.get(piece.origin + p) != CellState::Empty) return false;
  }
  for (const Point& p : v.interior_doors) {
    if (occupancy_.get(piece.origin + p) != CellState::Empty) return false;
  }
  for (const Point& p : v.walls) {
    if (!wall_fits(piece.origin + p, v, piece.origin)) return false;
  }
  return true;
}

void State::set_cell(Point p, CellState s) {
  cell_log_.emplace_back(p, occupancy_.get(p));
  occupancy_.set(p, s);
}

void State::set_state(std::uint32_t rec, DoorState s) {
  door_log_.emplace_back(rec, doors_[rec].state);
  doors_[rec].state = s;
}

void State::apply() {
  const Piece& piece = plan_.piece;
  const OrientedTile& v = candidates_.variants()[piece.variant];
  const int id = static_cast<int>(pieces_.size());
  pieces_.push_back(piece);
  door_base_.push_back(static_cast<std::uint32_t>(doors_.size()));
  ++uses_[v.tile];
  if (piece.room >= 0) room_placement_[piece.room] = id;
  bounds_ = bounds_.united(core::Rect{piece.origin.x + v.content.x, piece.origin.y + v.content.y,
                                      v.content.width, v.content.height});
  for (const Point& p : v.floors) set_cell(piece.origin + p, CellState::Floor);
  for (const Point& p : v.interior_doors) set_cell(piece.origin + p, CellState::Door);
  for (std::uint32_t rec : plan_.covered) {
    set_state(rec, DoorState::Covered);
    for (int i = 0; i < doors_[rec].span.width; ++i)
      set_cell(doors_[rec].span.cell(i), CellState::Wall);
  }
  for (const Point& p : v.walls) {
    if (occupancy_.get(piece.origin + p) == CellState::Empty)
      set_cell(piece.origin + p, CellState::Wall);
  }
  for (std::size_t i = 0; i < v.doors.size(); ++i) {
    const core::Door span = v.doors[i].shifted(piece.origin);
    doors_.push_back(DoorRec{span, id, static_cast<int>(i), DoorState::Open});
    const auto rec = static_cast<std::uint32_t>(doors_.size() - 1);
    if (std::find(plan_.sealed.begin(), plan_.sealed.end(), static_cast<int>(i)) !=
        plan_.sealed.end()) {
      doors_.back().state = DoorState::OnWall;
      continue;
    }
    const auto join = std::find_if(plan_.joins.begin(), plan_.joins.end(),
                                   [&](const auto& j) { return j.first == static_cast<int>(i); });
    const CellState cell = join == plan_.joins.end() ? CellState::Open : CellState::Door;
    for (int k = 0; k < span.width; ++k) set_cell(span.cell(k), cell);
    if (join == plan_.joins.end()) continue;
    doors_.back().state = DoorState::Joined;
    set_state(join->second.rec, DoorState::Joined);
    joins_.push_back(Join{join->second.rec, rec, join->second.link, join->second.completes});
    if (join->second.completes) link_made_[join->second.link] = 1;
  }
}

Mark State::mark() const {
  return Mark{cell_log_.size(), doors_.size(), door_log_.size(), pieces_.size(), joins_.size()};
}

void State::undo(const Mark& m) {
  while (cell_log_.size() > m.cells) {
    occupancy_.set(cell_log_.back().first, cell_log_.back().second);
    cell_log_.pop_back();
  }
  while (door_log_.size() > m.door_log) {
    doors_[door_log_.back().first].state = door_log_.back().second;
    door_log_.pop_back();
  }
  doors_.resize(m.doors);
  while (joins_.size() > m.joins) {
    if (joins_.back().completes) link_made_[joins_.back().link] = 0;
    joins_.pop_back();
  }
  while (pieces_.size() > m.pieces) {
    const Piece& p = pieces_.back();
    --uses_[candidates_.variants()[p.variant].tile];
    if (p.room >= 0) room_placement_[p.room] = -1;
    pieces_.pop_back();
    door_base_.pop_back();
  }
}

std::pair<std::uint32_t, std::uint32_t> State::doors_of(int p) const {
  const auto i = static_cast<std::size_t>(p);
  const std::uint32_t last =
      i + 1 < door_base_.size() ? door_base_[i + 1] : static_cast<std::uint32_t>(doors_.size());
  return {door_base_[i], last};
}

Snapshot State::snapshot() const { return Snapshot{pieces_, doors_, joins_, door_base_}; }

core::Grid<CellKind> State::picture() const {
  const core::Rect b = bounds_;
  core::Grid<CellKind> cells(core::Size{b.width, b.height}, CellKind::Void);
  std::vector<CellState> row(static_cast<std::size_t>(b.width));
  for (int y = b.y; y < b.bottom(); ++y) {
    occupancy_.copy_row(y, b.x, b.right(), row.data());
    for (int x = 0; x < b.width; ++x) {
      const CellState s = row[static_cast<std::size_t>(x)];
      cells[Point{x, y - b.y}] = s == CellState::Open ? CellKind::Door : static_cast<CellKind>(s);
    }
  }
  return cells;
}

}  // namespace dungen::gen::graph
