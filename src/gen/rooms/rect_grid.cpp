#include "gen/rooms/rect_grid.hpp"

#include <algorithm>

namespace dungen::gen {

void RectGrid::insert(int id, core::Rect r) {
  for (int by = bucket_of(r.y); by <= bucket_of(r.bottom() - 1); ++by) {
    for (int bx = bucket_of(r.x); bx <= bucket_of(r.right() - 1); ++bx)
      buckets_[key(bx, by)].push_back(id);
  }
}

std::vector<int> RectGrid::near(core::Rect r, int margin) const {
  std::vector<int> ids;
  for (int by = bucket_of(r.y - margin); by <= bucket_of(r.bottom() - 1 + margin); ++by) {
    for (int bx = bucket_of(r.x - margin); bx <= bucket_of(r.right() - 1 + margin); ++bx) {
      const auto it = buckets_.find(key(bx, by));
      if (it != buckets_.end()) ids.insert(ids.end(), it->second.begin(), it->second.end());
    }
  }
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  return ids;
}

}  // namespace dungen::gen
