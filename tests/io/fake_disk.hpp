#pragma once
// A file system in memory for the tests of a run's rules (run_files_test.cpp,
// step_folder_test.cpp, batch_folder_test.cpp), as ninja's VirtualFileSystem is for its
// DiskInterface: folders, files, hard and symbolic links, standard streams, in a working
// folder /w, and nothing on the real disk.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "core/error.hpp"
#include "io/fs/disk.hpp"
#include "io/fs/run_files.hpp"

namespace dungen::test {

class FakeDisk final : public io::fs::Disk {
 public:
  using Path = std::filesystem::path;
  using FileKind = io::fs::FileKind;

  FakeDisk() {
    add(Path("/"), of(FileKind::Folder));
    add(Path("/w"), of(FileKind::Folder));
  }

  // --- Making the tree (paths relative to /w, or absolute)
  void folder(const Path& path) { add(absolute(path), of(FileKind::Folder)); }
  void file(const Path& path, bool png = false) {
    Node node = of(FileKind::File);
    node.png = png;
    add(absolute(path), node);
  }
  void fifo(const Path& path) { add(absolute(path), of(FileKind::Other)); }
  /// A symbolic link at `path` holding `target` (which need not exist).
  void link(const Path& path, const Path& target) {
    Node node = of(FileKind::Link);
    node.link = target;
    add(absolute(path), node);
  }
  /// A second name of the file at `existing`.
  void hard_link(const Path& path, const Path& existing) {
    nodes_[absolute(path).string()] = nodes_.at(absolute(existing).string());
  }
  void read_only(const Path& folder) { nodes_.at(absolute(folder).string()).writable = false; }
  /// Standard output (1) or standard error (2) going to the file at `path`.
  void stream(int fd, const Path& path) { streams_[fd] = status(path).id; }
  void terminal(int fd) { terminals_.push_back(fd); }
  [[nodiscard]] bool exists(const Path& path) const { return status(path).exists(); }

  // --- Disk
  io::fs::FileStatus status(const Path& path) const override { return status_of(path, true); }
  io::fs::FileStatus link_status(const Path& path) const override { return status_of(path, false); }
  Path read_link(const Path& path) const override {
    const Node* node = find(path, false);
    return node != nullptr && node->kind == FileKind::Link ? node->link : Path();
  }
  Path target(const Path& path) const override {
    if (status(path).kind == FileKind::Other) return path;
    Path p = path;
    for (int depth = 0; depth < 40 && link_status(p).kind == FileKind::Link; ++depth) {
      const Path t = read_link(p);
      p = t.is_absolute() ? t : p.parent_path() / t;
    }
    return p == path ? path : canonical(p);
  }
  Path canonical(const Path& path) const override { return walk(absolute(path), true).first; }
  std::vector<Path> list(const Path& folder) const override {
    std::vector<Path> entries;
    const auto [dir, found] = walk(absolute(folder), true);
    if (!found || nodes_.at(dir.string()).kind != FileKind::Folder) return entries;
    for (const auto& [name, node] : nodes_) {
      if (Path(name).parent_path() == dir && Path(name) != dir)
        entries.push_back(folder / Path(name).filename());
    }
    return entries;
  }
  bool starts_as_png(const Path& path) const override {
    const Node* node = find(path, true);
    return node != nullptr && node->png;
  }
  bool may_write_in(const Path& folder) const override {
    const Node* node = find(folder, true);
    return node != nullptr && node->writable;
  }
  void check_target(const Path& given, const Path& target,
                    const io::fs::OutputRules*) const override {
    if (status(target).kind == FileKind::Folder)
      throw output_error(given.string(), "is a folder; give a file name such as map.png");
    const Path dir = target.has_parent_path() ? target.parent_path() : Path(".");
    if (status(dir).kind != FileKind::Folder) {
      throw output_error(given.string(),
                         "folder '" + dir.string() + "' does not exist; create it first");
    }
  }
  std::error_code make_folders(const Path& folder) const override {
    Path p;
    for (const Path& part : absolute(folder).lexically_normal()) {
      p /= part;
      const Node* node = find(p, true);
      if (node == nullptr)
        add(canonical(p), of(FileKind::Folder));
      else if (node->kind != FileKind::Folder)
        return std::make_error_code(std::errc::not_a_directory);
    }
    return {};
  }
  void remove(const Path& path) const override {
    nodes_.erase(walk(absolute(path), false).first.string());
  }
  // The lock itself is a real flock (tests/io/folder_lock_test.cpp); here only counted.
  io::fs::FolderLock lock_folder(const Path&, io::fs::LockWait,
                                 const std::function<void(const std::string&)>&) const override {
    ++locks_taken;
    return io::fs::FolderLock{};
  }
  int standard_stream(const Path& path) const override {
    if (path == "/dev/stdout") return 1;
    return path == "/dev/stderr" ? 2 : 0;
  }
  std::optional<io::fs::FileId> stream_file(int fd) const override {
    const auto it = streams_.find(fd);
    return it == streams_.end() ? std::nullopt : std::optional(it->second);
  }
  bool is_terminal(int fd) const override {
    return std::find(terminals_.begin(), terminals_.end(), fd) != terminals_.end();
  }
  void silence_stderr() const override { stderr_silenced_ = true; }
  void restore_stderr() const override { stderr_restored_ = true; }

  [[nodiscard]] bool silenced() const { return stderr_silenced_; }
  [[nodiscard]] bool restored() const { return stderr_restored_; }

  /// How many times a batch folder's lock was taken.
  mutable int locks_taken = 0;

 private:
  struct Node {
    FileKind kind = FileKind::None;
    Path link;
    bool png = false;
    bool writable = true;
    io::fs::FileId id;
  };

  static Node of(FileKind kind) {
    Node node;
    node.kind = kind;
    return node;
  }

  static Path absolute(const Path& path) { return path.is_absolute() ? path : Path("/w") / path; }

  void add(const Path& path, Node node) const {
    node.id = {1, static_cast<ino_t>(++inodes_)};
    nodes_[path.lexically_normal().string()] = node;
  }

  // `path` (absolute) with its links followed (the last one when `follow_last`), and whether
  // it exists; the part past the first missing name is appended as it is.
  std::pair<Path, bool> walk(const Path& path, bool follow_last, int depth = 0) const {
    Path done("/");
    std::vector<Path> parts(++path.begin(), path.end());
    for (std::size_t i = 0; i < parts.size(); ++i) {
      if (parts[i] == "." || parts[i].empty()) continue;
      if (parts[i] == "..") {
        done = done.parent_path();
        continue;
      }
      const Path next = done / parts[i];
      const auto it = nodes_.find(next.string());
      if (it == nodes_.end()) return {join(next, rest(parts, i + 1)).lexically_normal(), false};
      const bool last = i + 1 == parts.size();
      if (it->second.kind != FileKind::Link || (last && !follow_last) || depth > 40) {
        done = next;
        continue;
      }
      const Path t = it->second.link.is_absolute() ? it->second.link : done / it->second.link;
      return walk(join(t, rest(parts, i + 1)), follow_last, depth + 1);
    }
    return {done.lexically_normal(), true};
  }

  static Path join(const Path& a, const Path& b) { return b.empty() ? a : a / b; }

  static Path rest(const std::vector<Path>& parts, std::size_t from) {
    Path p;
    for (std::size_t j = from; j < parts.size(); ++j) p /= parts[j];
    return p;
  }

  const Node* find(const Path& path, bool follow_last) const {
    const auto [where, found] = walk(absolute(path), follow_last);
    if (!found) return nullptr;
    const auto it = nodes_.find(where.string());
    return it == nodes_.end() ? nullptr : &it->second;
  }

  io::fs::FileStatus status_of(const Path& path, bool follow_last) const {
    if (path.empty()) return {};
    const Node* node = find(path, follow_last);
    return node == nullptr ? io::fs::FileStatus{} : io::fs::FileStatus{node->kind, node->id};
  }

  mutable std::map<std::string, Node> nodes_;
  mutable int inodes_ = 0;
  mutable bool stderr_silenced_ = false;
  mutable bool stderr_restored_ = false;
  std::map<int, io::fs::FileId> streams_;
  std::vector<int> terminals_;
};

// The message `f` throws as Error (raw: field markers as written), "" when it throws none.
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.raw();
  }
  return "";
}

// The message run.check(plan) throws, "" when it passes.
inline std::string check_error(const io::fs::RunFiles& run, const io::fs::SingleRunPlan& plan) {
  return error_of([&] { run.check(plan); });
}

// The kind of Error `f` throws (a test failure when it throws none).
inline ErrorKind kind_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.kind();
  }
  ADD_FAILURE() << "no error";
  return ErrorKind::BadInput;
}

}  // namespace dungen::test
