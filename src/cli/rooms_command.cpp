#include "cli/rooms_command.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cmath>
#include <memory>

#include "cli/level_command.hpp"
#include "cli/on_levels.hpp"
#include "cli/option_lines.hpp"
#include "cli/validators.hpp"
#include "core/error.hpp"
#include "pipeline/generators.hpp"
#include "pipeline/rooms.hpp"

namespace dungen::cli {
namespace {

constexpr int kDefaultMaxSteps = 5000;  // separation steps

struct RoomsCli {
  LevelOptions level;
  int rooms = 40;
  std::string room_size = "4-10";
  int door_width = 1;
  int gap = 2;
  std::string loops = "0.1";
  int max_steps = kDefaultMaxSteps;
};

std::pair<int, int> parse_range(const std::string& text) {
  const auto dash = text.find('-');
  int lo = 0, hi = 0;
  const char* end = text.data() + text.size();
  const bool ok = dash != std::string::npos &&
                  std::from_chars(text.data(), text.data() + dash, lo).ptr == text.data() + dash &&
                  std::from_chars(text.data() + dash + 1, end, hi).ptr == end && lo >= 3 &&
                  hi >= lo && hi <= 200;
  if (!ok)
    throw usage_error(
        "--room-size",
        fmt::format("'{}' is not MIN-MAX floor cells with 3 <= MIN <= MAX <= 200, e.g. 4-10",
                    text));
  return {lo, hi};
}

// rooms' own option lines, values as used ("--loops 1e-1" and "--loops 0.1" make one level and
// one line); the shared options' lines follow.
const OptionLine<gen::RoomsOptions> kRoomsLines[] = {
    {"rooms", "--rooms", [](const gen::RoomsOptions& r) { return whole(r.rooms); }},
    {"room_size", "--room-size",
     [](const gen::RoomsOptions& r) { return fmt::format("{}-{}", r.min_size, r.max_size); }},
    {"door_width", "--door-width", [](const gen::RoomsOptions& r) { return whole(r.door_width); }},
    {"gap", "--gap", [](const gen::RoomsOptions& r) { return whole(r.gap); }},
    {"loops", "--loops",
     [](const gen::RoomsOptions& r) { return permille_text(r.loops_permille); }},
    // Only when not the default: it shapes the level, and earlier reports stay as they were.
    {"max_steps", "--max-steps", [](const gen::RoomsOptions& r) { return whole(r.max_steps); },
     [](const gen::RoomsOptions& r) { return r.max_steps != kDefaultMaxSteps; }},
};

pipeline::RoomsSettings rooms_settings(const RoomsCli& o, const io::fs::RunFiles& files) {
  pipeline::RoomsSettings s;
  s.rooms.rooms = o.rooms;
  std::tie(s.rooms.min_size, s.rooms.max_size) = parse_range(o.room_size);
  s.rooms.door_width = o.door_width;
  s.rooms.gap = o.gap;
  s.rooms.loops_permille = fraction_permille("--loops", o.loops);
  s.rooms.max_steps = o.max_steps;
  s.analyses = o.level.analyses(files);
  add_option_lines(kRoomsLines, s.rooms, s.options);
  add_level_option_lines(o.level, s.options);
  if (s.rooms.door_width + 1 >= s.rooms.min_size) {
    throw usage_error("--door-width",
                      fmt::format("a door of width {} needs rooms at least {} cells wide; "
                                  "raise --room-size or narrow the door",
                                  o.door_width, o.door_width + 2));
  }
  return s;
}

void add_rooms_options(CLI::App& cmd, RoomsCli& o) {
  cmd.option_defaults()->group("Rooms");
  cmd.add_option("--rooms", o.rooms,
                 "Rooms placed at random (some are left out if no door can reach them)")
      ->transform(whole_number(1, 2000))
      ->capture_default_str();
  cmd.add_option("--room-size", o.room_size, "Floor size range MIN-MAX in cells")
      ->capture_default_str();
  cmd.add_option("--door-width", o.door_width, "Width of every door in cells")
      ->transform(whole_number(1, 50))
      ->capture_default_str();
  cmd.add_option("--gap", o.gap,
                 "Facing walls at most this many cells apart are neighbours (0 = touching)")
      ->transform(whole_number(0, 50))
      ->capture_default_str();
  cmd.add_option("--loops", o.loops,
                 "Fraction of the other neighbour pairs joined as extra doors (0 to 1)")
      ->capture_default_str();
  cmd.add_option("--max-steps", o.max_steps, "Separation steps before giving up")
      ->transform(whole_number(1, 1000000))
      ->capture_default_str();
}

core::Level make_rooms(const pipeline::RoomsSettings& settings, core::Seed seed) {
  return pipeline::rooms_level(settings, seed);
}

}  // namespace

void add_rooms_command(CLI::App& app, int& status) {
  auto o = std::make_shared<RoomsCli>();
  CLI::App* cmd = app.add_subcommand("rooms", std::string(pipeline::generator("rooms").summary));
  add_rooms_options(*cmd, *o);
  add_level_options(*cmd, o->level);
  on_levels(
      cmd, o->level, status, [](io::fs::RunFiles&) {},  // it reads no file
      [o](const io::fs::RunFiles& files) { return rooms_settings(*o, files); }, make_rooms,
      "rooms");
}

LevelMaker rooms_maker(const std::vector<std::string>& args) {
  return library_maker<RoomsCli>("rooms", args, add_rooms_options, rooms_settings, make_rooms);
}

}  // namespace dungen::cli
