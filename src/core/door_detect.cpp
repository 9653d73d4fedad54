#include "core/door_detect.hpp"

#include <algorithm>
#include <queue>
#include <tuple>

namespace dungen::core {
namespace {

bool open_towards(const Grid<CellKind>& cells, Point p, Facing f) {
  return cells.get_or(p + step(f), CellKind::Void) == CellKind::Void;
}

bool is_door(const Grid<CellKind>& cells, Point p) {
  return cells.get_or(p, CellKind::Void) == CellKind::Door;
}

// Maximal straight runs of door cells of one kind open towards `f`.
void collect_runs(const Grid<CellKind>& cells, const Grid<std::uint8_t>* kinds, Facing f,
                  std::vector<Door>& out) {
  const bool horizontal = along(f).x == 1;
  const int lines = horizontal ? cells.height() : cells.width();
  const int length = horizontal ? cells.width() : cells.height();
  const auto kind_at = [&](Point p) -> std::uint8_t { return kinds ? (*kinds)[p] : 0; };
  for (int line = 0; line < lines; ++line) {
    int run_start = -1;
    std::uint8_t run_kind = 0;
    for (int i = 0; i <= length; ++i) {
      const Point p = horizontal ? Point{i, line} : Point{line, i};
      const bool member = i < length && is_door(cells, p) && open_towards(cells, p, f);
      if (run_start >= 0 && (!member || kind_at(p) != run_kind)) {
        const Point s = horizontal ? Point{run_start, line} : Point{line, run_start};
        out.push_back(Door{s, i - run_start, f, run_kind});
        run_start = -1;
      }
      if (member && run_start < 0) {
        run_start = i;
        run_kind = kind_at(p);
      }
    }
  }
}

// Priority for claiming cells: longer first, then facing N, E, S, W, then earlier start.
struct ClaimOrder {
  bool operator()(const Door& a, const Door& b) const {
    // std::priority_queue pops the LARGEST element; "larger" = claims first.
    return std::tuple(a.width, -static_cast<int>(a.facing), -a.start.y, -a.start.x) <
           std::tuple(b.width, -static_cast<int>(b.facing), -b.start.y, -b.start.x);
  }
};

// Pushes the maximal pieces of `run` whose cells are not yet claimed.
void push_unclaimed_pieces(const Door& run, const Grid<char>& claimed,
                           std::priority_queue<Door, std::vector<Door>, ClaimOrder>& queue) {
  int piece_start = -1;
  for (int i = 0; i <= run.width; ++i) {
    const bool free = i < run.width && claimed[run.cell(i)] == 0;
    if (free && piece_start < 0) piece_start = i;
    if (!free && piece_start >= 0) {
      queue.push(Door{run.cell(piece_start), i - piece_start, run.facing, run.kind});
      piece_start = -1;
    }
  }
}

}  // namespace

namespace {

std::vector<Door> detect(const Grid<CellKind>& cells, const Grid<std::uint8_t>* kinds) {
  std::vector<Door> runs;
  for (Facing f : kFacings) collect_runs(cells, kinds, f, runs);
  std::priority_queue<Door, std::vector<Door>, ClaimOrder> queue(ClaimOrder{}, std::move(runs));
  Grid<char> claimed(cells.size(), 0);
  std::vector<Door> doors;
  while (!queue.empty()) {
    const Door run = queue.top();
    queue.pop();
    bool all_free = true;
    for (int i = 0; i < run.width; ++i) all_free = all_free && claimed[run.cell(i)] == 0;
    if (!all_free) {
      push_unclaimed_pieces(run, claimed, queue);
      continue;
    }
    for (int i = 0; i < run.width; ++i) claimed[run.cell(i)] = 1;
    doors.push_back(run);
  }
  std::sort(doors.begin(), doors.end(), [](const Door& a, const Door& b) {
    return std::tuple(a.start, a.facing) < std::tuple(b.start, b.facing);
  });
  return doors;
}

}  // namespace

std::vector<Door> detect_doors(const Grid<CellKind>& cells) { return detect(cells, nullptr); }

std::vector<Door> detect_doors(const Grid<CellKind>& cells, const Grid<std::uint8_t>& kinds) {
  return detect(cells, &kinds);
}

std::vector<Point> interior_door_cells(const Grid<CellKind>& cells,
                                       const std::vector<Door>& doors) {
  Grid<char> in_door(cells.size(), 0);
  for (const Door& d : doors) {
    for (int i = 0; i < d.width; ++i) in_door[d.cell(i)] = 1;
  }
  std::vector<Point> result;
  for (int y = 0; y < cells.height(); ++y) {
    for (int x = 0; x < cells.width(); ++x) {
      const Point p{x, y};
      if (cells[p] == CellKind::Door && in_door[p] == 0) result.push_back(p);
    }
  }
  return result;
}

}  // namespace dungen::core
