#pragma once
/// \file json_reader.hpp
/// Reading hand-written JSON inputs (layout and graph files): parsing with the position of
/// a fault, and typed access to keys with one-line errors "<source>: <where>: <what>".
/// Internal to io/formats/ (and the inspect JSON writer, which frees its documents the same way).

#include <cstdint>
#include <exception>
#include <iterator>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace dungen::io::formats::detail {

using Json = nlohmann::json;

/// The largest magnitude of any number a layout or graph file holds (a cell count or
/// coordinate).
inline constexpr std::int64_t kMaxNumber = std::int64_t{1} << 20;

/// What the parser reads a number too large for a double as (of its sign): beyond any key's
/// range, so Reader::integer can say "too large to read".
inline constexpr double kTooLarge = 9e300;
/// What the parser reads a number too close to 0 for a double (but not 0) as.
inline constexpr double kTooSmall = 1e-300;

/// An inclusive range of whole numbers a key may hold.
struct Range {
  std::int64_t lo = -kMaxNumber;
  std::int64_t hi = kMaxNumber;
};

/// At most 40 bytes of `text` (not cutting a UTF-8 character), "..." when cut: file content
/// echoed in a message never floods the one-line error.
[[nodiscard]] std::string excerpt(std::string_view text);

/// A value of the file as a message quotes it: excerpt() of its JSON text, where a number
/// the parser could not hold (read as kTooLarge or kTooSmall) is said as such ("a number too
/// large to read", or "<a number too large to read>" inside a list or object), never as the
/// stand-in 9e+300 the file does not hold.
[[nodiscard]] std::string shown_value(const Json& value);

/// Room indices by name (layout and graph files): lookups only, never iterated, so no output
/// depends on the hash order.
using RoomIndex = std::unordered_map<std::string, int>;

/// Typed access to the keys of one file's JSON; every fault throws Error
/// "<source>: <where>: <what>" (bad input).
struct Reader {
  const std::string& source;

  /// Throws Error "<source>: <where>: <what>" ("<source>: <what>" for an empty `where`).
  [[noreturn]] void fail(const std::string& where, const std::string& what) const;
  /// Throws unless `obj` is an object whose keys are all in `allowed` (suggests the closest).
  void only_keys(const Json& obj, const std::string& where,
                 const std::vector<std::string>& allowed) const;
  /// The whole number at `key`, within `range`; `fallback` when the key is absent (else an
  /// error).
  [[nodiscard]] int integer(const Json& obj, const std::string& where, const char* key,
                            Range range = {}, std::optional<int> fallback = std::nullopt) const;
  /// Throws "<where>: no room named \"NAME\"; did you mean \"X\"?" for a connection naming no
  /// room of `names` (the suggestion the closest name; without one, where names come from).
  [[noreturn]] void unknown_room(const std::string& where, const std::string& name,
                                 const std::vector<std::string>& names) const;
  /// The name of the room `room`, the `i`th (from 0) of the file's list at `where`: its "name",
  /// or "room I+1" without one; added to `index`. An error when it is empty or used twice.
  [[nodiscard]] std::string room_name(const Json& room, const std::string& where, std::size_t i,
                                      RoomIndex& index) const;
  /// The index of the room called `name` (a connection's end at `where`); unknown_room, with
  /// the names of `rooms` (each with a `name`), when `index` holds none.
  template <typename Rooms>
  [[nodiscard]] int room_index(const Rooms& rooms, const RoomIndex& index, const std::string& where,
                               const std::string& name) const {
    if (const auto it = index.find(name); it != index.end()) return it->second;
    std::vector<std::string> names;
    for (const auto& room : rooms) names.push_back(room.name);
    unknown_room(where, name, names);
  }
  /// The string at `key`; an error when absent ("is missing; give WHAT, in quotes") or not a
  /// string ("must be text in quotes ..., got 5").
  [[nodiscard]] std::string text(const Json& obj, const std::string& where, const char* key,
                                 const char* what = "its text") const;
};

/// Empties `value` (nlohmann::json or ordered_json) without allocating: children before
/// parents, last first. nlohmann's own destructor allocates a list of a container's children
/// first, which ends the program when memory has run out (std::bad_alloc while another one
/// unwinds the stack). Depth is what the value was built with.
template <typename J>
void release_json(J& value) noexcept {
  if (value.is_array()) {
    auto& items = value.template get_ref<typename J::array_t&>();
    while (!items.empty()) {
      release_json(items.back());
      items.pop_back();
    }
  } else if (value.is_object()) {
    auto& items = value.template get_ref<typename J::object_t&>();
    while (!items.empty()) {
      const auto last = std::prev(items.end());
      release_json(last->second);
      items.erase(last);
    }
  }
}

/// Frees a JSON value being built leaf by leaf when an exception (std::bad_alloc) leaves the
/// scope, before its destructor would allocate; does nothing on a normal exit.
template <typename J>
class ReleaseOnUnwind {
 public:
  explicit ReleaseOnUnwind(J& value) : value_(value) {}
  ReleaseOnUnwind(const ReleaseOnUnwind&) = delete;
  ReleaseOnUnwind& operator=(const ReleaseOnUnwind&) = delete;
  ~ReleaseOnUnwind() {
    if (std::uncaught_exceptions() > unwinding_) release_json(value_);
  }

 private:
  J& value_;
  int unwinding_ = std::uncaught_exceptions();
};

/// A parsed document that frees its values leaf by leaf: nlohmann's own destructor allocates
/// a list of a container's children first, which aborts the program when memory has run out
/// (std::bad_alloc during the unwinding of another). Depth is bounded by the parser (256).
class Document {
 public:
  explicit Document(Json root = Json()) : root_(std::move(root)) {}
  Document(const Document&) = delete;
  Document& operator=(const Document&) = delete;
  ~Document() { release(root_); }
  [[nodiscard]] Json& root() { return root_; }
  /// Empties `value` without allocating: children before parents, last first.
  static void release(Json& value) noexcept;

 private:
  Json root_;
};

/// The JSON document of `text` into `doc`; any parse error becomes "<source>: line L column C:
/// ...". Out of memory: std::bad_alloc, `doc` freed.
void parse_json(std::string_view text, const Reader& r, Document& doc);

}  // namespace dungen::io::formats::detail
