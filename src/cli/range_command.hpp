#pragma once
/// \file range_command.hpp
/// `dungen range TILES_DIR --count N --seed S -o BASE`: the expressive range of a tile set
/// (export/range.hpp): the levels `dungen generate TILES_DIR --seed s` makes for s = S ..
/// S+N-1, with the same generation options, measured and drawn as a heatmap of two metrics
/// (BASE.png), a histogram per metric (BASE-histograms.png), a table (BASE.txt) and one CSV row
/// per level (BASE.csv). docs/cli.md "range", docs/quality.md "Expressive range".

#include "cli/cli_fwd.hpp"

namespace dungen::cli {

/// Adds the `range` subcommand to `app`; when parsed, it runs and stores its exit status
/// (exit_codes.hpp) in `status`. An unknown -x/-y metric is a usage error (exit 2) naming the
/// nearest metric key; a level that fails ends the run with its error, writing nothing.
void add_range_command(CLI::App& app, int& status);

}  // namespace dungen::cli
