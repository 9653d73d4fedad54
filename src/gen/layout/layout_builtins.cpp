// The built-in designed layouts: grid, clock and maze (layout.hpp).
#include <fmt/format.h>

#include <array>
#include <charconv>
#include <cmath>

#include "core/error.hpp"
#include "core/fraction.hpp"
#include "gen/layout/layout.hpp"

namespace dungen::gen {
namespace {

// COLSxROWS rooms filling the space with single walls between them, joined along an S path
// (left to right, down, right to left, ...). Rooms are numbered along the path.
core::LayoutSpec grid(int cols, int rows, core::Size space) {
  if (cols < 1 || rows < 1) {
    throw usage_error(fmt::format("grid:{}x{}", cols, rows),
                      "needs at least one column and one row, e.g. grid:4x3");
  }
  const int fw = (space.width - 1 - cols) / cols, fh = (space.height - 1 - rows) / rows;
  if (fw < 3 || fh < 3) {
    throw usage_error(
        fmt::format("grid:{}x{}", cols, rows),
        fmt::format("the rooms do not fit a {}x{} space with floors at least 3 cells wide; {}",
                    space.width, space.height,
                    std::max(space.width, space.height) >= core::kMaxSpaceSide
                        ? fmt::format("use fewer rooms (at most {} per side)",
                                      (core::kMaxSpaceSide - 1) / 4)
                        : std::string("use fewer rooms or a larger {space}")));
  }
  core::LayoutSpec spec;
  spec.name = fmt::format("grid:{}x{}", cols, rows);
  spec.space = space;
  for (int r = 0; r < rows; ++r) {
    for (int i = 0; i < cols; ++i) {
      const int c = r % 2 == 0 ? i : cols - 1 - i;
      spec.rooms.push_back({fmt::format("room {}", spec.rooms.size() + 1),
                            {1 + c * (fw + 1), 1 + r * (fh + 1), fw, fh},
                            {}});
      if (spec.rooms.size() > 1) {
        const int n = static_cast<int>(spec.rooms.size());
        spec.links.push_back({n - 2, n - 1, core::LinkKind::Door, 1, -1});
      }
    }
  }
  return spec;
}

// 12 rooms on the border of a 4x4 grid of cells, clockwise like a clock face from hour 1 at
// the top, joined in order by hallways; hour 12 opens onto the boss room filling the centre.
core::LayoutSpec clock(core::Size space) {
  const int px = space.width / 4, py = space.height / 4;
  const int fw = px - 8, fh = py - 6;
  if (fw < 3 || fh < 3) {
    throw usage_error("clock", fmt::format("needs a {{space}} of at least 44x36, not {}x{}",
                                           space.width, space.height));
  }
  constexpr core::Point kCells[12] = {{2, 0}, {3, 0}, {3, 1}, {3, 2}, {3, 3}, {2, 3}, {1, 3},
                                      {0, 3}, {0, 2}, {0, 1}, {0, 0}, {1, 0}};  // hours 1..12
  core::LayoutSpec spec;
  spec.name = "clock";
  spec.space = space;
  for (int h = 0; h < 12; ++h) {
    const core::Point c = kCells[h];
    spec.rooms.push_back({fmt::format("hour {}", h + 1),
                          {c.x * px + (px - fw) / 2, c.y * py + (py - fh) / 2, fw, fh},
                          {}});
    if (h > 0) spec.links.push_back({h - 1, h, core::LinkKind::Hallway, 1, -1});
  }
  spec.rooms.push_back({"boss", {px + 3, py + 3, 2 * px - 6, 2 * py - 6}, {}});
  spec.links.push_back({11, 12, core::LinkKind::Hallway, 2, -1});
  return spec;
}

// One room filling the space, holding a maze: cells at odd offsets, passages carved by the
// recursive backtracker (depth-first with a stack), then `loops_permille` of the remaining
// walls between neighbouring cells opened.
core::LayoutSpec maze(core::Size space, int loops_permille, core::Rng& rng) {
  const core::Rect floor{1, 1, space.width - 2, space.height - 2};
  const int mw = (floor.width + 1) / 2, mh = (floor.height + 1) / 2;
  if (mw < 2 || mh < 2) {
    throw usage_error("maze", fmt::format("the space is too small for a maze ({}x{} cells); give "
                                          "{{space}} 5x5 or more",
                                          space.width, space.height));
  }
  core::Grid<char> open(core::Size{floor.width, floor.height}, 0);  // floor-relative cells
  std::vector<core::Point> stack{{0, 0}};
  open[core::Point{0, 0}] = 1;
  while (!stack.empty()) {
    const core::Point c = stack.back();
    std::array<core::Facing, 4> ways{};  // no allocation per step: the maze may have millions
    std::size_t count = 0;
    for (core::Facing f : core::kFacings) {
      const core::Point n = c + core::step(f);
      if (n.x >= 0 && n.y >= 0 && n.x < mw && n.y < mh && open[core::Point{2 * n.x, 2 * n.y}] == 0)
        ways[count++] = f;
    }
    if (count == 0) {
      stack.pop_back();
      continue;
    }
    const core::Facing f = ways[rng.uniform(count)];
    const core::Point n = c + core::step(f);
    open[core::Point{2 * c.x + core::step(f).x, 2 * c.y + core::step(f).y}] = 1;
    open[core::Point{2 * n.x, 2 * n.y}] = 1;
    stack.push_back(n);
  }
  std::vector<core::Point> closed;  // walls between two neighbouring cells, still closed
  for (int y = 0; y < floor.height; ++y) {
    for (int x = 0; x < floor.width; ++x) {
      const bool between = (x % 2) != (y % 2) && x < 2 * mw - 1 && y < 2 * mh - 1;
      if (between && open[core::Point{x, y}] == 0) closed.push_back({x, y});
    }
  }
  rng.shuffle(closed);
  closed.resize(static_cast<std::size_t>(
      (static_cast<std::int64_t>(closed.size()) * loops_permille + 500) / 1000));
  for (const core::Point& p : closed) open[p] = 1;
  core::LayoutSpec spec;
  spec.name = loops_permille > 0 ? fmt::format("maze:{}", loops_permille / 1000.0) : "maze";
  spec.space = space;
  spec.rooms.push_back({"maze", floor, {}});
  for (int y = 0; y < floor.height; ++y) {
    for (int x = 0; x < floor.width; ++x) {
      if (open[core::Point{x, y}] == 0)
        spec.rooms[0].inner_walls.push_back({floor.x + x, floor.y + y});
    }
  }
  return spec;
}

bool parse_int(std::string_view text, int& out) {
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc{} && ptr == text.data() + text.size();
}

}  // namespace

bool is_builtin_layout(const std::string& name) {
  return name == "clock" || name == "maze" || name.rfind("maze:", 0) == 0 ||
         name.rfind("grid:", 0) == 0;
}

core::LayoutSpec builtin_layout(const std::string& name, core::Size space, core::Rng& rng) {
  if (name == "clock") return clock(space);
  if (name == "maze") return maze(space, 0, rng);
  if (name.rfind("maze:", 0) == 0) {
    const std::optional<int> permille = core::fraction_permille(std::string_view(name).substr(5));
    if (!permille) {
      throw usage_error(name, "maze:LOOPS needs a fraction from 0 to 1, e.g. maze:0.1");
    }
    return maze(space, *permille, rng);
  }
  if (name.rfind("grid:", 0) == 0) {
    const std::string_view v = std::string_view(name).substr(5);
    const auto x = v.find('x');
    int cols = 0, rows = 0;
    if (x == std::string_view::npos || !parse_int(v.substr(0, x), cols) ||
        !parse_int(v.substr(x + 1), rows)) {
      throw usage_error(name, "grid:COLSxROWS needs two whole numbers, e.g. grid:4x3");
    }
    return grid(cols, rows, space);
  }
  throw usage_error(name,
                    "not a layout file or built-in; use a .json layout file, grid:COLSxROWS, clock "
                    "or maze[:LOOPS]");
}

}  // namespace dungen::gen
