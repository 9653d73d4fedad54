#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "core/tile_settings.hpp"
#include "core/utf8.hpp"

namespace dungen::core {
namespace {

bool ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

// The first of `choices` that is `word` in another Unicode normalisation ("café" typed in NFD,
// as macOS writes names, and found in NFC), or choices.end().
std::vector<std::string>::const_iterator same_letters(std::string_view word,
                                                      const std::vector<std::string>& choices) {
  const std::string composed = nfc(word);
  const bool plain = ascii(word);
  return std::find_if(choices.begin(), choices.end(), [&](const std::string& c) {
    return c != word && !(plain && ascii(c)) && nfc(c) == composed;
  });
}

}  // namespace

std::string closest_match(std::string_view word, const std::vector<std::string>& choices,
                          std::size_t max_edits) {
  // A suggestion is for a typo in a name people type: a long word, or a list too long to
  // compare against, gets none (the cost grows with both).
  if (word.size() > kMaxSuggestedLength || choices.size() > kMaxSuggestionChoices) return "";
  // The same letters in another normalisation look the same: the likeliest of all.
  if (const auto it = same_letters(word, choices); it != choices.end()) return *it;
  // The same name in other case (ROOM.PNG for room.png) is the next likeliest.
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
