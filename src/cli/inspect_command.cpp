#include "cli/inspect_command.hpp"

#include <memory>

#include "analysis/tile_check.hpp"
#include "cli/exit_codes.hpp"
#include "cli/messages.hpp"
#include "cli/tile_input.hpp"
#include "cli/validators.hpp"
#include "export/inspect_report.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::cli {
namespace {

struct InspectOptions {
  TileInput input;
  bool json = false;
  std::string preview;
  int scale = 12;
};

int run_inspect(const InspectOptions& o) {
  io::fs::RunFiles files;  // this run's inputs and outputs
  add_tile_inputs(o.input, files);
  files.check(io::fs::ListingPlan{.preview = o.preview});               // before any tile is read
  const io::formats::LoadedTileSet loaded = load_tiles(o.input, true);  // notes go into the output
  std::uint8_t allowed = 0xFF;
  if (o.input.no_flip) allowed &= 0x0F;
  if (o.input.no_rotate) allowed &= 0x11;
  set_run_phase(RunPhase::Making);
  const analysis::SetCheck check = analysis::check_tile_set(loaded.set, allowed);
  set_run_phase(RunPhase::Writing);  // the listing is output, built before it is written
  const std::string text = o.json ? exporters::inspect_json(check, loaded.notes)
                                  : exporters::inspect_text(check, loaded.notes);
  io::fs::OutputSet outputs = files.outputs();  // all or none: the preview only with the listing
  if (!o.preview.empty())
    outputs.write(o.preview, [&](const io::fs::BlockSink& sink) {
      exporters::write_tile_set_png(loaded.set, o.scale, sink);
    });
  outputs.write_text("-", text);
  outputs.commit();
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
