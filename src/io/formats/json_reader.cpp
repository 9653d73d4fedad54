// Reading hand-written JSON inputs (json_reader.hpp).
#include "io/formats/json_reader.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <set>

#include "core/error.hpp"

namespace dungen::io::formats::detail {
namespace {

/// "line L column C" of the byte at `offset` (0-based) in `text`, both counted from 1.
std::string line_column(std::string_view text, std::size_t offset) {
  const std::string_view before = text.substr(0, std::min(offset, text.size()));
  const auto line = std::count(before.begin(), before.end(), '\n') + 1;
  const std::size_t newline = before.rfind('\n');
  const std::size_t column =
      newline == std::string_view::npos ? before.size() + 1 : before.size() - newline;
  return fmt::format("line {} column {}", line, column);
}

/// nlohmann's DOM builder that remembers where the parser failed: a number too large for a
/// double is reported through parse_error() as an out_of_range exception that carries no
/// position, so the position is kept here (nlohmann has no public hook for it).
class PositionedDomParser : public nlohmann::detail::json_sax_dom_parser<Json> {
 public:
  using nlohmann::detail::json_sax_dom_parser<Json>::json_sax_dom_parser;

  template <class Exception>
  bool parse_error(std::size_t position, const std::string& token, const Exception& ex) {
    end = position;
    last_token = token;
    throw ex;
  }

  // A number too close to 0 for a double ("5e-400") is read as 0 by the parser: it becomes
  // kTooSmall, which no key takes (it is not a whole number), so it is refused, not read as 0.
  bool number_float(double value, const std::string& token) {
    const std::size_t e = token.find_first_of("eE");
    const bool nonzero = token.substr(0, e).find_first_of("123456789") != std::string::npos;
    return json_sax_dom_parser::number_float(value == 0 && nonzero ? kTooSmall : value, token);
  }

  // A key given twice in one object stops the parse: nlohmann would keep the last silently.
  bool start_object(std::size_t elements) {
    if (keys_.size() + arrays_ == kMaxDepth) {
      within_depth = false;
      return false;
    }
    keys_.emplace_back();
    return json_sax_dom_parser::start_object(elements);
  }
  bool end_object() {
    keys_.pop_back();
    return json_sax_dom_parser::end_object();
  }
  // Values nested past kMaxDepth stop the parse: no file of dungen's nests more than a few
  // levels, and quoting such a value in a message would recurse as deep.
  bool start_array(std::size_t elements) {
    if (keys_.size() + arrays_ == kMaxDepth) {
      within_depth = false;
      return false;
    }
    ++arrays_;
    return json_sax_dom_parser::start_array(elements);
  }
  bool end_array() {
    --arrays_;
    return json_sax_dom_parser::end_array();
  }
  bool key(std::string& name) {
    if (!keys_.empty() && !keys_.back().insert(name).second) {
      duplicate = name;
      return false;
    }
    return json_sax_dom_parser::key(name);
  }

  std::size_t end = 0;       ///< bytes read when the parser failed (past the bad token)
  std::string last_token;    ///< the token it failed on
  std::string duplicate;     ///< a key given twice in one object, when that stopped the parse
  bool within_depth = true;  ///< false once values nested past kMaxDepth stopped the parse
  static constexpr std::size_t kMaxDepth = 256;  ///< objects and arrays inside each other

 private:
  std::vector<std::set<std::string>> keys_;  ///< keys of the objects open, innermost last
  std::size_t arrays_ = 0;                   ///< arrays open
};

/// Where the ill-formed UTF-8 sequence that the parser stopped at `at` begins: the parser
/// stops on the byte that broke the sequence, which may be an ASCII byte after its lead byte.
std::size_t utf8_sequence_start(std::string_view text, std::size_t at) {
  const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  if (byte(at) >= 0x80U) return at;
  std::size_t start = at;
  while (start > 0 && at - start < 3 && byte(start - 1) >= 0x80U) {
    --start;
    if (byte(start) >= 0xC0U) break;  // the sequence's lead byte
  }
  return start;
}

/// The offset of the last escape \uD800 to \uDFFF (a UTF-16 surrogate) in `text`, or npos.
std::size_t last_surrogate_escape(std::string_view text) {
  for (std::size_t i = text.rfind("\\u"); i != std::string_view::npos;
       i = i == 0 ? std::string_view::npos : text.rfind("\\u", i - 1)) {
    if (i + 6 > text.size()) continue;
    unsigned value = 0;
    const char* first = text.data() + i + 2;
    if (std::from_chars(first, first + 4, value, 16).ptr == first + 4 && value >= 0xD800U &&
        value <= 0xDFFFU)
      return i;
  }
  return std::string_view::npos;
}

}  // namespace

namespace {

/// One parse of `text` into `doc`; any nlohmann error becomes "<source>: line L column C:
/// ...", except a number too large for a double: then the offset of its first byte and its
/// length (no document).
std::optional<std::pair<std::size_t, std::size_t>> parse_once(std::string_view text,
                                                              const Reader& r, Json& doc) {
  PositionedDomParser dom(doc);
  try {
    const bool parsed = Json::sax_parse(text, &dom);
    if (!parsed && !dom.within_depth) {
      r.fail("", fmt::format("values are nested more than {} deep (objects and arrays inside "
                             "each other); this is not a file dungen wrote or reads",
                             PositionedDomParser::kMaxDepth));
    }
    if (!parsed && !dom.duplicate.empty()) {
      // The key's second appearance in the text (an earlier object may hold it too: close).
      const std::string quoted = fmt::format("\"{}\"", dom.duplicate);
      const std::size_t first = text.find(quoted);
      const std::size_t second = first == std::string_view::npos
                                     ? std::string_view::npos
                                     : text.find(quoted, first + quoted.size());
      r.fail(line_column(text, second == std::string_view::npos ? 0 : second),
             fmt::format("the key \"{}\" is given twice in one object; give it once",
                         excerpt(dom.duplicate)));
    }
  } catch (const Json::exception& e) {
    if (e.id == 406) {  // a number too large for a double
      const std::size_t length = std::min(dom.end, dom.last_token.size());
      return std::pair{dom.end - length, length};
    }
    const std::size_t at = dom.end > 0 ? dom.end - 1 : 0;
    const std::string_view what = e.what();
    if (what.find("ill-formed UTF-8 byte") != std::string_view::npos && at < text.size()) {
      const std::size_t bad = utf8_sequence_start(text, at);
      r.fail(line_column(text, bad),
             fmt::format("not valid UTF-8 text (byte 0x{:02X}); save the file as UTF-8",
                         static_cast<unsigned char>(text[bad])));
    }
    if (what.find("invalid string: surrogate") != std::string_view::npos) {
      const std::size_t escape = last_surrogate_escape(text.substr(0, dom.end));
      r.fail(line_column(text, escape == std::string_view::npos ? at : escape),
             fmt::format("{} is not a valid character (half of a UTF-16 surrogate pair); write "
                         "the character itself, or both halves of the pair",
                         escape == std::string_view::npos ? "the escape"
                                                          : std::string(text.substr(escape, 6))));
    }
    if (what.find("control character") != std::string_view::npos && at < text.size() &&
        static_cast<unsigned char>(text[at]) < 0x20) {
      r.fail(line_column(text, at),
             fmt::format("a control byte \\x{:02x} inside a string; write it escaped (\\t, "
                         "\\n, \\u00XX) or leave it out",
                         static_cast<unsigned char>(text[at])));
    }
    r.fail(line_column(text, at), "not valid JSON; check the commas, quotes and brackets there");
  }
  return std::nullopt;
}

// Refuses what is not JSON text at all, which the parser would only call bad syntax: an
// empty file, one of only white space, an image, compressed data, or a NUL byte (after which the
// parser would stop reading, taking the text before it for the whole file).
void refuse_binary(std::string_view text, const Reader& r) {
  if (text.empty()) {
    r.fail("",
           "empty file (0 bytes); it must hold a JSON object {...} (docs/layouts.md, "
           "docs/graph.md)");
  }
  if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) {
    r.fail("",
           "holds only spaces and line breaks; it must hold a JSON object {...} "
           "(docs/layouts.md, docs/graph.md)");
  }
  if (text.starts_with("\x89PNG")) {
    r.fail("",
           "is a PNG image, not a JSON file; give the JSON file (docs/layouts.md, "
           "docs/graph.md)");
  }
  if (text.starts_with("\x1f\x8b") || text.starts_with("PK\x03\x04") || text.starts_with("BZh") ||
      text.starts_with("\xfd"
                       "7zXZ")) {
    r.fail("", "is compressed data (gzip, zip, bzip2 or xz), not a JSON file; unpack it first");
  }
  if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos) {
    r.fail(line_column(text, nul), "a NUL byte; this is not a text file: give the JSON file");
  }
}

}  // namespace

void Document::release(Json& value) noexcept { release_json(value); }

void parse_json(std::string_view text, const Reader& r, Document& doc) {
  refuse_binary(text, r);
  // A number too large for a double is read as kTooLarge (of its sign), spaces keeping the
  // text's length, so that the key holding it says which numbers it takes. A file of many
  // such numbers is not one dungen wrote or reads: the first is reported where it is.
  constexpr int kMostHuge = 16;
  std::string copy(text);
  for (int replaced = 0;; ++replaced) {
    std::optional<std::pair<std::size_t, std::size_t>> huge;
    try {
      huge = parse_once(copy, r, doc.root());
    } catch (...) {
      Document::release(doc.root());  // a part-built tree, freed without allocating
      throw;
    }
    if (!huge) return;
    Document::release(doc.root());
    doc.root() = Json();
    const auto [start, length] = *huge;
    const std::string token = copy.substr(start, length);
    const std::string value = token.starts_with('-') ? "-9e300" : "9e300";
    if (replaced == kMostHuge || length < value.size()) {
      r.fail(
          line_column(text, start),
          fmt::format("the number {} is too large to read; give a whole number", excerpt(token)));
    }
    copy.replace(start, length, value + std::string(length - value.size(), ' '));
  }
}

}  // namespace dungen::io::formats::detail
