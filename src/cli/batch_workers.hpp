#pragma once
/// \file batch_workers.hpp
/// The threads of a batch (`--count K -j N`) and the address space kept for its last files.

#include <cstddef>
#include <functional>

namespace dungen::cli {

/// The address space (bytes) kept for a batch's manifest and gallery: a level's manifest row
/// (about 150 bytes) is kept in one string that may grow to 1.5 times that; the gallery is
/// written through buffers of about a megabyte.
[[nodiscard]] constexpr std::size_t batch_files_reserve(std::size_t levels) {
  return (std::size_t{8} << 20) + 384 * levels;
}

/// Address space held and given back: a mapping (never touched, so it takes no memory) that
/// reserves `bytes` until release() or the end of its scope unmaps it, for the allocator to
/// take then by brk or by mmap. Threads leave their address space to the allocator's
/// per-thread pools, so under a memory limit a batch whose levels all ran out of memory would
/// have none left for the manifest that says so. Holds nothing when even the reservation fails.
class SetAside {
 public:
  explicit SetAside(std::size_t bytes);
  SetAside(const SetAside&) = delete;
  SetAside& operator=(const SetAside&) = delete;
  ~SetAside() { release(); }
  /// Unmaps the reservation (again: nothing).
  void release();

 private:
  std::size_t bytes_;
  void* at_;
};

/// Runs `worker` on `jobs` threads (this one included) and returns when all have returned. A
/// thread the system will not start (a process or memory limit, or no memory for its state)
/// is not an error: the batch runs on the threads it got, with a note on standard error
/// unless `quiet` ("-j 256: the system started only 182 worker threads (...)"). `worker` must
/// not throw.
void run_workers(int jobs, const std::function<void()>& worker, bool quiet);

}  // namespace dungen::cli
