#include "cli/app.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "cli/areas_command.hpp"
#include "cli/exit_codes.hpp"
#include "cli/flag_names.hpp"
#include "cli/generate_command.hpp"
#include "cli/graph_command.hpp"
#include "cli/inspect_command.hpp"
#include "cli/layout_command.hpp"
#include "cli/messages.hpp"
#include "cli/option_values.hpp"
#include "cli/parse_messages.hpp"
#include "cli/range_command.hpp"
#include "cli/rooms_command.hpp"
#include "core/error.hpp"
#include "core/tile_settings.hpp"
#include "export/report.hpp"
#include "io/fs/signal_cleanup.hpp"
#include "io/fs/standard_streams.hpp"
#include "pipeline/generators.hpp"

namespace dungen::cli {
namespace {

constexpr const char* kDescription =
    "dungen grows dungeons from tiles you draw: small PNGs, one pixel per cell, wall #000000, "
    "floor #FFFFFF, door #FF0000, empty transparent. It joins doors of equal width, rotating "
    "and mirroring tiles, until no open door remains, and writes the map as a PNG with text "
    "and JSON reports.\n\nExamples:\n"
    "  dungen samples/classic                      (same as: dungen generate samples/classic)\n"
    "  dungen generate samples/classic -o map.png --seed 7 --report map.txt --json map.json\n"
    "  dungen generate samples/caves --count 100 --out-dir levels -j 2\n"
    "  dungen graph samples/classic clock --tileset samples/tags/classic.tileset.txt\n"
    "  dungen inspect samples/classic --preview tiles.png\n"
    "  dungen rooms --rooms 60 --loops 0.2 -o rooms.png --preview look.png\n"
    "  dungen layout grid:4x3 --monsters 6 --chests 3 -o grid.png\n"
    "  dungen areas --spaces 25 --locks 3 -o caves.png --json caves.json\n"
    "  dungen range samples/classic --count 200 --seed 1 -o classic-range\n\n"
    "Exit codes: 0 ok, 1 bad input, 2 bad command line, 3 level ended early, unreachable cells "
    "or --require missed (--strict), 4 output cannot be written. Docs: man dungen, "
    "docs/cli.md, docs/tile-format.md, docs/reports.md";

// The commands: every generator's (pipeline/generators.hpp), inspect and range, sorted.
const std::vector<std::string>& commands() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> n{"inspect", "range"};
    for (const pipeline::GeneratorInfo& g : pipeline::generators()) n.emplace_back(g.name);
    std::sort(n.begin(), n.end());
    return n;
  }();
  return names;
}

// Whether `word` ("--seed", "--seed=1", "-j2") names an option of `app`: dungen's own (--help,
// --version), or a command's.
bool option_of(const CLI::App& app, const std::string& word) {
  // "--seed=1" names --seed, "-j2" names -j
  const std::string name = word.starts_with("--") ? word.substr(0, word.find('=')) : word.substr(0, 2);
  const std::vector<const CLI::Option*> options = app.get_options();
  return std::any_of(options.begin(), options.end(),
                     [&](const CLI::Option* opt) { return opt->check_name(name); });
}

// Whether `folder` (a path relative to the working folder) is a folder that holds a PNG file.
bool holds_tiles(const std::string& folder) {
  std::error_code ec;
  if (!std::filesystem::is_directory(folder, ec)) return false;
  std::filesystem::directory_iterator it(folder, ec);
  for (const std::filesystem::directory_iterator end; !ec && it != end; it.increment(ec)) {
    std::string ext = it->path().extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (ext == ".png") return true;
  }
  return false;
}

// `dungen rooms` runs the command even where a tile folder is named "rooms": a note says which
// way it was read and how to get the other (unless -q).
void note_command_named_like_folder(const std::vector<std::string>& args) {
  const auto quiet = [](const std::string& w) {
    return w == "-q" || w == "--quiet" || w == "--quiet=true";
  };
  if (std::any_of(args.begin(), args.end(), quiet) || !holds_tiles(args[0])) return;
  print_message("note", fmt::format("'{0}' is read as the command 'dungen {0}', not as the tile "
                                    "folder {0} here; for the folder, write 'dungen generate {0}' "
                                    "or 'dungen ./{0}'",
                                    args[0]));
}

// `dungen DIR ...` and `dungen --seed 1 DIR` mean `dungen generate ...`; a word that is no
// folder but looks like a mistyped command gets a suggestion, and options before a command
// are refused.
std::vector<std::string> with_default_command(const CLI::App& app, int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (!args.empty() && args[0] == "help") args[0] = "--help";
  const auto is_command = [](const std::string& word) {
    return std::find(commands().begin(), commands().end(), word) != commands().end();
  };
  if (!args.empty() && is_command(args[0])) note_command_named_like_folder(args);
  if (args.empty() || is_command(args[0]) || option_of(app, args[0])) return args;
  if (args[0].size() > 1 && args[0][0] == '-' && args[0] != "--") {
    const auto command = std::find_if(args.begin(), std::find(args.begin(), args.end(), "--"),
                                      is_command);
    if (command != args.end() && command != std::find(args.begin(), args.end(), "--")) {
      // "dungen --seed 1 rooms": an option of that command, given before it.
      if (option_of(*app.get_subcommand(*command), args[0])) {
        throw usage_error(args[0], fmt::format("options go after the command: dungen {} {} ...",
                                               *command, args[0]));
      }
      return args;  // "dungen --frob rooms": CLI11 finds the unknown option
    }
  } else if (!args[0].empty() && args[0] != "-" && args[0] != "--") {
    std::error_code ec;
    const std::string hint = core::closest_match(args[0], commands());
    const bool path = args[0].find('/') != std::string::npos;  // "./layouts" names a folder
    if (!path && !std::filesystem::exists(args[0], ec) && !hint.empty()) {
      throw usage_error(args[0], fmt::format("unknown command; did you mean '{}'?", hint));
    }
  }
  args.insert(args.begin(), "generate");
  return args;
}

int error_status(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::Usage:
      return kUsage;
    case ErrorKind::Output:
      return kOutput;
    case ErrorKind::BadInput:
      return kFailure;
  }
  return kFailure;
}

// Outputs are written all or none, each file held open until all are written: a batch holds
// up to a dozen per worker. The soft limit on open files is raised to what the system allows.
void allow_open_files() {
  rlimit limit{};
  if (::getrlimit(RLIMIT_NOFILE, &limit) == 0 && limit.rlim_cur < limit.rlim_max) {
    limit.rlim_cur = limit.rlim_max;
    (void)::setrlimit(RLIMIT_NOFILE, &limit);
  }
}

// A standard stream closed by the caller (`>&-`) would be the number the first file opened
// gets, and what goes to '-' would land in that file. Each closed one is opened on /dev/null
// read-only, so writing an output to it ('-', /dev/stdout, /dev/stderr) fails with exit 4, as
// into any stream that takes nothing; messages to a closed standard error are lost.
void open_closed_standard_streams() {
  for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO}) {
    if (::fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    const int got = ::open("/dev/null", O_RDONLY);
    if (got >= 0 && got != fd) {
      (void)::dup2(got, fd);
      (void)::close(got);
    }
  }
}

// CLI11's message for a command line it refused, in dungen's words: one line, as every error.
int parse_error(const CLI::App& app, const CLI::ParseError& e,
                const std::vector<std::string>& args) {
  print_message("error", printable(parse_error_message(app, e, args)));  // at most 1000 bytes
  return kUsage;
}

// `status` once help or the version went to standard output; kOutput, with the message every
// writer there gives, when it could not be written (a full disk, a closed pipe).
int shown(int status) {
  std::cout.flush();
  if (std::cout) return status;
  print_message("error",
                "-: cannot write to standard output (a closed pipe or a full disk?); check "
                "where it goes, or write to a file instead");
  return kOutput;
}

}  // namespace

int run(int argc, char** argv) {
  open_closed_standard_streams();
  (void)io::fs::silence_stderr_named_by(argc, argv);  // `2>> t/tileset.txt`: no message lands in it
  io::fs::remove_temp_files_on_signals();  // Ctrl-C never leaves a ".map.png.tmp-XXXXXX" behind
  allow_open_files();
  CLI::App app(kDescription, "dungen");
  app.set_version_flag("--version", std::string("dungen ") + exporters::version());
  app.require_subcommand(1);
  app.option_defaults()->multi_option_policy(
      CLI::MultiOptionPolicy::TakeLast);  // a value given twice: the last wins
  app.failure_message(CLI::FailureMessage::simple);
  // Help in our words: "--width INT:8..4096=80 not with: --mask"; commands share the formatter.
  app.get_formatter()->label("Excludes", "not with");
  int status = kOk;
  add_generate_command(app, status);
  add_graph_command(app, status);
  add_inspect_command(app, status);
  add_rooms_command(app, status);
  add_layout_command(app, status);
  add_areas_command(app, status);
  add_range_command(app, status);
  if (argc <= 1) {  // no command: show what there is
    std::cout << app.help();
    return shown(kUsage);
  }
  std::vector<std::string> args;
  try {
    args = with_default_command(app, argc, argv);
    // As an argv of C strings, so CLI11 reads (and reports) them in the order given.
    std::vector<char*> argv2{argv[0]};
    for (std::string& a : args) argv2.push_back(a.data());
    check_option_values(app, args);
    app.parse(static_cast<int>(argv2.size()), argv2.data());
  } catch (const CLI::CallForHelp& e) {
    return shown(app.exit(e));
  } catch (const CLI::CallForAllHelp& e) {
    return shown(app.exit(e));
  } catch (const CLI::CallForVersion& e) {
    return shown(app.exit(e));
  } catch (const CLI::ParseError& e) {
    return parse_error(app, e, args);
  } catch (const Error& e) {
    print_message("error", flag_text(e));
    return error_status(e.kind());
  } catch (const std::bad_alloc&) {
    std::cerr << "dungen: error: " << out_of_memory_message() << '\n';
    return kFailure;
  } catch (const std::exception& e) {
    print_message("error", e.what());
    return kFailure;
  }
  return status;
}

}  // namespace dungen::cli
