#include "cli/inspect_command.hpp"

#include <memory>

#include "analysis/tile_check.hpp"
#include "cli/exit_codes.hpp"
#include "cli/level_checks.hpp"
#include "cli/messages.hpp"
#include "cli/tile_input.hpp"
#include "cli/validators.hpp"
#include "core/error.hpp"
#include "export/inspect_report.hpp"
#include "io/files.hpp"
#include "io/png.hpp"

namespace dungen::cli {
namespace {

struct InspectOptions {
  TileInput input;
  bool json = false;
  std::string preview;
  int scale = 12;
};

int run_inspect(const InspectOptions& o) {
  if (o.preview == "-") {
    throw usage_error("--preview",
                      "standard output carries the listing; give the preview a file name");
  }
  if (!o.preview.empty()) io::check_writable(o.preview);
  if (io::is_stdout_file(o.preview)) {
    throw usage_error(o.preview,
                      "is also standard output, where the listing goes; give the preview "
                      "another file, or send the listing elsewhere");
  }
  protect_tile_inputs(o.input);  // outputs are checked before any tile is read
  check_output_path(o.preview, o.input);
  refuse_stderr_output(o.preview);
  io::refuse_input_as_stdout();                                // the listing goes there
  const io::LoadedTileSet loaded = load_tiles(o.input, true);  // notes go into the output
  std::uint8_t allowed = 0xFF;
  if (o.input.no_flip) allowed &= 0x0F;
  if (o.input.no_rotate) allowed &= 0x11;
  set_run_phase(RunPhase::Making);
  const analysis::SetCheck check = analysis::check_tile_set(loaded.set, allowed);
  set_run_phase(RunPhase::Writing);  // the listing is output, built before it is written
  const std::string text = o.json ? exporters::inspect_json(check, loaded.notes)
                                  : exporters::inspect_text(check, loaded.notes);
  io::OutputSet files;  // all or none: the preview is kept only once the listing is out
  if (!o.preview.empty())
    files.write(o.preview, [&](const io::BlockSink& sink) {
      exporters::write_tile_set_png(loaded.set, o.scale, sink);
    });
  files.write_text("-", text);
  files.commit();
  return kOk;
}

}  // namespace

void add_inspect_command(CLI::App& app, int& status) {
  auto options = std::make_shared<InspectOptions>();
  CLI::App* cmd = app.add_subcommand(
      "inspect", "List each tile's doors, orientations and problems, and check the set as a whole");
  add_tile_input(*cmd, options->input);
  cmd->option_defaults()->group("Output");
  cmd->add_flag("--json", options->json, "Print JSON instead of text (keys in docs/inspect.md)");
  cmd->add_option("--preview", options->preview,
                  "Write a PNG of the tile set with every door marked and labelled by width")
      ->check(non_empty_name());
  cmd->add_option("--scale", options->scale, "Preview pixels per cell")
      ->transform(whole_number(1, 64))
      ->capture_default_str();
  cmd->callback([options, &status] { status = run_inspect(*options); });
}

}  // namespace dungen::cli
