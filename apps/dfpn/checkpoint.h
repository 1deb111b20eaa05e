// Checkpoint and resume (`solve --checkpoint F --resume F`, GTP's
// dfpn-save-tt / dfpn-load-tt): the table saved with a description of what
// it was searched for, and a thread that saves it while a search runs.
//
// Why a saved table is enough to resume: df-pn keeps all its knowledge of
// the tree in the table; a new search of the same root on a table that
// already holds entries is what a GTP engine does on every command. The
// context (problem, prover, the root's hash, algorithm and knowledge) makes
// sure the entries belong to this search; the root's hash also catches a
// build whose position keys differ.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "dfpn/input_error.h"
#include "tt/table_file.h"

namespace dfpn::cli {

// Loads `path` into `table` if it was saved with `context` (JSON). A file
// saved for something else is refused naming the first field that differs;
// `option` names the option in errors. Throws InputError.
inline tt::TableFileStats resume_table(tt::TranspositionTable& table, const nlohmann::json& context,
                                       const std::string& path, const std::string& option) {
  try {
    const std::string saved_text = tt::read_table_context(path);
    const nlohmann::json saved = nlohmann::json::parse(saved_text, nullptr, false);
    if (saved != context) {
      std::string field = "format";
      if (saved.is_object()) {
        const nlohmann::json diff = nlohmann::json::diff(saved, context);
        if (!diff.empty()) field = diff[0].value("path", std::string("/"));
      }
      throw InputError(option + " " + path + ": saved for another problem or other settings (" + field + " differs)");
    }
    return tt::load_table(table, saved_text, path);
  } catch (const tt::TableFileError& e) {
    throw InputError(option + " " + std::string(e.what()));
  }
}

// Saves the table every `every_s` seconds on its own thread while a search
// runs (reads are lock-free: the search does not wait), and once more when
// asked after the search. A save that fails is reported, not fatal.
class PeriodicCheckpoint {
 public:
  PeriodicCheckpoint(const tt::TranspositionTable& table, std::string context, std::string path, double every_s)
      : table_(table), context_(std::move(context)), path_(std::move(path)) {
    if (every_s > 0)
      thread_ = std::jthread([this, every_s](std::stop_token stop) {
        std::mutex m;
        std::condition_variable_any wake;
        std::unique_lock lock(m);
        for (;;) {
          wake.wait_for(lock, stop, std::chrono::duration<double>(every_s), [] { return false; });
          if (stop.stop_requested()) return;  // finish() saves once more
          save();
        }
      });
  }
  ~PeriodicCheckpoint() { finish(); }

  // Stops the thread and saves the table as it stands now.
  void finish() {
    if (finished_) return;
    finished_ = true;
    if (thread_.joinable()) {
      thread_.request_stop();
      thread_.join();
    }
    save();
  }

  std::uint64_t writes() const { return writes_; }
  std::uint64_t entries() const { return entries_; }
  const std::optional<std::string>& error() const { return error_; }

 private:
  void save() {
    try {
      entries_ = tt::save_table(table_, context_, path_).records;
      ++writes_;
      error_.reset();
    } catch (const tt::TableFileError& e) {
      error_ = std::string("--checkpoint: ") + e.what();
    }
  }

  const tt::TranspositionTable& table_;
  std::string context_, path_;
  std::jthread thread_;
  bool finished_ = false;
  std::uint64_t writes_ = 0, entries_ = 0;
  std::optional<std::string> error_;
};

}  // namespace dfpn::cli
