// Snapping separated rooms to whole cells (rooms.hpp): rounding, then exact pairwise pushes.
#include <algorithm>
#include <climits>

#include "gen/rooms/rooms.hpp"

namespace dungen::gen {
namespace {

// The pushes see a room's neighbours through 16-cell buckets of the positions the pass began
// with: room j is pushed from room i in a pass when the buckets j covered then meet the ones
// i covers now (and the two overlap now). The bucket size is part of the rule: it decides
// which pairs a pass sees, so the map of a seed depends on it.
constexpr int kBucket = 16;

int bucket_of(int v) { return v >= 0 ? v / kBucket : -((-v + kBucket - 1) / kBucket); }

// The buckets a rectangle covers, inclusive.
struct Span {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  explicit Span(const core::Rect& r)
      : x0(bucket_of(r.x)),
        y0(bucket_of(r.y)),
        x1(bucket_of(r.right() - 1)),
        y1(bucket_of(r.bottom() - 1)) {}
  [[nodiscard]] bool meets(const Span& o) const {
    return x0 <= o.x1 && o.x0 <= x1 && y0 <= o.y1 && o.y0 <= y1;
  }
};

// Spans indexed by the block (of `block` buckets a side, at least the widest span) holding
// their first bucket: the spans meeting a query start in the query's blocks or the ones
// just above and left of them. A dense array over the spans' extent, filled by counting sort;
// blocks grow until the array has about as many entries as spans.
class SpanIndex {
 public:
  explicit SpanIndex(const std::vector<Span>& spans) : spans_(spans) {
    int lo_x = INT_MAX, lo_y = INT_MAX, hi_x = INT_MIN, hi_y = INT_MIN;
    for (const Span& s : spans) {
      block_ = std::max({block_, s.x1 - s.x0 + 1, s.y1 - s.y0 + 1});
      lo_x = std::min(lo_x, s.x0), lo_y = std::min(lo_y, s.y0);
      hi_x = std::max(hi_x, s.x0), hi_y = std::max(hi_y, s.y0);
    }
    if (spans.empty()) lo_x = lo_y = hi_x = hi_y = 0;
    origin_x_ = lo_x, origin_y_ = lo_y;
    const auto limit = static_cast<std::int64_t>(4 * spans.size() + 64);
    const auto blocks = [&](int lo, int hi) {
      return static_cast<std::int64_t>(hi - lo) / block_ + 1;
    };
    while (blocks(lo_x, hi_x) * blocks(lo_y, hi_y) > limit) block_ *= 2;
    width_ = static_cast<int>(blocks(lo_x, hi_x));
    height_ = static_cast<int>(blocks(lo_y, hi_y));
    start_.assign(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_) + 1, 0);
    for (const Span& s : spans) ++start_[slot(s.x0, s.y0) + 1];
    for (std::size_t i = 1; i < start_.size(); ++i) start_[i] += start_[i - 1];
    ids_.resize(spans.size());
    std::vector<int> fill(start_.begin(), start_.end() - 1);
    for (std::size_t i = 0; i < spans.size(); ++i)
      ids_[static_cast<std::size_t>(fill[slot(spans[i].x0, spans[i].y0)]++)] = static_cast<int>(i);
  }

  // Calls f(j) for every span j that meets `q`, in no particular order.
  template <typename F>
  void meeting(const Span& q, F f) const {
    const int bx0 = std::max(0, block(q.x0, origin_x_) - 1);
    const int by0 = std::max(0, block(q.y0, origin_y_) - 1);
    const int bx1 = std::min(width_ - 1, block(q.x1, origin_x_));
    const int by1 = std::min(height_ - 1, block(q.y1, origin_y_));
    for (int by = by0; by <= by1; ++by) {
      for (int bx = bx0; bx <= bx1; ++bx) {
        const std::size_t s = slot_of_block(bx, by);
        for (int k = start_[s]; k < start_[s + 1]; ++k) {
          const int j = ids_[static_cast<std::size_t>(k)];
          if (spans_[static_cast<std::size_t>(j)].meets(q)) f(j);
        }
      }
    }
  }

 private:
  // Block of bucket v along an axis starting at `origin` (negative: before the first block).
  [[nodiscard]] int block(int v, int origin) const {
    const std::int64_t d = static_cast<std::int64_t>(v) - origin;
    return static_cast<int>(d >= 0 ? d / block_ : -((-d + block_ - 1) / block_));
  }
  [[nodiscard]] std::size_t slot_of_block(int bx, int by) const {
    return static_cast<std::size_t>(by) * static_cast<std::size_t>(width_) +
           static_cast<std::size_t>(bx);
  }
  [[nodiscard]] std::size_t slot(int x0, int y0) const {
    return slot_of_block(block(x0, origin_x_), block(y0, origin_y_));
  }

  const std::vector<Span>& spans_;
  int block_ = 1, origin_x_ = 0, origin_y_ = 0, width_ = 0, height_ = 0;
  std::vector<int> start_, ids_;
};

std::vector<Span> spans_of(const std::vector<core::Rect>& rects) {
  std::vector<Span> spans;
  spans.reserve(rects.size());
  for (const core::Rect& r : rects) spans.emplace_back(r);
  return spans;
}

// One pass: each still-overlapping pair (i < j) that the pass sees, in order of i then j,
// pushes room j out of room i by exactly the overlap along the smaller axis (one room moves,
// so pushes cannot cancel into a stuck cluster). True when some room moved.
bool push_pass(std::vector<core::Rect>& out) {
  const std::vector<Span> before = spans_of(out);
  const SpanIndex index(before);
  std::vector<int> seen;
  bool moved = false;
  for (std::size_t i = 0; i < out.size(); ++i) {
    seen.clear();
    index.meeting(Span(out[i]), [&](int j) {
      if (j > static_cast<int>(i)) seen.push_back(j);
    });
    std::sort(seen.begin(), seen.end());
    for (int jj : seen) {
      const auto j = static_cast<std::size_t>(jj);
      if (!out[i].intersects(out[j])) continue;
      const core::Rect& a = out[i];
      core::Rect& b = out[j];
      const int ox = std::min(a.right(), b.right()) - std::max(a.x, b.x);
      const int oy = std::min(a.bottom(), b.bottom()) - std::max(a.y, b.y);
      if (ox <= oy) {
        b.x += (2 * b.x + b.width >= 2 * a.x + a.width) ? ox : -ox;
      } else {
        b.y += (2 * b.y + b.height >= 2 * a.y + a.height) ? oy : -oy;
      }
      moved = true;
    }
  }
  return moved;
}

// Empties each room that overlaps an earlier room still kept.
void give_up_overlapping(std::vector<core::Rect>& out) {
  const std::vector<Span> spans = spans_of(out);
  const SpanIndex index(spans);
  for (std::size_t i = 0; i < out.size(); ++i) {
    bool overlaps = false;
    index.meeting(spans[i], [&](int j) {
      overlaps = overlaps ||
                 (j < static_cast<int>(i) && out[i].intersects(out[static_cast<std::size_t>(j)]));
    });
    if (overlaps) out[i] = {};
  }
}

}  // namespace

std::vector<core::Rect> snap_to_cells(const std::vector<DroppedRoom>& rooms) {
  std::vector<core::Rect> out;
  for (const DroppedRoom& r : rooms) {
    const core::Size s{r.floor.width + 2, r.floor.height + 2};
    const auto round = [](std::int64_t v) {
      return static_cast<int>((v >= 0 ? v + DroppedRoom::kUnit / 2 : v - DroppedRoom::kUnit / 2) /
                              DroppedRoom::kUnit);
    };
    out.push_back({round(r.x), round(r.y), s.width, s.height});
  }
  // Rounding may leave overlaps of a cell. After steering stopped early, a heap may need many
  // passes; past 500, rooms that still overlap an earlier room are given up (emptied) so the
  // rest never overlap.
  bool moved = true;
  for (int pass = 0; moved && pass < 500; ++pass) moved = push_pass(out);
  if (moved) give_up_overlapping(out);
  return out;
}

}  // namespace dungen::gen
