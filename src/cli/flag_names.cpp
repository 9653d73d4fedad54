#include "cli/flag_names.hpp"

namespace dungen::cli {
namespace {

// Sorted by field. A field missing here prints as its own name, which still reads.
constexpr FieldName kFlagNames[] = {
    {"demo", "--demo"},
    {"door_width", "--door-width"},
    {"dump_steps", "--dump-steps"},
    {"floors", "--floors"},
    {"jobs", "--jobs"},
    {"locks", "--locks"},
    {"mask", "--mask"},
    {"max_size", "--max-size"},
    {"max_steps", "--max-steps"},
    {"max_tile_size", "--max-tile-size"},
    {"max_tiles", "--max-tiles"},
    {"min_tiles", "--min-tiles"},
    {"no_flip", "--no-flip"},
    {"no_rotate", "--no-rotate"},
    {"out_dir", "--out-dir"},
    {"palette", "--palette"},
    {"place", "--place"},
    {"preview", "--preview"},
    {"require", "--require"},
    {"room_size", "--room-size"},
    {"scale", "--scale"},
    {"space", "--space"},
    {"spaces", "--spaces"},
    {"start", "--start"},
    {"tileset", "--tileset"},
    {"tmj", "--tmj"},
    {"tmx", "--tmx"},
    {"uvtt", "--uvtt"},
    {"wad", "--wad"},
    {"wait", "--wait"},
};

}  // namespace

std::span<const FieldName> flag_names() { return kFlagNames; }

std::string flag_text(const Error& error) { return render_fields(error.raw(), kFlagNames); }

}  // namespace dungen::cli
