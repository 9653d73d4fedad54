// The search over graph rooms: order, options, backtracking (graph_stitcher.hpp).
#include <fmt/format.h>

#include <algorithm>

#include "gen/graph_stitcher.hpp"

namespace dungen::gen::graph {
namespace {

constexpr std::size_t kOptionsPerRoom = 3;        ///< options tried for a room closing no loop
constexpr std::size_t kOptionsPerLoopRoom = 3;   ///< for a room that closes loops
constexpr std::size_t kOptionsBeforeCloser = 16;  ///< drawn for the room before a loop's last
constexpr std::size_t kOptionsPerDoor = 2;        ///< options taken from one open door and run
constexpr int kStartTiles = 4;                    ///< entrance tiles tried
constexpr int kRunTries = 6;                      ///< corridor tiles tried per run step
constexpr int kRunsPerLength = 2;                 ///< random runs tried per length
constexpr int kLoopStepCells = 8;  ///< cells a loop's connection may cover, for ranking options
constexpr int kFrontCells = 18;    ///< cells in front of an open door that must be empty

int manhattan(core::Point a, core::Point b) { return std::abs(a.x - b.x) + std::abs(a.y - b.y); }

}  // namespace

Search::Search(const core::LevelGraph& graph, const core::TileSet& set,
               const Candidates& candidates, const GraphStitchOptions& options, core::Rng& rng)
    : graph_(graph),
      set_(set),
      candidates_(candidates),
      options_(options),
      rng_(rng),
      plan_(make_plan(graph, set, candidates)),
      state_(set, candidates, graph.rooms.size(), graph.links.size()),
      tree_link_(graph.rooms.size(), -1),
      parent_(graph.rooms.size(), -1),
      closes_(graph.rooms.size()),
      adj_(core::graph_adjacency(graph)) {
  Order order = placing_order(graph, adj_);
  order_ = std::move(order.rooms);
  tree_link_ = std::move(order.tree_link);
  parent_ = std::move(order.parent);
  closes_ = std::move(order.closes);
  aim_ = std::move(order.aim);
  aim_steps_ = std::move(order.aim_steps);
  closer_.assign(graph.rooms.size(), -1);
  for (int room : order_) {
    const int parent = parent_[static_cast<std::size_t>(room)];
    if (parent >= 0 && !closes_[static_cast<std::size_t>(room)].empty() &&
        closer_[static_cast<std::size_t>(parent)] < 0)
      closer_[static_cast<std::size_t>(parent)] = room;
  }
}

bool Search::run() {
  // A missing tile is known before the search, which still places what it can before the
  // room or connection that lacks it.
  missing_ = missing_ingredient(graph_, set_, plan_, options_.corridor_max);
  step_pieces_.assign(order_.size() + 1, 0);
  if (solve(0) == kSolved && missing_.empty()) {
    best_ = state_.snapshot();
    return true;
  }
  return false;
}

int Search::solve(std::size_t step) {
  step_pieces_[step] = state_.pieces().size();
  if (step == order_.size()) return kSolved;
  const int here = static_cast<int>(step);
  if (spent()) return here - 1;
  const std::vector<Option> options = options_for(step);
  const int room = order_[step];
  if (options.empty()) {
    note_failure(step, step == 0 ? Failure::Start : Failure::Room,
                 tree_link_[static_cast<std::size_t>(room)]);
    return culprit(step);
  }
  for (const Option& o : options) {
    if (spent()) return here - 1;
    const int to = place_and_go_on(step, o);
    if (to == kSolved || to < here) return to;
  }
  return here - 1;
}

int Search::place_and_go_on(std::size_t step, const Option& option) {
  const Mark m = state_.mark();
  for (std::size_t i = 0; i < option.pieces.size(); ++i) {
    if (!state_.fits(option.pieces[i], option.targets[i])) {  // cannot happen: found here
      state_.undo(m);
      return static_cast<int>(step);
    }
    state_.apply();
  }
  const int room = order_[step];
  int to = static_cast<int>(step);
  if (close_links(room)) {
    remember_best();
    if (options_.observe) options_.observe("placed", state_.picture());
    to = solve(step + 1);
  }
  if (to != kSolved) state_.undo(m);
  return to;
}

int Search::culprit(std::size_t step) const {
  // Backjumping (Gaschnig 1979): a room with no option failed because of its parent or of
  // what was placed near the parent's open doors since; the steps in between are not
  // retried.
  if (step == 0) return -1;
  const int parent = parent_[static_cast<std::size_t>(order_[step])];
  const auto placed_at =
      static_cast<std::size_t>(std::find(order_.begin(), order_.end(), parent) - order_.begin());
  std::vector<core::Rect> near;
  for (std::uint32_t rec : open_doors(parent, -1)) {
    const core::Point p = state_.doors()[rec].span.start;
    near.push_back(
        {p.x - plan_.extent, p.y - plan_.extent, 2 * plan_.extent + 1, 2 * plan_.extent + 1});
  }
  for (std::size_t t = step; t-- > placed_at + 1;) {
    for (std::size_t i = step_pieces_[t]; i < step_pieces_[t + 1]; ++i) {
      const Piece& piece = state_.pieces()[i];
      const core::Rect c = candidates_.variants()[piece.variant].content;
      const core::Rect box{piece.origin.x + c.x, piece.origin.y + c.y, c.width, c.height};
      for (const core::Rect& r : near)
        if (box.intersects(r)) return static_cast<int>(t);
    }
  }
  return static_cast<int>(placed_at);
}

std::vector<std::uint32_t> Search::open_doors(int room, int link) const {
  std::vector<std::uint32_t> recs;
  const int p = state_.room_placement(room);
  if (p < 0) return recs;
  const int width = link >= 0 ? graph_.links[static_cast<std::size_t>(link)].width : 0;
  const std::uint32_t v = state_.pieces()[static_cast<std::size_t>(p)].variant;
  const OrientedTile& tile = candidates_.variants()[v];
  const auto [first, last] = state_.doors_of(p);
  for (std::uint32_t r = first; r < last; ++r) {
    const DoorRec& d = state_.doors()[r];
    if (d.state == DoorState::Open && (width == 0 || d.span.width == width) &&
        tile.door_part[static_cast<std::size_t>(d.door)] == plan_.main_part[v])
      recs.push_back(r);
  }
  return recs;
}

std::vector<Target> Search::room_targets(int room, std::uint32_t entry, int link) const {
  std::vector<Target> targets{{entry, link, true}};
  for (int c : closes_[static_cast<std::size_t>(room)]) {
    const core::GraphLink& l = graph_.links[static_cast<std::size_t>(c)];
    for (std::uint32_t rec : open_doors(l.a == room ? l.b : l.a, c))
      targets.push_back({rec, c, true});
  }
  return targets;
}

int Search::nearest(int from, int to, int link) const {
  int best = 1 << 20;
  for (std::uint32_t x : open_doors(from, link)) {
    for (std::uint32_t y : open_doors(to, link)) {
      const core::Door& dx = state_.doors()[x].span;
      const core::Door& dy = state_.doors()[y].span;
      if (dx.width == dy.width) best = std::min(best, manhattan(dx.start, dy.start));
    }
  }
  return best;
}

int Search::closing_score(int room) const {
  int score = 0;
  for (int c : closes_[static_cast<std::size_t>(room)]) {
    if (state_.link_made(c)) continue;
    const core::GraphLink& l = graph_.links[static_cast<std::size_t>(c)];
    score += nearest(room, l.a == room ? l.b : l.a, c);
  }
  const int aim = aim_[static_cast<std::size_t>(room)];
  const int steps = aim_steps_[static_cast<std::size_t>(room)];
  if (aim >= 0 && steps > 1)  // a loop still open: stay within reach of where it closes
    score += std::max(0, nearest(room, aim, -1) - steps * kLoopStepCells);
  return score;
}

void Search::start_options(std::vector<Option>& out) {
  const int room = order_[0];
  const auto& tiles = plan_.room_tiles[static_cast<std::size_t>(room)];
  std::vector<std::uint32_t> weights;
  for (core::TileId t : tiles) weights.push_back(set_.tiles[t].settings.weight);
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
  if (!closes_[static_cast<std::size_t>(room)].empty())
    meeting_options(room, link, closes_[static_cast<std::size_t>(room)].front(), out, most);
  std::vector<std::uint32_t> recs = open_doors(parent_[static_cast<std::size_t>(room)], link);
  rng_.shuffle(recs);
  const int lengths = options_.corridor_max + 1;
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
    std::vector<std::uint32_t> order = it->second;
    rng_.shuffle(order);
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
  for (const RoomDoor& d : plan_.room_doors[static_cast<std::size_t>(room)]) {
    const OrientedTile& v = candidates_.variants()[d.variant];
    if (!core::mates(v.doors[static_cast<std::size_t>(d.door)], span)) continue;
    if (groups.empty() || candidates_.variants()[groups.back().front().variant].tile != v.tile) {
      groups.emplace_back();
      weights.push_back(d.weight);
    }
    groups.back().push_back(d);
  }
  const std::vector<Target> targets = room_targets(room, rec, link);
  std::size_t taken = 0;
  while (taken < kOptionsPerDoor && out.size() < most && !spent()) {
    const std::size_t g = rng_.pick_weighted(weights);
    if (g == weights.size()) return;
    weights[g] = 0;
    std::vector<RoomDoor> doors = groups[g];
    rng_.shuffle(doors);
    for (const RoomDoor& d : doors) {
      const OrientedTile& v = candidates_.variants()[d.variant];
      const Piece piece{d.variant, span.start - v.doors[static_cast<std::size_t>(d.door)].start,
                        room, -1};
      if (!state_.fits(piece, targets)) continue;
      const Mark m = state_.mark();
      state_.apply();
      if (!viable()) {
        state_.undo(m);
        continue;
      }
      Option o = run;
      o.pieces.push_back(piece);
      o.targets.push_back(targets);
      o.score = closing_score(room);
      state_.undo(m);
      out.push_back(std::move(o));
      ++taken;
      break;
    }
  }
}

bool Search::clear_in_front(const core::Door& door) const {
  const core::Point ahead = core::step(door.facing);
  for (int i = 0; i < door.width; ++i) {
    core::Point p = door.cell(i);
    for (int k = 0; k < kFrontCells; ++k) {
      p = p + ahead;
      if (state_.cell(p) != CellState::Empty) return false;
    }
  }
  return true;
}

bool Search::viable() const {
  for (std::size_t r = 0; r < graph_.rooms.size(); ++r) {
    const int p = state_.room_placement(static_cast<int>(r));
    if (p < 0) continue;
    int pending = 0;
    for (const auto& [n, link] : adj_[r]) pending += state_.link_made(link) ? 0 : 1;
    if (pending == 0) continue;
    const auto [first, last] = state_.doors_of(p);
    for (std::uint32_t rec = first; rec < last && pending > 0; ++rec) {
      const DoorRec& d = state_.doors()[rec];
      if (d.state == DoorState::Open && clear_in_front(d.span)) --pending;
    }
    if (pending > 0) return false;
  }
  return true;
}

void Search::note_failure(std::size_t step, Failure why, int link) {
  if (fail_ != Failure::None && step <= fail_step_) return;
  fail_step_ = step;
  fail_ = why;
  fail_link_ = link;
}

void Search::remember_best() {
  std::size_t placed = 0;
  for (const Piece& p : state_.pieces()) placed += p.room >= 0 ? 1 : 0;
  if (placed <= best_rooms_) return;
  best_rooms_ = placed;
  best_ = state_.snapshot();
}

std::string Search::diagnosis() const {
  if (!missing_.empty()) return missing_;
  std::string text;
  const std::string runs =
      options_.corridor_max == 0
          ? "directly (corridor_max is 0)"
          : fmt::format("directly or after at most {} corridor tiles{}", options_.corridor_max,
                        plan_.transitions.empty() ? " (no tile is tagged corridor)" : "");
  if (fail_ == Failure::Start) {
    text = "no entrance tile could be placed";
  } else if (fail_ == Failure::Room) {
    const int room = order_[fail_step_];
    const core::GraphRoom& r = graph_.rooms[static_cast<std::size_t>(room)];
    text = fmt::format(
        "room \"{}\": no tile {} fits an open door of \"{}\" {}", r.name, room_tiles_text(r),
        graph_.rooms[static_cast<std::size_t>(parent_[static_cast<std::size_t>(room)])].name, runs);
  } else if (fail_ == Failure::Loop) {
    const core::GraphLink& l = graph_.links[static_cast<std::size_t>(fail_link_)];
    const std::string& a = graph_.rooms[static_cast<std::size_t>(l.a)].name;
    const std::string& b = graph_.rooms[static_cast<std::size_t>(l.b)].name;
    const std::string how =
        options_.corridor_max == 0
            ? fmt::format("no door of \"{}\" met one of \"{}\" (corridor_max is 0)", a, b)
            : fmt::format(
                  "no run of at most {} corridor tiles{} joins an open door of \"{}\" "
                  "to one of \"{}\"",
                  options_.corridor_max,
                  plan_.transitions.empty() ? " (no tile is tagged corridor)" : "", a, b);
    text = fmt::format("connection {} closes the loop {}: {}", core::link_name(graph_, l),
                       loop_text(graph_, parent_, l), how);
  }
  if (spent()) text += text.empty() ? "the search budget ran out" : "";
  return text;
}

}  // namespace dungen::gen::graph
