#include "cli/wad_output.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <iostream>
#include <memory>
#include <mutex>

#include "cli/messages.hpp"
#include "cli/validators.hpp"
#include "core/error.hpp"
#include "export/doom_demo.hpp"
#include "export/doom_map.hpp"
#include "export/wad.hpp"
#include "io/fs/process.hpp"
#include "io/fs/read.hpp"
#include "io/fs/temp_folder.hpp"

namespace dungen::cli {
namespace fs = std::filesystem;

void add_wad_options(CLI::App& cmd, LevelOptions& o) {
  cmd.add_option(
         "--zdbsp", o.zdbsp,
         "The node builder for --wad (default: zdbsp on PATH; without it the map has no nodes)")
      ->check(non_empty_name());
}

void check_wad_options(const LevelOptions& o, io::fs::RunFiles& files) {
  const bool wad = o.writes("wad"), demo = o.writes("demo");
  if (demo && !wad) {
    throw usage_error(o.batch() ? "--with-demo" : "--demo",
                      fmt::format("the demo plays the Doom map; give {} too",
                                  o.batch() ? "--with-wad" : "--wad FILE"));
  }
  if (!wad && !demo) return;
  if (o.locks > exporters::kDoomMaxLocks) {
    throw usage_error(
        "--locks",
        fmt::format("Doom has only {} key colours (red, blue, yellow), so a map for --wad "
                    "holds at most {} locks; give --locks {} or fewer",
                    exporters::kDoomMaxLocks, exporters::kDoomMaxLocks, exporters::kDoomMaxLocks));
  }
  // A program the run uses is never an output.
  if (const std::optional<fs::path> program = find_node_builder(o.zdbsp)) files.add_input(*program);
}

std::optional<fs::path> find_node_builder(const std::string& option) {
  std::optional<fs::path> program =
      option.empty() ? io::fs::find_program("zdbsp") : std::optional<fs::path>(option);
  if (!option.empty() && !io::fs::is_executable(option)) {
    throw usage_error("--zdbsp",
                      fmt::format("'{}' is not an executable file; give the path of zdbsp (Debian: "
                                  "apt-get install zdbsp puts it in /usr/bin/zdbsp)",
                                  option));
  }
  return program;
}

namespace {

// The last non-empty line zdbsp printed (it draws progress with carriage returns).
std::string last_line(const fs::path& log) {
  std::string text;
  try {
    text = io::fs::read_text(log);
  } catch (const Error&) {
    return "(no output)";
  }
  std::replace(text.begin(), text.end(), '\r', '\n');
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  const std::size_t newline = text.find_last_of('\n');
  const std::string last = text.substr(newline == std::string::npos ? 0 : newline + 1);
  return last.empty() ? "(no output)" : last;
}

const exporters::WadLump* find_lump(std::span<const exporters::WadLump> lumps,
                                    const std::string& name) {
  const auto it =
      std::find_if(lumps.begin(), lumps.end(), [&](const auto& l) { return l.name == name; });
  return it == lumps.end() ? nullptr : &*it;
}

// Whether the node builder wrote the node lumps of every map. A map of one convex subsector
// has no node: SSECTORS holds one entry (4 bytes) and NODES is empty, which every engine reads.
bool has_nodes(const std::vector<exporters::WadLump>& lumps) {
  const std::vector<exporters::WadMap> maps = exporters::wad_maps(lumps);
  return !maps.empty() && std::all_of(maps.begin(), maps.end(), [](const exporters::WadMap& m) {
    const auto* sub = find_lump(m.lumps, "SSECTORS");
    const auto* nodes = find_lump(m.lumps, "NODES");
    const auto* blocks = find_lump(m.lumps, "BLOCKMAP");
    return sub && !sub->data.empty() && blocks && !blocks->data.empty() && nodes &&
           (!nodes->data.empty() || sub->data.size() == 4);
  });
}

}  // namespace

std::vector<std::uint8_t> add_nodes(std::vector<std::uint8_t> wad, const fs::path& zdbsp,
                                    const std::string& path, bool warn) {
  const io::fs::TempFolder work("dungen-nodes-", {"in.wad", "out.wad", "zdbsp.log"});
  const fs::path in = work.file("in.wad"), out = work.file("out.wad"), log = work.file("zdbsp.log");
  work.write("in.wad", wad);
  // -R: a REJECT of zeroes (an empty one makes vanilla read past it). Only classic nodes: no
  // -X/-z/-g, which vanilla engines cannot read. zdbsp holds the folder's lock while it runs.
  const int status = io::fs::run_program({zdbsp.string(), "-R", "-o", out.string(), in.string()},
                                         log, work.handle());
  if (status != 0 || !fs::exists(out)) {
    const std::string how =
        status < 0   ? fmt::format("was ended by signal {} ({})", -status, ::strsignal(-status))
        : status > 0 ? fmt::format("failed (exit status {})", status)
                     : std::string("exited with status 0 but wrote no map");
    throw output_error(
        path, fmt::format("the node builder {} {}: {}", zdbsp.string(), how, last_line(log)));
  }
  std::vector<exporters::WadLump> lumps;
  try {  // what it wrote is read back; a damaged file is the node builder's fault, not the map's
    wad = io::fs::read_file(out);
    lumps = exporters::read_wad(wad, path);
  } catch (const Error&) {
    throw output_error(path, fmt::format("the node builder {} wrote no map dungen can read "
                                         "(a damaged or missing WAD); check that --zdbsp names "
                                         "zdbsp: {}",
                                         zdbsp.string(), last_line(log)));
  }
  if (!has_nodes(lumps)) {
    throw output_error(path,
                       fmt::format("the node builder {} wrote no NODES, SSECTORS or BLOCKMAP: {}",
                                   zdbsp.string(), last_line(log)));
  }
  if (warn) {
    for (const std::string& note : exporters::vanilla_limit_notes(lumps)) {
      static std::mutex printing;  // batch levels are written by several threads
      const std::lock_guard lock(printing);
      print_message("warning",
                    fmt::format("{}: {}: chocolate-doom and other vanilla engines may crash on "
                                "this map; Boom-compatible ones (dsda-doom, GZDoom) play it; for "
                                "vanilla, make a smaller level",
                                path, note));
    }
  }
  return wad;
}

namespace {

// The note for maps written without nodes: `what` names them.
std::string no_node_builder_note(const std::string& what) {
  return fmt::format(
      "zdbsp not found, so {} no nodes, which Doom engines need: build them with 'zdbsp -R -o "
      "FILE.wad FILE.wad' (Debian: apt-get install zdbsp), or give --zdbsp PATH",
      what);
}

}  // namespace

exporters::WriterSettings writer_settings(const LevelOptions& o, const std::string& what) {
  exporters::WriterSettings settings;
  settings.preview_scale = o.scale;
  settings.metrics = o.metrics;
  if (!o.writes("wad")) return settings;
  if (const std::optional<fs::path> zdbsp = find_node_builder(o.zdbsp)) {
    settings.doom_nodes = [zdbsp = *zdbsp, warn = !o.quiet](std::vector<std::uint8_t> wad,
                                                            const std::string& path) {
      return add_nodes(std::move(wad), zdbsp, path, warn);
    };
  } else if (!o.quiet) {
    // Said when a map is written without nodes, once per run (batch levels share the flag),
    // never for a run that makes no map (a level refused before its outputs are written).
    settings.doom_nodes = [note = no_node_builder_note(what),
                           once = std::make_shared<std::once_flag>()](std::vector<std::uint8_t> wad,
                                                                      const std::string&) {
      std::call_once(*once, [&note] { print_message("note", note); });
      return wad;
    };
  }
  return settings;
}

}  // namespace dungen::cli
