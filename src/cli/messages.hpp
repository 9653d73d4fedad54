#pragma once
/// \file messages.hpp
/// The lines dungen prints on standard error. They quote file names and file content, so
/// every one goes through core's printable(): control bytes and bytes that are not UTF-8 are
/// shown escaped (\xNN), UTF-8 as it is.

#include <string_view>

namespace dungen::cli {

/// Prints "dungen: <text>" and a line end on standard error, `text` made printable (never
/// cut).
void print_line(std::string_view text);

/// Prints "dungen: <kind>: <text>" ("note", "warning", "error") as print_line does.
void print_message(std::string_view kind, std::string_view text);

}  // namespace dungen::cli
