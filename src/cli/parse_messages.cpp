// CLI11's parse errors in dungen's words (parse_messages.hpp).
#include "cli/parse_messages.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <filesystem>
#include <regex>
#include <sstream>

#include "cli/unknown_option.hpp"
#include "core/error.hpp"

namespace dungen::cli {
namespace {

// The command `args` run (a subcommand of `app`), or nullptr.
const CLI::App* command_in(const CLI::App& app, const std::vector<std::string>& args) {
  if (args.empty()) return nullptr;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->check_name(args[0])) return sub;
  }
  return nullptr;
}

// "dungen generate --help" (or "dungen --help" without a command).
std::string help_of(const CLI::App* command) {
  return command == nullptr ? "dungen --help"
                            : fmt::format("dungen {} --help", command->get_name());
}

// The words CLI11 did not expect, in the order given (it lists them last first).
std::vector<std::string> extra_words(const std::string& message) {
  static const std::regex kExtras(R"(^The following arguments? (?:was|were) not expected: )");
  std::smatch m;
  if (!std::regex_search(message, m, kExtras)) return {};
  std::vector<std::string> words;
  std::istringstream in(message.substr(static_cast<std::size_t>(m.length(0))));
  for (std::string w; in >> w;) words.insert(words.begin(), w);
  return words;
}

// What the command takes besides options: "one TILES_DIR", "no arguments besides options".
std::string positionals_of(const CLI::App& command) {
  std::string names;
  for (const CLI::Option* opt : command.get_options()) {
    if (opt->get_positional()) names += (names.empty() ? "" : ", ") + opt->get_name();
  }
  return names.empty() ? "no arguments besides options" : "one " + names;
}

// Words CLI11 did not expect: after "--" (where every word is a name), or one too many.
std::string extras_message(const CLI::App* command, const std::vector<std::string>& words,
                           const std::vector<std::string>& args) {
  const auto dashes = std::find(args.begin(), args.end(), "--");
  for (auto it = dashes; it != args.end(); ++it) {
    if (it->size() > 1 && (*it)[0] == '-' && *it != "--") {
      return fmt::format(
          "'{}' comes after '--', which makes every word after it a name, not an "
          "option; put the options before '--'",
          printable(*it, 100));
    }
  }
  const std::string more =
      words.size() > 1 ? fmt::format(" (and {} more)", words.size() - 1) : std::string();
  if (command == nullptr) {
    return fmt::format("unexpected argument '{}'{}; '{}' lists the commands",
                       printable(words.front(), 100), more, help_of(command));
  }
  return fmt::format(
      "unexpected argument '{}'{}; {} takes {}: put a name with spaces in quotes, "
      "and give each option one value",
      printable(words.front(), 100), more, command->get_name(), positionals_of(*command));
}

// "NAME is required" for a positional (TILES_DIR, SPEC) or a command.
std::string required_message(const CLI::App& app, const CLI::App* command,
                             const std::string& message) {
  static const std::regex kRequired(R"(^(\S+) is required$)");
  std::smatch m;
  if (message == "A subcommand is required" || command == nullptr) {
    std::string names;
    for (const CLI::App* sub : app.get_subcommands({}))
      names += (names.empty() ? "" : ", ") + sub->get_name();
    return fmt::format("a command is required, one of {}; 'dungen --help' explains them", names);
  }
  if (!std::regex_match(message, m, kRequired)) return message;
  const std::string name = m[1].str();
  if (name == "TILES_DIR") {
    return fmt::format(
        "TILES_DIR is missing: give the folder of your tile PNGs after the "
        "command, as in 'dungen {} samples/classic'",
        command->get_name());
  }
  if (name == "SPEC") {
    return "SPEC is missing: give a layout file or a built-in after the command, as in "
           "'dungen layout grid:4x3'";
  }
  return fmt::format("{} is missing; '{}' shows what to give", name, help_of(command));
}

// A path that starts with '-' is taken for an option and the folder or file seems missing:
// say how to name it. Empty when no argument is such a path.
std::string dash_path_hint(const std::vector<std::string>& args) {
  for (const std::string& arg : args) {
    if (arg == "--") break;
    std::error_code ec;
    if (arg.size() > 1 && arg[0] == '-' && std::filesystem::exists(arg, ec)) {
      return fmt::format(
          "; '{}' was read as an option: to name a folder or file that starts with '-', "
          "write ./{} or put it after '--'",
          arg, arg);
    }
  }
  return "";
}

// The message without the hint for a path that starts with '-'.
std::string words_message(const CLI::App& app, const CLI::ParseError& e,
                          const std::vector<std::string>& args) {
  const CLI::App* command = command_in(app, args);
  const std::string message = e.what();
  // An unknown option first: CLI11 checks for a missing TILES_DIR before it reports one.
  if (std::string text = unknown_option_message(app, args); !text.empty()) return text;
  if (dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr) {
    const std::vector<std::string> words = extra_words(message);
    if (!words.empty()) return extras_message(command, words, args);
  }
  if (message.ends_with(" is required")) return required_message(app, command, message);
  if (std::string text = excludes_message(message); text != message) return text;
  static const std::regex kConvert(R"(^Could not convert: (\S+) = (.*)$)");
  if (std::smatch m; std::regex_match(message, m, kConvert)) {
    return fmt::format("{}: '{}' is not a value it takes; '{}' explains its values", m[1].str(),
                       printable(m[2].str(), 100), help_of(command));
  }
  return missing_value_message(message);
}

}  // namespace

std::string parse_error_message(const CLI::App& app, const CLI::ParseError& e,
                                const std::vector<std::string>& args) {
  return words_message(app, e, args) + dash_path_hint(args);
}

std::string excludes_message(const std::string& message) {
  static const std::regex kExcludes(R"(^(\S+) excludes (\S+)$)");
  std::smatch m;
  if (!std::regex_match(message, m, kExcludes)) return missing_value_message(message);
  const bool mask = m[1].str() == "--mask" || m[2].str() == "--mask";
  return fmt::format("{} and {} do not go together{}; leave one out", m[1].str(), m[2].str(),
                     mask ? " (the mask's size is the grid's)" : "");
}

std::string missing_value_message(const std::string& message) {
  static const std::regex kMissing(R"(^(-[^:\s]+): \d+ required \S+ missing$)");
  std::smatch m;
  if (!std::regex_match(message, m, kMissing)) return message;
  return fmt::format("{} needs a value after it, e.g. {} VALUE; see the command's --help",
                     m[1].str(), m[1].str());
}

}  // namespace dungen::cli
