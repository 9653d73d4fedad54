#include "cli/wad_output.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <mutex>

#include "core/error.hpp"
#include "export/doom_demo.hpp"
#include "export/doom_map.hpp"
#include "export/wad.hpp"
#include "io/files.hpp"
#include "io/process.hpp"

namespace dungen::cli {
namespace fs = std::filesystem;

void add_wad_options(CLI::App& cmd, LevelOptions& o) {
  cmd.add_option("--wad", o.wad, "Also write a Doom map (PWAD with MAP01; nodes by zdbsp when found) here (docs/doom.md)");
  cmd.add_option("--demo", o.demo, "Also write a Doom demo (.lmp) that plays the --wad map from the start to the exit");
  cmd.add_option("--zdbsp", o.zdbsp, "The node builder for --wad (default: zdbsp on PATH; without it the map has no nodes)");
}

void add_wad_batch_flags(CLI::App& cmd, LevelOptions& o) {
  cmd.add_flag("--with-wad", o.with_wad, "Batch: also write level-NNNN.wad, a Doom map (docs/doom.md)");
  cmd.add_flag("--with-demo", o.with_demo, "Batch: also write level-NNNN.lmp, a Doom demo playing it to the exit");
}

void check_wad_options(const LevelOptions& o) {
  const bool wad = o.batch() ? o.with_wad : !o.wad.empty();
  const bool demo = o.batch() ? o.with_demo : !o.demo.empty();
  if (demo && !wad) {
    throw usage_error(o.batch() ? "--with-demo" : "--demo",
                      fmt::format("the demo plays the Doom map; give {} too", o.batch() ? "--with-wad" : "--wad FILE"));
  }
  if (!wad && !demo) return;
  if (o.locks > exporters::kDoomMaxLocks) {
    throw usage_error("--locks", fmt::format("Doom has only {} key colours (red, blue, yellow), so a map for --wad "
                                             "holds at most {} locks; give --locks {} or fewer",
                                             exporters::kDoomMaxLocks, exporters::kDoomMaxLocks,
                                             exporters::kDoomMaxLocks));
  }
  (void)find_node_builder(o.zdbsp);
  for (const std::string* path : {&o.wad, &o.demo}) {
    if (*path == "-" && ::isatty(STDOUT_FILENO) != 0) {
      throw usage_error(path == &o.wad ? "--wad -" : "--demo -",
                        "standard output is a terminal; redirect it to a file or give a file name");
    }
  }
}

std::optional<fs::path> find_node_builder(const std::string& option) {
  std::optional<fs::path> program = option.empty() ? io::find_program("zdbsp") : std::optional<fs::path>(option);
  if (!option.empty() && !io::is_executable(option)) {
    throw usage_error("--zdbsp", fmt::format("'{}' is not an executable file; give the path of zdbsp (Debian: "
                                             "apt-get install zdbsp puts it in /usr/bin/zdbsp)", option));
  }
  if (program) io::protect_input(*program);  // a program the run uses is never an output
  return program;
}

namespace {

// The last non-empty line zdbsp printed (it draws progress with carriage returns).
std::string last_line(const fs::path& log) {
  std::string text;
  try {
    text = io::read_text(log);
  } catch (const Error&) {
    return "(no output)";
  }
  std::replace(text.begin(), text.end(), '\r', '\n');
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  const std::size_t newline = text.find_last_of('\n');
  return text.substr(newline == std::string::npos ? 0 : newline + 1);
}

bool has_lump(const std::vector<exporters::WadLump>& lumps, const std::string& name) {
  return std::any_of(lumps.begin(), lumps.end(), [&](const auto& l) { return l.name == name && !l.data.empty(); });
}

}  // namespace

std::vector<std::uint8_t> wad_with_nodes(const core::Level& level, const std::optional<fs::path>& zdbsp,
                                         const std::string& path, bool warn) {
  std::vector<std::uint8_t> wad = exporters::doom_wad(level);
  if (!zdbsp) return wad;
  const io::TempFolder work("dungen-nodes-");
  const fs::path in = work.path() / "in.wad", out = work.path() / "out.wad", log = work.path() / "zdbsp.log";
  io::write_file(in, wad);
  // -R: a REJECT of zeroes (an empty one makes vanilla read past it). Only classic nodes: no
  // -X/-z/-g, which vanilla engines cannot read.
  const int status = io::run_program({zdbsp->string(), "-R", "-o", out.string(), in.string()}, log);
  if (status != 0 || !fs::exists(out)) {
    throw output_error(path, fmt::format("the node builder {} failed (exit status {}): {}", zdbsp->string(), status,
                                         last_line(log)));
  }
  wad = io::read_file(out);
  const std::vector<exporters::WadLump> lumps = exporters::read_wad(wad, path);
  if (!has_lump(lumps, "NODES") || !has_lump(lumps, "SSECTORS") || !has_lump(lumps, "BLOCKMAP")) {
    throw output_error(path, fmt::format("the node builder {} wrote no NODES, SSECTORS or BLOCKMAP: {}",
                                         zdbsp->string(), last_line(log)));
  }
  if (warn) {
    for (const std::string& note : exporters::vanilla_limit_notes(lumps)) {
      static std::mutex printing;  // batch levels are written by several threads
      const std::lock_guard lock(printing);
      std::cerr << fmt::format("dungen: warning: {}: {}: chocolate-doom and other vanilla engines may crash on "
                               "this map; Boom-compatible ones (dsda-doom, GZDoom) play it; for vanilla, make a smaller "
                               "level\n",
                               path, note);
    }
  }
  return wad;
}

std::string no_node_builder_note(const std::string& what) {
  return fmt::format("zdbsp not found, so {} no nodes, which Doom engines need: build them with 'zdbsp -R -o "
                     "FILE.wad FILE.wad' (Debian: apt-get install zdbsp), or give --zdbsp PATH",
                     what);
}

WadOutputs make_wad_outputs(const LevelOptions& o, const core::Level& level) {
  WadOutputs out;
  if (o.wad.empty()) return out;
  const std::optional<fs::path> zdbsp = find_node_builder(o.zdbsp);
  out.wad = wad_with_nodes(level, zdbsp, o.wad, !o.quiet);
  if (!zdbsp && !o.quiet) std::cerr << "dungen: note: " << no_node_builder_note(o.wad + " has") << "\n";
  if (!o.demo.empty()) out.demo = exporters::doom_demo(level);
  return out;
}

void write_wad_outputs(const LevelOptions& o, const WadOutputs& out, io::OutputSet& files) {
  if (!o.wad.empty()) files.write(o.wad, out.wad);
  if (!o.demo.empty()) files.write(o.demo, out.demo);
}

void write_batch_wad(const LevelOptions& o, const core::Level& level, const std::string& base, io::OutputSet& files) {
  if (o.with_wad) files.write(base + ".wad", wad_with_nodes(level, find_node_builder(o.zdbsp), base + ".wad", !o.quiet));
  if (o.with_demo) files.write(base + ".lmp", exporters::doom_demo(level));
}

}  // namespace dungen::cli
