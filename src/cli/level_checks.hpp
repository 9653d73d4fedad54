#pragma once
/// \file level_checks.hpp
/// The checks every level command runs on its options before any work, and the plans of what
/// a run writes that io::fs::RunFiles checks. check_level_options and parse_seed are declared
/// in level_command.hpp.

#include "cli/level_command.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::cli {

/// What a single run writes (LevelOptions::single_plan), in the words RunFiles checks.
[[nodiscard]] io::fs::SingleRunPlan single_run_plan(const LevelOptions& o);

/// What a batch writes into --out-dir, in the words RunFiles checks.
[[nodiscard]] io::fs::BatchPlan batch_run_plan(const LevelOptions& o);

}  // namespace dungen::cli
