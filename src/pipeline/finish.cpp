#include "pipeline/finish.hpp"

#include "analysis/locks.hpp"
#include "analysis/metrics.hpp"
#include "analysis/reachability.hpp"
#include "analysis/route.hpp"
#include "analysis/solver.hpp"
#include "analysis/tiers.hpp"
#include "analysis/zones.hpp"

namespace dungen::pipeline {

void finish_level(core::Level& level, const Analyses& analyses) {
  analysis::analyse_reachability(level);
  if (analyses.exit_placement >= 0) analysis::put_exit_in(level, analyses.exit_placement);
  if (analyses.locks > 0) {
    core::Rng rng = core::Rng(level.origin.seed).fork("locks");
    analysis::place_locks(level, analyses.locks, rng);
    if (analyses.observe) analyses.observe("locks", level.map.cells);
  }
  finish_after_locks(level, analyses);
}

void finish_after_locks(core::Level& level, const Analyses& analyses) {
  if (analyses.locks > 0) {
    level.puzzle.zone_tree = analysis::zone_tree(level);  // computed once here; writers read it
    if (!level.puzzle.locks.empty())
      level.puzzle.locks_opened = analysis::solve(level).locks_opened;
  }
  core::Rng rng = core::Rng(level.origin.seed).fork("content");
  analysis::place_content(level, analyses.content, rng);
  analysis::assign_tiers(level, analyses.content.tiers);
  if (analyses.route_turn_cost >= 0) analysis::find_play_route(level, analyses.route_turn_cost);
  level.analysis.metrics = analysis::measure_level(level);
}

}  // namespace dungen::pipeline
