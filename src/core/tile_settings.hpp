#pragma once
/// \file tile_settings.hpp
/// The tile folder's optional sidecar file, `tileset.txt` (format in docs/tile-format.md):
/// one line per tile, "<file name> <setting>...", settings `weight=N`, `max=N`,
/// `required`, `far`, `orientations=r0,r90,...`, `tags=room,boss`; a line for `*` sets the default of
/// every tile.

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/tile.hpp"

namespace dungen::core {

/// The sidecar's file name inside a tile folder.
inline constexpr std::string_view kSidecarName = "tileset.txt";

/// Parses sidecar `text` and applies it to `tiles`, line by line in file order (so a `*`
/// line sets defaults that later lines for single tiles change). Throws Error "<source>: line N:
/// ..." for a malformed line, an unknown setting or a tile name that is not in the set (with a "did
/// you mean" suggestion). Lines naming a tile in `skipped` (tiles left out by --skip-invalid) are
/// ignored.
void apply_tile_settings(std::string_view text, const std::string& source, std::vector<Tile>& tiles,
                         const std::vector<std::string>& skipped = {});

/// Longest word, and longest choice, closest_match compares (bytes).
inline constexpr std::size_t kMaxSuggestedLength = 256;
/// Most choices closest_match compares against (a layout's room names may be a million).
inline constexpr std::size_t kMaxSuggestionChoices = 10000;

/// The first of `choices` that is `word` in another Unicode normalisation (same_letters_note),
/// else the first that is `word` in other case (ASCII), else the closest by edit
/// distance when it is close enough to be a likely typo (at most `max_edits` edits, and at
/// most a third of `word`'s length, rounded up, and at least 1), else an empty string (for "did you mean" hints); the
/// first of equally close choices. No
/// hint (an empty string) for a word over kMaxSuggestedLength or more than
/// kMaxSuggestionChoices choices, so a hint never costs more than about 600 million steps.
[[nodiscard]] std::string closest_match(std::string_view word,
                                        const std::vector<std::string>& choices,
                                        std::size_t max_edits = kMaxSuggestedLength);

}  // namespace dungen::core
