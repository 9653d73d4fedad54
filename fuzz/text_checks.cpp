#include "text_checks.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "export/report.hpp"
#include "text_paths.hpp"

namespace dungen::fuzz::detail {
namespace {

// The first `max` bytes of `text` with control bytes as \xNN, so the report stays one line.
std::string escaped(std::string_view text, std::size_t max = 300) {
  std::string out;
  for (const char c : text.substr(0, max)) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte < 0x20 || byte == 0x7f) {
      out += fmt::format("\\x{:02x}", byte);
    } else {
      out += c;
    }
  }
  if (text.size() > max) out += fmt::format("... ({} bytes)", text.size());
  return out;
}

}  // namespace

void fail(const std::string& what) {
  std::fprintf(stderr, "text path invariant broken: %s\n", what.c_str());
  std::abort();
}

void check_error(const Error& e, const std::string& file) {
  const std::string_view message = e.what();
  if (!file.empty() && message.rfind(file + ": ", 0) != 0)
    fail("an error does not start with the file name: " + escaped(message));
  for (std::size_t i = 0; i < message.size(); ++i) {
    const auto byte = static_cast<unsigned char>(message[i]);
    if (byte < 0x20 || byte == 0x7f) {
      fail(fmt::format("an error holds control byte \\x{:02x} at byte {}: {}", byte, i,
                       escaped(message)));
    }
  }
  if (message.size() > kMaxMessageBytes) {
    fail(fmt::format("an error is {} bytes long (at most {}): {}", message.size(), kMaxMessageBytes,
                     escaped(message)));
  }
}

std::string_view as_text(std::span<const std::uint8_t> bytes) {
  return {reinterpret_cast<const char*>(bytes.data()), bytes.size()};
}

void check_reports(const core::Level& level) {
  const std::string text = exporters::text_report(level);
  if (text.empty() || text.back() != '\n') fail("the text report does not end with a newline");
  if (!nlohmann::json::accept(exporters::json_report(level)))
    fail("the JSON report does not parse");
}

}  // namespace dungen::fuzz::detail
