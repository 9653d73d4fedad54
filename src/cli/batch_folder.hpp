#pragma once
/// \file batch_folder.hpp
/// What a batch finds in its --out-dir that it did not write.

#include <cstddef>
#include <string>
#include <vector>

namespace dungen::cli {

/// Level files in a batch folder that the batch just run did not write.
struct StaleFiles {
  std::size_t count = 0;
  std::string first;  ///< the first of them by name (byte order), "" when count is 0
};

/// The regular files in `folder` named like a batch level's ("level-", a number, a suffix)
/// that a batch of `count` levels did not write: a number of another width or not below
/// `count`, or a suffix not in `suffixes` (each writer's, e.g. ".png", ".preview.png"). They
/// are left from an earlier batch. Never throws: a folder that cannot be listed gives 0.
[[nodiscard]] StaleFiles stale_level_files(const std::string& folder, int count,
                                           const std::vector<std::string>& suffixes);

/// Whether `name` is a level file a batch of `count` levels writes: "level-", the number in
/// its width (at least 4 digits) and below `count`, then one of `suffixes`.
[[nodiscard]] bool batch_level_file(const std::string& name, int count,
                                    const std::vector<std::string>& suffixes);

/// Throws Error (usage, exit 2) "<folder>/<name>: is a symbolic link to '<target>', <what>, so
/// one would replace the other; remove the link or give another --out-dir" when a file the batch
/// writes into `folder` (a level file as stale_level_files counts them, or one of `names`:
/// manifest.csv, index.html, ...) is a symbolic link leading to another file of the batch, or
/// to where another such link leads, whether the target exists yet or not. The first such
/// link by name is named.
void refuse_aliased_batch_files(const std::string& folder, int count,
                                const std::vector<std::string>& suffixes,
                                const std::vector<std::string>& names);

}  // namespace dungen::cli
