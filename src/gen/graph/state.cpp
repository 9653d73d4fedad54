// The map under construction of a graph stitching run, on the board, with undo (stitcher.hpp).
#include <algorithm>
#include <array>

#include "gen/graph/stitcher.hpp"

namespace dungen::gen::graph {
using core::Point;

namespace {
constexpr std::size_t kFreeCells = 512;   ///< cells a piece's test reads within one try
constexpr std::size_t kCellsPerTry = 64;  ///< cells beyond those that cost one try more
}  // namespace

State::State(const core::TileSet& set, const Candidates& candidates, std::size_t rooms,
             std::size_t links)
    : set_(set),
      candidates_(candidates),
      board_(candidates, std::nullopt, ReadOrder::DoorsFirst),
      room_placement_(rooms, -1),
      link_made_(links, 0),
      uses_(set.tiles.size(), 0) {
  board_.set_journaling(true);  // the search undoes at any time
}

bool State::usable(core::TileId tile) const {
  const auto& max = set_.tiles[tile].settings.max_uses;
  return !max || uses_[tile] < *max;
}

bool State::fits(const Piece& piece, std::span<const Target> targets) {
  // Reading more than kFreeCells cells costs one try more per kCellsPerTry of the rest, so that
  // the search budget bounds the work also with tiles of a million cells (real tiles have
  // hundreds: one try each).
  piece_ = piece;
  chosen_.clear();
  std::size_t read = 0;
  bool fit = false;
  if (usable(candidates_.variants()[piece.variant].tile)) {
    targets_ = targets;
    fit = board_.test(piece.variant, piece.origin, this) == Fit::Ok;
    targets_ = {};
    read = board_.plan().cells_read;
  }
  tried_ += 1 + static_cast<int>(read > kFreeCells ? (read - kFreeCells) / kCellsPerTry : 0);
  return fit;
}

bool State::may_join(std::uint32_t slot, int /*door*/) {
  // The open door under the new door is the record a target names, or the join is not wanted.
  const std::uint32_t rec = rec_of(slot);
  for (const Target& t : targets_) {
    if (t.rec != rec) continue;
    // A connection is made once: a second join would add a loop the graph does not have.
    if (t.completes && (link_made_[static_cast<std::size_t>(t.link)] != 0 ||
                        std::any_of(chosen_.begin(), chosen_.end(), [&](const Target& c) {
                          return c.completes && c.link == t.link;
                        })))
      return false;
    chosen_.push_back(t);
    return true;
  }
  return false;
}

std::uint32_t State::rec_of(std::uint32_t slot) const {
  const OpenDoor& r = board_.record(slot);
  return door_base_[static_cast<std::size_t>(r.placement)] + static_cast<std::uint32_t>(r.door);
}

void State::set_state(std::uint32_t rec, DoorState s) {
  door_log_.emplace_back(rec, doors_[rec].state);
  doors_[rec].state = s;
}

void State::apply() {
  const OrientedTile& v = candidates_.variants()[piece_.variant];
  const int id = static_cast<int>(pieces_.size());
  pieces_.push_back(piece_);
  door_base_.push_back(static_cast<std::uint32_t>(doors_.size()));
  ++uses_[v.tile];
  if (piece_.room >= 0) room_placement_[piece_.room] = id;
  pictured_ = pictured_.united(core::Rect{piece_.origin.x + v.content.x,
                                          piece_.origin.y + v.content.y, v.content.width,
                                          v.content.height});
  for (std::size_t i = 0; i < v.doors.size(); ++i)
    doors_.push_back(DoorRec{v.doors[i].shifted(piece_.origin), id, static_cast<int>(i)});
  next_chosen_ = 0;
  board_.apply(id, *this);
}

bool State::all_empty(core::Rect area) const {
  constexpr int kRun = 64;  ///< cells copied at once
  std::array<CellState, kRun> row{};
  for (int y = area.y; y < area.bottom(); ++y) {
    for (int x = area.x; x < area.right(); x += kRun) {
      const int end = std::min(area.right(), x + kRun);
      board_.occupancy().copy_row(y, x, end, row.data());
      for (int i = 0; i < end - x; ++i)
        if (row[static_cast<std::size_t>(i)] != CellState::Empty) return false;
    }
  }
  return true;
}

bool State::would_close(std::uint32_t rec) const {
  const PlacementPlan& plan = board_.plan();
  for (const auto& [door, slot] : plan.joins)
    if (rec_of(slot) == rec) return true;
  return std::any_of(plan.covered.begin(), plan.covered.end(),
                     [&](std::uint32_t slot) { return rec_of(slot) == rec; });
}

bool State::would_make(int link) const {
  return std::any_of(chosen_.begin(), chosen_.end(),
                     [&](const Target& t) { return t.completes && t.link == link; });
}

void State::covered(std::uint32_t slot) { set_state(rec_of(slot), DoorState::Covered); }

void State::joined(std::uint32_t /*slot*/, int door) {
  const Target& t = chosen_[next_chosen_++];
  const std::uint32_t later = door_base_.back() + static_cast<std::uint32_t>(door);
  doors_[later].state = DoorState::Joined;  // new: dropped whole on undo
  set_state(t.rec, DoorState::Joined);
  joins_.push_back(Join{t.rec, later, t.link, t.completes});
  if (t.completes) link_made_[static_cast<std::size_t>(t.link)] = 1;
}

void State::sealed(int door) {
  doors_[door_base_.back() + static_cast<std::uint32_t>(door)].state = DoorState::OnWall;
}

Mark State::mark() const {
  return Mark{board_.mark(), doors_.size(), door_log_.size(), pieces_.size(), joins_.size()};
}

void State::undo(const Mark& m) {
  board_.undo(m.board);
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

}  // namespace dungen::gen::graph
