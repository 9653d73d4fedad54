// The Doom outputs of a dungeon of floors (doom_dungeon.hpp): one WAD of MAP01, MAP02, ...
// and one demo playing them in turn.
#include "export/doom_dungeon.hpp"

#include <fmt/format.h>

#include "core/error.hpp"
#include "export/doom_map.hpp"
#include "export/wad.hpp"

namespace dungen::exporters {
namespace {

constexpr std::uint8_t kPressUse = 2;  // BT_USE
// Idle tics left to spare where the engine waits for the player (see intermission_tics).
constexpr int kSpareTics = 4;

// `e` about floor `floor` (0 = the first) of `count`: "floor 2 of 3: " after the field it names.
Error floor_error(const Error& e, std::size_t floor, std::size_t count) {
  const std::string& raw = e.raw();
  const std::string words = fmt::format("floor {} of {}: ", floor + 1, count);
  const std::size_t field_end = raw.rfind('{', 0) == 0 ? raw.find("}: ") : std::string::npos;
  if (field_end == std::string::npos) return Error(words + raw, e.kind());
  return Error(raw.substr(0, field_end + 3) + words + raw.substr(field_end + 3), e.kind());
}

// Calls `make` for floor k of `floors`, naming the floor in its errors when there are several.
template <typename Make>
auto for_floor(std::span<const core::Level> floors, std::size_t k, Make make) {
  if (floors.size() == 1) return make(floors[k]);
  try {
    return make(floors[k]);
  } catch (const Error& e) {
    throw floor_error(e, k, floors.size());
  }
}

// Whether Doom II shows a text screen after the normal exit of map `map`.
bool text_screen_after(int map) { return map == 6 || map == 11 || map == 20; }

}  // namespace

std::string doom_map_name(int map) { return fmt::format("MAP{:02}", map); }

void check_doom_floor_count(std::size_t floors) {
  if (floors == 0 || floors > static_cast<std::size_t>(kDoomMostMaps)) {
    throw field_error(
        "floors",
        fmt::format("a Doom II WAD holds at most {} maps whose exits lead one to the next "
                    "(MAP01 to MAP{}: the exit of MAP{} ends the game, and MAP31 and MAP32 are "
                    "secret levels), not {}; give {{floors}} {} or fewer, or leave out {{wad}}",
                    kDoomMostMaps, kDoomMostMaps, kDoomMostMaps, floors, kDoomMostMaps));
  }
}

std::vector<std::uint8_t> doom_dungeon_wad(std::span<const core::Level> floors) {
  check_doom_floor_count(floors.size());
  const core::Size frame = floors.front().map.cells.size();
  if (floors.size() > 1 && (frame.width > kDoomMaxCells || frame.height > kDoomMaxCells)) {
    throw field_error(
        "wad",
        fmt::format("the floors are {}x{} cells (every floor's map is the frame that holds "
                    "them all), larger than a Doom map can be ({}x{} cells of {} units); "
                    "make smaller floors or fewer of them, e.g. with fewer tiles or rooms",
                    frame.width, frame.height, kDoomMaxCells, kDoomMaxCells, kDoomUnitsPerCell));
  }
  std::vector<WadLump> lumps;
  for (std::size_t k = 0; k < floors.size(); ++k) {
    lumps.push_back({doom_map_name(static_cast<int>(k) + 1), {}});
    const DoomMap map =
        for_floor(floors, k, [](const core::Level& level) { return build_doom_map(level); });
    for (WadLump& l : map_lumps(map)) lumps.push_back(std::move(l));
  }
  return encode_wad(lumps);
}

std::vector<DemoTic> intermission_tics(int map) {
  // The exit switch is pressed on tic T; the intermission screen runs from T + 1. "Use" shows
  // every count at once on a press (it must be released first: it was held on the switch);
  // the second press ends the screen 10 tics later (Doom II goes to the next map at once).
  std::vector<DemoTic> tics;
  const auto idle = [&tics](int count) {
    for (int i = 0; i < count; ++i) tics.push_back({});
  };
  idle(2);
  tics.push_back({0, 0, 0, kPressUse});
  idle(2);
  tics.push_back({0, 0, 0, kPressUse});
  idle(10);
  if (text_screen_after(map)) {  // the text screen takes any button once 50 tics have passed
    idle(51 + kSpareTics);
    tics.push_back({0, 0, 0, kPressUse});
  } else {
    idle(kSpareTics);
  }
  return tics;
}

std::vector<DemoTic> dungeon_demo_tics(std::span<const core::Level> floors) {
  check_doom_floor_count(floors.size());
  std::vector<DemoTic> tics;
  for (std::size_t k = 0; k < floors.size(); ++k) {
    std::vector<DemoTic> floor =
        for_floor(floors, k, [](const core::Level& level) { return demo_tics(level); });
    if (k + 1 < floors.size()) {  // on to the next map from the exit switch (the last press)
      while (!floor.empty() && floor.back() == DemoTic{}) floor.pop_back();
      const std::vector<DemoTic> between = intermission_tics(static_cast<int>(k) + 1);
      floor.insert(floor.end(), between.begin(), between.end());
    }
    tics.insert(tics.end(), floor.begin(), floor.end());
  }
  return tics;
}

std::vector<std::uint8_t> doom_dungeon_demo(std::span<const core::Level> floors) {
  return encode_demo(dungeon_demo_tics(floors));
}

}  // namespace dungen::exporters
