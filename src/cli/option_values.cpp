// Option values checked before CLI11 parses them (option_values.hpp).
#include "cli/option_values.hpp"

#include <fmt/format.h>

#include <regex>

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

std::string missing_value_message(const std::string& message) {
  static const std::regex kMissing(R"(^(-[^:\s]+): \d+ required \S+ missing$)");
  std::smatch m;
  if (!std::regex_match(message, m, kMissing)) return message;
  return fmt::format("{} needs a value after it, e.g. {} VALUE; see the command's --help",
                     m[1].str(), m[1].str());
}

}  // namespace dungen::cli
