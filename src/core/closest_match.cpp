#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "core/tile_settings.hpp"

namespace dungen::core {

std::string closest_match(std::string_view word, const std::vector<std::string>& choices,
                          std::size_t max_edits) {
  // A suggestion is for a typo in a name people type: a long word, or a list too long to
  // compare against, gets none (the cost grows with both).
  if (word.size() > kMaxSuggestedLength || choices.size() > kMaxSuggestionChoices) return "";
  // The same name in other case (ROOM.PNG for room.png) is the likeliest of all.
  const auto same_but_case = [word](const std::string& c) {
    return c.size() == word.size() &&
           std::equal(c.begin(), c.end(), word.begin(), [](char a, char b) {
             return std::tolower(static_cast<unsigned char>(a)) ==
                    std::tolower(static_cast<unsigned char>(b));
           });
  };
  if (const auto it = std::find_if(choices.begin(), choices.end(), same_but_case);
      it != choices.end()) {
    return *it;
  }
  std::string best;
  // this many edits or more is not a typo
  // (about a third of the word: "tags" is no typo of "name", three letters in four changed)
  std::size_t best_cost = std::min(std::max<std::size_t>(2, (word.size() + 2) / 3 + 1), max_edits + 1);
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

}  // namespace dungen::core
