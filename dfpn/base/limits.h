// Resource limits of one search and the cheap check that enforces them.
//
// A search that runs out of any resource stops and answers "unknown" with the
// reason; it never turns a limit into a proven or disproven answer.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stop_token>
#include <string>
#include <string_view>

#include "dfpn/base/types.h"

namespace dfpn {

enum class StopReason : std::uint8_t { None, Time, Nodes, Memory, Stopped };

constexpr std::string_view to_string(StopReason r) noexcept {
  switch (r) {
    case StopReason::Time: return "time";
    case StopReason::Nodes: return "nodes";
    case StopReason::Memory: return "memory";
    case StopReason::Stopped: return "stopped";
    default: return "none";
  }
}

// A snapshot for progress display; algorithms fill what they know.
struct Progress {
  std::uint64_t nodes = 0;
  double elapsed_s = 0;
  Numbers root{};
  double table_fill = 0;   // 0..1, or 0 for algorithms without a table
  std::string best_line;   // space-separated moves, may be empty
  // Set while a proof is built after the search: `nodes` are then the
  // proof's positions so far and `proof_bytes` what they take.
  bool building_proof = false;
  std::size_t proof_bytes = 0;
};

struct Limits {
  double time_s = 0;              // wall-clock seconds; 0 = unlimited
  std::uint64_t max_nodes = 0;    // expanded nodes; 0 = unlimited
  std::size_t memory_bytes = std::size_t{64} << 20;  // node store / table budget
  std::stop_token stop{};         // another thread may request a stop
  // When time_s starts counting; unset (the clock's epoch): when the search
  // starts. A command sets its own start, so that its set-up counts too.
  std::chrono::steady_clock::time_point started{};
  // Called about every progress_interval_s seconds while searching.
  std::function<void(const Progress&)> on_progress{};
  double progress_interval_s = 1.0;

  // Limits for follow-up work on a solved root (proof extraction, helper
  // searches): the same time allowance once more and the same stop token,
  // no node limit (the solve's nodes are already spent) and no progress.
  Limits for_follow_up() const {
    Limits follow_up;
    follow_up.time_s = time_s;
    follow_up.memory_bytes = memory_bytes;
    follow_up.stop = stop;
    return follow_up;
  }
  // Limits for a search nested in this one after `elapsed_s` seconds (a
  // second-level search): at most `nodes` nodes, the time that is left and
  // the same stop token, so a stop or deadline ends it too; memory as the
  // caller sets it.
  Limits for_nested(std::uint64_t nodes, double elapsed_s) const {
    Limits nested;
    nested.max_nodes = nodes;
    if (time_s > 0) nested.time_s = std::max(1e-6, time_s - elapsed_s);
    nested.stop = stop;
    return nested;
  }
};

// Counts work and answers "must we stop?" cheaply. The clock and the stop
// token are read every `stride_` node visits; the stride adapts so that
// reads come about every kCheckInterval of work whatever a node costs: up to
// kMaxStride visits for cheap nodes, every visit for expensive ones (Hex
// knowledge on large boards spends milliseconds on one node).
class Budget {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Budget(Limits&&) = delete;  // it keeps a reference: no temporaries
  explicit Budget(const Limits& limits)
      : limits_(limits), start_(limits.started == Clock::time_point{} ? Clock::now() : limits.started),
        last_check_(Clock::now()),
        next_progress_s_(limits.progress_interval_s) {}

  // Call once per expanded node. Returns true when the search must stop.
  bool exhausted(std::uint64_t nodes) {
    if (reason_ != StopReason::None) return true;
    if (limits_.max_nodes != 0 && nodes >= limits_.max_nodes) return stop_for(StopReason::Nodes);
    if (++calls_ < next_check_) return false;
    check_clock();
    if (limits_.stop.stop_requested()) return stop_for(StopReason::Stopped);
    if (limits_.time_s > 0 && now_s_ >= limits_.time_s) return stop_for(StopReason::Time);
    return false;
  }

  // Whether a progress report is due (checked by the algorithm at its leisure).
  bool progress_due() {
    if (!limits_.on_progress || now_s_ < next_progress_s_) return false;
    next_progress_s_ = now_s_ + limits_.progress_interval_s;
    return true;
  }
  void report(const Progress& p) const {
    if (limits_.on_progress) limits_.on_progress(p);
  }

  bool stop_for(StopReason r) {
    if (reason_ == StopReason::None) reason_ = r;
    return true;
  }
  StopReason reason() const { return reason_; }
  bool stopped() const { return reason_ != StopReason::None; }
  const Limits& limits() const { return limits_; }

  double elapsed_s() const {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }

 private:
  static constexpr std::uint64_t kMaxStride = 256;
  static constexpr auto kCheckInterval = std::chrono::milliseconds(5);

  // Reads the clock and sets the stride for the next read: halved when the
  // last stretch took longer than the interval, doubled when it took less
  // than a quarter of it.
  void check_clock() {
    const Clock::time_point now = Clock::now();
    const auto stretch = now - last_check_;
    if (stretch > kCheckInterval) stride_ = std::max<std::uint64_t>(1, stride_ / 2);
    else if (stretch < kCheckInterval / 4) stride_ = std::min(kMaxStride, stride_ * 2);
    last_check_ = now;
    now_s_ = std::chrono::duration<double>(now - start_).count();
    next_check_ = calls_ + stride_;
  }

  const Limits& limits_;
  Clock::time_point start_, last_check_;
  std::uint64_t calls_ = 0;
  std::uint64_t stride_ = 1;      // node visits between clock reads
  std::uint64_t next_check_ = 1;  // the visit count of the next read
  double now_s_ = 0;              // seconds since the start at the last read
  double next_progress_s_;
  StopReason reason_ = StopReason::None;
};

}  // namespace dfpn
