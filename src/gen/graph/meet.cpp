// Placing the room that closes a loop against both of its placed neighbours at once
// (stitcher.hpp).
#include <algorithm>
#include <cstdlib>
#include <unordered_map>

#include "gen/graph/search.hpp"

namespace dungen::gen::graph {
namespace {

constexpr std::size_t kMeetBranches = 6;  ///< corridor tiles tried per step of a run
constexpr std::size_t kMeetTries = 64;    ///< meetings checked against the map per room

/// A door's first cell as one number, for looking doors up by where they are.
std::uint64_t key_of(const core::Door& d) {
  return (std::uint64_t{static_cast<std::uint32_t>(d.start.x)} << 32) |
         static_cast<std::uint32_t>(d.start.y);
}

}  // namespace

/// Every run of at most kMeetRunLength corridor tiles (a few per step, drawn at random) from
/// the open doors `recs`, judged by geometry only: the map is consulted when a meeting is
/// checked.
std::vector<Reach> Search::reaches(const std::vector<std::uint32_t>& recs, bool& whole) {
  std::vector<Reach> out;
  for (std::uint32_t rec : recs) out.push_back({rec, {}, state_.doors()[rec].span});
  const int longest = std::min(kMeetRunLength, corridor_);
  whole = whole && corridor_ <= kMeetRunLength;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (static_cast<int>(out[i].transitions.size()) >= longest) continue;
    const core::Door span = out[i].end;
    const auto it =
        plan_.by_entry.find({span.width, static_cast<int>(core::opposite(span.facing))});
    if (it == plan_.by_entry.end()) continue;
    const std::vector<std::uint32_t> ts = drawn_ways(it->second);
    std::size_t taken = 0;
    for (std::uint32_t t : ts) {
      if (taken == kMeetBranches) {  // a way through a corridor tile may be left out
        whole = false;
        break;
      }
      const Transition& tr = plan_.transitions[t];
      const OrientedTile& v = candidates_.variants()[tr.variant];
      const core::Door& entry = v.doors[static_cast<std::size_t>(tr.entry)];
      if (!core::mates(entry, span)) continue;
      Reach next = out[i];
      next.transitions.push_back(t);
      next.end = v.doors[static_cast<std::size_t>(tr.exit)].shifted(span.start - entry.start);
      out.push_back(std::move(next));
      ++taken;
    }
  }
  return out;
}

/// Applies the corridor tiles of `r` for connection `link`, the last one joining record
/// `onto` when it is set; true when each fits, with the pieces and targets added to `o`
/// and `last` the run's open end.
bool Search::apply_reach(const Reach& r, int link, std::int64_t onto, Option& o,
                         std::uint32_t& last) {
  last = r.from;
  for (std::size_t i = 0; i < r.transitions.size(); ++i) {
    const Transition& tr = plan_.transitions[r.transitions[i]];
    const OrientedTile& v = candidates_.variants()[tr.variant];
    const core::Door span = state_.doors()[last].span;
    const Piece piece{tr.variant, span.start - v.doors[static_cast<std::size_t>(tr.entry)].start,
                      -1, link};
    std::vector<Target> targets{{last, link, false}};
    if (onto >= 0 && i + 1 == r.transitions.size())
      targets.push_back({static_cast<std::uint32_t>(onto), link, true});
    if (!state_.fits(piece, targets)) return false;
    state_.apply();
    o.pieces.push_back(piece);
    o.targets.push_back(std::move(targets));
    last = state_.doors_of(static_cast<int>(state_.pieces().size() - 1)).first +
           static_cast<std::uint32_t>(tr.exit);
  }
  return onto >= 0 ? state_.link_made(link) : state_.doors()[last].state == DoorState::Open;
}

Search::Meetings Search::find_meetings(int room, int link, int closing) {
  // Meet in the middle: the room's placements reachable from the parent's open doors, matched
  // against the ends of runs from the other neighbour's open doors: one look-up per pair of
  // ends (Plan::passes), the tiles of many doors by their doors one by one.
  Meetings m;
  const core::GraphLink& l = graph_.links[static_cast<std::size_t>(closing)];
  const int other = l.a == room ? l.b : l.a;
  m.from_parent = reaches(open_doors(parent_[static_cast<std::size_t>(room)], link), m.whole);
  m.from_other = reaches(open_doors(other, closing), m.whole);
  const int width = graph_.links[static_cast<std::size_t>(link)].width;
  // Counted against the search budget, so that graphs dense with loops spend it in about the
  // same time as others.
  std::size_t lookups = m.from_parent.size() + m.from_other.size();
  // What is left of the budget, in lookups: one call stops there (huge rooms with hundreds of
  // doors made one call look up billions of doors, minutes past the budget).
  const std::size_t allowance =
      static_cast<std::size_t>(std::max(0, options_.budget - state_.tried())) *
      State::kLookupsPerTry;
  const std::vector<char>& takes = plan_.room_takes[static_cast<std::size_t>(room)];
  bool full = false;
  for (std::size_t p = 0; p < m.from_parent.size() && lookups <= allowance && !full; ++p) {
    const core::Door& at = m.from_parent[p].end;
    if (width > 0 && at.width != width) continue;
    const std::uint32_t entry = mate_signature(at);
    for (std::size_t o = 0; o < m.from_other.size() && !full; ++o) {
      const core::Door& end = m.from_other[o].end;
      const core::Point d{end.start.x - at.start.x, end.start.y - at.start.y};
      if (std::abs(d.x) >= plan_.extent || std::abs(d.y) >= plan_.extent) continue;
      if (l.width > 0 && end.width != l.width) continue;
      ++lookups;
      const auto it = plan_.passes.find({entry, mate_signature(end), d.x, d.y});
      if (it == plan_.passes.end()) continue;
      for (const RoomPass& pass : it->second) {
        if (takes[candidates_.variants()[pass.variant].tile] == 0) continue;
        m.list.push_back({p, o, RoomDoor{pass.variant, pass.entry, 1}, pass.exit});
        full = m.list.size() == kMaxMeetings;
        if (full) break;
      }
    }
  }
  if (!full && lookups < allowance)
    lookups += unpassed_meetings(room, link, closing, allowance - lookups, m);
  m.whole = m.whole && m.list.size() < kMaxMeetings && lookups <= allowance;
  state_.count_lookups(lookups);
  meetings_peak_ = std::max(meetings_peak_, m.list.size());
  return m;
}

std::size_t Search::unpassed_meetings(int room, int link, int closing, std::size_t allowance,
                                      Meetings& m) {
  // Tiles of more doors than Plan::kPassDoors: each of their doors on a parent's end, each
  // other door looked up among the other side's ends.
  const auto& by = plan_.unpassed_by[static_cast<std::size_t>(room)];
  if (by.empty()) return 0;
  const core::GraphLink& l = graph_.links[static_cast<std::size_t>(closing)];
  std::unordered_map<std::uint64_t, std::vector<std::size_t>> ends;  // looked up, never walked
  for (std::size_t i = 0; i < m.from_other.size(); ++i)
    ends[key_of(m.from_other[i].end)].push_back(i);
  const int width = graph_.links[static_cast<std::size_t>(link)].width;
  std::size_t lookups = 0;
  for (std::size_t p = 0; p < m.from_parent.size() && lookups <= allowance; ++p) {
    const core::Door& at = m.from_parent[p].end;
    if (width > 0 && at.width != width) continue;
    const auto doors = by.find({at.width, static_cast<int>(core::opposite(at.facing)), at.kind});
    if (doors == by.end()) continue;
    for (const RoomDoor& d : doors->second) {
      const OrientedTile& v = candidates_.variants()[d.variant];
      const core::Point origin = at.start - v.doors[static_cast<std::size_t>(d.door)].start;
      for (std::size_t e = 0; e < v.doors.size(); ++e) {
        if (static_cast<int>(e) == d.door || v.door_part[e] != plan_.main_part[d.variant]) continue;
        const core::Door exit = v.doors[e].shifted(origin);
        if (l.width > 0 && exit.width != l.width) continue;
        ++lookups;
        const auto it = ends.find(key_of(exit));
        if (it == ends.end()) continue;
        for (std::size_t o : it->second) {
          if (!core::mates(m.from_other[o].end, exit)) continue;
          m.list.push_back({p, o, d, static_cast<int>(e)});
          if (m.list.size() == kMaxMeetings) return lookups;
        }
      }
    }
  }
  return lookups;
}

bool Search::meeting_options(int room, int link, int closing, std::vector<Option>& out,
                             std::size_t most) {
  Meetings found = find_meetings(room, link, closing);
  std::vector<Meeting>& meetings = found.list;
  const std::vector<Reach>& from_parent = found.from_parent;
  const std::vector<Reach>& from_other = found.from_other;
  rng_.shuffle(meetings);
  std::size_t checked = 0;
  for (const Meeting& m : meetings) {
    if (out.size() >= most || checked++ == kMeetTries || spent()) break;
    const Mark mark = state_.mark();
    Option o;
    std::uint32_t entry_rec = 0, last = 0;
    if (apply_reach(from_parent[m.parent_reach], link, -1, o, entry_rec)) {
      const OrientedTile& v = candidates_.variants()[m.entry.variant];
      const core::Door span = state_.doors()[entry_rec].span;
      const Piece piece{m.entry.variant,
                        span.start - v.doors[static_cast<std::size_t>(m.entry.door)].start, room,
                        -1};
      const std::vector<Target> targets = room_targets(room, entry_rec, link);
      if (state_.fits(piece, targets)) {
        state_.apply();
        o.pieces.push_back(piece);
        o.targets.push_back(targets);
        const std::uint32_t exit_rec =
            state_.doors_of(static_cast<int>(state_.pieces().size() - 1)).first +
            static_cast<std::uint32_t>(m.exit);
        const Reach& back = from_other[m.other_reach];
        // The room's door may have met the other room's directly: then no run is needed.
        const bool met =
            state_.link_made(closing) ||
            (!back.transitions.empty() && apply_reach(back, closing, exit_rec, o, last));
        if (met && viable()) {
          o.score = closing_score(room, Seen::Now);
          out.push_back(std::move(o));
        }
      }
    }
    state_.undo(mark);
  }
  return found.whole;
}

void Search::keep_meeting(int closer, std::vector<Option>& options, std::size_t most) {
  // One step of lookahead: options after which the closing room has a meeting that fits come
  // first; once `most` have one, the rest are not looked at.
  const int link = tree_link_[static_cast<std::size_t>(closer)];
  const int closing = closes_[static_cast<std::size_t>(closer)].front();
  std::vector<Option> meeting, other;
  for (Option& o : options) {
    if (meeting.size() == most) {  // enough: the rest are not looked at
      other.push_back(std::move(o));
      continue;
    }
    const Mark m = state_.mark();
    bool placed = true;
    for (std::size_t i = 0; i < o.pieces.size() && placed; ++i) {
      placed = state_.fits(o.pieces[i], o.targets[i]);
      if (placed) state_.apply();
    }
    std::vector<Option> probe;  // a meeting that fits the map, not only its geometry
    if (placed) meeting_options(closer, link, closing, probe, 1);
    const bool meets = !probe.empty();
    state_.undo(m);
    (meets ? meeting : other).push_back(std::move(o));
  }
  for (Option& o : other) meeting.push_back(std::move(o));
  if (meeting.size() > most) meeting.resize(most);
  options = std::move(meeting);
}

}  // namespace dungen::gen::graph
