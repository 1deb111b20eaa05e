// Checks for command-line values, stricter than CLI11's own: its ranges let
// NaN through (every comparison with NaN is false), its messages print a
// range of 309 digits for "any number", and a bad value is echoed whole.
#pragma once

#include <cmath>
#include <cstdint>
#include <sstream>
#include <string>

#include <CLI/CLI.hpp>

#include "games/sgf/sgf.h"

namespace dfpn::cli {

// A value a user typed, as error messages show it (cut short, control
// characters as '?'): the SGF reader's rule.
using sgf::shown;

// A number as people write it: whole numbers in full, others as they come.
inline std::string plain(double value) {
  std::ostringstream out;
  if (value == std::floor(value) && std::abs(value) < 1e15) out << static_cast<long long>(value);
  else out << value;
  return out.str();
}

// A finite number from `low` to `high`.
inline CLI::Validator number_in(double low, double high) {
  std::ostringstream range;
  range << plain(low) << " to " << plain(high);
  return CLI::Validator(
      [low, high, range = range.str()](std::string& text) -> std::string {
        std::size_t used = 0;
        double value = 0;
        try {
          value = std::stod(text, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used == 0 || used != text.size() || !std::isfinite(value) || value < low || value > high)
          return "must be a number from " + range + ", not '" + shown(text) + "'";
        return {};
      },
      "NUMBER in " + range.str());
}

// A whole number from `low` to `high` (no sign, no fraction).
inline CLI::Validator count_in(std::uint64_t low, std::uint64_t high) {
  const std::string range = std::to_string(low) + " to " + std::to_string(high);
  return CLI::Validator(
      [low, high, range](std::string& text) -> std::string {
        std::size_t used = 0;
        unsigned long long value = 0;
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        try {
          if (digits) value = std::stoull(text, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (!digits || used != text.size() || value < low || value > high)
          return "must be a whole number from " + range + ", not '" + shown(text) + "'";
        return {};
      },
      "COUNT in " + range);
}

}  // namespace dfpn::cli
