#include "io/formats/png_chunks.hpp"

#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <memory>
#include <new>
#include <string_view>

#include "core/error.hpp"

namespace dungen::io::formats {
namespace {

std::uint32_t be32(const std::uint8_t* p) {
  return (std::uint32_t{p[0]} << 24) | (std::uint32_t{p[1]} << 16) | (std::uint32_t{p[2]} << 8) |
         std::uint32_t{p[3]};
}

// Where PNG allows a chunk (specification, 5.6, table 7).
enum class Place : std::uint8_t {
  BeforePlte,  // before PLTE and before IDAT
  AfterPlte,   // after PLTE (when there is one) and before IDAT
  BeforeIdat,  // anywhere before IDAT
  Anywhere,
};

struct Rule {
  std::string_view type;
  bool once;
  Place place;
  std::string_view place_text;  // how the message says where PNG puts it
};

constexpr std::array<Rule, 15> kRules = {{
    {"cHRM", true, Place::BeforePlte, "before PLTE and IDAT"},
    {"gAMA", true, Place::BeforePlte, "before PLTE and IDAT"},
    {"iCCP", true, Place::BeforePlte, "before PLTE and IDAT"},
    {"sBIT", true, Place::BeforePlte, "before PLTE and IDAT"},
    {"sRGB", true, Place::BeforePlte, "before PLTE and IDAT"},
    {"cICP", true, Place::BeforePlte, "before PLTE and IDAT"},
    {"mDCV", true, Place::BeforePlte, "before PLTE and IDAT"},
    {"cLLI", true, Place::BeforePlte, "before PLTE and IDAT"},
    {"tRNS", true, Place::AfterPlte, "after PLTE and before IDAT"},
    {"bKGD", true, Place::AfterPlte, "after PLTE and before IDAT"},
    {"hIST", true, Place::AfterPlte, "after PLTE and before IDAT"},
    {"pHYs", true, Place::BeforeIdat, "before IDAT"},
    {"eXIf", true, Place::BeforeIdat, "before IDAT"},
    {"sPLT", false, Place::BeforeIdat, "before IDAT"},
    {"tIME", true, Place::Anywhere, ""},
}};

[[noreturn]] void damaged(const std::string& name, const std::string& reason) {
  throw_damaged_png(name, reason);
}

// The walk's state: what has been seen so far.
struct Walk {
  const std::string& name;
  PngChunks out;
  std::vector<std::string> seen;  // types of the once-only chunks met
  bool plte = false, after_plte_seen = false, idat_done = false;
  std::size_t trns_size = 0;
};

void check_palette(Walk& w, std::uint32_t len, std::size_t at) {
  const PngChunks& p = w.out;
  if (p.colour_type == 0 || p.colour_type == 4) {
    damaged(w.name, fmt::format("a PLTE chunk at byte {} in a greyscale image, which PNG "
                                "allows none",
                                at));
  }
  if (w.plte) damaged(w.name, fmt::format("a second PLTE chunk at byte {} (PNG allows one)", at));
  if (w.after_plte_seen) {
    damaged(w.name, fmt::format("its PLTE chunk at byte {} comes after a tRNS, bKGD or hIST "
                                "chunk, which PNG puts after PLTE",
                                at));
  }
  if (len % 3 != 0 || len == 0 || len > 768) {
    damaged(w.name, fmt::format("its PLTE chunk at byte {} holds {} bytes, not 1 to 256 colours "
                                "of 3 bytes each",
                                at, len));
  }
  if (p.colour_type == 3 && len / 3 > (std::size_t{1} << p.bit_depth)) {
    damaged(w.name, fmt::format("its PLTE chunk holds {} colours, more than {}-bit pixels can "
                                "index ({})",
                                len / 3, p.bit_depth, 1u << p.bit_depth));
  }
  w.plte = true;
  w.out.palette_size = len / 3;
}

void check_transparency(Walk& w, const std::uint8_t* data, std::uint32_t len) {
  const PngChunks& p = w.out;
  if (p.colour_type == 4 || p.colour_type == 6) {
    damaged(w.name, "a tRNS chunk in an image with an alpha channel, which PNG allows none");
  }
  if (p.colour_type == 3) {
    if (!w.plte) damaged(w.name, "its tRNS chunk comes before PLTE, which PNG puts first");
    if (len > p.palette_size) {
      damaged(w.name, fmt::format("its tRNS chunk holds {} transparency entries, more than its "
                                  "{}-colour palette (PLTE)",
                                  len, p.palette_size));
    }
    return;
  }
  const std::uint32_t want = p.colour_type == 0 ? 2 : 6;
  if (len != want) {
    damaged(w.name, fmt::format("its tRNS chunk holds {} bytes, where that of {} image holds {}",
                                len, p.colour_type == 0 ? "a greyscale" : "an RGB", want));
  }
  for (std::uint32_t i = 0; i < len; i += 2) {  // samples of 2 bytes, below 2^bit depth
    const unsigned sample = unsigned{data[i]} << 8 | data[i + 1];
    if (sample >> p.bit_depth != 0) {
      damaged(w.name, fmt::format("its tRNS chunk gives the transparent colour a sample of {}, "
                                  "more than {}-bit samples hold",
                                  sample, p.bit_depth));
    }
  }
}

// Checks the place and count of an ancillary chunk PNG constrains; others may go anywhere.
void check_ancillary(Walk& w, std::string_view type, std::size_t at) {
  for (const Rule& r : kRules) {
    if (r.type != type) continue;
    const bool late = (r.place != Place::Anywhere && w.idat_done) ||
                      (r.place == Place::BeforePlte && w.plte);
    if (late) {
      damaged(w.name, fmt::format("its {} chunk at byte {} comes after the {} chunk, where PNG "
                                  "puts it {}",
                                  type, at, w.idat_done ? "IDAT" : "PLTE", r.place_text));
    }
    if (r.once) {
      for (const std::string& s : w.seen) {
        if (s == type) {
          damaged(w.name, fmt::format("a second {} chunk at byte {} (PNG allows one)", type, at));
        }
      }
      w.seen.emplace_back(type);
    }
    if (r.place == Place::AfterPlte) w.after_plte_seen = true;
  }
}

bool is_letter(std::uint8_t c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

// Reads the next chunk at `pos`; returns false at IEND.
bool next_chunk(Walk& w, std::span<const std::uint8_t> bytes, std::size_t& pos) {
  const std::size_t at = pos;
  if (bytes.size() - at < 8) {
    if (bytes.size() == at && !w.out.idat.empty()) damaged(w.name, "no IEND chunk after its pixel data");
    damaged(w.name, fmt::format("the file ends at byte {}, inside a chunk's length and type",
                                bytes.size()));
  }
  const std::uint32_t len = be32(&bytes[at]);
  const std::string type(reinterpret_cast<const char*>(&bytes[at + 4]), 4);
  if (!is_letter(bytes[at + 4]) || !is_letter(bytes[at + 5]) || !is_letter(bytes[at + 6]) ||
      !is_letter(bytes[at + 7])) {
    damaged(w.name, fmt::format("a damaged chunk at byte {}: its type is not 4 letters", at));
  }
  const bool critical = type[0] >= 'A' && type[0] <= 'Z';
  const bool known = type == "IHDR" || type == "PLTE" || type == "IDAT" || type == "IEND";
  if (critical && !known) damaged(w.name, fmt::format("an unknown critical chunk {}", type));
  if (len > 0x7FFFFFFFu || len > bytes.size() - at - 8 || bytes.size() - at - 8 - len < 4) {
    damaged(w.name, fmt::format("the file ends at byte {}, inside its {} chunk at byte {} of {} "
                                "data bytes",
                                bytes.size(), type, at, len));
  }
  const std::uint8_t* data = &bytes[at + 8];
  const auto crc = static_cast<std::uint32_t>(crc32(crc32(0L, &bytes[at + 4], 4), data, len));
  if (crc != be32(data + len)) {
    damaged(w.name, fmt::format("its {} chunk at byte {} has a wrong CRC: it stores {:08X}, its "
                                "bytes give {:08X}",
                                type, at, be32(data + len), crc));
  }
  pos = at + 12 + len;
  const bool in_idat = !w.out.idat.empty() && !w.idat_done;
  if (in_idat && type != "IDAT") w.idat_done = true;
  if (type == "IHDR") {
    if (at != 8) damaged(w.name, "a second IHDR chunk");
    return true;  // the first: its fields were checked before the walk
  }
  if (type == "IEND") {
    if (w.out.idat.empty()) damaged(w.name, "no pixel data (no IDAT chunk) before IEND");
    if (len != 0) damaged(w.name, fmt::format("its IEND chunk holds {} bytes, where PNG's is empty", len));
    return false;
  }
  if (type == "IDAT") {
    if (w.idat_done) {
      damaged(w.name, fmt::format("its IDAT chunk at byte {} is not next to the IDAT chunks "
                                  "before it, where PNG puts them one after another",
                                  at));
    }
    if (w.out.colour_type == 3 && !w.plte) {
      damaged(w.name, "a palette image without its palette (no PLTE chunk before IDAT)");
    }
    w.out.idat.emplace_back(data, len);
  } else if (type == "PLTE") {
    if (w.idat_done || in_idat) {
      damaged(w.name, fmt::format("its PLTE chunk at byte {} comes after the IDAT chunk, where "
                                  "PNG puts it before IDAT",
                                  at));
    }
    check_palette(w, len, at);
  } else {
    check_ancillary(w, type, at);
    if (type == "tRNS") check_transparency(w, data, len);
  }
  return true;
}

}  // namespace

void throw_damaged_png(const std::string& name, const std::string& reason) {
  throw file_error(name, fmt::format("cannot decode PNG ({}); the file may be truncated or "
                                     "damaged, re-export it",
                                     reason));
}

PngChunks check_png_chunks(std::span<const std::uint8_t> bytes, const std::string& name) {
  Walk w{name, {}, {}};
  w.out.width = be32(&bytes[16]);
  w.out.height = be32(&bytes[20]);
  w.out.bit_depth = bytes[24];
  w.out.colour_type = bytes[25];
  w.out.interlace = bytes[28];
  std::size_t pos = 8;
  while (next_chunk(w, bytes, pos)) {
  }
  return std::move(w.out);
}

std::uint64_t png_pixel_data_size(const PngChunks& png) {
  static constexpr int kChannels[7] = {1, 0, 3, 1, 2, 0, 4};
  const std::uint64_t bits = std::uint64_t{png.bit_depth} * kChannels[png.colour_type & 7];
  const auto pass_size = [bits](std::uint64_t w, std::uint64_t h) {
    return w == 0 || h == 0 ? 0 : h * (1 + (w * bits + 7) / 8);
  };
  if (png.interlace == 0) return pass_size(png.width, png.height);
  std::uint64_t total = 0;
  for (const Adam7Pass& p : kAdam7) {
    const std::uint64_t w = png.width > p.x0 ? (png.width - p.x0 + p.dx - 1) / p.dx : 0;
    const std::uint64_t h = png.height > p.y0 ? (png.height - p.y0 + p.dy - 1) / p.dy : 0;
    total += pass_size(w, h);
  }
  return total;
}

void check_pixel_data_size(const PngChunks& png, const std::string& name) {
  const std::uint64_t want = png_pixel_data_size(png);
  z_stream z{};
  if (inflateInit(&z) != Z_OK) throw std::bad_alloc();  // zlib's state: out of memory
  const std::unique_ptr<z_stream, int (*)(z_stream*)> end(&z, inflateEnd);
  std::array<std::uint8_t, 32768> sink{};  // inflated bytes are counted, then dropped
  const std::string header = fmt::format("{}x{}", png.width, png.height);
  std::uint64_t got = 0;
  std::size_t chunk = 0;
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    if (z.avail_in == 0 && chunk < png.idat.size()) {
      z.next_in = const_cast<Bytef*>(png.idat[chunk].data());  // zlib's API is not const
      z.avail_in = static_cast<uInt>(png.idat[chunk].size());
      ++chunk;
    }
    // Never more than one byte past the header's size: a bomb costs what its header says.
    z.next_out = sink.data();
    z.avail_out = static_cast<uInt>(std::min<std::uint64_t>(sink.size(), want + 1 - got));
    const uInt room = z.avail_out;
    rc = inflate(&z, Z_NO_FLUSH);
    got += room - z.avail_out;
    if (got > want) damaged(name, fmt::format("more pixel data than its {} header says", header));
    if (rc == Z_BUF_ERROR && z.avail_in == 0 && chunk == png.idat.size()) {
      damaged(name, fmt::format("less pixel data than its {} header says: its IDAT data ends "
                                "after {} of {} bytes",
                                header, got, want));
    }
    if (rc != Z_OK && rc != Z_STREAM_END && rc != Z_BUF_ERROR) {
      damaged(name, fmt::format("damaged compressed pixel data in its IDAT chunks ({})",
                                z.msg != nullptr ? z.msg : "zlib error"));
    }
  }
  if (got < want) {
    damaged(name, fmt::format("less pixel data than its {} header says: {} of {} bytes",
                              header, got, want));
  }
  std::size_t rest = z.avail_in;
  for (; chunk < png.idat.size(); ++chunk) rest += png.idat[chunk].size();
  if (rest != 0) {
    damaged(name, fmt::format("{} bytes in its IDAT chunks after the end of the compressed "
                              "pixel data",
                              rest));
  }
}

}  // namespace dungen::io::formats
