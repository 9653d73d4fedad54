// dungen.batch: levels for many seeds, made ahead on a pool of C++ threads without the GIL and
// handed out in seed order. The lookahead is bounded, so a batch of a million levels holds a
// few at a time.
#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include "bindings.hpp"

namespace dungen::python {
namespace {

constexpr const char* kBatchDoc =
    "An iterator over the levels of a batch, in the order of its seeds (dungen.batch).\n\n"
    "Levels are made ahead on C++ threads, without the GIL, at most two per thread; each is\n"
    "the level tiles.generate(seed, **options) makes. An error raises when its level's turn\n"
    "comes. Dropping the iterator stops the threads (after the levels they are making).";

/// One level to make: its seed, then its level or the error making it threw.
struct Job {
  std::uint64_t seed = 0;
  std::optional<Level> level;
  std::exception_ptr error;
  bool done = false;
};

/// The batch: a window of jobs in seed order (the consumer's), a queue of jobs not yet started
/// (shared with the workers under mutex_), and the workers.
class Batch {
 public:
  Batch(TileSet tiles, ParsedOptions options, py::object seeds, unsigned threads)
      : tiles_(std::move(tiles)),
        options_(std::move(options)),
        seeds_(std::move(seeds)),
        lookahead_(2 * threads) {
    for (unsigned i = 0; i < threads; ++i) workers_.emplace_back([this] { work(); });
  }
  Batch(const Batch&) = delete;
  Batch& operator=(const Batch&) = delete;

  // Workers never take the GIL, so joining them with it held cannot deadlock.
  ~Batch() {
    {
      const std::lock_guard lock(mutex_);
      stop_ = true;
      todo_.clear();
    }
    work_ready_.notify_all();
    for (std::thread& w : workers_) w.join();
  }

  /// The next level in seed order (GIL held on entry; released while waiting). Throws
  /// py::stop_iteration at the end, and the error of the level whose turn it is.
  Level next() {
    fill();
    if (window_.empty()) {
      if (seed_error_) std::rethrow_exception(std::exchange(seed_error_, nullptr));
      throw py::stop_iteration();
    }
    const std::shared_ptr<Job> job = window_.front();
    window_.pop_front();
    {
      const py::gil_scoped_release release;
      std::unique_lock lock(mutex_);
      job_done_.wait(lock, [&job] { return job->done; });
    }
    fill();  // keep the workers busy while the caller uses this level
    if (job->error) std::rethrow_exception(job->error);
    return std::move(*job->level);
  }

 private:
  // Tops the window up to the lookahead with the next seeds (GIL held). A seed that is no
  // seed, or an iterator that raises, ends the batch with that error after the levels before.
  void fill() {
    while (window_.size() < lookahead_ && !seed_error_ && seeds_) {
      try {
        const py::object seed = next_seed();
        if (!seed) {
          seeds_ = py::object();  // the end: the iterator is let go
          break;
        }
        auto job = std::make_shared<Job>();
        job->seed = parse_seed(seed, "batch");
        window_.push_back(job);
        {
          const std::lock_guard lock(mutex_);
          todo_.push_back(std::move(job));
        }
        work_ready_.notify_one();
      } catch (...) {
        seed_error_ = std::current_exception();
        seeds_ = py::object();  // no seed after it
      }
    }
  }

  // The next item of the seeds; a null object at their end.
  py::object next_seed() {
    PyObject* item = PyIter_Next(seeds_.ptr());
    if (item == nullptr && PyErr_Occurred() != nullptr) throw py::error_already_set();
    return py::reinterpret_steal<py::object>(item);
  }

  void work() {
    for (;;) {
      std::shared_ptr<Job> job;
      {
        std::unique_lock lock(mutex_);
        work_ready_.wait(lock, [this] { return stop_ || !todo_.empty(); });
        if (stop_) return;
        job = std::move(todo_.front());
        todo_.pop_front();
      }
      try {
        job->level = generate_level(tiles_, options_, job->seed);
      } catch (...) {
        job->error = std::current_exception();
      }
      {
        const std::lock_guard lock(mutex_);
        job->done = true;
      }
      job_done_.notify_all();
    }
  }

  const TileSet tiles_;
  const ParsedOptions options_;
  py::object seeds_;  // an iterator; null at its end
  const std::size_t lookahead_;
  std::deque<std::shared_ptr<Job>> window_;  // the consumer's, in seed order
  std::exception_ptr seed_error_;            // what ends the seeds early, raised after window_
  std::mutex mutex_;                         // guards todo_, stop_ and each Job's done
  std::condition_variable work_ready_, job_done_;
  std::deque<std::shared_ptr<Job>> todo_;
  bool stop_ = false;
  std::vector<std::thread> workers_;  // last: started once the rest is in place
};

unsigned thread_count(py::handle threads) {
  if (threads.is_none()) return std::max(1U, std::thread::hardware_concurrency());
  if (!PyLong_Check(threads.ptr()) || PyBool_Check(threads.ptr()))
    throw py::type_error("batch(): threads must be an int or None");
  int overflow = 0;
  const long long n = PyLong_AsLongLongAndOverflow(threads.ptr(), &overflow);
  if (overflow != 0 || n < 1 || n > 1024)
    throw py::value_error("batch(): threads must be from 1 to 1024, or None");
  return static_cast<unsigned>(n);
}

std::unique_ptr<Batch> make_batch(const TileSet& tiles, const py::iterable& seeds,
                                  py::handle threads, const py::kwargs& options) {
  ParsedOptions parsed = parse_options(options, "batch");
  return std::make_unique<Batch>(tiles, std::move(parsed), py::iter(seeds), thread_count(threads));
}

constexpr const char* kBatchFunctionDoc =
    "batch(tiles: TileSet, seeds: Iterable[int], threads: int | None = None, **options) -> "
    "Batch\n\n"
    "The levels of `tiles` for each seed of `seeds` (any iterable of ints, e.g. range(1, 1001)),\n"
    "in that order: an iterator (Batch) whose levels are made ahead on `threads` C++ threads\n"
    "(None: one per core) without the GIL, at most two levels per thread ahead of the loop.\n"
    "Each level is the one tiles.generate(seed, **options) makes; options as generate's.\n"
    "Raises TypeError at once for an unknown option; an error making a level (dungen.Error)\n"
    "or a seed that is no seed raises when that level's turn comes.\n\n"
    "    for level in dungen.batch(tiles, range(1, 1001), max_tiles=80):\n"
    "        print(level.seed, level.metrics['loops'])";

}  // namespace

void bind_batch(py::module_& m) {
  package_class<Batch>(m, "Batch", kBatchDoc)
      .def("__iter__", [](const py::object& self) { return self; })
      .def("__next__", &Batch::next);
  m.def("batch", &make_batch, py::arg("tiles"), py::arg("seeds"), py::arg("threads") = py::none(),
        kBatchFunctionDoc);
}

}  // namespace dungen::python
