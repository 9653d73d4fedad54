#include "core/tile_settings.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <charconv>
#include <map>

#include "core/error.hpp"
#include "core/level_graph.hpp"
#include "core/text_lines.hpp"
#include "core/tileset_words.hpp"
#include "core/utf8.hpp"

namespace dungen::core {
namespace {

struct LineError {
  std::string what;
};

int parse_count(std::string_view key, std::string_view value, int max) {
  int n = -1;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  // "-0" is refused with every other signed number: counts are written without a sign.
  if (ec != std::errc{} || end != value.data() + value.size() || n < 0 || n > max ||
      value.starts_with('-')) {
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
    if (name == "all" || name == "rotations") {
      throw LineError{fmt::format(
          "'{}' stands alone: write orientations={} by itself, or list the orientations "
          "(r0, r90, r180, r270, f0, f90, f180, f270)",
          name, name)};
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

// The tags of `value` ("room,boss"), sorted, without repeats.
std::vector<std::string> parse_tag_list(std::string_view value) {
  std::vector<std::string> tags;
  std::size_t start = 0;
  while (start <= value.size() && !value.empty()) {
    const std::size_t comma = std::min(value.find(',', start), value.size());
    const std::string_view tag = value.substr(start, comma - start);
    if (tag.size() > 64) {
      throw LineError{fmt::format("tag '{}' is {} characters long; a tag may have at most 64", tag,
                                  tag.size())};
    }
    if (!valid_tag(tag)) {
      throw LineError{fmt::format(
          "tag '{}' is not a word; list tags separated by commas without spaces, each of "
          "letters, digits, '_' and '-', e.g. tags=room,boss",
          tag)};
    }
    tags.emplace_back(tag);
    start = comma + 1;
  }
  if (tags.size() > kMaxTags)
    throw LineError{
        fmt::format("{} tags, more than the {} a tile may carry", tags.size(), kMaxTags)};
  std::sort(tags.begin(), tags.end());
  tags.erase(std::unique(tags.begin(), tags.end()), tags.end());
  return tags;
}

// The lines that last set each of a tile's settings, 0 = none: the latest line wins, and
// contradictory settings are told by where they came from.
struct SetOn {
  int weight = 0;
  int max = 0;
  int required = 0;
  int far = 0;
  int orientations = 0;
  int tags = 0;
};

void apply_setting(std::string_view word, TileSettings& s, SetOn& on, int line) {
  if (word == "required") {
    s.required = true;
    on.required = line;
    return;
  }
  if (word == "far") {
    s.far = true;
    on.far = line;
    return;
  }
  const std::size_t eq = word.find('=');
  const std::string_view key = word.substr(0, eq);
  const std::string_view value = eq == std::string_view::npos ? "" : word.substr(eq + 1);
  if (key == "weight" && eq != std::string_view::npos) {
    s.weight = static_cast<std::uint32_t>(parse_count(key, value, 1000000));
    on.weight = line;
  } else if (key == "max" && eq != std::string_view::npos) {
    s.max_uses = parse_count(key, value, 1000000000);
    on.max = line;
  } else if (key == "orientations" && eq != std::string_view::npos) {
    s.orientations = parse_orientation_list(value);
    on.orientations = line;
  } else if (key == "tags" && eq != std::string_view::npos) {
    s.tags = parse_tag_list(value);
    on.tags = line;
  } else {
    throw LineError{
        fmt::format("unknown setting '{}'; use weight=N, max=N, required, far, "
                    "orientations=LIST or tags=LIST",
                    word)};
  }
}

// What the valid setting `word` sets, as "key=value" with the value as read ("max=7" for
// "max=007", "orientations=15" for "orientations=rotations").
std::string meaning(std::string_view word) {
  TileSettings s;
  SetOn on;
  apply_setting(word, s, on, 0);
  const std::string_view key = word.substr(0, word.find('='));
  if (key == "weight") return fmt::format("weight={}", s.weight);
  if (key == "max") return fmt::format("max={}", s.max_uses.value_or(-1));
  if (key == "orientations") return fmt::format("orientations={}", s.orientations);
  if (key == "tags") return fmt::format("tags={}", fmt::join(s.tags, ","));
  return std::string(key);
}

// One line giving a setting twice with different values ("max=1 max=3") contradicts itself.
// `settings` are known to be valid.
void check_repeats(const std::vector<std::string>& settings) {
  std::map<std::string, std::string_view> seen;  // key -> the first word that set it
  for (const std::string& s : settings) {
    const std::string m = meaning(s);
    const auto [it, fresh] = seen.emplace(m.substr(0, m.find('=')), s);
    if (!fresh && meaning(it->second) != m) {
      throw LineError{
          fmt::format("{} and {} on one line contradict each other; keep one", it->second, s)};
    }
  }
}

// What a tile both required and max=0 (must be placed once, may never be) is told, at the
// later of the two lines.
std::string required_and_never(const std::string& name, SetOn on) {
  constexpr std::string_view kFix = "remove one of the two (a required tile needs max=1 or more)";
  if (on.required == on.max)
    return fmt::format("'{}' is both required and max=0: it must be placed but never may be; {}",
                       name, kFix);
  if (on.max > on.required) {
    return fmt::format("max=0 says '{}' may never be placed, but line {} makes it required; {}",
                       name, on.required, kFix);
  }
  return fmt::format("required says '{}' must be placed once, but line {} gives it max=0; {}", name,
                     on.max, kFix);
}

// Throws for the first line (in file order) that leaves a tile both required and max=0.
void check_contradictions(const std::vector<Tile>& tiles, const std::vector<SetOn>& on,
                          const std::string& source) {
  std::size_t worst = tiles.size();
  int worst_line = 0;
  for (std::size_t i = 0; i < tiles.size(); ++i) {
    const TileSettings& s = tiles[i].settings;
    const int line = std::max(on[i].required, on[i].max);
    if (s.required && s.max_uses == 0 && (worst == tiles.size() || line < worst_line)) {
      worst = i;
      worst_line = line;
    }
  }
  if (worst == tiles.size()) return;
  throw file_error(source, fmt::format("line {}: {}", worst_line,
                                       required_and_never(tiles[worst].name, on[worst])));
}

// The first space in `name` that is not ASCII, as "U+00A0" (no-break space), "U+2000" to
// "U+200B", "U+202F", "U+3000" or "U+FEFF": it looks like a space in a message but does not
// separate words. Empty when there is none.
std::string unusual_space(std::string_view name) {
  for (std::size_t i = 0; i + 1 < name.size(); ++i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(name[i + k]); };
    if (b(0) == 0xC2 && b(1) == 0xA0) return "U+00A0";
    if (i + 2 >= name.size()) continue;
    const unsigned code = ((b(0) & 0x0Fu) << 12) | ((b(1) & 0x3Fu) << 6) | (b(2) & 0x3Fu);
    const bool three = (b(0) & 0xF0u) == 0xE0u && (b(1) & 0xC0u) == 0x80u && (b(2) & 0xC0u) == 0x80u;
    if (three && ((code >= 0x2000 && code <= 0x200B) || code == 0x202F || code == 0x3000 ||
                  code == 0xFEFF)) {
      return fmt::format("U+{:04X}", code);
    }
  }
  return "";
}

// "no tile 'NAME' ..." with a hint: the name with the words after it when that is a tile
// (a name with spaces, unquoted), else the closest name.
std::string no_tile_message(const std::string& name, const std::vector<std::string>& settings,
                            const std::vector<std::string>& names) {
  if (const std::string space = unusual_space(name); !space.empty()) {
    return fmt::format("no tile '{}' in this folder; it holds the character {}, which looks like "
                       "a space but is not one: separate the name from its settings with a "
                       "plain space or tab",
                       name, space);
  }
  std::size_t longest = 0;
  for (const std::string& n : names) longest = std::max(longest, n.size());
  std::string joined = name;
  for (const std::string& word : settings) {
    joined += " " + word;
    if (joined.size() > longest) break;
    if (std::find(names.begin(), names.end(), joined) != names.end()) {
      return fmt::format("no tile '{}' in this folder; a name with spaces goes in quotes: {}", name,
                         tileset_written_name(joined));
    }
  }
  const std::string hint = closest_match(name, names);
  if (hint.empty()) {
    return fmt::format("no tile '{}' in this folder; name a PNG file of the folder (dungen "
                       "inspect lists them), or remove the line",
                       name);
  }
  const std::string written = tileset_written_name(hint);
  return fmt::format("no tile '{}' in this folder; did you mean {}?{}", name,
                     written == hint ? "'" + hint + "'" : written, same_letters_note(name, hint));
}

// The tiles' indices by name, so a line finds its tile without going through them all.
class NameIndex {
 public:
  using Entry = std::pair<std::string_view, std::size_t>;
  explicit NameIndex(const std::vector<std::string>& names) {
    for (std::size_t i = 0; i < names.size(); ++i) entries_.emplace_back(names[i], i);
    std::sort(entries_.begin(), entries_.end());
  }
  // The entries of the tiles called `name`.
  [[nodiscard]] std::pair<std::vector<Entry>::const_iterator, std::vector<Entry>::const_iterator>
  find(std::string_view name) const {
    const auto by_name = [](const Entry& a, const Entry& b) { return a.first < b.first; };
    return std::equal_range(entries_.begin(), entries_.end(), Entry{name, 0}, by_name);
  }

 private:
  std::vector<Entry> entries_;
};

// What the `*` lines set, kept once rather than on every tile: each setting goes to a tile at
// the end unless a later line for the tile itself set it, so a file of many `*` lines costs
// lines plus tiles, not lines times tiles.
struct Star {
  TileSettings settings;
  SetOn on;

  void give(TileSettings& s, SetOn& to) const {
    // A field set by a later `*` line than the tile's own lines takes the `*` value.
    const auto take = [](auto& field, const auto& value, auto& line, auto star_line) {
      if (star_line <= line) return;
      field = value;
      line = star_line;
    };
    take(s.weight, settings.weight, to.weight, on.weight);
    take(s.max_uses, settings.max_uses, to.max, on.max);
    take(s.required, settings.required, to.required, on.required);
    take(s.far, settings.far, to.far, on.far);
    take(s.orientations, settings.orientations, to.orientations, on.orientations);
    take(s.tags, settings.tags, to.tags, on.tags);
  }
};

}  // namespace

void apply_tile_settings(std::string_view text, const std::string& source, std::vector<Tile>& tiles,
                         const std::vector<std::string>& skipped) {
  std::vector<std::string> names;
  for (const Tile& t : tiles) names.push_back(t.name);
  const NameIndex index(names);
  std::vector<std::string_view> skip(skipped.begin(), skipped.end());
  std::sort(skip.begin(), skip.end());
  std::vector<SetOn> set_on(tiles.size());
  Star star;
  for_each_line(text, [&](const TextLine& text_line) {
    check_line_bytes(text_line, source);
    const int line_no = text_line.number;
    std::vector<TilesetWord> words;
    try {
      words = split_tileset_words(text_line.text);
    } catch (const TilesetWordError& e) {
      throw file_error(source, fmt::format("line {} column {}: {}", line_no, e.column, e.what()));
    }
    if (words.empty()) return;
    const std::string& name = words.front().text;
    if (std::binary_search(skip.begin(), skip.end(), std::string_view(name))) return;
    try {
      std::vector<std::string> settings;
      for (std::size_t k = 1; k < words.size(); ++k) settings.push_back(std::move(words[k].text));
      const auto [first, last] = index.find(name);
      if (name == "*" && !tiles.empty()) {
        for (const std::string& s : settings) apply_setting(s, star.settings, star.on, line_no);
      }
      for (auto it = first; it != last; ++it) {
        for (const std::string& s : settings)
          apply_setting(s, tiles[it->second].settings, set_on[it->second], line_no);
      }
      if (name != "*" && first == last) throw LineError{no_tile_message(name, settings, names)};
      check_repeats(settings);
    } catch (const LineError& e) {
      throw file_error(source, fmt::format("line {}: {}", line_no, e.what));
    }
  });
  for (std::size_t i = 0; i < tiles.size(); ++i) star.give(tiles[i].settings, set_on[i]);
  check_contradictions(tiles, set_on, source);
}

}  // namespace dungen::core
