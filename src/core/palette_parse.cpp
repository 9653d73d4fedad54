// Palette::parse: reading a palette file (docs/tile-format.md) into entries and door kinds.
#include "core/palette.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "core/error.hpp"
#include "core/text_lines.hpp"

namespace dungen::core {
namespace {

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Parses "#RRGGBB" or "#RRGGBBAA"; nullopt when malformed.
std::optional<PaletteEntry> parse_colour(std::string_view s) {
  if ((s.size() != 7 && s.size() != 9) || s[0] != '#') return std::nullopt;
  std::uint8_t bytes[4] = {0, 0, 0, 255};
  for (std::size_t i = 1; i < s.size(); i += 2) {
    const int hi = hex_digit(s[i]);
    const int lo = hex_digit(s[i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    bytes[(i - 1) / 2] = static_cast<std::uint8_t>(hi * 16 + lo);
  }
  PaletteEntry e;
  e.colour = Rgba{bytes[0], bytes[1], bytes[2], bytes[3]};
  e.has_alpha = s.size() == 9;
  return e;
}

std::vector<std::string_view> split_words(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    std::size_t j = i;
    while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
    if (j > i) words.push_back(line.substr(i, j - i));
    i = j;
  }
  return words;
}

// Drops a comment: from a '#' at the start of a word whose other characters are not all hex
// digits ("# note", "#note"), to the end of the line. "#12AB3" stays, to be reported as a
// malformed colour rather than silently ignored.
std::string_view strip_comment(std::string_view line) {
  for (std::size_t i = 0; i < line.size(); ++i) {
    if (line[i] != '#') continue;
    if (i > 0 && !std::isspace(static_cast<unsigned char>(line[i - 1]))) continue;
    std::size_t j = i + 1;
    while (j < line.size() && hex_digit(line[j]) >= 0) ++j;
    const bool colour_like =
        j > i + 1 && (j == line.size() || std::isspace(static_cast<unsigned char>(line[j])));
    if (!colour_like) return line.substr(0, i);
  }
  return line;
}

}  // namespace

namespace {

// A word of the kind column: "wall", "floor", "door", "empty" (or "void"), or "door:NAME".
struct KindWord {
  CellKind kind = CellKind::Void;
  std::string_view name;  // for door:NAME, NAME ("plain" for the plain door)
};

std::optional<KindWord> parse_kind_word(std::string_view word) {
  const std::size_t colon = word.find(':');
  const auto kind = parse_cell_kind(word.substr(0, colon));
  if (!kind) return std::nullopt;
  if (colon == std::string_view::npos)
    return KindWord{*kind, *kind == CellKind::Door ? "plain" : ""};
  return KindWord{*kind, word.substr(colon + 1)};
}

bool valid_kind_name(std::string_view name) {
  if (name.empty() || name.size() > static_cast<std::size_t>(kMaxDoorKindName)) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
  });
}

// "#GGGGGG wall": a colour-sized word then a kind is an entry with a typo, not a comment.
bool looks_like_entry(std::string_view line) {
  const auto words = split_words(line);
  return words.size() >= 2 && words[0].starts_with('#') &&
         (words[0].size() == 7 || words[0].size() == 9) && parse_kind_word(words[1]).has_value();
}

// One entry of the file, to find colours given twice.
struct SeenEntry {
  PaletteEntry entry;
  std::string meaning;  // "wall", "door:secret", ...
  int line = 0;
};

// Reads a palette file's entries into a palette, numbering door kinds as they appear.
class Reader {
 public:
  Reader(std::vector<PaletteEntry>& entries, std::vector<std::string>& kinds,
         const std::string& source)
      : entries_(entries), kinds_(kinds), source_(source) {}

  void add(const TextLine& line, std::string_view colour_word, std::string_view kind_word) {
    PaletteEntry entry = *parse_colour(colour_word);
    const KindWord kind = *parse_kind_word(kind_word);
    entry.kind = kind.kind;
    if (kind.kind != CellKind::Door && !kind.name.empty()) {
      fail(line, kind_word,
           fmt::format("'{}': only doors have kinds; write {} alone, or door:NAME for a door kind",
                       printable(kind_word, 40), cell_kind_name(kind.kind)));
    }
    if (kind.kind == CellKind::Door) entry.door_kind = door_kind(line, kind_word, kind.name);
    const std::string meaning = entry.door_kind == 0 ? std::string(cell_kind_name(kind.kind))
                                                     : fmt::format("door:{}", kind.name);
    check_repeat(line, colour_word, entry, meaning);
    seen_.push_back(SeenEntry{entry, meaning, line.number});
    entries_.push_back(entry);
  }

 private:
  [[noreturn]] void fail(const TextLine& line, std::string_view word, const std::string& what) {
    const auto column = word.data() - line.text.data() + 1;
    throw file_error(source_, fmt::format("line {} column {}: {}", line.number, column, what));
  }

  std::uint8_t door_kind(const TextLine& line, std::string_view word, std::string_view name) {
    if (name == "plain") return 0;
    if (!valid_kind_name(name)) {
      fail(line, word,
           fmt::format("'{}' is not a door kind name: use 1 to {} lowercase letters, digits, '-' "
                       "or '_', as in door:secret",
                       printable(name, 40), kMaxDoorKindName));
    }
    if (kinds_.empty()) kinds_.emplace_back("plain");
    const auto it = std::find(kinds_.begin(), kinds_.end(), name);
    if (it != kinds_.end()) return static_cast<std::uint8_t>(it - kinds_.begin());
    if (kinds_.size() > static_cast<std::size_t>(kMaxDoorKinds)) {
      fail(line, word,
           fmt::format("door:{} would be door kind {}, over the limit of {}; draw some of these "
                       "doors in a kind the file already names",
                       name, kinds_.size(), kMaxDoorKinds));
    }
    kinds_.emplace_back(name);
    return static_cast<std::uint8_t>(kinds_.size() - 1);
  }

  // A colour that a door:NAME line gives may be given by no other line, compared by the
  // pixels the lines match, not by their spelling: #RRGGBB matches its RGB at alpha 128 to
  // 255, so #RRGGBBAA with AA >= 128 names some of the same pixels. Earlier lines are looked
  // up by colour, not scanned: a palette of many lines reads in linear time.
  void check_repeat(const TextLine& line, std::string_view colour_word, const PaletteEntry& e,
                    const std::string& meaning) {
    const std::uint32_t rgb = rgb_key(e.colour);
    const bool opaque = e.colour.a >= 128;
    std::vector<Firsts*> overlapping;
    if (!e.has_alpha) {
      overlapping = {&plain_rgb_[rgb], &opaque_rgb_[rgb]};
    } else {
      overlapping = {&exact_[rgba_key(e.colour)]};
      if (opaque) overlapping.push_back(&plain_rgb_[rgb]);
    }
    // The first earlier line matching some of these pixels that is not plain beside plain.
    std::size_t earlier = kNone;
    for (const Firsts* f : overlapping)
      earlier = std::min(earlier, e.door_kind != 0 ? f->any : f->door);
    const std::size_t here = seen_.size();
    record(e.has_alpha ? exact_[rgba_key(e.colour)] : plain_rgb_[rgb], here, e);
    if (e.has_alpha && opaque) record(opaque_rgb_[rgb], here, e);
    if (earlier == kNone) return;
    const SeenEntry& s = seen_[earlier];
    if (s.entry.has_alpha == e.has_alpha && s.entry.colour == e.colour)
      fail_same_spelling(line, colour_word, e, meaning, s);
    const Rgba shared = e.has_alpha ? e.colour : s.entry.colour;
    if (s.meaning == meaning) {
      fail(line, colour_word,
           fmt::format("{} {} repeats line {}'s {} {} for pixels {}; remove one of the two lines",
                       spelling(e), meaning, s.line, spelling(s.entry), s.meaning,
                       rgba_hex(shared)));
    }
    fail(line, colour_word,
         fmt::format("{} is {} here but line {} makes {} {}, and both match pixels {}; give each "
                     "colour one meaning",
                     spelling(e), meaning, s.line, spelling(s.entry), s.meaning, rgba_hex(shared)));
  }

  [[noreturn]] void fail_same_spelling(const TextLine& line, std::string_view colour_word,
                                       const PaletteEntry& e, const std::string& meaning,
                                       const SeenEntry& s) {
    if (s.meaning == meaning) {
      fail(line, colour_word,
           fmt::format("{} {} repeats line {}; remove one of the two lines", colour_hex(e.colour),
                       meaning, s.line));
    }
    fail(line, colour_word,
         fmt::format("{} is {} on line {} but {} here; give each colour one meaning",
                     colour_hex(e.colour), s.meaning, s.line, meaning));
  }

  /// The first line, and the first door-kind line, among lines matching some pixels.
  struct Firsts {
    std::size_t any = kNone;
    std::size_t door = kNone;
  };

  static void record(Firsts& f, std::size_t here, const PaletteEntry& e) {
    if (f.any == kNone) f.any = here;
    if (f.door == kNone && e.door_kind != 0) f.door = here;
  }

  static std::uint32_t rgb_key(Rgba c) {
    return (std::uint32_t{c.r} << 16) | (std::uint32_t{c.g} << 8) | std::uint32_t{c.b};
  }
  static std::uint32_t rgba_key(Rgba c) { return (rgb_key(c) << 8) | std::uint32_t{c.a}; }
  static std::string rgba_hex(Rgba c) {
    return fmt::format("#{:02X}{:02X}{:02X}{:02X}", c.r, c.g, c.b, c.a);
  }
  /// An entry's colour as its line spells it (#RRGGBB, or #RRGGBBAA with alpha).
  static std::string spelling(const PaletteEntry& e) {
    return e.has_alpha ? rgba_hex(e.colour)
                       : fmt::format("#{:02X}{:02X}{:02X}", e.colour.r, e.colour.g, e.colour.b);
  }

  static constexpr std::size_t kNone = static_cast<std::size_t>(-1);
  std::vector<PaletteEntry>& entries_;
  std::vector<std::string>& kinds_;
  const std::string& source_;
  std::vector<SeenEntry> seen_;
  /// Lines without alpha by RGB; lines with alpha by RGBA; lines with alpha 128 or more by RGB.
  std::map<std::uint32_t, Firsts> plain_rgb_, exact_, opaque_rgb_;
};

}  // namespace

Palette Palette::parse(std::string_view text, const std::string& source) {
  if (text.starts_with("\x89PNG")) {
    throw file_error(source, "is a PNG image, not a text file; a palette is text, one "
                             "'#RRGGBB kind' per line (docs/tile-format.md)");
  }
  Palette p = defaults();
  Reader reader(p.entries_, p.door_kinds_, source);
  for (const TextLine& line : split_lines(text)) {
    check_line_bytes(line, source);
    if (looks_like_entry(line.text) && !parse_colour(split_words(line.text)[0])) {
      throw file_error(
          source, fmt::format("line {}: '{}' is not a colour: write #RRGGBB or #RRGGBBAA with hex "
                              "digits 0-9 and A-F",
                              line.number, split_words(line.text)[0]));
    }
    const auto words = split_words(strip_comment(line.text));
    if (words.empty()) continue;
    const bool ok = words.size() == 2 && parse_colour(words[0]) && parse_kind_word(words[1]);
    if (!ok) {
      throw file_error(
          source,
          fmt::format("line {}: expected '#RRGGBB kind' or '#RRGGBBAA kind' with kind one of wall, "
                      "floor, door, empty, got '{}'",
                      line.number, printable(line.text, 80)));
    }
    reader.add(line, words[0], words[1]);
  }
  p.index();
  return p;
}

}  // namespace dungen::core
