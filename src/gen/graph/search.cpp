// The search over graph rooms: backtracking, viability, diagnosis (stitcher.hpp).
#include "gen/graph/search.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>

namespace dungen::gen::graph {
namespace {

constexpr int kFrontCells = 18;  ///< cells in front of an open door that must be empty

}  // namespace

Groundwork prepare(const core::LevelGraph& graph, const core::TileSet& set,
                   const Candidates& candidates, int corridor_max) {
  Groundwork g{make_plan(graph, set, candidates), core::graph_adjacency(graph), {}, {}, {}};
  g.missing = missing_ingredient(graph, set, g.plan, corridor_max);
  g.orders.push_back(placing_order(graph, g.adj));
  if (graph.links.size() >= graph.rooms.size()) g.orders.push_back(ear_order(graph, g.adj));
  for (const Order& order : g.orders) {
    std::vector<int>& closer = g.closers.emplace_back(graph.rooms.size(), -1);
    for (int room : order.rooms) {
      const int parent = order.parent[static_cast<std::size_t>(room)];
      if (parent >= 0 && !order.closes[static_cast<std::size_t>(room)].empty() &&
          closer[static_cast<std::size_t>(parent)] < 0)
        closer[static_cast<std::size_t>(parent)] = room;
    }
  }
  return g;
}

Search::Search(const core::LevelGraph& graph, const core::TileSet& set,
               const Candidates& candidates, const Groundwork& ground, Turn turn,
               const GraphStitchOptions& options, core::Rng& rng, std::size_t& pictured)
    : graph_(graph),
      set_(set),
      candidates_(candidates),
      options_(options),
      corridor_(std::min(turn.corridor, options.corridor_max)),
      rng_(rng),
      plan_(ground.plan),
      state_(set, candidates, graph.rooms.size(), graph.links.size()),
      order_(ground.orders[turn.order].rooms),
      tree_link_(ground.orders[turn.order].tree_link),
      parent_(ground.orders[turn.order].parent),
      closes_(ground.orders[turn.order].closes),
      aim_(ground.orders[turn.order].aim),
      aim_steps_(ground.orders[turn.order].aim_steps),
      closer_(ground.closers[turn.order]),
      adj_(ground.adj),
      missing_(ground.missing),
      pictured_(pictured) {}

bool Search::run() {
  // A missing tile is known before the search, which still places what it can before the
  // room or connection that lacks it.
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
    if (options_.observe && picture_due(step + 1)) options_.observe("placed", state_.picture());
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

std::vector<core::Door> Search::open_spans(int room, int link, Seen seen) const {
  std::vector<core::Door> spans;
  const bool added =
      seen == Seen::WithTested && state_.tested().room == room && state_.room_placement(room) < 0;
  if (!added) {
    for (std::uint32_t rec : open_doors(room, link))
      if (seen == Seen::Now || !state_.would_close(rec)) spans.push_back(state_.doors()[rec].span);
    return spans;
  }
  const int width = link >= 0 ? graph_.links[static_cast<std::size_t>(link)].width : 0;
  const std::uint32_t v = state_.plan().variant;
  const OrientedTile& tile = candidates_.variants()[v];
  for (const int d : state_.plan().opens) {
    const core::Door span = tile.doors[static_cast<std::size_t>(d)].shifted(state_.plan().origin);
    if ((width == 0 || span.width == width) &&
        tile.door_part[static_cast<std::size_t>(d)] == plan_.main_part[v])
      spans.push_back(span);
  }
  return spans;
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

bool Search::clear_in_front(const core::Door& door, Seen seen) const {
  // The cells in front, read row by row; the tested piece's cells, where the map is empty, are
  // what placing it would fill: read only when its box meets them.
  const core::Point ahead = core::step(door.facing);
  const core::Point a = door.cell(0) + ahead;
  const core::Point b =
      door.cell(door.width - 1) + core::Point{ahead.x * kFrontCells, ahead.y * kFrontCells};
  const core::Rect front{std::min(a.x, b.x), std::min(a.y, b.y), std::abs(a.x - b.x) + 1,
                         std::abs(a.y - b.y) + 1};
  if (!state_.all_empty(front)) return false;
  if (seen == Seen::Now) return true;
  const OrientedTile& tested = candidates_.variants()[state_.plan().variant];
  const core::Point origin = state_.plan().origin;
  const core::Rect box{origin.x + tested.content.x, origin.y + tested.content.y,
                       tested.content.width, tested.content.height};
  if (!front.intersects(box)) return true;
  for (int y = front.y; y < front.bottom(); ++y) {
    for (int x = front.x; x < front.right(); ++x) {
      if (tested.cells.get_or(core::Point{x - origin.x, y - origin.y}, core::CellKind::Void) !=
          core::CellKind::Void)
        return false;
    }
  }
  return true;
}

bool Search::viable(Seen seen) const {
  const int added = seen == Seen::WithTested ? state_.tested().room : -1;
  for (std::size_t r = 0; r < graph_.rooms.size(); ++r) {
    const int p = state_.room_placement(static_cast<int>(r));
    if (p < 0 && added != static_cast<int>(r)) continue;
    int pending = 0;
    for (const auto& [n, link] : adj_[r]) pending += link_made(link, seen) ? 0 : 1;
    if (pending == 0) continue;
    if (p < 0) {  // the tested piece's room: the doors it would open
      const OrientedTile& v = candidates_.variants()[state_.plan().variant];
      for (const int d : state_.plan().opens) {
        if (pending > 0 &&
            clear_in_front(v.doors[static_cast<std::size_t>(d)].shifted(state_.plan().origin),
                           seen))
          --pending;
      }
    } else {
      const auto [first, last] = state_.doors_of(p);
      for (std::uint32_t rec = first; rec < last && pending > 0; ++rec) {
        const DoorRec& d = state_.doors()[rec];
        if (d.state == DoorState::Open && !(seen == Seen::WithTested && state_.would_close(rec)) &&
            clear_in_front(d.span, seen))
          --pending;
      }
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
  fail_boxed_ = false;
  fail_used_up_ = false;
  if (why != Failure::Room) return;
  const int room = order_[step];
  const int parent = parent_[static_cast<std::size_t>(room)];
  fail_boxed_ = true;  // no open door of the parent has empty cells in front
  for (std::uint32_t rec : open_doors(parent, -1))
    fail_boxed_ = fail_boxed_ && !clear_in_front(state_.doors()[rec].span);
  const auto& tiles = plan_.room_tiles[static_cast<std::size_t>(room)];
  fail_used_up_ =
      std::none_of(tiles.begin(), tiles.end(), [&](core::TileId t) { return state_.usable(t); });
}

bool Search::picture_due(std::size_t placed) {
  // Only more rooms than any search of this run placed before, and at most 31 pictures (30
  // multiples of `every` and the last room): watching must not slow the search down.
  const std::size_t every = std::max<std::size_t>(1, (order_.size() + 29) / 30);
  if (placed <= pictured_ || (placed % every != 0 && placed != order_.size())) return false;
  pictured_ = placed;
  return true;
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
  // The allowance of this search: the run's searches allow fewer tiles than corridor_max in
  // most rounds (graph.cpp), and raising corridor_max does not help one that allowed fewer.
  const std::string allowed = fmt::format(
      "{} corridor tile{}{}", corridor_, corridor_ == 1 ? "" : "s",
      corridor_ < options_.corridor_max
          ? fmt::format(" (this search's allowance, of corridor_max {})", options_.corridor_max)
          : "");
  const std::string runs =
      options_.corridor_max == 0
          ? "directly (corridor_max is 0)"
          : fmt::format("directly or after at most {}{}", allowed,
                        plan_.transitions.empty() ? " (no tile is tagged corridor)" : "");
  if (fail_ == Failure::Start) {
    text = "no entrance tile could be placed";
  } else if (fail_ == Failure::Room) {
    const int room = order_[fail_step_];
    const core::GraphRoom& r = graph_.rooms[static_cast<std::size_t>(room)];
    const std::string& parent =
        graph_.rooms[static_cast<std::size_t>(parent_[static_cast<std::size_t>(room)])].name;
    if (fail_used_up_) {
      text = fmt::format(
          "room \"{}\": every tile {} is used up (max= in the tile settings) by the rooms placed "
          "before it; raise a max or tag more tiles",
          r.name, room_tiles_text(r));
    } else if (fail_boxed_) {
      text = fmt::format(
          "room \"{}\": every open door of \"{}\" is boxed in by the rooms placed before it "
          "(the level closed in on itself); --retries K tries other seeds",
          r.name, parent);
    } else {
      text = fmt::format("room \"{}\": no tile {} fits an open door of \"{}\" {}", r.name,
                         room_tiles_text(r), parent, runs);
    }
  } else if (fail_ == Failure::Loop) {
    const core::GraphLink& l = graph_.links[static_cast<std::size_t>(fail_link_)];
    const std::string& a = graph_.rooms[static_cast<std::size_t>(l.a)].name;
    const std::string& b = graph_.rooms[static_cast<std::size_t>(l.b)].name;
    const std::string how =
        options_.corridor_max == 0
            ? fmt::format("no door of \"{}\" met one of \"{}\" (corridor_max is 0)", a, b)
            : fmt::format(
                  "no run of at most {}{} joins an open door of \"{}\" to one of \"{}\"",
                  allowed,
                  plan_.transitions.empty() ? " (no tile is tagged corridor)" : "", a, b);
    text = fmt::format("connection {} closes the loop {}: {}", core::link_name(graph_, l),
                       loop_text(graph_, parent_, l), how);
  }
  if (spent()) {  // not every choice was tried: the cause above may have a way out
    text += text.empty() ? "the search budget ran out"
                         : "; the search budget ran out before every choice was tried";
    text += "; --retries K tries other seeds";
  }
  return text;
}

std::vector<std::uint32_t> Search::drawn_ways(const std::vector<std::uint32_t>& all) {
  if (all.size() <= kShuffledWays) {
    std::vector<std::uint32_t> ways = all;
    rng_.shuffle(ways);
    return ways;
  }
  const core::Rng::Spread walk = rng_.spread(all.size());
  std::vector<std::uint32_t> ways;
  ways.reserve(kShuffledWays);
  for (std::size_t k = 0; k < kShuffledWays; ++k) ways.push_back(all[walk.at(k)]);
  return ways;
}

}  // namespace dungen::gen::graph
