#include "core/tile_settings.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <sstream>

#include "core/error.hpp"
#include "core/text_lines.hpp"

namespace dungen::core {
namespace {

struct LineError {
  std::string what;
};

int parse_count(std::string_view key, std::string_view value, int max) {
  int n = -1;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  if (ec != std::errc{} || end != value.data() + value.size() || n < 0 || n > max) {
    throw LineError{fmt::format("{}={} must be a whole number from 0 to {}", key, value, max)};
  }
  return n;
}

std::uint8_t parse_orientation_list(std::string_view value) {
  if (value == "all") return 0xFF;
  if (value == "rotations") return 0x0F;
  std::uint8_t mask = 0;
  std::size_t start = 0;
  while (start <= value.size()) {
    const std::size_t comma = std::min(value.find(',', start), value.size());
    const std::string_view name = value.substr(start, comma - start);
    const auto o = parse_orientation(name);
    if (name.empty()) {
      throw LineError{
          "empty orientation name; list orientations separated by commas without "
          "spaces, e.g. orientations=r0,r180"};
    }
    if (!o) {
      throw LineError{
          fmt::format("unknown orientation '{}'; use r0, r90, r180, r270, f0, f90, "
                      "f180, f270, 'rotations' or 'all'",
                      name)};
    }
    mask = static_cast<std::uint8_t>(mask | (1u << static_cast<unsigned>(*o)));
    start = comma + 1;
  }
  return mask;
}

void apply_setting(std::string_view word, TileSettings& s) {
  if (word == "required") {
    s.required = true;
    return;
  }
  const std::size_t eq = word.find('=');
  const std::string_view key = word.substr(0, eq);
  const std::string_view value = eq == std::string_view::npos ? "" : word.substr(eq + 1);
  if (key == "weight" && eq != std::string_view::npos) {
    s.weight = static_cast<std::uint32_t>(parse_count(key, value, 1000000));
  } else if (key == "max" && eq != std::string_view::npos) {
    s.max_uses = parse_count(key, value, 1000000000);
  } else if (key == "orientations" && eq != std::string_view::npos) {
    s.orientations = parse_orientation_list(value);
  } else {
    throw LineError{
        fmt::format("unknown setting '{}'; use weight=N, max=N, required or "
                    "orientations=LIST",
                    word)};
  }
}

}  // namespace

std::string closest_match(std::string_view word, const std::vector<std::string>& choices,
                          std::size_t max_edits) {
  // A suggestion is for a typo in a name people type: a long word, or a list too long to
  // compare against, gets none (the cost grows with both).
  if (word.size() > kMaxSuggestedLength || choices.size() > kMaxSuggestionChoices) return "";
  std::string best;
  // this many edits or more is not a typo
  std::size_t best_cost = std::min(word.size() / 2 + 2, max_edits + 1);
  for (const std::string& c : choices) {
    if (c.size() > kMaxSuggestedLength) continue;
    std::vector<std::size_t> row(c.size() + 1);
    for (std::size_t j = 0; j <= c.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= word.size(); ++i) {
      std::size_t diag = row[0];
      row[0] = i;
      for (std::size_t j = 1; j <= c.size(); ++j) {
        const std::size_t up = row[j];
        row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (word[i - 1] == c[j - 1] ? 0u : 1u)});
        diag = up;
      }
    }
    if (row[c.size()] < best_cost) {
      best_cost = row[c.size()];
      best = c;
    }
  }
  return best;
}

void apply_tile_settings(std::string_view text, const std::string& source, std::vector<Tile>& tiles,
                         const std::vector<std::string>& skipped) {
  std::vector<std::string> names;
  for (const Tile& t : tiles) names.push_back(t.name);
  for (const TextLine& text_line : split_lines(text)) {
    check_line_bytes(text_line, source);
    const int line_no = text_line.number;
    std::string line(text_line.text);
    if (const auto hash = line.find('#'); hash != std::string::npos) line.resize(hash);
    std::istringstream words(line);
    std::string name, word;
    if (!(words >> name)) continue;
    if (std::find(skipped.begin(), skipped.end(), name) != skipped.end()) continue;
    try {
      std::vector<std::string> settings;
      while (words >> word) settings.push_back(word);
      for (Tile& t : tiles) {
        if (name != "*" && t.name != name) continue;
        for (const std::string& s : settings) apply_setting(s, t.settings);
      }
      if (name != "*" && std::find(names.begin(), names.end(), name) == names.end()) {
        const std::string hint = closest_match(name, names);
        throw LineError{fmt::format("no tile '{}' in this folder{}", name,
                                    hint.empty() ? "" : fmt::format("; did you mean '{}'?", hint))};
      }
    } catch (const LineError& e) {
      throw file_error(source, fmt::format("line {}: {}", line_no, e.what));
    }
  }
}

}  // namespace dungen::core
