#pragma once
/// \file option_lines.hpp
/// The reports' option lines (`options:` in the text report, `options` in the JSON report;
/// docs/reports.md) as tables: each generator's command lists once the settings that shape its
/// levels, how a report spells each, how its value prints and when it is printed. Typed again,
/// the lines make the level again.

#include <fmt/format.h>

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace dungen::cli {

/// One option line of a report, read from `Source` (what a command's lines read: its options
/// as given, its settings as used).
template <typename Source>
struct OptionLine {
  std::string_view field;     ///< the setting it records, as library messages name it
  std::string_view spelling;  ///< how the report spells it: a flag ("--max-tiles") or a word
  /// Its value as printed after the spelling (values as used: "--loops 1e-1" prints 0.1);
  /// nullptr: a switch, printed as the spelling alone.
  std::string (*value)(const Source&) = nullptr;
  /// Whether the line is printed (e.g. only when not the default); nullptr: always.
  bool (*printed)(const Source&) = nullptr;
};

/// Appends to `lines`, in table order, the line of each row of `table` printed for `source`:
/// "SPELLING VALUE", or "SPELLING" for a switch.
template <typename Source, std::size_t N>
void add_option_lines(const OptionLine<Source> (&table)[N], const Source& source,
                      std::vector<std::string>& lines) {
  for (const OptionLine<Source>& row : table) {
    if (row.printed != nullptr && !row.printed(source)) continue;
    lines.push_back(row.value == nullptr ? std::string(row.spelling)
                                         : fmt::format("{} {}", row.spelling, row.value(source)));
  }
}

/// A whole number as an option line prints it.
[[nodiscard]] inline std::string whole(int value) { return fmt::format("{}", value); }

/// A fraction kept in thousandths as an option line prints it, as used: 100 -> "0.1".
[[nodiscard]] inline std::string permille_text(int permille) {
  return fmt::format("{}", permille / 1000.0);
}

}  // namespace dungen::cli
