#include "dfpn/suite_command.h"

#include <atomic>
#include <cstdio>
#include <chrono>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <mutex>
#include <sstream>
#include <thread>

#include <CLI/CLI.hpp>

#include "dfpn/environment.h"
#include "dfpn/output_file.h"
#include "dfpn/problem.h"
#include "dfpn/solve_command.h"
#include "dfpn/subprocess.h"
#include "dfpn/suite.h"

namespace dfpn::cli {
namespace {

struct ProblemRun {
  std::string status = "pending";  // solved | wrong | unknown | error
  std::string why;                 // for wrong and error
  nlohmann::json result;           // the solve's JSON result (null for error)
};

void judge_into(ProblemRun& run, const SuiteProblem& problem) {
  run.status = judge(problem.expect, run.result, run.why);
}

ProblemRun run_in_process(const SuiteProblem& problem, std::stop_token stop, const ProgressSink& progress) {
  ProblemRun run;
  try {
    run.result = to_json(solve(problem.options, std::move(stop), progress));
    judge_into(run, problem);
  } catch (const InputError& e) {
    run.status = "error";
    run.why = e.what();
  } catch (const std::exception& e) {
    run.status = "error";
    run.why = std::string("internal error: ") + e.what();
  }
  return run;
}

ProblemRun run_in_child(const SuiteProblem& problem, std::stop_token stop) {
  ProblemRun run;
  std::vector<std::string> args = {"solve"};
  args.insert(args.end(), problem.solve_args.begin(), problem.solve_args.end());
  args.insert(args.end(), {"--json", "--quiet"});
  try {
    const ChildRun child = run_self(args, stop);
    if (child.exit_code == 0) {
      run.result = nlohmann::json::parse(child.out);
      run.result["peak_rss_bytes"] = child.peak_rss_bytes;
      judge_into(run, problem);
      return run;
    }
    run.status = "error";
    std::string message = child.err.substr(0, child.err.find('\n'));
    if (message.rfind("dfpn: ", 0) == 0) message = message.substr(6);
    run.why = child.signal ? "killed by signal " + std::to_string(child.signal)
                           : message.empty() ? "exit status " + std::to_string(child.exit_code) : message;
  } catch (const std::exception& e) {
    run.status = "error";
    run.why = e.what();
  }
  return run;
}

struct Regression {
  std::string name, what;
};

// Problems that got worse than in `baseline` (a report written by this command).
std::vector<Regression> compare(const std::vector<SuiteProblem>& problems, const std::vector<ProblemRun>& runs,
                                const nlohmann::json& baseline, const SuiteOptions& o) {
  std::map<std::string, nlohmann::json> before;
  for (const auto& p : baseline["problems"]) before[p.value("name", "")] = p;
  std::vector<Regression> out;
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const auto found = before.find(problems[i].name);
    if (found == before.end()) continue;
    const nlohmann::json& old = found->second;
    const std::string was = old.value("status", ""), now = runs[i].status;
    if (was == "solved" && now != "solved") {
      out.push_back({problems[i].name, "was solved, now " + now});
      continue;
    }
    if (was != "solved" || now != "solved" || !old["result"].is_object()) continue;
    const double t0 = old["result"].value("time_s", 0.0), t1 = runs[i].result.value("time_s", 0.0);
    const double n0 = old["result"].value("nodes", 0.0), n1 = runs[i].result.value("nodes", 0.0);
    std::ostringstream what;
    what << std::fixed << std::setprecision(2);
    if (t1 > t0 * (1 + o.threshold) && t1 - t0 > o.time_floor_s)
      what << "slower: " << t0 << " s -> " << t1 << " s (x" << (t0 > 0 ? t1 / t0 : 0) << ")";
    if (n1 > n0 * (1 + o.threshold) && n1 - n0 > double(o.node_floor))
      what << (what.tellp() > 0 ? "; " : "") << "larger: " << std::setprecision(0) << n0 << " -> " << n1
           << " nodes";
    if (what.tellp() > 0) out.push_back({problems[i].name, what.str()});
  }
  return out;
}

nlohmann::json load_baseline(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw InputError("cannot read baseline report '" + path + "'");
  try {
    nlohmann::json doc = nlohmann::json::parse(in);
    if (!doc.is_object() || !doc.contains("problems") || !doc["problems"].is_array())
      throw InputError(path + ": not a suite report (no 'problems' list)");
    return doc;
  } catch (const nlohmann::json::exception&) {  // malformed, or a number too large for a double
    throw InputError(path + ": not valid JSON");
  }
}

// The problems an earlier (stopped) run finished, by index in `problems`:
// same name and same arguments, and an answer that no stop cut short
// (stopped or not run: run again).
std::map<std::size_t, ProblemRun> finished_in(const std::string& path, const std::vector<SuiteProblem>& problems) {
  const nlohmann::json earlier = load_baseline(path);
  std::map<std::size_t, ProblemRun> out;
  for (const auto& entry : earlier["problems"]) {
    if (!entry.is_object() || !entry["name"].is_string() || !entry["status"].is_string()) continue;
    const std::string status = entry["status"].get<std::string>();
    if (status == "pending" || status == "error") continue;
    const nlohmann::json& result = entry["result"];
    if (!result.is_object() || result.value("reason", nlohmann::json()) == "stopped") continue;
    for (std::size_t i = 0; i < problems.size(); ++i)
      if (problems[i].name == entry["name"] && nlohmann::json(problems[i].solve_args) == entry["arguments"])
        out[i] = ProblemRun{status, entry.value("why", std::string()), result};
  }
  return out;
}

// Problems by status, and the solving time and nodes of all of them.
struct Totals {
  std::map<std::string, int> count;
  double time_s = 0;
  std::uint64_t nodes = 0;
};
Totals totals(const std::vector<ProblemRun>& runs) {
  Totals t;
  for (const auto& run : runs) {
    ++t.count[run.status];
    if (run.result.is_object()) {
      t.time_s += run.result.value("time_s", 0.0);
      t.nodes += run.result.value("nodes", std::uint64_t{0});
    }
  }
  return t;
}

// The JSON report: every problem's result and the environment, and the
// regressions when compared with a baseline.
nlohmann::json suite_report(const Suite& suite, const SuiteOptions& o, const std::string& started, double wall,
                            const std::vector<ProblemRun>& runs, const nlohmann::json* regressions) {
  const auto& problems = suite.problems;
  auto [count, total_time, total_nodes] = totals(runs);
  nlohmann::json report = {
      {"suite", suite.name},
      {"file", suite.path},
      {"started", started},
      {"wall_s", wall},
      {"environment", environment()},
      {"options",
       {{"jobs", o.jobs}, {"filter", o.filter}, {"set", o.overrides}, {"strict", o.strict}, {"threshold", o.threshold},
        {"time_floor_s", o.time_floor_s}, {"node_floor", o.node_floor}, {"resumed_from", o.resume}}},
      {"summary",
       {{"problems", problems.size()}, {"solved", count["solved"]}, {"wrong", count["wrong"]},
        {"unknown", count["unknown"]}, {"error", count["error"]}, {"pending", count["pending"]},
        {"time_s", total_time}, {"nodes", total_nodes}}},
  };
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t i = 0; i < problems.size(); ++i) {
    list.push_back({{"name", problems[i].name},
                    {"status", runs[i].status},
                    {"why", runs[i].why},
                    {"expect", to_json(problems[i].expect)},
                    {"arguments", problems[i].solve_args},
                    {"result", runs[i].result}});
  }
  report["problems"] = list;
  if (regressions) report["baseline"] = {{"file", o.baseline}, {"regressions", *regressions}};
  return report;
}

void print_table(std::ostream& out, const std::vector<SuiteProblem>& problems, const std::vector<ProblemRun>& runs) {
  std::size_t width = 8;
  for (const auto& p : problems) width = std::max(width, p.name.size() + 2);
  out << std::left << std::setw(int(width)) << "problem" << std::setw(9) << "status" << std::setw(11) << "result"
      << std::setw(7) << "winner" << std::setw(7) << "move" << std::right << std::setw(12) << "nodes"
      << std::setw(10) << "time s" << "  note\n";
  for (std::size_t i = 0; i < problems.size(); ++i) {
    const auto& r = runs[i].result;
    auto text = [&](const char* key) {
      return r.is_object() && r[key].is_string() ? r[key].get<std::string>() : std::string("-");
    };
    std::string note = runs[i].why;
    if (r.is_object() && r["reason"].is_string()) note = "stopped by " + r["reason"].get<std::string>();
    out << std::left << std::setw(int(width)) << problems[i].name << std::setw(9) << runs[i].status
        << std::setw(11) << text("result") << std::setw(7) << text("winner") << std::setw(7) << text("best_move")
        << std::right << std::setw(12) << (r.is_object() ? std::to_string(r.value("nodes", 0ull)) : "-")
        << std::setw(10) << std::fixed << std::setprecision(3) << (r.is_object() ? r.value("time_s", 0.0) : 0.0)
        << "  " << note << '\n';
  }
}

}  // namespace

void add_suite_options(CLI::App& cmd, SuiteOptions& o) {
  cmd.add_option("suite", o.file, "Suite file (JSON; see docs/suites.md)")->required()->check(CLI::ExistingFile);
  cmd.add_option("--jobs,-j", o.jobs, "Problems solved at once, each in its own process (1: in this process)")
      ->check(CLI::Range(1, 256))
      ->capture_default_str();
  cmd.add_option("--set", o.overrides, "KEY=VALUE for every problem, e.g. --set time=10 --set threads=2")
      ->take_all();
  cmd.add_option("--filter", o.filter, "Only problems whose name contains this text");
  cmd.add_option("--report", o.report, "Write a JSON report with every result and the environment");
  cmd.add_option("--resume", o.resume,
                 "Continue a stopped run from its report: problems it finished are taken from it, the rest are run")
      ->check(CLI::ExistingFile);
  cmd.add_option("--baseline", o.baseline, "Compare with an earlier report and flag regressions")
      ->check(CLI::ExistingFile);
  cmd.add_option("--threshold", o.threshold, "Regression: slower or larger by more than this fraction")
      ->check(CLI::Range(0.0, 100.0))
      ->capture_default_str();
  cmd.add_option("--time-floor", o.time_floor_s, "Regression: and slower by more than this many seconds")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd.add_option("--node-floor", o.node_floor, "Regression: and larger by more than this many nodes")
      ->capture_default_str();
  cmd.add_flag("--strict", o.strict, "Unknown answers (limits reached) fail the run too");
  cmd.add_flag("--fail-on-regression", o.fail_on_regression, "Exit with status 3 when the baseline shows regressions");
  cmd.add_flag("--quiet,-q", o.quiet, "No live progress");
}

// One line per finished problem, for logs (long nightly runs show how far
// they got): "[3/25] hex 7x7 a3: solved, white, 120345 nodes, 80.2 s".
std::string finished_line(std::size_t done, std::size_t total, const SuiteProblem& problem, const ProblemRun& run) {
  std::ostringstream line;
  line << "[" << done << "/" << total << "] " << problem.name << ": " << run.status;
  if (run.result.is_object()) {
    const auto winner = run.result.value("winner", nlohmann::json());
    if (winner.is_string()) line << ", " << winner.get<std::string>();
    line << ", " << run.result.value("nodes", std::uint64_t{0}) << " nodes, " << std::fixed << std::setprecision(1)
         << run.result.value("time_s", 0.0) << " s";
  }
  if (!run.why.empty()) line << " (" << run.why << ")";
  return line.str();
}

int run_suite(const SuiteOptions& o, std::stop_token stop, bool terminal) {
  Suite suite = load_suite(o.file, o.overrides);
  const nlohmann::json baseline = o.baseline.empty() ? nlohmann::json() : load_baseline(o.baseline);
  if (!o.filter.empty()) {
    std::erase_if(suite.problems, [&](const SuiteProblem& p) { return p.name.find(o.filter) == std::string::npos; });
    if (suite.problems.empty()) throw InputError("--filter '" + o.filter + "' matches no problem of " + o.file);
  }
  const auto& problems = suite.problems;
  const bool live = terminal && !o.quiet;
  std::vector<ProblemRun> runs(problems.size());
  const auto earlier = o.resume.empty() ? std::map<std::size_t, ProblemRun>() : finished_in(o.resume, problems);
  for (const auto& [i, run] : earlier) runs[i] = run;
  if (!o.resume.empty() && !o.quiet)
    std::cerr << "resuming " << o.resume << ": " << earlier.size() << " of " << problems.size()
              << " problems already finished\n";
  const bool log_lines = !terminal && !o.quiet;  // no live display: a line per problem instead
  const std::string started = utc_now();
  const auto start = std::chrono::steady_clock::now();
  auto wall_s = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  // The report is rewritten (atomically) as each problem ends, so a run
  // killed outright still leaves one that --resume continues from.
  bool report_failed = false;
  auto write_report = [&](const nlohmann::json& report) {
    if (o.report.empty()) return;
    report_failed = !write_output_file_atomically(o.report, report.dump(2) + '\n');
  };
  std::mutex finish_mutex;  // guards runs[] and the report while jobs run
  std::size_t finished = earlier.size();
  auto on_finished = [&](std::size_t i, ProblemRun run) {
    std::lock_guard lock(finish_mutex);
    runs[i] = std::move(run);
    if (log_lines) std::cerr << finished_line(++finished, problems.size(), problems[i], runs[i]) << std::endl;
    write_report(suite_report(suite, o, started, wall_s(), runs, nullptr));
  };

  if (o.jobs == 1) {
    for (std::size_t i = 0; i < problems.size() && !stop.stop_requested(); ++i) {
      if (earlier.contains(i)) continue;
      const std::string prefix = "[" + std::to_string(i + 1) + "/" + std::to_string(problems.size()) + "] " +
                                 problems[i].name + "  ";
      ProgressSink progress;
      if (live) {
        progress = [&prefix](const std::string& line) {
          std::cerr << "\r\033[K" << (line.empty() ? "" : prefix + line) << std::flush;
        };
        progress("starting");
      }
      ProblemRun run = run_in_process(problems[i], stop, progress);
      if (live) progress("");
      on_finished(i, std::move(run));
    }
  } else {
    std::atomic<std::size_t> next{0}, done{0};
    std::mutex running_mutex;
    std::vector<bool> running(problems.size(), false);
    {
      std::vector<std::jthread> workers;
      for (int w = 0; w < o.jobs; ++w)
        workers.emplace_back([&] {
          for (std::size_t i; (i = next++) < problems.size() && !stop.stop_requested();) {
            if (earlier.contains(i)) {
              ++done;
              continue;
            }
            {
              std::lock_guard lock(running_mutex);
              running[i] = true;
            }
            on_finished(i, run_in_child(problems[i], stop));
            std::lock_guard lock(running_mutex);
            running[i] = false;
            ++done;
          }
        });
      while (live && done < problems.size() && !stop.stop_requested()) {
        std::string names;
        {
          std::lock_guard lock(running_mutex);
          for (std::size_t i = 0; i < problems.size(); ++i)
            if (running[i]) names += (names.empty() ? "" : ", ") + problems[i].name;
        }
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::cerr << "\r\033[K" << std::fixed << std::setprecision(0) << elapsed << " s  done " << done << "/"
                  << problems.size() << "  running: " << names.substr(0, 70) << std::flush;
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
      }
    }
    if (live) std::cerr << "\r\033[K" << std::flush;
  }
  for (auto& run : runs)
    if (run.status == "pending") {
      run.status = "unknown";
      run.why = "not run (stopped)";
    }
  const double wall = wall_s();

  auto [count, total_time, total_nodes] = totals(runs);
  print_table(std::cout, problems, runs);
  std::cout << problems.size() << " problems: " << count["solved"] << " solved, " << count["wrong"] << " wrong, "
            << count["unknown"] << " unknown, " << count["error"] << " errors; " << total_nodes << " nodes, "
            << std::fixed << std::setprecision(2) << total_time << " s solving, " << wall << " s wall\n";

  std::vector<Regression> regressions;
  if (!baseline.is_null()) {
    regressions = compare(problems, runs, baseline, o);
    std::cout << "against " << o.baseline << ": "
              << (regressions.empty() ? "no regressions" : std::to_string(regressions.size()) + " regressions")
              << '\n';
    for (const auto& r : regressions) std::cout << "  REGRESSION " << r.name << ": " << r.what << '\n';
  }

  nlohmann::json flagged = nlohmann::json::array();
  for (const auto& r : regressions) flagged.push_back({{"name", r.name}, {"what", r.what}});
  write_report(suite_report(suite, o, started, wall, runs, baseline.is_null() ? nullptr : &flagged));
  if (report_failed) std::cerr << "dfpn: --report: cannot write '" << o.report << "'\n";

  if (count["wrong"] > 0 || count["error"] > 0 || (o.strict && count["unknown"] > 0) || report_failed) return 1;
  if (o.fail_on_regression && !regressions.empty()) return 3;
  return 0;
}

}  // namespace dfpn::cli
