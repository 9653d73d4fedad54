#include "export/banded.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>

namespace dungen::exporters {
namespace {

// The items of one layer each band meets, in index order: band b's items are
// items[starts[b] .. starts[b + 1]) (a counting sort by band).
struct Buckets {
  std::vector<std::size_t> starts;
  std::vector<std::uint32_t> items;
};

Buckets bucket(const Layer& layer, int band_rows, int bands, int height) {
  auto band_range = [&](std::size_t i) {
    const auto [top, bottom] = layer.rows(i);
    const int first = std::clamp(top, 0, height) / band_rows;
    const int last = (std::clamp(bottom, 1, height) - 1) / band_rows;
    return std::pair<int, int>{first, top >= height || bottom <= 0 ? first - 1 : last};
  };
  Buckets b;
  b.starts.assign(static_cast<std::size_t>(bands) + 1, 0);
  for (std::size_t i = 0; i < layer.count; ++i) {
    const auto [first, last] = band_range(i);
    for (int k = first; k <= last; ++k) ++b.starts[static_cast<std::size_t>(k) + 1];
  }
  for (std::size_t k = 0; k < static_cast<std::size_t>(bands); ++k) b.starts[k + 1] += b.starts[k];
  b.items.resize(b.starts.back());
  std::vector<std::size_t> next(b.starts.begin(), b.starts.end() - 1);
  for (std::size_t i = 0; i < layer.count; ++i) {
    const auto [first, last] = band_range(i);
    for (int k = first; k <= last; ++k)
      b.items[next[static_cast<std::size_t>(k)]++] = static_cast<std::uint32_t>(i);
  }
  return b;
}

}  // namespace

void draw_in_bands(core::Size size, core::Rgba background, const std::vector<Layer>& layers,
                   std::size_t band_bytes, const std::function<void(Canvas&)>& emit) {
  const std::size_t row_bytes = static_cast<std::size_t>(std::max(size.width, 1)) * 4;
  const int band_rows = static_cast<int>(std::clamp<std::size_t>(
      band_bytes / row_bytes, 1, static_cast<std::size_t>(std::max(size.height, 1))));
  const int bands = (size.height + band_rows - 1) / band_rows;
  std::vector<Buckets> buckets;
  buckets.reserve(layers.size());
  for (const Layer& layer : layers) buckets.push_back(bucket(layer, band_rows, bands, size.height));
  for (int k = 0; k < bands; ++k) {
    const int top = k * band_rows;
    Canvas band{core::Image({size.width, std::min(band_rows, size.height - top)}, background), top};
    for (std::size_t l = 0; l < layers.size(); ++l) {
      const Buckets& b = buckets[l];
      for (std::size_t j = b.starts[static_cast<std::size_t>(k)];
           j < b.starts[static_cast<std::size_t>(k) + 1]; ++j)
        layers[l].draw(band, b.items[j]);
    }
    emit(band);
  }
}

core::Image draw_whole(core::Size size, core::Rgba background, const std::vector<Layer>& layers) {
  core::Image whole;
  draw_in_bands(size, background, layers, std::numeric_limits<std::size_t>::max(),
                [&whole](Canvas& band) { whole = std::move(band.pixels); });
  return whole;
}

}  // namespace dungen::exporters
