#pragma once
/// \file app.hpp
/// The dungen command line: builds the CLI11 app, runs the chosen command, and turns every
/// error into a one-line message and an exit code (exit_codes.hpp).

namespace dungen::cli {

/// Runs dungen with `argc`/`argv` as given to main. `dungen TILES_DIR ...` is short for
/// `dungen generate TILES_DIR ...`. Returns the exit status.
int run(int argc, char** argv);

}  // namespace dungen::cli
