#include "pipeline/finish.hpp"

#include "analysis/locks.hpp"
#include "analysis/reachability.hpp"

namespace dungen::pipeline {

void finish_level(core::Level& level, int locks) {
  analysis::analyse_reachability(level);
  if (locks > 0) {
    core::Rng rng = core::Rng(level.seed).fork("locks");  // its own stream: locks never move rooms
    analysis::place_locks(level, locks, rng);
  }
}

}  // namespace dungen::pipeline
