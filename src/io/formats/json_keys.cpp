// Typed access to the keys of a hand-written JSON input (json_reader.hpp: Reader).
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "core/tile_settings.hpp"
#include "core/utf8.hpp"
#include "io/formats/json_reader.hpp"

namespace dungen::io::formats::detail {

std::string excerpt(std::string_view text) {
  constexpr std::size_t kMax = 40;
  if (text.size() <= kMax) return std::string(text);
  std::size_t n = kMax;
  while (n > 0 && (static_cast<unsigned char>(text[n]) & 0xC0U) == 0x80U) --n;
  return std::string(text.substr(0, n)) + "...";
}

std::string shown_value(const Json& value) {
  constexpr std::string_view kLarge = "a number too large to read";
  constexpr std::string_view kSmall = "a number too close to 0 to read";
  if (value.is_number_float()) {
    const double d = std::fabs(value.get<double>());
    if (d >= kTooLarge) return std::string(kLarge);
    if (d <= kTooSmall && d != 0) return std::string(kSmall);
  }
  std::string text = value.dump();
  for (const auto& [stand_in, said] : {std::pair{std::string_view("-9e+300"), kLarge},
                                       std::pair{std::string_view("9e+300"), kLarge},
                                       std::pair{std::string_view("-1e-300"), kSmall},
                                       std::pair{std::string_view("1e-300"), kSmall}}) {
    for (std::size_t at = text.find(stand_in); at != std::string::npos;
         at = text.find(stand_in, at)) {
      const std::string shown = fmt::format("<{}>", said);
      text.replace(at, stand_in.size(), shown);
      at += shown.size();
    }
  }
  return excerpt(text);
}

[[noreturn]] void Reader::fail(const std::string& where, const std::string& what) const {
  throw file_error(source, where.empty() ? what : where + ": " + what);
}

void Reader::only_keys(const Json& obj, const std::string& where,
                       const std::vector<std::string>& allowed) const {
  if (!obj.is_object()) {
    fail(where, fmt::format("must be an object {{...}}, got {}; write its keys in braces",
                            shown_value(obj)));
  }
  for (const auto& [key, value] : obj.items()) {
    if (std::find(allowed.begin(), allowed.end(), key) != allowed.end()) continue;
    const std::string hint = core::closest_match(key, allowed);
    std::string fix = hint.empty() ? "the keys are " : fmt::format("did you mean \"{}\"?", hint);
    for (std::size_t i = 0; hint.empty() && i < allowed.size(); ++i)
      fix += fmt::format("{}\"{}\"", i == 0 ? "" : ", ", allowed[i]);
    fail(where, fmt::format("unknown key \"{}\"; {}", excerpt(key), fix));
  }
}

int Reader::integer(const Json& obj, const std::string& where, const char* key, Range range,
                    std::optional<int> fallback) const {
  if (!obj.contains(key)) {
    if (fallback) return *fallback;
    fail(where, fmt::format("\"{}\" is missing; give it a whole number from {} to {}", key,
                            range.lo, range.hi));
  }
  const Json& v = obj.at(key);
  std::optional<std::int64_t> n;
  if (v.is_number_unsigned()) {
    if (v.get<std::uint64_t>() <= static_cast<std::uint64_t>(range.hi)) n = v.get<std::int64_t>();
  } else if (v.is_number_integer()) {
    n = v.get<std::int64_t>();
  } else if (v.is_number_float()) {  // 1e2 and 100.0 are whole numbers too
    const double d = v.get<double>();
    if (d == std::floor(d) && std::fabs(d) <= 1e15) n = static_cast<std::int64_t>(d);
  }
  if (!n || *n < range.lo || *n > range.hi) {
    const double d = v.is_number_float() ? std::fabs(v.get<double>()) : 1;
    fail(where,
         fmt::format("\"{}\" must be a whole number from {} to {}, got {}", key, range.lo, range.hi,
                     v.is_number_float() && d < kTooLarge && d > kTooSmall
                         ? fmt::format("{}", v.get<double>())
                         : shown_value(v)));
  }
  return static_cast<int>(*n);
}

std::string Reader::room_name(const Json& room, const std::string& where, std::size_t i,
                              RoomIndex& index) const {
  std::string name =
      room.contains("name") ? text(room, where, "name") : fmt::format("room {}", i + 1);
  if (name.empty()) fail(where, "the name is empty; give the room a name, or leave \"name\" out");
  if (!index.emplace(name, static_cast<int>(i)).second)
    fail(where, fmt::format("the name \"{}\" is used twice", excerpt(name)));
  return name;
}

void Reader::unknown_room(const std::string& where, const std::string& name,
                          const std::vector<std::string>& names) const {
  const std::string hint = core::closest_match(name, names);
  fail(where, fmt::format("no room named \"{}\"; {}", excerpt(name),
                          hint.empty() ? "use the \"name\" of a room the file's \"rooms\" lists"
                                       : fmt::format("did you mean \"{}\"?{}", hint,
                                                     core::same_letters_note(name, hint))));
}

std::string Reader::text(const Json& obj, const std::string& where, const char* key,
                         const char* what) const {
  if (!obj.contains(key))
    fail(where, fmt::format("\"{}\" is missing; give {}, in quotes", key, what));
  if (!obj.at(key).is_string()) {
    fail(where, fmt::format("\"{}\" must be text in quotes, as \"{}\": \"...\", got {}", key, key,
                            shown_value(obj.at(key))));
  }
  return obj.at(key).get<std::string>();
}

}  // namespace dungen::io::formats::detail
