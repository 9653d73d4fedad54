// dungen::Level: a generated level read out as data, and its files made by the CLI's writers.
#include <stdexcept>
#include <string_view>

#include "api/impl.hpp"
#include "core/hash.hpp"
#include "export/metric_table.hpp"
#include "export/writers.hpp"

namespace dungen {
namespace api {
namespace {

Facing facing_of(core::Facing f) {
  switch (f) {
    case core::Facing::East:
      return Facing::East;
    case core::Facing::South:
      return Facing::South;
    case core::Facing::West:
      return Facing::West;
    case core::Facing::North:
      break;
  }
  return Facing::North;
}

std::vector<Placement> placements_of(const core::Map& map) {
  std::vector<Placement> out;
  out.reserve(map.placements.size());
  for (const core::Placement& p : map.placements) {
    const core::Rect r = map.bounds(p);
    out.push_back({map.tile_names[p.tile], core::degrees(p.orientation),
                   core::is_flipped(p.orientation), r.x, r.y, r.width, r.height});
  }
  return out;
}

// The lock on connection `c` (same placements and door), or nullptr.
const core::Lock* lock_on(const core::Puzzle& puzzle, const core::Connection& c) {
  for (const core::Lock& l : puzzle.locks) {
    if (l.a == c.a && l.b == c.b && l.door.start == c.door().start) return &l;
  }
  return nullptr;
}

std::vector<Door> doors_of(const core::Level& level) {
  std::vector<Door> out;
  for (const core::Connection& c : level.map.connections) {
    const core::Door d = c.door();
    const core::Lock* lock = lock_on(level.puzzle, c);
    out.push_back({d.start.x, d.start.y, d.width, facing_of(d.facing),
                   lock ? DoorFate::Locked : DoorFate::Connected, c.a, c.b, lock ? lock->id : -1,
                   ""});
  }
  for (const core::UnusedDoor& u : level.map.unused_doors) {
    out.push_back({u.span.start.x, u.span.start.y, u.span.width, facing_of(u.span.facing),
                   DoorFate::Sealed, u.placement, -1, -1,
                   std::string(core::unused_reason_key(u.reason))});
  }
  return out;
}

std::vector<std::string> notes_of(const core::Level& level) {
  std::vector<std::string> out = level.outcome.early_notes;
  for (const auto* list : {&level.outcome.notes, &level.puzzle.lock_notes, &level.content.notes})
    out.insert(out.end(), list->begin(), list->end());
  return out;
}

// The bytes the writer named `name` makes of `level`, as the CLI writes them.
std::string written(const core::Level& level, std::string_view name) {
  const auto table = exporters::writers();
  const exporters::Writer& w = table[exporters::writer_index(name, table)];
  std::string out;
  api::as_cli_error([&] {
    w.write(level, exporters::WriterSettings{}, std::string(name),
            [&out](std::string_view block) { out.append(block); });
  });
  return out;
}

}  // namespace

Level make_level(core::Level level) {
  auto impl = std::make_shared<Level::Impl>();
  const auto& cells = level.map.cells.data();
  impl->cells.reserve(cells.size());
  for (const core::CellKind k : cells) impl->cells.push_back(static_cast<std::uint8_t>(k));
  impl->placements = placements_of(level.map);
  impl->doors = doors_of(level);
  for (const exporters::Metric& m : exporters::metric_table())
    impl->metrics.push_back({std::string(m.key), m.value(level.analysis.metrics)});
  impl->notes = notes_of(level);
  impl->level = std::move(level);
  return Level(std::move(impl));
}

}  // namespace api

Level::Level(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}

std::uint64_t Level::seed() const { return impl_->level.origin.seed; }
int Level::width() const { return impl_->level.map.cells.width(); }
int Level::height() const { return impl_->level.map.cells.height(); }
const std::vector<std::uint8_t>& Level::cells() const { return impl_->cells; }

CellKind Level::cell(int x, int y) const {
  if (x < 0 || y < 0 || x >= width() || y >= height())
    throw std::out_of_range("dungen::Level::cell: (" + std::to_string(x) + ", " +
                            std::to_string(y) + ") is outside the map");
  return static_cast<CellKind>(impl_->cells[static_cast<std::size_t>(y) *
                                                static_cast<std::size_t>(width()) +
                                            static_cast<std::size_t>(x)]);
}

const std::vector<Placement>& Level::placements() const { return impl_->placements; }
const std::vector<Door>& Level::doors() const { return impl_->doors; }
const std::vector<Metric>& Level::metrics() const { return impl_->metrics; }
const std::vector<std::string>& Level::notes() const { return impl_->notes; }
bool Level::terminated_early() const { return impl_->level.outcome.terminated_early; }
bool Level::complete() const { return impl_->level.complete(); }

std::pair<int, int> Level::entrance() const {
  const auto& p = impl_->level.analysis.entrance;
  return p ? std::pair{p->x, p->y} : std::pair{-1, -1};
}

std::pair<int, int> Level::exit() const {
  const auto& p = impl_->level.analysis.exit;
  return p ? std::pair{p->x, p->y} : std::pair{-1, -1};
}

std::vector<std::uint8_t> Level::png() const {
  const std::string bytes = api::written(impl_->level, "map");
  return {bytes.begin(), bytes.end()};
}

std::string Level::hash() const {
  // The writers every batch level has (no --with-NAME flag), in the table's order, as
  // exporters::write_level hashes them for the manifest.
  std::uint64_t h = core::kFnvOffset;
  for (const exporters::Writer& w : exporters::writers()) {
    if (w.batch_help.empty()) h = core::fnv1a(api::written(impl_->level, w.name), h);
  }
  return core::hex64(h);
}

std::string Level::json() const { return api::written(impl_->level, "json"); }
std::string Level::report() const { return api::written(impl_->level, "report"); }
std::string Level::tmj() const { return api::written(impl_->level, "tmj"); }
std::string Level::ascii() const { return api::written(impl_->level, "ascii"); }

}  // namespace dungen
