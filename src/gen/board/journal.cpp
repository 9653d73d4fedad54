// The board's undo journal and its step pictures (board.hpp).
#include "core/release.hpp"
#include "gen/board/board.hpp"

namespace dungen::gen {

void Board::set_journaling(bool on) {
  journaling_ = on;
  if (on) return;
  // Nothing will be undone any more: the entries are forgotten, the marks' positions stay.
  cells_forgotten_ += cell_log_.size();
  records_forgotten_ += record_log_.size();
  core::release(cell_log_);
  core::release(record_log_);
}

BoardMark Board::mark() const {
  return BoardMark{cells_forgotten_ + cell_log_.size(), records_forgotten_ + record_log_.size(),
                   bounds_};
}

void Board::undo_cells(std::size_t to) {
  for (std::size_t i = cell_log_.size(); i > to; --i) {
    const auto [p, before] = cell_log_[i - 1];
    if (before != kListTail) {
      occupancy_.set(p, before);
      continue;
    }
    const core::Point head = cell_log_[i - 2].first;  // set_cells: empty the list's cells
    for (const core::Point& q :
         cells_of(static_cast<std::uint32_t>(head.x), static_cast<CellList>(head.y)))
      occupancy_.set(p + q, CellState::Empty);
    --i;
  }
  cell_log_.resize(to);
}

void Board::undo(const BoardMark& m) {
  undo_cells(m.cells - cells_forgotten_);
  const std::size_t to = m.slots - records_forgotten_;
  for (std::size_t i = record_log_.size(); i > to; --i) {
    const auto& [slot, before] = record_log_[i - 1];
    if (records_[slot].open) unindex(records_[slot]);
    records_[slot] = before;
    if (before.open) index(before, slot);
  }
  record_log_.resize(to);
  bounds_ = m.bounds;
  // The free slots as a walk over the records from the last makes them: the lowest is used next.
  free_slots_.clear();
  for (auto slot = static_cast<std::uint32_t>(records_.size()); slot-- > 0;) {
    if (!records_[slot].open) free_slots_.push_back(slot);
  }
}

bool Board::forget_before(const BoardMark& oldest) {
  const std::size_t cells = oldest.cells - cells_forgotten_;
  if (2 * cells <= cell_log_.size()) return false;
  const std::size_t records = oldest.slots - records_forgotten_;
  cell_log_.erase(cell_log_.begin(), cell_log_.begin() + static_cast<std::ptrdiff_t>(cells));
  record_log_.erase(record_log_.begin(), record_log_.begin() + static_cast<std::ptrdiff_t>(records));
  cells_forgotten_ += cells;
  records_forgotten_ += records;
  return true;
}

void Board::release_records() {
  core::release(records_);
  core::release(free_slots_);
  core::release(open_cells_);
}

core::Grid<core::CellKind> Board::picture(core::Rect area) const {
  core::Grid<core::CellKind> cells(core::Size{area.width, area.height}, core::CellKind::Void);
  std::vector<CellState> row(static_cast<std::size_t>(area.width));
  for (int y = area.y; y < area.bottom(); ++y) {
    occupancy_.copy_row(y, area.x, area.right(), row.data());
    for (int x = 0; x < area.width; ++x) {  // an open door shows as a door
      const CellState s = row[static_cast<std::size_t>(x)];
      cells[core::Point{x, y - area.y}] = s == CellState::Open      ? core::CellKind::Door
                                          : s == CellState::Blocked ? core::CellKind::Void
                                                                    : static_cast<core::CellKind>(s);
    }
  }
  return cells;
}

}  // namespace dungen::gen
