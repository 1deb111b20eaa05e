// Output files of the commands (reports, CSV, plots): written whole, and a
// failure reported rather than lost (a full disk shows only when the file
// is closed).
#pragma once

#include <filesystem>
#include <fstream>
#include <string>

namespace dfpn::cli {

// Writes `text` to `path`; false if any of it could not be written.
inline bool write_output_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path);
  out << text;
  out.close();
  return !out.fail();
}

}  // namespace dfpn::cli
