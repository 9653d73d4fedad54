// Layout JSON down the `dungen layout FILE` path (text_paths.hpp).
#include <fmt/format.h>

#include <string>

#include "core/error.hpp"
#include "core/hash.hpp"
#include "gen/layout/layout.hpp"
#include "io/formats/layout_file.hpp"
#include "pipeline/layout.hpp"
#include "text_checks.hpp"
#include "text_paths.hpp"

namespace dungen::fuzz {
namespace {

using detail::check_error;
using detail::fail;

const std::string kLayoutName = "fuzz.json";

// What parse_layout promises before validation: the name, unique room names, links by index.
void check_spec(const core::LayoutSpec& spec) {
  if (spec.name != kLayoutName) fail("a parsed layout is not named after its file: " + spec.name);
  const int rooms = static_cast<int>(spec.rooms.size());
  for (std::size_t i = 0; i < spec.rooms.size(); ++i) {
    for (std::size_t j = 0; j < i; ++j) {
      if (spec.rooms[i].name == spec.rooms[j].name)
        fail("two rooms of a parsed layout share a name");
    }
  }
  for (const core::LayoutLink& l : spec.links) {
    if (l.a < 0 || l.b < 0 || l.a >= rooms || l.b >= rooms)
      fail("a parsed connection names no room");
    if (l.at < -1) fail("a parsed connection has at < -1");
  }
}

// A valid layout's level: space-sized, every room's floor still floor, entrance and exit on floor.
void check_level(const core::LayoutSpec& spec, const core::Level& level) {
  if (level.map.cells.size() != spec.space) fail("the map is not the layout's space");
  for (const core::LayoutRoom& room : spec.rooms) {
    for (int y = room.floor.y; y < room.floor.bottom(); ++y) {
      for (int x = room.floor.x; x < room.floor.right(); ++x) {
        if (level.map.cells[core::Point{x, y}] != core::CellKind::Floor) {
          fail(fmt::format("room '{}': cell ({}, {}) of its floor is not floor", room.name, x, y));
        }
      }
    }
  }
  for (const auto& cell : {level.analysis.entrance, level.analysis.exit}) {
    if (cell && level.map.cells.get_or(*cell, core::CellKind::Void) != core::CellKind::Floor) {
      fail("the entrance or exit is not on floor");
    }
  }
  if (level.map.connections.size() < spec.links.size()) fail("fewer connections than the layout's");
}

// Locks and content drawn from the input's hash, so the fuzzer reaches the analyses too.
pipeline::LayoutSettings settings_for(const core::LayoutSpec& spec, std::uint64_t hash) {
  pipeline::LayoutSettings s;
  s.spec = spec;
  s.analyses.locks = static_cast<int>(hash % 3);
  s.analyses.content.spikes = static_cast<int>((hash >> 2) % 3);
  s.analyses.content.monsters = static_cast<int>((hash >> 4) % 4);
  s.analyses.content.chests = static_cast<int>((hash >> 6) % 3);
  s.analyses.content.loot = static_cast<int>((hash >> 8) % 3);
  s.analyses.content.decor = static_cast<int>((hash >> 10) % 3);
  return s;
}

}  // namespace

TextPathOutcome run_layout_path(std::span<const std::uint8_t> bytes) {
  core::LayoutSpec spec;
  try {
    spec = io::formats::parse_layout(detail::as_text(bytes), kLayoutName);
  } catch (const Error& e) {
    check_error(e, kLayoutName);
    return TextPathOutcome::Rejected;
  }
  check_spec(spec);
  try {
    gen::validate_layout(spec);
  } catch (const Error& e) {
    check_error(e, kLayoutName);
    return TextPathOutcome::Parsed;
  }
  if (spec.space.area() > kMaxLayoutArea || spec.rooms.size() > kMaxLayoutParts ||
      spec.links.size() > kMaxLayoutParts) {
    return TextPathOutcome::Parsed;
  }
  const std::uint64_t hash = core::fnv1a(bytes);
  core::Level level;
  try {
    level = pipeline::layout_level(settings_for(spec, hash), hash >> 16);
  } catch (const Error& e) {
    check_error(e, kLayoutName);  // a hallway that crosses another hallway everywhere
    return TextPathOutcome::Parsed;
  }
  check_level(spec, level);
  detail::check_reports(level);
  return TextPathOutcome::Generated;
}

}  // namespace dungen::fuzz
