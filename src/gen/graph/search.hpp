#pragma once
/// \file search.hpp
/// The search of one graph stitching run over rooms and cycle links (search.cpp,
/// options.cpp, meet.cpp, close.cpp) on the State of stitcher.hpp.
/// Not part of the public API.

#include <cstdint>
#include <string>
#include <vector>

#include "gen/graph/stitcher.hpp"

namespace dungen::gen::graph {

/// One way to place a room: the corridor tiles leading to it, then the room's tile, each
/// with the open doors it may join.
struct Option {
  std::vector<Piece> pieces;
  std::vector<std::vector<Target>> targets;  ///< per piece
  int score = 0;  ///< lower first: distance left to the room's placed cycle neighbours
};

/// A run of corridor transitions from an open door, by which a room may be reached: the
/// transitions in order and the door the room must mate (the open door itself when empty).
struct Reach {
  std::uint32_t from = 0;  ///< the open door record the run starts at
  std::vector<std::uint32_t> transitions;
  core::Door end;
};

/// What every search of one graph shares, found once per run (the same for every seed): the
/// plan, the adjacency, the placing orders and each room's loop-closing successor in each.
struct Groundwork {
  Plan plan;
  std::vector<std::vector<std::pair<int, int>>> adj;  ///< core::graph_adjacency
  /// placing_order, then ear_order when the graph has loops (searches take turns with them)
  std::vector<Order> orders;
  /// per order, per room: the loop's closing room placed from it next, or -1
  std::vector<std::vector<int>> closers;
  /// missing_ingredient() with the run's corridor_max: empty, or what makes the graph
  /// impossible before any search
  std::string missing;
};

/// The groundwork of `graph` with tile set `set` and its `candidates`, for searches of at most
/// `corridor_max` corridor tiles per connection.
[[nodiscard]] Groundwork prepare(const core::LevelGraph& graph, const core::TileSet& set,
                                 const Candidates& candidates, int corridor_max);

/// Which of a run's searches this is: the placing order it takes (an index into
/// Groundwork::orders) and the corridor tiles it allows per connection (at most
/// GraphStitchOptions::corridor_max, which its diagnosis names).
struct Turn {
  std::size_t order = 0;
  int corridor = 0;
};

/// The search over rooms (in breadth-first order) and cycle links (search.cpp,
/// close.cpp).
class Search {
 public:
  /// `ground`: prepare(graph, set, candidates), outliving the search; `turn`: which of its
  /// orders the search places rooms in, with how many corridor tiles. `pictured`: the most
  /// rooms a "placed" step picture has shown, shared by the run's searches (pictures only of
  /// new depths, about 30 at most).
  Search(const core::LevelGraph& graph, const core::TileSet& set, const Candidates& candidates,
         const Groundwork& ground, Turn turn, const GraphStitchOptions& options, core::Rng& rng,
         std::size_t& pictured);
  /// Runs the search; true when the whole graph was realised (state() holds it), else
  /// best() holds the deepest partial state and diagnosis() says why.
  bool run();
  [[nodiscard]] const State& state() const { return state_; }
  [[nodiscard]] const Snapshot& best() const { return best_; }
  [[nodiscard]] std::string diagnosis() const;
  [[nodiscard]] int tried() const { return state_.tried(); }
  /// Door lookups made while meeting loops (State::count_lookups).
  [[nodiscard]] std::size_t lookups() const { return state_.lookups(); }
  /// Most meetings one look for where a loop's rooms meet kept at once (at most kMaxMeetings).
  [[nodiscard]] std::size_t meetings_peak() const { return meetings_peak_; }
  /// Meetings one look keeps at most: each is checked against the map only 64 at a time, and
  /// rooms of hundreds of doors met in millions of ways (hundreds of MB).
  static constexpr std::size_t kMaxMeetings = 16384;
  /// Corridor tiles at most on each side of a loop's closing room when it meets both
  /// neighbours (meet.cpp).
  static constexpr int kMeetRunLength = 2;
  /// Rooms placed in best().
  [[nodiscard]] std::size_t rooms_placed() const { return best_rooms_; }
  /// False when another search cannot do better: a tile is missing for the graph.
  [[nodiscard]] bool worth_restarting() const { return missing_.empty(); }

 private:
  /// Why the deepest step failed.
  enum class Failure { None, Start, Room, Loop };

  /// Search results: kSolved, or the step to go back to (the step itself: its next option).
  static constexpr int kSolved = 1 << 30;
  int solve(std::size_t step);
  int place_and_go_on(std::size_t step, const Option& option);
  /// The latest step that may have caused step `step`'s room to have no option: its
  /// parent's, or a later one that placed a piece near the parent's open doors.
  [[nodiscard]] int culprit(std::size_t step) const;
  std::vector<Option> options_for(std::size_t step);
  void start_options(std::vector<Option>& out);
  void room_options_at(int room, int link, std::uint32_t rec, const Option& run,
                       std::vector<Option>& out, std::size_t most);
  bool random_run(std::uint32_t rec, int length, int link, Option& run, std::uint32_t& last);
  /// The ways through corridor tiles `all` (indices of plan transitions) in a random order:
  /// all of them shuffled while they are at most kShuffledWays, as the search always drew
  /// them; of more (a corridor tile of hundreds of doors has tens of thousands), kShuffledWays
  /// spread over them (core::Rng::spread), whose draws cost no more than a few.
  [[nodiscard]] std::vector<std::uint32_t> drawn_ways(const std::vector<std::uint32_t>& all);
  static constexpr std::size_t kShuffledWays = 1024;
  [[nodiscard]] std::vector<Target> room_targets(int room, std::uint32_t entry, int link) const;
  /// Which map the search judges: the one placed now, or that map with the piece of the last
  /// successful State::fits() on it, not placed (placing and undoing it would cost more than
  /// the rest of the try).
  enum class Seen : std::uint8_t { Now, WithTested };
  [[nodiscard]] int closing_score(int room, Seen seen) const;
  /// The least distance (cells, Manhattan) between open doors of one width of rooms `from`
  /// and `to` (widths as `link` asks, any for -1); large when they have none.
  [[nodiscard]] int nearest(int from, int to, int link, Seen seen) const;
  [[nodiscard]] std::vector<std::uint32_t> open_doors(int room, int link) const;
  /// The open doors of `room`'s main part (of the width `link` asks, any for -1) as `seen`.
  [[nodiscard]] std::vector<core::Door> open_spans(int room, int link, Seen seen) const;
  [[nodiscard]] bool link_made(int link, Seen seen) const {
    return state_.link_made(link) || (seen == Seen::WithTested && state_.would_make(link));
  }
  void note_failure(std::size_t step, Failure why, int link);
  /// True when every placed room keeps at least as many open doors with an empty cell in
  /// front as it has connections still to make.
  [[nodiscard]] bool viable(Seen seen = Seen::Now) const;
  /// True when the cells in front of `door` (a few deep) are empty.
  [[nodiscard]] bool clear_in_front(const core::Door& door, Seen seen = Seen::Now) const;
  void remember_best();
  /// True when a "placed" picture of `placed` rooms is due (and counts it).
  bool picture_due(std::size_t placed);
  [[nodiscard]] bool spent() const { return state_.tried() >= options_.budget; }

  // close.cpp: closing a cycle link by a corridor run.
  // meet.cpp: a loop's closing room placed against both neighbours.
  /// A way for a loop's closing room to meet both neighbours: a run from its parent, its
  /// tile's door `entry` on the run's end, its door `exit` on the end of a run from the other.
  struct Meeting {
    std::size_t parent_reach, other_reach;
    RoomDoor entry;
    int exit;
  };
  struct Meetings {
    std::vector<Reach> from_parent, from_other;
    std::vector<Meeting> list;
    /// Every run the search's allowance permits was a reach and every meeting of them is in
    /// `list`: no corridor way was left out by drawing, by kMeetRunLength or by a limit.
    bool whole = true;
  };
  /// The meetings of `room` (placed through `link`, closing `closing`) by geometry alone, at
  /// most kMaxMeetings.
  Meetings find_meetings(int room, int link, int closing);
  /// Adds to `m` the meetings through tiles left out of Plan::passes (of many doors); returns
  /// the door look-ups made, stopping after `allowance`.
  std::size_t unpassed_meetings(int room, int link, int closing, std::size_t allowance,
                                Meetings& m);
  /// Orders `options` of the room before `closer` (a loop's closing room): those after which
  /// `closer` has a meeting that fits the map first; keeps `most` of them.
  void keep_meeting(int closer, std::vector<Option>& options, std::size_t most);
  /// Adds to `out` up to `most` placements of `room` meeting both neighbours (at most
  /// kMeetTries checked against the map); true when its meetings were every way to meet them
  /// (Meetings::whole).
  bool meeting_options(int room, int link, int closing, std::vector<Option>& out, std::size_t most);
  /// The runs from the open doors `recs` (meet.cpp); `whole` turns false when a run the
  /// search's allowance permits was left out.
  std::vector<Reach> reaches(const std::vector<std::uint32_t>& recs, bool& whole);
  bool apply_reach(const Reach& r, int link, std::int64_t onto, Option& o, std::uint32_t& last);

  bool close_links(int room);
  bool close_link(int link);
  bool run_to(std::uint32_t from, std::uint32_t to, int link, int depth);

  const core::LevelGraph& graph_;
  const core::TileSet& set_;
  const Candidates& candidates_;
  const GraphStitchOptions& options_;
  const int corridor_;  ///< corridor tiles per connection in this search (Turn::corridor)
  core::Rng& rng_;
  std::size_t meetings_peak_ = 0;
  const Plan& plan_;
  State state_;
  const std::vector<int>& order_;      ///< rooms in placing order (Order::rooms)
  const std::vector<int>& tree_link_;  ///< per room: the link it is placed through, -1 entrance
  const std::vector<int>& parent_;     ///< per room: its search-tree parent, -1 entrance
  const std::vector<std::vector<int>>& closes_;  ///< per room: cycle links closed once placed
  const std::vector<int>& aim_;                  ///< Order::aim
  const std::vector<int>& aim_steps_;            ///< Order::aim_steps
  const std::vector<int>& closer_;               ///< Groundwork::closers[order]
  const std::vector<std::vector<std::pair<int, int>>>& adj_;  ///< Groundwork::adj
  const std::string& missing_;                                ///< Groundwork::missing
  std::vector<std::size_t> step_pieces_;                      ///< per step: its first piece
  std::size_t& pictured_;
  Snapshot best_;
  std::size_t best_rooms_ = 0;
  std::size_t fail_step_ = 0;
  Failure fail_ = Failure::None;
  int fail_link_ = -1;
  bool fail_boxed_ = false;    ///< the failed room's parent had no open door with room in front
  bool fail_used_up_ = false;  ///< every tile the failed room takes was at its max
};

}  // namespace dungen::gen::graph
