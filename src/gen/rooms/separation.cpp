// Dropping rooms and separation steering (rooms.hpp).
#include <algorithm>
#include <climits>
#include <cmath>

#include "gen/rooms/rooms.hpp"

namespace dungen::gen {
namespace {

core::Size outer_size(const DroppedRoom& r) { return {r.floor.width + 2, r.floor.height + 2}; }

bool overlap(const DroppedRoom& a, const DroppedRoom& b) {
  const core::Size sa = outer_size(a), sb = outer_size(b);
  return a.x < b.x + sb.width * DroppedRoom::kUnit && b.x < a.x + sa.width * DroppedRoom::kUnit &&
         a.y < b.y + sb.height * DroppedRoom::kUnit && b.y < a.y + sa.height * DroppedRoom::kUnit;
}

std::int64_t isqrt(std::int64_t v) {
  auto r = static_cast<std::int64_t>(std::sqrt(static_cast<double>(v)));  // then made exact
  while (r * r > v) --r;
  while ((r + 1) * (r + 1) <= v) ++r;
  return r;
}

}  // namespace

std::vector<DroppedRoom> drop_rooms(const RoomsOptions& o, core::Rng& rng) {
  std::vector<DroppedRoom> rooms(static_cast<std::size_t>(o.rooms));
  // A square half the rooms' total area: they overlap, about two deep.
  const auto mean = static_cast<std::int64_t>(o.min_size + o.max_size) / 2 + 2;
  const std::int64_t side =
      std::max<std::int64_t>(1, isqrt(static_cast<std::int64_t>(o.rooms) * mean * mean / 2));
  for (DroppedRoom& r : rooms) {
    r.floor = {rng.range(o.min_size, o.max_size), rng.range(o.min_size, o.max_size)};
    r.x = static_cast<std::int64_t>(
              rng.uniform(static_cast<std::uint64_t>(side * DroppedRoom::kUnit))) -
          side * DroppedRoom::kUnit / 2;
    r.y = static_cast<std::int64_t>(
              rng.uniform(static_cast<std::uint64_t>(side * DroppedRoom::kUnit))) -
          side * DroppedRoom::kUnit / 2;
  }
  return rooms;
}

namespace {

// Rooms bucketed by the cell of their top-left corner in a dense grid whose buckets are at
// least as large as any room: two overlapping rooms have corners in neighbouring buckets, so
// each pair is found exactly once by scanning the 3 x 3 buckets around a room. Rebuilt each
// step by counting sort: no allocation per query, no hashing.
class CornerGrid {
 public:
  CornerGrid(const std::vector<DroppedRoom>& rooms, std::int64_t bucket) : bucket_(bucket) {
    lo_x_ = lo_y_ = INT64_MAX;
    std::int64_t hi_x = INT64_MIN, hi_y = INT64_MIN;
    for (const DroppedRoom& r : rooms) {
      lo_x_ = std::min(lo_x_, r.x / bucket_ - 1);
      lo_y_ = std::min(lo_y_, r.y / bucket_ - 1);
      hi_x = std::max(hi_x, r.x / bucket_ + 1);
      hi_y = std::max(hi_y, r.y / bucket_ + 1);
    }
    width_ = hi_x - lo_x_ + 1;
    const std::int64_t height = hi_y - lo_y_ + 1;
    start_.assign(static_cast<std::size_t>(width_ * height + 1), 0);
    for (const DroppedRoom& r : rooms) ++start_[slot(r) + 1];
    for (std::size_t i = 1; i < start_.size(); ++i) start_[i] += start_[i - 1];
    ids_.resize(rooms.size());
    std::vector<std::int32_t> fill(start_.begin(), start_.end() - 1);
    for (std::size_t i = 0; i < rooms.size(); ++i)
      ids_[static_cast<std::size_t>(fill[slot(rooms[i])]++)] = static_cast<std::int32_t>(i);
  }
  // Calls f(j) for every room whose corner lies in the 3 x 3 buckets around room r's.
  template <typename F>
  void around(const DroppedRoom& r, F f) const {
    const std::size_t centre = slot(r);
    for (std::int64_t dy = -1; dy <= 1; ++dy) {
      for (std::int64_t dx = -1; dx <= 1; ++dx) {
        const auto s =
            static_cast<std::size_t>(static_cast<std::int64_t>(centre) + dy * width_ + dx);
        for (std::int32_t k = start_[s]; k < start_[s + 1]; ++k)
          f(ids_[static_cast<std::size_t>(k)]);
      }
    }
  }

 private:
  [[nodiscard]] std::size_t slot(const DroppedRoom& r) const {
    return static_cast<std::size_t>((r.y / bucket_ - lo_y_) * width_ + (r.x / bucket_ - lo_x_));
  }
  std::int64_t bucket_, lo_x_, lo_y_, width_ = 0;
  std::vector<std::int32_t> start_, ids_;
};

}  // namespace

int separate(std::vector<DroppedRoom>& rooms, int max_steps) {
  const int n = static_cast<int>(rooms.size());
  int largest = 1;
  for (const DroppedRoom& r : rooms)
    largest = std::max({largest, outer_size(r).width, outer_size(r).height});
  std::vector<std::pair<std::int64_t, std::int64_t>> moves(rooms.size());
  for (int step = 0; step < max_steps; ++step) {
    const CornerGrid grid(rooms, (largest + 1) * DroppedRoom::kUnit);
    bool any = false;
    for (int i = 0; i < n; ++i) {
      const DroppedRoom& a = rooms[static_cast<std::size_t>(i)];
      std::int64_t dx = 0, dy = 0;
      grid.around(a, [&](int j) {
        const DroppedRoom& b = rooms[static_cast<std::size_t>(j)];
        if (j == i || !overlap(a, b)) return;
        // Away from the other room's centre (doubled, to stay in whole units).
        dx += (2 * a.x + outer_size(a).width * DroppedRoom::kUnit) -
              (2 * b.x + outer_size(b).width * DroppedRoom::kUnit);
        dy += (2 * a.y + outer_size(a).height * DroppedRoom::kUnit) -
              (2 * b.y + outer_size(b).height * DroppedRoom::kUnit);
        if (dx == 0 && dy == 0) dx = i < j ? -1 : 1;  // same centre: split deterministically
      });
      const std::int64_t len = isqrt(dx * dx + dy * dy);
      // One cell per step along the summed push.
      moves[static_cast<std::size_t>(i)] =
          len == 0 ? std::pair<std::int64_t, std::int64_t>{0, 0}
                   : std::pair{dx * DroppedRoom::kUnit / len, dy * DroppedRoom::kUnit / len};
      any = any || len > 0;
    }
    if (!any) return step;
    for (int i = 0; i < n; ++i) {
      rooms[static_cast<std::size_t>(i)].x += moves[static_cast<std::size_t>(i)].first;
      rooms[static_cast<std::size_t>(i)].y += moves[static_cast<std::size_t>(i)].second;
    }
  }
  return max_steps;
}

}  // namespace dungen::gen
