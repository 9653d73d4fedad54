// Option values checked before CLI11 parses them (option_values.hpp).
#include "cli/option_values.hpp"

#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cctype>

#include "core/error.hpp"

namespace dungen::cli {
namespace {

// The option of `cmd` that `name` ("--rooms", "-o") names, or nullptr.
const CLI::Option* find_option(const CLI::App& cmd, const std::string& name) {
  for (const CLI::Option* opt : cmd.get_options()) {
    if (opt->check_name(name)) return opt;
  }
  return nullptr;
}

// Whether `opt` takes exactly one value (no flag, no list).
bool single_value(const CLI::Option& opt) {
  return opt.get_type_size_max() == 1 && opt.get_expected_max() == 1;
}

// Whether `word` ("--rooms", "--rooms=5", "-o") names an option of `cmd`.
bool names_option(const CLI::App& cmd, const std::string& word) {
  if (word.size() < 2 || word[0] != '-') return false;
  const std::string name =
      word.starts_with("--") ? word.substr(0, word.find('=')) : word.substr(0, 2);
  return find_option(cmd, name) != nullptr;
}

// Whether `opt` is a switch (--strict, --quiet): it takes no value.
bool is_switch(const CLI::Option& opt) {
  return opt.get_type_size_max() == 0 || opt.get_expected_max() == 0;
}

// The truth values a switch may be given after '=' ("--strict=false" in a script), as
// CLI11 reads them; any other ("--strict=maybe", "--no-flip=-1") is a mistake.
bool truth_value(std::string value) {
  for (char& c : value) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const char* word : {"true", "false", "yes", "no", "on", "off", "1", "0"}) {
    if (value == word) return true;
  }
  return false;
}

}  // namespace

void check_option_values(const CLI::App& app, const std::vector<std::string>& args) {
  if (args.empty()) return;
  const CLI::App* cmd = nullptr;
  for (const CLI::App* sub : app.get_subcommands({})) {
    if (sub->check_name(args[0])) cmd = sub;
  }
  if (cmd == nullptr) return;
  for (std::size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "--") break;
    if (arg.size() < 2 || arg[0] != '-') continue;
    if (arg.starts_with("---")) {
      throw usage_error(printable(arg.substr(0, arg.find('=')), 100),
                        "an option starts with two dashes, not three; a name that starts "
                        "with '-' is written ./NAME");
    }
    const bool is_long = arg.starts_with("--");
    const std::size_t eq = arg.find('=');
    if (!is_long && arg.size() > 2 && arg[2] == '=') {
      throw usage_error(arg, fmt::format("a short option takes its value after a space, as "
                                         "{} VALUE; '=' would be part of the value",
                                         arg.substr(0, 2)));
    }
    const std::string name = is_long && eq != std::string::npos ? arg.substr(0, eq)
                             : is_long                          ? arg
                                                                : arg.substr(0, 2);
    const CLI::Option* opt = find_option(*cmd, name);
    if (opt != nullptr && is_switch(*opt) && is_long && eq != std::string::npos &&
        !truth_value(arg.substr(eq + 1))) {
      throw usage_error(name, fmt::format("a switch takes no value, got '{}'; give {} alone, or "
                                          "{}=true or {}=false",
                                          printable(arg.substr(eq + 1), 100), name, name, name));
    }
    if (opt == nullptr || !single_value(*opt)) continue;
    if (is_long && eq == arg.size() - 1) {
      throw usage_error(name,
                        fmt::format("the value after '=' is empty; give one, as {}=VALUE", name));
    }
    if (is_long && eq != std::string::npos) continue;
    ++i;  // its value is the next word, unless that word is an option of the command
    if (i < args.size() && names_option(*cmd, args[i])) {
      throw Error(fmt::format("{} needs a value after it, e.g. {} VALUE; '{}' is an option, "
                              "not a value",
                              name, name, args[i]),
                  ErrorKind::Usage);
    }
  }
}

}  // namespace dungen::cli
