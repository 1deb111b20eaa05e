// Runs the real `dfpn` binary as a user would, for the command tests.
#pragma once

#include <sys/wait.h>

#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>

namespace dfpn::testing {

struct CommandRun {
  int status = -1;
  std::string out;  // stdout and stderr together
};

// Runs a shell command line; DFPN in it stands for the binary.
inline CommandRun run_shell(std::string command) {
  for (std::size_t at; (at = command.find("DFPN")) != std::string::npos;) command.replace(at, 4, DFPN_BINARY);
  CommandRun r;
  FILE* pipe = popen((command + " 2>&1").c_str(), "r");
  if (!pipe) return r;
  std::array<char, 4096> buffer{};
  while (fgets(buffer.data(), buffer.size(), pipe)) r.out += buffer.data();
  const int status = pclose(pipe);
  r.status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// Runs `dfpn ARGS`.
inline CommandRun run(const std::string& args) { return run_shell("DFPN " + args); }

inline std::string temp_path(const std::string& name) { return ::testing::TempDir() + name; }

inline std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  std::ofstream(path) << text;
  return path;
}

inline std::string read_file(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace dfpn::testing
