#pragma once
/// \file exit_codes.hpp
/// dungen's exit codes (docs/cli.md lists them for scripts).

namespace dungen::cli {

enum ExitStatus : int {
  kOk = 0,       ///< success
  kFailure = 1,  ///< bad input: a tile, folder, palette or sidecar is wrong
  kUsage = 2,    ///< bad command line: unknown option, bad option value
  kIncomplete =
      3,        ///< --strict and a level ended prematurely or has cells the entrance cannot reach
  kOutput = 4,  ///< an output file or folder cannot be written
};

}  // namespace dungen::cli
