// Command-line helpers the bench harnesses share.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

namespace dfpn::bench {

// "a,b,,c" -> {"a", "b", "c"}
inline std::vector<std::string> split(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

// The value after argv[i] (advancing i); exits 2 naming `program` if none.
inline std::string next_value(const char* program, int argc, char** argv, int& i) {
  if (i + 1 >= argc) {
    std::fprintf(stderr, "%s: %s needs a value\n", program, argv[i]);
    std::exit(2);
  }
  return argv[++i];
}

}  // namespace dfpn::bench
