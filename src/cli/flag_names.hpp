#pragma once
/// \file flag_names.hpp
/// The command-line flag of each setting library messages name: the library says
/// "door_width", the CLI says "--door-width".

#include <span>
#include <string>

#include "core/error.hpp"

namespace dungen::cli {

/// Every field a library message marks, with the flag that sets it ("max_size" ->
/// "--max-size").
[[nodiscard]] std::span<const FieldName> flag_names();

/// An Error's message as the CLI prints it (after "dungen: error: "): its field markers
/// named by their flags.
[[nodiscard]] std::string flag_text(const Error& error);

}  // namespace dungen::cli
