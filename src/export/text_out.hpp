#pragma once
/// \file text_out.hpp
/// A buffered text writer for reports too large to build in memory: the caller writes the
/// text (and JSON structure), this class escapes JSON strings and hands the text to a sink
/// in blocks of about 64 KiB.

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <exception>
#include <functional>
#include <string>
#include <string_view>

#include "core/utf8.hpp"

namespace dungen::exporters {

/// Receives output text block by block (e.g. to write it to a file as it is made).
using TextSink = std::function<void(std::string_view)>;

/// Appends text for a sink. Flushes on destruction; an error the sink throws then (a full
/// disk) propagates, unless the TextOut is being destroyed by another exception.
class TextOut {
 public:
  explicit TextOut(const TextSink& sink) : sink_(sink) {}
  TextOut(const TextOut&) = delete;
  TextOut& operator=(const TextOut&) = delete;
  // Regression: a report written to a full disk (--json /dev/full) called std::terminate: the
  // sink's error unwound through this destructor, which flushed again, and destructors are
  // noexcept by default.
  ~TextOut() noexcept(false) {
    if (std::uncaught_exceptions() == uncaught_) flush();
  }

  /// Appends `text` as is.
  void raw(std::string_view text) {
    buffer_ += text;
    if (buffer_.size() >= kBlock) flush();
  }
  /// Appends formatted text as is.
  template <typename... Args>
  void format(fmt::format_string<Args...> f, Args&&... args) {
    fmt::format_to(std::back_inserter(buffer_), f, std::forward<Args>(args)...);
    if (buffer_.size() >= kBlock) flush();
  }
  /// Appends `text` as a quoted JSON string (json_string).
  void string(std::string_view text);
  /// Hands the buffered text to the sink.
  void flush() {
    if (buffer_.empty()) return;
    std::string block;
    block.swap(buffer_);  // emptied first: a sink that throws leaves nothing to hand it again
    sink_(block);
    block.clear();
    buffer_.swap(block);  // keep the capacity
  }

 private:
  static constexpr std::size_t kBlock = 1 << 16;
  const TextSink& sink_;
  std::string buffer_;
  int uncaught_ = std::uncaught_exceptions();  ///< exceptions in flight when made
};

/// The UTF-8 reader and the code points no writer shows raw, shared with core's printable().
using core::decode_utf8;
using core::invisible_code_point;
using core::Utf8Char;

/// `text` as a quoted JSON string, the one encoder of text in dungen's JSON (reports, TMJ,
/// inspect): '"' and '\\' escaped, C0 controls, invisible_code_point()s and U+FFFE, U+FFFF
/// as \uXXXX, and each byte that is not UTF-8 (decode_utf8) as \ufffd. The result is valid
/// UTF-8 whatever `text`.
[[nodiscard]] std::string json_string(std::string_view text);

/// `text` escaped for an XML attribute value or element text, the one encoder of text in
/// dungen's XML and HTML (TMX, gallery): & < > " ' as entities, tab, line feed and carriage
/// return as character references (kept in attribute values), invisible_code_point()s as
/// references (&#x202E;); other control characters XML 1.0 forbids (all below 0x20 but tab,
/// newline and carriage return), U+FFFE, U+FFFF and each byte that is not UTF-8 become
/// U+FFFD. The result is valid UTF-8 of XML 1.0 characters only.
[[nodiscard]] std::string xml_escape(std::string_view text);

}  // namespace dungen::exporters
