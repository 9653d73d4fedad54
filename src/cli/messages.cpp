// The lines printed on standard error (messages.hpp).
#include "cli/messages.hpp"

#include <atomic>
#include <iostream>
#include <string>

#include "core/error.hpp"

namespace dungen::cli {

void print_line(std::string_view text) { std::cerr << "dungen: " + printable_uncut(text) + "\n"; }

void print_message(std::string_view kind, std::string_view text) {
  print_line(std::string(kind) + ": " + std::string(text));
}

namespace {
std::atomic<RunPhase> g_phase{RunPhase::Reading};
}  // namespace

void set_run_phase(RunPhase phase) { g_phase.store(phase); }

const char* out_of_memory_message() {
  switch (g_phase.load()) {
    case RunPhase::Reading:
      return "out of memory while reading the inputs; give smaller input files (tiles, "
             "palette, tile settings, layout or graph)";
    case RunPhase::Making:
      break;
    case RunPhase::Writing:
      return "out of memory while writing the outputs; ask for a smaller level (with "
             "--preview: a lower --scale, or leave the preview out)";
  }
  return "out of memory; ask for a smaller level (fewer tiles, rooms or spaces, or a smaller "
         "space)";
}

}  // namespace dungen::cli
