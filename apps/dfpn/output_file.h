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

// The same, but a reader (or a crash) never sees half a file: a regular
// file is written beside `path` and renamed over it. Anything else (a
// device, a pipe) is written in place: a rename would replace it.
inline bool write_output_file_atomically(const std::filesystem::path& path, const std::string& text) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)) return write_output_file(path, text);
  std::filesystem::path partial = path;
  partial += ".partial";
  if (!write_output_file(partial, text)) {
    std::filesystem::remove(partial, error);
    return false;
  }
  std::filesystem::rename(partial, path, error);
  return !error;
}

}  // namespace dfpn::cli
