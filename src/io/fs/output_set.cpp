// Outputs written all or none (output_set.hpp).
#include "io/fs/output_set.hpp"

#include <cerrno>
#include <cstring>
#include <iostream>
#include <string>
#include <memory>
#include <string_view>
#include <utility>

#include "core/error.hpp"
#include "io/fs/atomic_file.hpp"
#include "io/fs/detail.hpp"
#include "io/fs/signal_cleanup.hpp"

namespace dungen::io::fs {
namespace stdfs = std::filesystem;
using detail::AtomicFile;
using detail::ListingGuard;

namespace {

constexpr const char* kStdoutFailed =
    "cannot write to standard output (a closed pipe or a full disk?); check where it goes, or "
    "write to a file instead";

// Writes into standard output (fd 1, through std::cout) or standard error (fd 2, flushed
// first so that earlier messages come before).
void write_stream(int fd, const std::function<void(const BlockSink&)>& produce) {
  std::ostream& out = fd == 1 ? std::cout : std::cerr;
  const char* name = fd == 1 ? "-" : "/dev/stderr";
  const char* failed = fd == 1 ? kStdoutFailed
                               : "cannot write to standard error (a closed pipe or a full disk?); "
                                 "check where it goes, or write to a file instead";
  out.flush();
  produce([&](std::string_view block) {
    out.write(block.data(), static_cast<std::streamsize>(block.size()));
    if (!out) throw output_error(name, failed);
  });
  out.flush();
  if (!out) throw output_error(name, failed);
}

}  // namespace

OutputSet::OutputSet() = default;
OutputSet::OutputSet(const OutputRules& rules) : rules_(&rules) {}
OutputSet::~OutputSet() = default;  // uncommitted files remove their temporary files

void OutputSet::write(const stdfs::path& path,
                      const std::function<void(const BlockSink&)>& produce) {
  if (path == "-") return write_stream(1, produce);
  if (const int fd = detail::standard_stream_of(path); fd != 0) return write_stream(fd, produce);
  auto file = std::make_unique<AtomicFile>(path, rules_);
  produce([&](std::string_view block) { file->append(block); });
  if (file->direct()) return file->close_temp();  // a device or FIFO: nothing to hold back
  pending_.push_back(std::move(file));
}

void OutputSet::write(const stdfs::path& path, std::span<const std::uint8_t> bytes) {
  const std::string_view view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  write(path, [&](const BlockSink& sink) { sink(view); });
}

void OutputSet::write_text(const stdfs::path& path, std::string_view text) {
  write(path, [&](const BlockSink& sink) { sink(text); });
}

std::size_t OutputSet::open(const stdfs::path& path) {
  pending_.push_back(std::make_unique<AtomicFile>(path, rules_));
  return pending_.size() - 1;
}

void OutputSet::append(std::size_t file, std::string_view bytes) { pending_.at(file)->append(bytes); }

bool OutputSet::keep_room(std::size_t file, std::uint64_t bytes) {
  return pending_.at(file)->keep_room(bytes) == 0;
}

void OutputSet::commit() {
  for (const auto& file : pending_) file->close_temp();  // nothing replaced yet
  {
    // No signal while targets are replaced: the signals of this thread wait, and a handler in
    // another thread waits (up to 5 s) for the whole set to be in place, or put back.
    const ListingGuard guard;
    for (std::size_t i = 0; i < pending_.size(); ++i) {
      if (const int err = pending_[i]->replace(); err != 0) {
        for (std::size_t j = i; j-- > 0;) pending_[j]->undo();
        pending_[i]->fail(err);
      }
    }
    for (const auto& file : pending_) file->keep();
  }
  pending_.clear();
}

bool disk_full(const std::exception& e) {
  const std::string_view what = e.what();
  for (const int err : {ENOSPC, EDQUOT}) {
    std::string reason = "cannot write: ";
    reason += std::strerror(err);
    if (what.find(reason) != std::string_view::npos) return true;
  }
  return false;
}

void write_streamed(const stdfs::path& path, const std::function<void(const BlockSink&)>& produce) {
  OutputSet one;
  one.write(path, produce);
  one.commit();
}

void write_file(const stdfs::path& path, std::span<const std::uint8_t> bytes) {
  const std::string_view view(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  write_streamed(path, [&](const BlockSink& sink) { sink(view); });
}

void write_text(const stdfs::path& path, std::string_view text) {
  write_file(path, std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
}

}  // namespace dungen::io::fs
