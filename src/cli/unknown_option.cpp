#include "cli/unknown_option.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <iterator>

#include "core/error.hpp"
#include "core/tile_settings.hpp"

namespace dungen::cli {
namespace {

// The command the options belong to: the subcommand CLI11 was parsing, else dungen itself.
const CLI::App& command_of(const CLI::App& app) {
  const std::vector<CLI::App*> parsed = app.get_subcommands();
  return parsed.empty() ? app : *parsed.front();
}

// The first argument CLI11 left over that looks like an option ("-x", "--name", "--name=v"),
// in the order given; arguments after "--" are words. Empty when there is none.
std::string first_unknown_option(const CLI::App& command, const std::vector<std::string>& args) {
  const std::vector<std::string> left = command.remaining();
  for (const std::string& arg : args) {
    if (arg == "--") break;
    if (arg.size() > 1 && arg[0] == '-' && std::find(left.begin(), left.end(), arg) != left.end())
      return arg;
  }
  return "";
}

// An option's name as typed, without a value: "--monster=3" -> "--monster", "-x5" -> "-x",
// "-é" -> "-é" (a short option's letter whole, when it is UTF-8 of two bytes or more).
std::string option_name(const std::string& arg) {
  if (!arg.starts_with("--")) {
    std::size_t end = 2;
    if (arg.size() > 1 && (static_cast<unsigned char>(arg[1]) & 0xC0U) == 0xC0U) {
      while (end < arg.size() && (static_cast<unsigned char>(arg[end]) & 0xC0U) == 0x80U) ++end;
    }
    return arg.substr(0, end);
  }
  const std::string name = arg.substr(0, arg.find('='));
  return name == "--" ? arg : name;  // "--=3"
}

// The option `name` (no dashes) was meant to be: the only one it begins, else the closest by
// edit distance allowing about one edit in four letters. Empty when none is that close.
std::string nearest(const std::string& name, const std::vector<std::string>& names) {
  std::vector<std::string> longer;
  std::copy_if(names.begin(), names.end(), std::back_inserter(longer),
               [&](const std::string& n) { return n.starts_with(name); });
  if (longer.size() == 1) return longer.front();
  return core::closest_match(name, names, std::max<std::size_t>(1, (name.size() + 1) / 4));
}

// The long names of a command's options, without their dashes ("monsters").
std::vector<std::string> long_names(const CLI::App& command) {
  std::vector<std::string> names;
  for (const CLI::Option* option : command.get_options()) {
    for (const std::string& name : option->get_lnames()) names.push_back(name);
  }
  return names;
}

// The other commands that have an option by this long name, comma separated.
std::string commands_with(const CLI::App& app, const CLI::App& command, const std::string& name) {
  std::string found;
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App*) { return true; })) {
    const std::vector<std::string> names = long_names(*sub);
    if (sub == &command || std::find(names.begin(), names.end(), name) == names.end()) continue;
    found += (found.empty() ? "" : ", ") + sub->get_name();
  }
  return found;
}

}  // namespace

std::string unknown_option_message(const CLI::App& app, const std::vector<std::string>& args) {
  const CLI::App* in = &command_of(app);
  std::string arg = first_unknown_option(*in, args);
  if (arg.empty()) arg = first_unknown_option(*(in = &app), args);  // "dungen --frob rooms"
  if (arg.empty()) return "";
  const CLI::App& command = *in;
  const std::string option = printable(option_name(arg), 100);  // one short line
  const std::string help =
      &command == &app ? "dungen --help" : fmt::format("dungen {} --help", command.get_name());
  if (option.starts_with("--")) {
    const std::string name = option.substr(2);
    const std::string others = commands_with(app, command, name);
    if (!others.empty() && &command != &app) {
      return fmt::format("unknown option {} for {} (an option of {}); '{}' lists its options",
                         option, command.get_name(), others, help);
    }
    const std::string hint = nearest(name, long_names(command));
    if (!hint.empty()) return fmt::format("unknown option {}; did you mean --{}?", option, hint);
  }
  return fmt::format("unknown option {}; '{}' lists the options", option, help);
}

}  // namespace dungen::cli
