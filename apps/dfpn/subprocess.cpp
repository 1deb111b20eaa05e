#include "dfpn/subprocess.h"

#include <fcntl.h>
#include <poll.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <stdexcept>

extern char** environ;

namespace dfpn::cli {
namespace {

struct Pipe {
  int read = -1, write = -1;
  Pipe() {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error(std::string("pipe: ") + std::strerror(errno));
    read = fds[0];
    write = fds[1];
  }
  ~Pipe() {
    if (read >= 0) close(read);
    if (write >= 0) close(write);
  }
  void close_write() {
    close(write);
    write = -1;
  }
};

}  // namespace

ChildRun run_self(const std::vector<std::string>& args, std::stop_token stop) {
  // The child runs this very binary through /proc/self/exe, which names the
  // running file even after a rebuild replaced or deleted it: a long suite
  // keeps running one build instead of failing every problem left.
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  const char* image = "/proc/self/exe";
  std::vector<std::string> storage;
  storage.push_back(self);
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : storage) argv.push_back(a.data());
  argv.push_back(nullptr);

  Pipe out, err;
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, out.write, STDOUT_FILENO);
  posix_spawn_file_actions_adddup2(&actions, err.write, STDERR_FILENO);
  posix_spawn_file_actions_addclose(&actions, out.read);
  posix_spawn_file_actions_addclose(&actions, err.read);

  const auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, image, &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) throw std::runtime_error("cannot start " + self + ": " + std::strerror(spawned));
  out.close_write();
  err.close_write();

  // Drain both pipes until the child closes them, so it never blocks on a full pipe.
  ChildRun run;
  pollfd fds[2] = {{out.read, POLLIN, 0}, {err.read, POLLIN, 0}};
  std::string* sinks[2] = {&run.out, &run.err};
  int open_pipes = 2;
  char buffer[65536];
  bool signalled = false;
  while (open_pipes > 0) {
    const int ready = poll(fds, 2, stop.stop_possible() ? 20 : -1);
    if (!signalled && stop.stop_requested()) {
      kill(pid, SIGTERM);
      signalled = true;
    }
    if (ready < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 2; ++i) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      const ssize_t n = ::read(fds[i].fd, buffer, sizeof buffer);
      if (n > 0) {
        sinks[i]->append(buffer, std::size_t(n));
      } else if (n == 0 || errno != EINTR) {
        fds[i].fd = -1;
        --open_pipes;
      }
    }
  }

  int status = 0;
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  run.wall_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.peak_rss_bytes = std::uint64_t(usage.ru_maxrss) * 1024;  // Linux reports KiB
  if (WIFEXITED(status)) run.exit_code = WEXITSTATUS(status);
  if (WIFSIGNALED(status)) run.signal = WTERMSIG(status);
  return run;
}

}  // namespace dfpn::cli
