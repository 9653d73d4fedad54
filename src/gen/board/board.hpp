#pragma once
/// \file board.hpp
/// The board: the map under construction of every generator that places drawn tiles (the
/// tile stitcher, gen/stitch; the graph stitcher, gen/graph), and the joining rule, written
/// here and nowhere else (DESIGN.md "Joining rule", docs/tile-format.md "How tiles join"):
///
///   Two tiles join when a door of the new tile lies on exactly the same cells as an open
///   door of the map, with the same width, the same kind and the opposite facing. Then:
///   walls may overlap walls; floor never overlaps anything (a placement that would put
///   floor, or an interior door, on a used cell is rejected); a door of the new tile that
///   lands on another open door of equal width, the same kind and opposite facing joins it
///   too (this makes loops); a door of the new tile that lands on wall is sealed; an open
///   door of the map that the new tile covers with wall is closed the same way. Any other
///   overlap is a collision.
///
/// So a door of a candidate lands in one of four ways (Landing): it opens (wholly on empty
/// cells), is sealed (wholly on wall), lies on an open door (and joins it when the two mate
/// and the client's JoinRule allows), or collides; and an open door of the map may be
/// covered (every cell of it under the new tile's wall). Board::test judges a candidate by
/// that rule and writes down what placing it would do (PlacementPlan); Board::apply does it.
///
/// The board keeps the cells (an unbounded Occupancy, in stitch coordinates: the start tile's
/// top-left corner at the origin, x right, y down, in cells), the placed content's bounds, and
/// a record of every open door in a reusable slot (memory follows the doors open at once).
/// With journaling on, every change is journaled so that undo(mark()) makes an earlier state
/// again (the searches' backtracking). Clients keep what is theirs (placements, the room
/// graph, reachability, the fates of doors) and hear of each change through BoardEvents.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/grid.hpp"
#include "core/tile.hpp"
#include "gen/board/candidates.hpp"
#include "gen/board/occupancy.hpp"

namespace dungen::gen {

/// Where a board may hold cells (--mask, --place): a rectangle from board cell (0, 0) and,
/// within it, a mask (1 = usable; null = all of it).
struct BoardFrame {
  core::Size size;                             ///< cells; 1 << 30 for a side left open
  const core::Grid<std::uint8_t>* mask = nullptr;  ///< size `size`; outlives the board
};

/// The result of testing one candidate placement.
/// OutsideMask: some cell of the candidate, or a cell next to one of its floors that the map's
/// walling would wall (core::wall_off_outside), lies outside the board's mask.
enum class Fit { Ok, Collides, TooBig, OutsideMask };

/// The order in which a test reads a candidate's cells after its doors in spread order. Either
/// order gives the same Fit; they differ in cost, and in PlacementPlan::cells_read.
enum class ReadOrder {
  FloorsFirst,  ///< floors and interior doors, every door, walls: most candidates tried at an
                ///< open door (the tile stitcher's) collide by their floors
  DoorsFirst,   ///< every door, then floors, interior doors and walls: the graph stitcher's,
                ///< whose join rule refuses many; its search budget counts cells so read
};

/// How one door of a candidate lands on the board, judged by the cells under it alone.
enum class Landing {
  Opens,       ///< wholly on empty cells: becomes an open door
  Sealed,      ///< wholly on wall: sealed where it lies
  OnOpenDoor,  ///< wholly on open-door cells: joins when it mates that door exactly, else collides
  Collides,    ///< on floor, on a joined door, or across cells of different states
};

/// An open door of the board, kept in a reusable slot: once the door is joined, sealed or
/// covered its slot is freed.
struct OpenDoor {
  core::Door span;               ///< board cells (stitch coordinates)
  int placement = 0;             ///< the client's number of the placement it belongs to
  int door = 0;                  ///< its index in that placement's variant's doors
  std::uint32_t tag = 0;         ///< the client's (BoardEvents::tag): the stitcher's part node
  std::uint32_t generation = 0;  ///< counts the slot's reuses, to tell stale references
  bool open = false;
  bool keep = false;  ///< no wall may cover it (Board::keep_open): only a mating door closes it
};

/// A reference to an open door; stale once the door closed (the slot's generation moved on or
/// the slot is free).
struct OpenRef {
  std::uint32_t slot = 0;
  std::uint32_t generation = 0;
};

/// What placing one candidate would do, filled by Board::test and carried out by Board::apply.
/// Door numbers index the variant's doors (OrientedTile::doors), in ascending order.
struct PlacementPlan {
  std::uint32_t variant = 0;  ///< index into Candidates::variants()
  core::Point origin;         ///< the variant's top-left corner, board cells
  std::vector<std::pair<int, std::uint32_t>> joins;  ///< new door -> slot of the open door it joins
  std::vector<int> opens;                            ///< new doors that become open doors
  std::vector<int> sealed;                           ///< new doors landing wholly on wall
  std::vector<std::uint32_t> covered;                ///< slots of open doors a new wall covers
  /// With ReadOrder::DoorsFirst, the cells the test read (door cells as it reached them, then
  /// all the tile's other cells at once when it reached them): the graph stitcher's measure of
  /// a test's work. With FloorsFirst, not counted whole.
  std::size_t cells_read = 0;
};

/// Which mating open doors a new door may join. Without one (nullptr), any.
class JoinRule {
 public:
  /// True when door `door` of the candidate under test may join the open door in `slot` (whose
  /// span it lies on exactly and mates). Called in door order; false makes the test collide.
  virtual bool may_join(std::uint32_t slot, int door) = 0;

 protected:
  ~JoinRule() = default;
};

/// What a placement or a close did, told to the client right after the board did it.
class BoardEvents {
 public:
  /// The tag to keep with new open door `door` of the placement being applied.
  [[nodiscard]] virtual std::uint32_t tag(int door) const = 0;
  /// The open door in `slot` was covered by the new tile's wall (now closed, record readable).
  virtual void covered(std::uint32_t slot) = 0;
  /// New door `door` joined the open door in `slot` (now closed, record readable).
  virtual void joined(std::uint32_t slot, int door) = 0;
  /// New door `door` landed on wall and was sealed.
  virtual void sealed(int door) = 0;
  /// New door `door` became the open door in `slot`.
  virtual void opened(std::uint32_t slot, int door) = 0;

 protected:
  ~BoardEvents() = default;
};

/// A state of the board to undo to (journal positions, counted from the run's start).
struct BoardMark {
  std::size_t cells = 0;  ///< cell journal entries
  std::size_t slots = 0;  ///< door record journal entries
  core::Rect bounds;
};

/// The map under construction and the joining rule (see the file comment).
class Board {
 public:
  /// `candidates` outlives the board. `max_size`: the bounding box of everything placed may
  /// not exceed it (Fit::TooBig); nullopt = unbounded. `order`: how test() reads. `frame`
  /// (nullopt = none): the only board cells anything may be placed on, walls the map's walling
  /// adds included, are those (x, y) with 0 <= x < frame.size.width and 0 <= y <
  /// frame.size.height where the frame's mask, if any, is not 0: the map lies in the frame, its
  /// top-left at board cell (0, 0) (Fit::OutsideMask).
  explicit Board(const Candidates& candidates, std::optional<core::Size> max_size = {},
                 ReadOrder order = ReadOrder::FloorsFirst, std::optional<BoardFrame> frame = {});

  /// How `door` (board cells) lands, by the cells under it.
  [[nodiscard]] Landing landing(const core::Door& door) const {
    const CellState first = occupancy_.get(door.start);
    for (int i = 1; i < door.width; ++i) {
      if (occupancy_.get(door.cell(i)) != first) return Landing::Collides;
    }
    return first == CellState::Empty  ? Landing::Opens
           : first == CellState::Wall ? Landing::Sealed
           : first == CellState::Open ? Landing::OnOpenDoor
                                      : Landing::Collides;
  }

  /// The joining rule for tile variant `variant` with its top-left corner at `origin`: TooBig
  /// past max_size; OutsideMask where a mask refuses it; else Ok or Collides. Reads the doors in spread order first (a door that
  /// collides rules the candidate out after a few cells), then, in the board's ReadOrder:
  /// every door in door order (each opens, is sealed, or joins a mating open door that `rule`
  /// allows), floors and interior doors (on empty cells only), and walls (on empty cells,
  /// walls, or wholly over an open door, which they cover). Fills plan() for apply().
  Fit test(std::uint32_t variant, core::Point origin, JoinRule* rule = nullptr);
  /// What the last test() found.
  [[nodiscard]] const PlacementPlan& plan() const { return plan_; }
  /// Places the candidate of the last test() that returned Ok as the client's placement number
  /// `placement` (kept in its new open doors' records): floors, interior doors, covers (closing
  /// those open doors), walls on empty cells, joins, sealed doors, new open doors, in that
  /// order, each followed by its event.
  void apply(int placement, BoardEvents& events);

  /// Closes the open door in `slot` as wall (sealed: nothing will join it).
  void close(std::uint32_t slot);
  /// From now on no new wall may cover the open door in `slot` (a pinned tile's, waiting to be
  /// joined): a candidate whose wall would collides. Not journaled.
  void keep_open(std::uint32_t slot) { records_[slot].keep = true; }
  /// The record in `slot` (< slot_count()).
  [[nodiscard]] const OpenDoor& record(std::uint32_t slot) const { return records_[slot]; }
  [[nodiscard]] std::uint32_t slot_count() const {
    return static_cast<std::uint32_t>(records_.size());
  }
  [[nodiscard]] bool is_open(OpenRef ref) const {
    return records_[ref.slot].open && records_[ref.slot].generation == ref.generation;
  }
  /// The slot of the open door holding cell `p`, or nullopt.
  [[nodiscard]] std::optional<std::uint32_t> slot_at(core::Point p) const {
    const auto it = open_cells_.find(key(p));
    if (it == open_cells_.end()) return std::nullopt;
    return it->second;
  }

  /// What lies at board cell `p`.
  [[nodiscard]] CellState cell(core::Point p) const { return occupancy_.get(p); }
  /// The union of everything placed (board cells); empty before the first placement.
  [[nodiscard]] core::Rect bounds() const { return bounds_; }
  [[nodiscard]] Occupancy& occupancy() { return occupancy_; }
  [[nodiscard]] const Occupancy& occupancy() const { return occupancy_; }

  /// Journaling on: every change from now on is journaled for undo. Off: the journal is freed
  /// (nothing before it can be undone any more).
  void set_journaling(bool on);
  [[nodiscard]] bool journaling() const { return journaling_; }
  /// The state now, for undo().
  [[nodiscard]] BoardMark mark() const;
  /// Makes the state at `m` (taken while journaling, not forgotten) again: cells, door records
  /// (slots freed again listed lowest last), bounds.
  void undo(const BoardMark& m);
  /// Frees the journal before `oldest` when that is more than half of it (undo() can no
  /// longer go back past `oldest`); true when it did.
  bool forget_before(const BoardMark& oldest);
  /// Cell journal entries held now.
  [[nodiscard]] std::size_t journal_cells() const { return cell_log_.size(); }
  /// Frees the door records and their index (growth is over; cells and bounds stay).
  void release_records();

  /// The cells of rectangle `area` (board cells), open doors drawn as doors: a step picture.
  [[nodiscard]] core::Grid<core::CellKind> picture(core::Rect area) const;

 private:
  /// Which cells of a variant set_cells sets.
  enum class CellList : std::uint8_t { Floors, InteriorDoors, Walls };
  /// Journal entries marking a set_cells (never cell states): a head holding {variant, list}
  /// in its point, then a tail holding the origin.
  static constexpr auto kListHead = static_cast<CellState>(0xFE);
  static constexpr auto kListTail = static_cast<CellState>(0xFF);

  static std::uint64_t key(core::Point p) {
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(p.x)) << 32) |
           static_cast<std::uint32_t>(p.y);
  }
  /// test() after the size and mask checks: the cells and doors by the joining rule.
  Fit test_cells(const OrientedTile& v, core::Point origin, JoinRule* rule);
  bool doors_land(const OrientedTile& v, core::Point origin, JoinRule* rule);
  bool door_lands(const core::Door& door, int index, JoinRule* rule);
  [[nodiscard]] bool floors_fit(const OrientedTile& v, core::Point origin) const;
  [[nodiscard]] bool walls_fit(const OrientedTile& v, core::Point origin);
  // mask.cpp
  /// Sets the cells the frame's mask refuses to CellState::Blocked.
  void block_outside_mask();
  /// True when variant `variant` at `origin` lies in the frame and no cell that
  /// core::wall_off_outside would wall next to its passable cells is outside it or refused by
  /// its mask.
  [[nodiscard]] bool inside_frame(std::uint32_t variant, core::Point origin);
  /// True when some cell of `v` at `origin` lies on a Blocked cell.
  [[nodiscard]] bool on_blocked(const OrientedTile& v, core::Point origin) const;
  [[nodiscard]] bool walls_cover(const OpenDoor& open, const OrientedTile& v,
                                 core::Point origin) const;
  std::uint32_t open_door(const core::Door& span, int placement, int door, std::uint32_t tag);
  void join(std::uint32_t slot);
  void close_as(std::uint32_t slot, CellState s);
  void set_cell(core::Point p, CellState s) {
    if (journaling_) cell_log_.emplace_back(p, occupancy_.get(p));
    occupancy_.set(p, s);
  }
  /// Sets the cells of `list` of the planned variant, at plan_.origin, to `s`: every one, or
  /// with `only_empty` the Empty ones. Journaled as one entry for the whole list (undone by
  /// emptying each of its cells) after one entry per cell that was not Empty (undone after,
  /// restoring it): a placement's journal grows with its outline, not its area.
  void set_cells(CellList list, CellState s, bool only_empty);
  [[nodiscard]] const std::vector<core::Point>& cells_of(std::uint32_t variant,
                                                         CellList list) const;
  void log_record(std::uint32_t slot) {
    if (journaling_) record_log_.emplace_back(slot, records_[slot]);
  }
  void index(const OpenDoor& r, std::uint32_t slot);
  void unindex(const OpenDoor& r);
  void undo_cells(std::size_t to);

  const Candidates& candidates_;
  std::optional<core::Size> max_size_;
  ReadOrder order_;
  std::optional<BoardFrame> frame_;
  /// With a frame, by variant: the cells outside it next to its passable cells (made on first
  /// use; `halo_made_` says which are).
  std::vector<std::vector<core::Point>> halo_;
  std::vector<bool> halo_made_;
  Occupancy occupancy_;
  core::Rect bounds_;
  std::vector<OpenDoor> records_;  ///< slots of open doors
  std::vector<std::uint32_t> free_slots_;
  std::unordered_map<std::uint64_t, std::uint32_t> open_cells_;  ///< cell -> slot; lookup only
  PlacementPlan plan_;

  bool journaling_ = false;
  std::vector<std::pair<core::Point, CellState>> cell_log_;
  std::vector<std::pair<std::uint32_t, OpenDoor>> record_log_;
  std::size_t cells_forgotten_ = 0;  ///< journal entries freed by forget_before
  std::size_t records_forgotten_ = 0;
};

}  // namespace dungen::gen
