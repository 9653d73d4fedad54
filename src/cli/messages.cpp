// The lines printed on standard error (messages.hpp).
#include "cli/messages.hpp"

#include <iostream>
#include <string>

#include "core/error.hpp"

namespace dungen::cli {

void print_line(std::string_view text) { std::cerr << "dungen: " + printable_uncut(text) + "\n"; }

void print_message(std::string_view kind, std::string_view text) {
  print_line(std::string(kind) + ": " + std::string(text));
}

}  // namespace dungen::cli
