#pragma once
/// \file messages.hpp
/// The lines dungen prints on standard error. They quote file names and file content, so
/// every one goes through core's printable(): control bytes and bytes that are not UTF-8 are
/// shown escaped (\xNN), UTF-8 as it is.

#include <cstdint>
#include <string_view>

namespace dungen::cli {

/// Prints "dungen: <text>" and a line end on standard error, `text` made printable (never
/// cut).
void print_line(std::string_view text);

/// Prints "dungen: <kind>: <text>" ("note", "warning", "error") as print_line does.
void print_message(std::string_view kind, std::string_view text);

/// What a single run is doing, for the out-of-memory message: reading its inputs (the
/// default), making the level, or writing its outputs.
enum class RunPhase : std::uint8_t { Reading, Making, Writing };

/// Records the phase the run is in now (thread-safe).
void set_run_phase(RunPhase phase);

/// The out-of-memory message for the phase the run is in, without "dungen: error: ": what
/// ran out and what to ask for instead. Allocates nothing.
[[nodiscard]] const char* out_of_memory_message();

}  // namespace dungen::cli
