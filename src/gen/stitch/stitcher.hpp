#pragma once
/// \file stitcher.hpp
/// Internal state of one stitching run (see stitch.hpp for the algorithm). Not part of the
/// public API. The map under construction and the joining rule are the board's
/// (gen/board/board.hpp); the stitcher is a search on it: which open door grows, which tile it
/// draws (draw.cpp), where the start is (start.cpp), which parts the entrance reaches and how
/// a short level backtracks (search.cpp), and the placement's bookkeeping (fit.cpp).

#include <array>
#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <tuple>
#include <vector>

#include "core/release.hpp"
#include "core/weighted_draw.hpp"
#include "gen/board/board.hpp"
#include "gen/stitch/loops.hpp"
#include "gen/stitch/stitch.hpp"

namespace dungen::gen {

/// The state before one placement, to undo it (completion by search, search.cpp).
struct Checkpoint {
  BoardMark board;                       ///< the board's cells, door records and bounds
  std::size_t reached = 0, actions = 0;  ///< journal lengths
  std::uint32_t placements = 0, connections = 0, unused = 0, shapes = 0, nodes = 0, links = 0;
  std::int64_t placed_cells = 0, reached_cells = 0;
  std::uint32_t variant = 0;  ///< the placement made after this point
  core::Point origin;
};

/// A placement the search has ruled out at one depth (number of placements before it).
struct Forbidden {
  std::uint32_t depth = 0;
  std::uint32_t variant = 0;
  core::Point origin;
  /// The order the search keeps them in: by depth, then variant and origin (row, column).
  [[nodiscard]] bool operator<(const Forbidden& o) const {
    return std::tuple(depth, variant, origin.y, origin.x) <
           std::tuple(o.depth, o.variant, o.origin.y, o.origin.x);
  }
};

/// One step of a run as the search journals it, to make a state again by replaying them.
struct Action {
  enum class Kind : std::uint8_t { Place, Close };
  Kind kind = Kind::Place;
  core::UnusedReason reason = core::UnusedReason::AllCollide;  ///< Close: why
  std::uint32_t index = 0;  ///< Place: the variant; Close: the placement of the door
  int door = 0;             ///< Close: the door of that placement
  core::Point origin;       ///< Place: where
};

/// The longest level a search has seen stall: replayed when the search ends on a shorter one.
struct BestState {
  std::uint32_t start_variant = 0;
  core::Point start_origin;  ///< where the start tile lies (board cells)
  std::vector<Action> actions;  ///< after the start tile
  int placements = 0;
  StopReason stop = StopReason::NoOpenDoors;
  int growth_placements = 0;
};

/// One stitching run (stitch.hpp has the algorithm): a search over the board's placements,
/// told of each change the board makes (BoardEvents) to keep its frontier, reachability and map.
class Stitcher : private BoardEvents {
 public:
  /// `excluded_starts[t]` true: tile t may not start (an earlier attempt started there).
  Stitcher(const core::TileSet& set, const Candidates& candidates, const StitchOptions& options,
           core::Rng& rng, std::vector<bool> excluded_starts = {});
  /// True when some tile may start (always with --start).
  [[nodiscard]] bool can_start();
  /// The whole run: start(), grow(), finish().
  StitchResult run();
  /// Places the start tile (step 1).
  void start();
  /// Grows from open doors until the budget is spent or no door is open, closes what is
  /// still open, and searches for other choices while the level is short (step 2).
  void grow();
  /// Seals the doors the entrance cannot reach and hands over the map (step 3); the
  /// stitcher is spent.
  StitchResult finish();
  /// True when the search ended on a shorter level than one it saw earlier (best()).
  [[nodiscard]] bool ended_below_best() const;
  [[nodiscard]] const BestState& best() const { return best_; }
  /// Placements the search has undone so far.
  [[nodiscard]] int undone() const { return result_.undone_placements; }
  /// Makes `state` again on a new stitcher (instead of start() and grow()).
  void replay(const BestState& state);

  /// The joining rule for one candidate (Board::test): tile variant `variant` (an index into
  /// the candidates' variants) with its top-left corner at `origin` (stitch coordinates).
  /// Fills the placement plan that a following apply() would carry out. Public for
  /// benchmarks and tests; the growth loop is its only other caller.
  Fit test(std::uint32_t variant, core::Point origin) { return board_.test(variant, origin); }

 private:
  /// Growth: any fitting tile. Closing: only tiles that open no new door. LastDoor: growth
  /// from the only open door, where a tile that opens no door would end the level early, so
  /// such tiles are tried only when nothing else fits.
  enum class Phase { Growth, LastDoor, Closing };

  // Steps of run().
  void seed_first_room();
  void grow_from_open_doors();
  void close_open_doors();
  bool backtrack();
  void seal_unreachable_doors();
  [[nodiscard]] std::uint32_t variant_of(std::size_t placement) const {
    return variant_of_shape_[map_.placements[placement].shape];
  }
  void release_growth_state();  ///< frees what only growth needs, once it is over
  core::Rect final_bounds();
  /// The placements' bounds, grown by one cell at each edge a floor or door cell lies on.
  core::Rect grown_bounds();
  /// Hands the map so far (the placed tiles' bounds) to options_.observe, if set.
  void observe(std::string_view step) const;
  core::Map finish_map();

  // start.cpp
  bool start_weights(int relax);
  core::TileId choose_start_tile();
  [[nodiscard]] bool fits_max_size(std::uint32_t variant) const;
  [[nodiscard]] std::vector<std::uint32_t> start_variants(core::TileId tile) const;
  /// With --mask: one of `variants` (of the start tile) and a board origin where it fits
  /// inside the mask, drawn by the rng; nullopt when none fits anywhere.
  std::optional<std::pair<std::uint32_t, core::Point>> place_in_mask(
      const std::vector<std::uint32_t>& variants);
  OpenRef next_open_door();
  [[nodiscard]] bool is_open(OpenRef ref) const { return board_.is_open(ref); }
  bool try_fill(std::uint32_t record, Phase phase);
  /// Why no candidate of a group was placed, collected over the groups tried.
  struct Misses {
    bool too_big = false;    ///< some candidate would exceed --max-size
    bool outside_mask = false;  ///< some candidate would reach outside --mask
    bool lossy = false;      ///< some candidate fit but would leave too much out of reach
    bool forbidden = false;  ///< some candidate was ruled out by the search
  };
  /// Puts the ways to try `group` into order_: all of them shuffled, or a spread sample of
  /// kMaxWaysPerTile when the tile has more.
  void draw_ways(const CandidateGroup& group);
  bool try_group(const CandidateGroup& group, std::uint32_t record, Phase phase, Misses& misses);
  /// What drawing and recalling a group needs, kept close together (not in the groups).
  struct GroupDraw {
    core::TileId tile = 0;
    std::uint32_t weight = 0;  ///< while the tile is usable
    std::uint32_t ways = 0;    ///< the group's doors
    std::uint32_t shape = 0;   ///< CandidateGroup::shape
    bool required = false;     ///< the tile's setting
    bool branches = false;     ///< some way in leaves two or more doors to go on by
  };
  /// try_group, unless a group of the same shape and the same `required` setting failed
  /// already in this try_fill (fill_): then the same misses, and only the draws try_group
  /// makes (the level and the generator's state are as if it had been tried). `recall`
  /// false: always try_group (a search has ruled out some placements at this depth).
  bool try_shape(const CandidateGroup& group, const GroupDraw& info, std::uint32_t record,
                 Phase phase, Misses& misses, bool recall);
  /// A shape that failed in try_fill number `fill`, and why.
  struct ShapeMiss {
    std::uint64_t fill = 0;
    Misses misses;
  };
  [[nodiscard]] bool too_lossy(const OrientedTile& v, std::size_t entry_door) const;
  /// False when `phase` (Closing for a tile that is not required, or LastDoor) would refuse
  /// the candidate whatever its cells do, judged from where its doors land alone: a test of
  /// a few cells run before the collision test of all of them. True: test() decides.
  [[nodiscard]] bool may_accept(const OrientedTile& v, std::size_t entry, core::Point origin,
                                Phase phase) const;
  /// True while `tile` may be placed again (its `max=` or `required` allows).
  [[nodiscard]] bool usable(core::TileId tile) const { return uses_[tile] < limits_[tile]; }
  [[nodiscard]] bool grows(core::TileId tile) const;

  // draw.cpp: which tile a door tries next.
  /// The weights of one candidate list, kept from door to door: made when a door first draws
  /// from the list, then changed a group at a time (its tile used up or usable again, or the
  /// group drawn at the door being filled), so that a door costs what it draws, not the list.
  struct ListDraw {
    bool made = false;
    bool any_grows = false;         ///< some group's tile is one growth draws (grows())
    std::vector<GroupDraw> groups;  ///< as the candidate list's
    core::WeightedDraw all;         ///< weights of the usable groups not drawn at this door
    core::WeightedDraw required;    ///< 1 for those of required tiles, else 0
    core::WeightedDraw branching;   ///< as `all` for groups that branch, else 0
  };
  /// Candidate list `list`'s weights, made on first use.
  ListDraw& list_draw(std::uint32_t list);
  /// Sets group `group` of list `list` (made) to its weight as its tile's uses are now.
  void reweigh(std::uint32_t list, std::uint32_t group);
  /// Sets every group of `draw` so (WeightedDraw::assign).
  void reweigh_all(ListDraw& draw);
  /// Gives the groups in drawn_, all of list `list`, their weights again; empties drawn_.
  void restore(std::uint32_t list);
  /// Adds `change` (+1 or -1) to the uses of `tile`, keeping required_missing_ and the lists'
  /// weights.
  void count_use(core::TileId tile, int change);
  /// Draws groups of list `list` for open door `record` and tries them until one is placed
  /// (true) or none is left; sets `tried` when some group was drawn. The groups drawn are
  /// listed in drawn_, their weights still 0.
  bool try_groups(std::uint32_t list, std::uint32_t record, Phase phase, Misses& misses,
                  bool& tried);
  /// The next group of `draw` to try: a required one first when `phase` asks; else, while
  /// the frontier is low (frontier_low), one that branches, drawn by weight; else any drawn
  /// by weight; past the end when none is left.
  std::size_t pick_group(const ListDraw& draw, Phase phase);
  /// True while growth must keep its frontier alive: below --max-tiles, with fewer open doors
  /// the entrance reaches than low_frontier() of the placements still to make. Then tiles
  /// that branch are drawn first, so that a run of caps and collisions cannot end the level
  /// early on a tile set that can grow on (a frontier of F doors outlives about 4 F^2
  /// placements of a random walk; checked up to 10,000,000 tiles, docs/quality.md).
  [[nodiscard]] bool frontier_low() const;
  /// The most open doors a low frontier has: 2 (the last door and one more) for a few
  /// placements left, growing as their square root to kMaxLowFrontier.
  [[nodiscard]] static int low_frontier(std::int64_t placements_left);
  static constexpr int kMaxLowFrontier = 1024;
  int low_frontier_ = 2;  ///< low_frontier(--max-tiles)

  // fit.cpp: a placement's and a close's bookkeeping, as the board tells them (BoardEvents).
  void apply();
  void close_door(std::uint32_t slot, core::UnusedReason reason);
  /// What closing the open door in `slot` (closed on the board, record readable) changes here.
  void closed(std::uint32_t slot, core::UnusedReason reason);
  [[nodiscard]] std::uint32_t tag(int door) const override;
  void covered(std::uint32_t slot) override;
  void joined(std::uint32_t slot, int door) override;
  void sealed(int door) override;
  void opened(std::uint32_t slot, int door) override;
  void drop_reached_cells(std::uint32_t node, int cells);
  [[nodiscard]] bool journaling() const { return board_.journaling(); }

  // far.cpp: tiles kept far from the entrance (tile setting `far`).
  /// complete(), but for required far tiles not placed yet (the far phase places them).
  [[nodiscard]] bool complete_but_far() const;
  /// Places each far tile not placed yet once, at the open door farthest from the entrance
  /// on foot that it fits (doors_farthest_first); a tile that fits none stays out.
  void place_far_tiles();
  /// The open doors the entrance reaches, farthest from it on foot first (steps to a door's
  /// nearest cell over the cells placed so far; ties in frontier order).
  [[nodiscard]] std::vector<std::uint32_t> doors_farthest_first();
  /// True when a far tile was placed in this pass (far_steps_) and a cap entered by door
  /// `door` of variant `variant` from the open door in `slot` could put a cell farther on foot
  /// from the entrance than the far tile's door: the closing phase then seals that door instead.
  [[nodiscard]] bool beyond_far(std::uint32_t slot, std::uint32_t variant, std::size_t door);
  /// The most steps from door `door`'s cells to a passable cell of variant `variant`, within
  /// it; measured once per variant and door (walks_in_).
  std::int32_t longest_walk_in(std::uint32_t variant, std::size_t door);
  std::vector<std::vector<std::int32_t>> walks_in_;  ///< by variant, by door; -1 = not yet
  std::vector<core::TileId> far_tiles_;  ///< tiles with the setting `far` that growth could place
  std::vector<std::int32_t> door_steps_;  ///< by slot: steps from the entrance, -1 = unknown
  std::int32_t far_steps_ = -1;  ///< steps to the nearest far tile's door placed in this pass

  // pins.cpp: tiles pinned at cells (--place).
  /// The variant of `pin`'s tile in its orientation, or in one with the same cells (a
  /// symmetric tile's); throws Error (field "place") when the tile's settings leave it out.
  [[nodiscard]] std::uint32_t pin_variant(const Pin& pin) const;
  /// Places every pin, the first as the start tile, with journaling off (never undone);
  /// throws Error (field "place") for a pin that does not fit.
  void place_pins();
  /// True when the entrance reaches some part of pin `pin` (an index into options_.pins).
  [[nodiscard]] bool pin_joined(std::size_t pin) const;
  /// The open doors of pin `pin`'s placement.
  [[nodiscard]] std::vector<std::uint32_t> pin_doors(std::size_t pin) const;
  /// True while some pin after the first is not joined.
  [[nodiscard]] bool pins_waiting() const;
  /// The first cell of an open door of the first pin not joined, or nullopt.
  [[nodiscard]] std::optional<core::Point> pin_target() const;
  /// Tries to join each pin not joined to the open doors near it, nearest first (kPinPairs
  /// pairs), through one tile from the open door, or with `deep` two (then, in all, up to
  /// four tiles).
  void join_pins(bool deep);
  /// True every kPinTryEvery placements while a pin waits.
  [[nodiscard]] bool pin_due();
  /// While a pin waits, three times in four (by the rng): the open door nearest it, taken out
  /// of the frontier; else nullopt.
  std::optional<OpenRef> door_toward_pin();
  std::vector<int> pin_placements_;  ///< by pin: its placement
  bool placing_pins_ = false;        ///< in place_pins: journaling stays off
  int placements_since_pin_try_ = 0;

  // loops.cpp: loops on purpose (stitch.hpp).
  /// Doors farther apart than this are never paired (loops) nor joined (pins).
  static constexpr int kMaxLoopReach = 48;
  /// Sets loop_reach_ once: twice the farthest a run of tiles reaches, at most kMaxLoopReach.
  void set_loop_reach();
  /// Joins pairs of open doors until --loops are made or no pair is left to try. `growing`:
  /// called while growth goes on (loops_due), where two-tile searches are rationed.
  void make_loops(bool growing);
  /// True when growth has made another eighth of --max-tiles, from five eighths on, of a complete
  /// level: loops are made there too, while many doors are open.
  [[nodiscard]] bool loops_due();
  int loop_eighths_done_ = 0;
  int loop_deep_searches_ = 0;
  std::size_t loop_pairs_tried_ = 0;
  /// The open doors the entrance reaches, each once, in frontier order.
  [[nodiscard]] std::vector<std::uint32_t> live_doors();
  /// Pairs of `doors` at most loop_reach_ apart, nearest first, at most `most`: those whose
  /// growth-tree path could save --loop-detour steps (the others are counted in the loop
  /// tally's near_on_tree). Their walks are measured later (join_pair).
  [[nodiscard]] std::vector<LoopPair> loop_pairs(const std::vector<std::uint32_t>& doors,
                                                 std::size_t most);
  /// The steps from open door `a` to open door `b` through the level (doors of one part of a
  /// tile are |dx| + |dy| apart), or `limit` when the walk is as long or longer.
  [[nodiscard]] int walk_between(std::uint32_t a, std::uint32_t b, int limit);
  /// True when both doors of `pair` are open and still the doors it was found with.
  [[nodiscard]] bool still_open(const LoopPair& pair) const;
  /// The steps between open doors `a` and `b` along the growth tree (GrowthTree::distance):
  /// the walk between them is no longer.
  [[nodiscard]] int tree_walk(std::uint32_t a, std::uint32_t b) const;
  /// Adds the connections made since the last call to door_links_.
  void index_connections();
  /// Door `door` of placement `placement`: its first cell (board cells) and its part.
  [[nodiscard]] core::Point door_start(int placement, int door) const;
  [[nodiscard]] int door_part_of(int placement, int door) const;
  /// What join_pair did: joined the pair, could not, or found no run through one tile from
  /// a (try again with `deep`).
  enum class PairOutcome { Joined, Failed, Deeper };
  /// Joins the doors of `pair` through one to three tiles, if some fit and save --loop-detour
  /// steps (measuring pair.walk): runs of one tile from a, or with `deep` of two (and counts
  /// the pair in the loop tally, except when it returns Deeper).
  PairOutcome join_pair(LoopPair& pair, bool deep);
  /// True when each tile of `run`, alone, fits the board as it is.
  bool run_fits(const LoopRun& run);
  /// `reach` (Candidates::reaches) from the open door whose first cell is `door` (board cells).
  [[nodiscard]] LoopRun placed_run(const Reach& reach, core::Point door) const;
  /// True when every tile of `run` may be placed again and is one growth draws.
  [[nodiscard]] bool run_usable(const LoopRun& run) const;
  /// Lays the pieces of `a_side` from door a, then the piece of `b_side` (if any) from door b;
  /// keeps them when the last one joins both ends, else takes them back. True when kept.
  bool lay_loop(const LoopPair& pair, const LoopRun& a_side, const LoopRun* b_side);
  /// The state now, as a checkpoint holds it (undo_to makes it again while journaling).
  [[nodiscard]] Checkpoint state_mark() const;
  /// A trial: journaling on until end_trial, which keeps what was done or undoes it.
  void begin_trial();
  void end_trial(bool keep);

  // search.cpp: reachability of parts, the undo journal and the search.
  void reach(std::uint32_t node);
  void link(std::uint32_t a, std::uint32_t b);
  [[nodiscard]] int placement_of_node(std::uint32_t node) const;
  [[nodiscard]] bool complete() const;
  [[nodiscard]] bool forbidden(std::uint32_t variant, core::Point origin) const;
  void checkpoint();
  void update_journaling();
  void undo_to(const Checkpoint& c);
  void rebuild_frontier();  ///< the open doors the entrance reaches, oldest first
  void remember_if_best();
  void reach_start_part();

  const core::TileSet& set_;
  const Candidates& candidates_;
  const StitchOptions& options_;
  core::Rng& rng_;
  std::vector<bool> excluded_starts_;

  Board board_;                                 ///< cells, open doors (tag: part node), journal
  int live_open_ = 0;                           ///< open doors the entrance reaches
  std::vector<OpenRef> frontier_;               ///< may hold stale references
  std::size_t frontier_head_ = 0;               ///< breadth-first read position
  std::vector<int> uses_;                       ///< placements per tile
  std::vector<int> limits_;                     ///< placements each tile may have
  int required_missing_ = 0;                    ///< required tiles not placed yet
  std::vector<std::int32_t> shape_of_variant_;  ///< Map::shapes index, -1 = not yet
  core::Map map_;
  StitchResult result_;

  // Parts (core/tile_parts.hpp) of the placements are the nodes of a reachability graph:
  // node_base_[p] + part is the node of placement p's part; a door is grown from only when
  // its node is reached from the start tile's entrance part. Joins link nodes.
  std::vector<std::uint32_t> variant_of_shape_;  ///< per Map::shapes entry: its variant (1:1)
  std::vector<std::uint32_t> node_base_;         ///< per placement: its first node
  std::vector<std::uint8_t> reached_;            ///< per node: reached from the entrance
  std::vector<std::pair<std::uint32_t, std::uint32_t>> links_;  ///< joins of two unreached nodes
  std::vector<std::uint32_t> reach_stack_;                      ///< scratch of reach()
  std::int64_t placed_cells_ = 0;   ///< passable cells of all placements
  std::int64_t reached_cells_ = 0;  ///< of these, in reached parts

  // Completion by search: while the level is short, every change is journaled and a
  // checkpoint taken before each placement, so that a stalled level can undo its latest
  // placements and try other choices (bounded: kMaxCheckpoints back, search_budget_ undos).
  // The board journals its own changes (journaling()).
  std::vector<std::uint32_t> reach_log_;
  std::deque<Checkpoint> checkpoints_;  ///< oldest first (the oldest dropped past kMaxCheckpoints)
  std::vector<Forbidden> forbidden_;    ///< ascending (Forbidden::operator<)
  std::vector<Action> actions_;         ///< since the start tile
  BestState best_;
  std::uint32_t start_variant_ = 0;
  core::Point start_origin_;  ///< board cells: (0, 0) unless a --mask placed it
  int search_budget_ = 0;
  std::int64_t search_tests_end_ = -1;  ///< candidate tests past which it undoes no more
  bool restart_possible_ = false;       ///< another start tile could be tried

  // Loops on purpose (loops.cpp).
  DoorLinks door_links_;                 ///< the connections, by (placement, door)
  GrowthTree growth_tree_;               ///< each placement's parent, for walks bounded from above
  std::size_t indexed_connections_ = 0;  ///< connections in door_links_
  std::vector<int> degree_;              ///< per placement: its connections in door_links_
  std::vector<int> walk_steps_;          ///< per slot of door_links_: scratch of walk_between
  std::vector<std::uint32_t> walk_touched_;  ///< slots of walk_steps_ set by walk_between
  /// A door reached by walk_between: `steps` from where it began; `slot` is at's in door_links_.
  struct WalkStep {
    int steps = 0;
    std::uint32_t slot = 0;
    DoorLinks::End at;
  };
  std::vector<WalkStep> walk_heap_;  ///< scratch of walk_between
  /// Scratch of join_pair: the ways that meet, as (tiles, way from a, way from b).
  std::vector<std::tuple<int, const Reach*, const Reach*>> loop_meetings_;
  int loop_reach_ = 0;               ///< farthest apart two doors a loop may join, |dx| + |dy|
  /// Pairs of open doors looked at, as (slot, generation) of each: a pair that could not be
  /// joined never can be (the board only fills and the walks only shorten), so it is not
  /// looked at again.
  std::set<std::array<std::uint32_t, 4>> loop_pairs_seen_;
  bool trial_ = false;       ///< in a trial (begin_trial): journaling stays on
  Checkpoint trial_mark_{};  ///< the state the trial began in

  std::uint32_t apply_base_ = 0;        ///< during apply(): the new placement's first node
  std::vector<std::uint32_t> weights_;  ///< scratch: start weights per tile, list weights
  std::vector<ListDraw> lists_;         ///< per candidate list (Candidates::list)
  /// Per tile: its groups in the lists made so far, as (list, group).
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> tile_groups_;
  std::vector<std::uint32_t> drawn_;     ///< scratch: groups drawn at the door being filled
  std::vector<CandidateDoor> order_;     ///< scratch, doors of one group
  std::uint64_t fill_ = 0;               ///< try_fill calls so far
  std::vector<ShapeMiss> shape_misses_;  ///< per shape x 2 (required or not)
};

}  // namespace dungen::gen
