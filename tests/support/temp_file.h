// A file with the given text in the temporary directory, for tests of readers.
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace dfpn::testing {

inline std::string write_temp_file(const std::string& name, const std::string& text) {
  const auto path = std::filesystem::temp_directory_path() / ("dfpn_test_" + name);
  std::ofstream(path) << text;
  return path.string();
}

}  // namespace dfpn::testing
