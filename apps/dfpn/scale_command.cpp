#include "dfpn/scale_command.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>
#include <tuple>

#include <CLI/CLI.hpp>

#include "dfpn/algorithms.h"
#include "dfpn/environment.h"
#include "dfpn/output_file.h"
#include "dfpn/problem.h"
#include "dfpn/subprocess.h"
#include "dfpn/suite.h"

namespace dfpn::cli {
namespace {

struct Run {
  std::string problem, algo, status;
  double tt_mb = 0;
  int threads = 0, repeat = 0;
  double time_s = 0, wall_s = 0, nodes_per_s = 0, tt_fill = 0;
  std::uint64_t nodes = 0, peak_rss = 0;
};

// Median of the repeats of one configuration.
struct Summary {
  std::string problem, algo;
  double tt_mb = 0;
  int threads = 0;
  double time_s = 0, nodes = 0, nodes_per_s = 0, peak_rss = 0, tt_fill = 0;
  int solved = 0, runs = 0;
  double speedup = 0;   // time with 1 thread / time with `threads` (same table)
  double slowdown = 0;  // time / time with the largest table (same threads)
};

double median(std::vector<double> values) {
  if (values.empty()) return 0;
  std::sort(values.begin(), values.end());
  const std::size_t n = values.size();
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

std::string number(double value) {
  std::ostringstream out;
  out << std::setprecision(6) << value;
  return out.str();
}

std::string csv_field(const std::string& text) {
  if (text.find_first_of(",\"\n") == std::string::npos) return text;
  std::string out = "\"";
  for (char c : text) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

// The whole suite's time per configuration: the sum of the problems' median times.
using Key = std::tuple<std::string, double, int>;  // algo, tt_mb, threads

std::map<Key, double> totals(const std::vector<Summary>& summaries) {
  std::map<Key, double> total;
  for (const auto& s : summaries) total[{s.algo, s.tt_mb, s.threads}] += s.time_s;
  return total;
}

// Returns false if a file could not be written.
bool write_plots(const ScaleOptions& o, const std::vector<Summary>& summaries, const std::filesystem::path& dir) {
  const auto total = totals(summaries);
  const double largest = *std::max_element(o.tt_mb.begin(), o.tt_mb.end());
  const int fewest = *std::min_element(o.threads.begin(), o.threads.end());
  // Data files gnuplot reads: one block per algorithm.
  bool written = true;
  {
    std::ostringstream data;
    for (const auto& algo : o.algos) {
      data << "# " << algo << " (" << fewest << " thread" << (fewest == 1 ? "" : "s") << ")\n";
      for (double mb : o.tt_mb) data << number(mb) << ' ' << number(total.at({algo, mb, fewest})) << '\n';
      data << "\n\n";
    }
    written &= write_output_file(dir / "time_vs_table.dat", data.str());
  }
  {
    std::ostringstream data;
    for (const auto& algo : o.algos) {
      data << "# " << algo << " (" << number(largest) << " MiB)\n";
      const double base = total.at({algo, largest, fewest});
      for (int t : o.threads) {
        const double time = total.at({algo, largest, t});
        data << t << ' ' << number(time > 0 ? base / time * fewest : 0) << '\n';
      }
      data << "\n\n";
    }
    written &= write_output_file(dir / "speedup_vs_threads.dat", data.str());
  }
  const std::string terminal = o.plot_format == "svg" ? "svg size 800,500 dynamic" : "pngcairo size 800,500";
  std::ostringstream gp;
  gp << "# Written by dfpn scale; run `gnuplot plots.gp` in this folder to redraw.\n"
     << "set terminal " << terminal << "\nset grid\nset key top left\n";
  gp << "set output 'time_vs_table." << o.plot_format << "'\n"
     << "set title 'Suite time vs table size (" << fewest << " thread" << (fewest == 1 ? "" : "s") << ")'\n"
     << "set xlabel 'table size (MiB)'\nset ylabel 'time (s), sum of medians'\nset logscale x 2\n"
     << "plot ";
  for (std::size_t i = 0; i < o.algos.size(); ++i)
    gp << (i ? ", " : "") << "'time_vs_table.dat' index " << i << " using 1:2 with linespoints title '" << o.algos[i]
       << "'";
  gp << "\nunset logscale x\n";
  gp << "set output 'speedup_vs_threads." << o.plot_format << "'\n"
     << "set title 'Speedup vs threads (" << number(largest) << " MiB table)'\n"
     << "set xlabel 'threads'\nset ylabel 'speedup over 1 thread'\nset xtics 1\n"
     << "plot x with lines dashtype 2 title 'ideal'";
  for (std::size_t i = 0; i < o.algos.size(); ++i)
    gp << ", 'speedup_vs_threads.dat' index " << i << " using 1:2 with linespoints title '" << o.algos[i] << "'";
  gp << '\n';
  if (!write_output_file(dir / "plots.gp", gp.str()) || !written) return false;
  const std::string command = "cd '" + dir.string() + "' && gnuplot plots.gp";
  if (std::system(command.c_str()) != 0)
    std::cerr << "dfpn scale: gnuplot failed or is missing; the data and plots.gp are in " << dir.string() << '\n';
  return true;
}

// One line per run, with its measurements.
void write_runs_csv(std::ostream& csv, const std::vector<Run>& runs) {
  csv << "problem,algo,tt_mb,threads,repeat,status,time_s,wall_s,nodes,nodes_per_s,peak_rss_bytes,tt_fill\n";
  for (const auto& r : runs)
    csv << csv_field(r.problem) << ',' << r.algo << ',' << number(r.tt_mb) << ',' << r.threads << ',' << r.repeat
        << ',' << r.status << ',' << number(r.time_s) << ',' << number(r.wall_s) << ',' << r.nodes << ','
        << number(r.nodes_per_s) << ',' << r.peak_rss << ',' << number(r.tt_fill) << '\n';
}

}  // namespace

void add_scale_options(CLI::App& cmd, ScaleOptions& o) {
  cmd.add_option("suite", o.suite, "Suite file whose problems are swept")->required()->check(CLI::ExistingFile);
  cmd.add_option("--tt-mb", o.tt_mb, "Table sizes in MiB (comma-separated)")
      ->delimiter(',')
      ->check(CLI::Range(0.001, 1048576.0))
      ->capture_default_str();
  cmd.add_option("--threads", o.threads, "Thread counts (comma-separated)")
      ->delimiter(',')
      ->check(CLI::Range(1, 1024))
      ->capture_default_str();
  cmd.add_option("--algos", o.algos, "Algorithms (comma-separated)")
      ->delimiter(',')
      ->check(CLI::IsMember(algorithm_names()))
      ->capture_default_str();
  cmd.add_option("--repeat", o.repeat, "Runs per configuration (the median is reported)")
      ->check(CLI::Range(1, 1000))
      ->capture_default_str();
  cmd.add_option("--out", o.out_dir, "Output folder")->capture_default_str();
  cmd.add_option("--plot-format", o.plot_format, "Plot files: png, svg or none")
      ->check(CLI::IsMember({"png", "svg", "none"}))
      ->capture_default_str();
  cmd.add_option("--set", o.overrides, "KEY=VALUE for every problem (as in dfpn suite)");
  cmd.add_option("--filter", o.filter, "Only problems whose name contains this text");
  cmd.add_flag("--quiet,-q", o.quiet, "No progress");
}

int run_scale(const ScaleOptions& o, std::stop_token stop, bool terminal) {
  Suite suite = load_suite(o.suite, o.overrides);
  std::erase_if(suite.problems, [&](const SuiteProblem& p) { return p.name.find(o.filter) == std::string::npos; });
  if (suite.problems.empty()) throw InputError("--filter '" + o.filter + "' matches no problem of " + o.suite);
  const std::filesystem::path dir = o.out_dir;
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw InputError("--out: cannot create '" + o.out_dir + "': " + error.message());

  std::vector<Run> runs;
  int wrong = 0;
  const std::size_t total_runs =
      suite.problems.size() * o.algos.size() * o.tt_mb.size() * o.threads.size() * std::size_t(o.repeat);
  for (const auto& problem : suite.problems)
    for (const auto& algo : o.algos)
      for (double mb : o.tt_mb)
        for (int threads : o.threads)
          for (int r = 0; r < o.repeat && !stop.stop_requested(); ++r) {
            if (terminal && !o.quiet)
              std::cerr << "\r\033[K[" << runs.size() + 1 << "/" << total_runs << "] " << problem.name << "  " << algo
                        << "  " << number(mb) << " MiB  " << threads << " thr" << std::flush;
            std::vector<std::string> args = {"solve"};
            args.insert(args.end(), problem.solve_args.begin(), problem.solve_args.end());
            args.insert(args.end(), {"--algo", algo, "--tt-mb", number(mb), "--threads", std::to_string(threads),
                                     "--json", "--quiet"});
            const ChildRun child = run_self(args, stop);  // a stop reaches the child as SIGTERM
            Run run{problem.name, algo, "error", mb, threads, r};
            run.wall_s = child.wall_s;
            run.peak_rss = child.peak_rss_bytes;
            if (child.exit_code == 0) {
              const auto result = nlohmann::json::parse(child.out);
              std::string why;
              run.status = judge(problem.expect, result, why);
              run.time_s = result.value("time_s", 0.0);
              run.nodes = result.value("nodes", std::uint64_t{0});
              run.nodes_per_s = run.time_s > 0 ? double(run.nodes) / run.time_s : 0;
              if (result["stats"].is_object()) run.tt_fill = result["stats"].value("tt_fill", 0.0);
            } else {
              std::cerr << "\ndfpn scale: " << problem.name << ": " << child.err.substr(0, child.err.find('\n')) << '\n';
            }
            wrong += run.status == "wrong" || run.status == "error";
            runs.push_back(run);
          }
  if (terminal && !o.quiet) std::cerr << "\r\033[K" << std::flush;
  if (stop.stop_requested()) {
    // Stopped (Ctrl-C, SIGTERM): the runs made so far, without summaries
    // (some configurations have no run).
    std::ostringstream csv;
    write_runs_csv(csv, runs);
    const bool written = write_output_file(dir / "runs.csv", csv.str());
    std::cout << "stopped after " << runs.size() << " of " << total_runs << " runs; "
              << (written ? "they are in " + (dir / "runs.csv").string() : "cannot write " + (dir / "runs.csv").string())
              << '\n';
    return written ? 0 : 1;
  }

  // Medians per configuration, then ratios against 1 thread and the largest table.
  std::vector<Summary> summaries;
  std::map<std::tuple<std::string, std::string, double, int>, std::vector<const Run*>> groups;
  for (const auto& run : runs) groups[{run.problem, run.algo, run.tt_mb, run.threads}].push_back(&run);
  for (const auto& [key, group] : groups) {
    Summary s;
    std::tie(s.problem, s.algo, s.tt_mb, s.threads) = key;
    std::vector<double> time, nodes, rate, rss, fill;
    for (const Run* run : group) {
      time.push_back(run->time_s);
      nodes.push_back(double(run->nodes));
      rate.push_back(run->nodes_per_s);
      rss.push_back(double(run->peak_rss));
      fill.push_back(run->tt_fill);
      s.solved += run->status == "solved";
      ++s.runs;
    }
    s.time_s = median(time);
    s.nodes = median(nodes);
    s.nodes_per_s = median(rate);
    s.peak_rss = median(rss);
    s.tt_fill = median(fill);
    summaries.push_back(s);
  }
  const double largest = *std::max_element(o.tt_mb.begin(), o.tt_mb.end());
  const int fewest = *std::min_element(o.threads.begin(), o.threads.end());
  std::map<std::tuple<std::string, std::string, double, int>, double> time_of;
  for (const auto& s : summaries) time_of[{s.problem, s.algo, s.tt_mb, s.threads}] = s.time_s;
  for (auto& s : summaries) {
    const double one = time_of[{s.problem, s.algo, s.tt_mb, fewest}];
    const double big = time_of[{s.problem, s.algo, largest, s.threads}];
    s.speedup = s.time_s > 0 ? one / s.time_s * fewest : 0;
    s.slowdown = big > 0 ? s.time_s / big : 0;
  }

  bool written = true;
  {
    std::ostringstream csv;
    write_runs_csv(csv, runs);
    written &= write_output_file(dir / "runs.csv", csv.str());
  }
  {
    std::ostringstream csv;
    csv << "problem,algo,tt_mb,threads,runs,solved,time_s,nodes,nodes_per_s,peak_rss_bytes,tt_fill,"
           "speedup_vs_1_thread,slowdown_vs_largest_table\n";
    for (const auto& s : summaries)
      csv << csv_field(s.problem) << ',' << s.algo << ',' << number(s.tt_mb) << ',' << s.threads << ',' << s.runs
          << ',' << s.solved << ',' << number(s.time_s) << ',' << number(s.nodes) << ',' << number(s.nodes_per_s)
          << ',' << number(s.peak_rss) << ',' << number(s.tt_fill) << ',' << number(s.speedup) << ','
          << number(s.slowdown) << '\n';
    written &= write_output_file(dir / "summary.csv", csv.str());
  }
  {
    nlohmann::json doc = {{"suite", suite.name},
                          {"file", suite.path},
                          {"environment", environment()},
                          {"sweep",
                           {{"tt_mb", o.tt_mb}, {"threads", o.threads}, {"algos", o.algos}, {"repeat", o.repeat},
                            {"set", o.overrides}}}};
    nlohmann::json list = nlohmann::json::array();
    for (const auto& r : runs)
      list.push_back({{"problem", r.problem}, {"algo", r.algo}, {"tt_mb", r.tt_mb}, {"threads", r.threads},
                      {"repeat", r.repeat}, {"status", r.status}, {"time_s", r.time_s}, {"wall_s", r.wall_s},
                      {"nodes", r.nodes}, {"nodes_per_s", r.nodes_per_s}, {"peak_rss_bytes", r.peak_rss},
                      {"tt_fill", r.tt_fill}});
    doc["runs"] = list;
    nlohmann::json summary = nlohmann::json::array();
    for (const auto& s : summaries)
      summary.push_back({{"problem", s.problem}, {"algo", s.algo}, {"tt_mb", s.tt_mb}, {"threads", s.threads},
                         {"runs", s.runs}, {"solved", s.solved}, {"time_s", s.time_s}, {"nodes", s.nodes},
                         {"nodes_per_s", s.nodes_per_s}, {"peak_rss_bytes", s.peak_rss}, {"tt_fill", s.tt_fill},
                         {"speedup_vs_1_thread", s.speedup}, {"slowdown_vs_largest_table", s.slowdown}});
    doc["summary"] = summary;
    written &= write_output_file(dir / "scale.json", doc.dump(2) + '\n');
  }
  if (o.plot_format != "none") written &= write_plots(o, summaries, dir);
  if (!written) std::cerr << "dfpn scale: cannot write the results into " << dir.string() << '\n';

  // A short table for the terminal: whole-suite time per configuration.
  const auto total = totals(summaries);
  std::cout << std::left << std::setw(8) << "algo" << std::right << std::setw(10) << "tt MiB" << std::setw(9)
            << "threads" << std::setw(12) << "time s" << std::setw(10) << "speedup" << std::setw(10) << "slowdown"
            << '\n';
  for (const auto& [key, time] : total) {
    const auto& [algo, mb, threads] = key;
    const double one = total.at({algo, mb, fewest}), big = total.at({algo, largest, threads});
    std::cout << std::left << std::setw(8) << algo << std::right << std::setw(10) << number(mb) << std::setw(9)
              << threads << std::setw(12) << std::fixed << std::setprecision(3) << time << std::setw(10)
              << std::setprecision(2) << (time > 0 ? one / time * fewest : 0) << std::setw(10)
              << (big > 0 ? time / big : 0) << '\n';
  }
  std::cout << runs.size() << " runs, " << wrong << " wrong or failed; results in " << dir.string() << '\n';
  return wrong == 0 && written ? 0 : 1;
}

}  // namespace dfpn::cli
