// The threads of a batch and the address space kept for its last files (batch_workers.hpp).
#include "cli/batch_workers.hpp"

#include <fmt/format.h>
#include <sys/mman.h>

#include <new>
#include <system_error>
#include <thread>
#include <vector>

#include "cli/messages.hpp"
#include "core/plural.hpp"

namespace dungen::cli {

SetAside::SetAside(std::size_t bytes)
    : bytes_(bytes),
      at_(::mmap(nullptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)) {}

void SetAside::release() {
  if (at_ != MAP_FAILED) ::munmap(at_, bytes_);
  at_ = MAP_FAILED;
}

void run_workers(int jobs, const std::function<void()>& worker, bool quiet) {
  std::vector<std::jthread> threads;
  threads.reserve(static_cast<std::size_t>(jobs));
  std::error_code why;  // why the system started no more threads (nothing allocated)
  int t = 1;
  for (; t < jobs && !why; ++t) {
    try {
      threads.emplace_back(worker);
    } catch (const std::system_error& e) {
      why = e.code();
    } catch (const std::bad_alloc&) {  // the thread's own state
      why = std::make_error_code(std::errc::not_enough_memory);
    }
  }
  if (why && !quiet) {
    try {
      print_message("note", fmt::format("-j {}: the system started only {} ({}); the batch "
                                        "runs on those",
                                        jobs, core::count_of(t - 1, "worker threads"),
                                        why.message()));
    } catch (const std::bad_alloc&) {  // the note is lost, not the batch
    }
  }
  worker();
}

}  // namespace dungen::cli
