// Where a result came from: program version and commit, machine, compiler.
// Reports carry it so results from different nights can be compared fairly.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace dfpn::cli {

const char* git_commit();  // generated at build time (cmake/GitCommit.cmake)

nlohmann::json environment();

// Current UTC time as ISO 8601 ("2026-11-22T10:00:00Z").
std::string utc_now();

}  // namespace dfpn::cli
