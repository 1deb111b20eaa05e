// Job-level search past this machine, on a virtual clock: the real master
// (parallel/jobs/job_tree.h) with N simulated workers. Every job is really
// searched, by a real JobWorker with its own table and its own game stores,
// one after the other on this thread; the clock advances by the job's
// measured CPU time, the master's own CPU time for each answer and job,
// and a message latency each way. So the answers and node counts are those
// of a real run with N one-thread workers; only the timing is modelled.
//
//   job_level_sim [--quick] [--size N] [--openings d5,a1] [--workers 16,64,256,1024]
//                 [--budget B] [--latency-us L] [--table-mb M] [--store-mb S]
//                 [--max-overhead F] [--shared-stores] [--fact-depth D]
//
// Prints, per opening and worker count: the virtual wall time, speedup over
// one sequential df-pn (its CPU time, measured in the same run), node
// overhead (every worker's expansions over the sequential solve's), jobs,
// how busy the workers were, and the master's load (its busy share and the
// jobs per second it served). A run whose workers have spent F times the
// sequential expansions (default 8) is cut short and marked "cut": past a
// problem's natural job count, more workers mostly search speculatively,
// and simulating that costs F times the sequential solve of CPU on this
// machine. --shared-stores gives every worker the same game stores (Hex
// analyses, proof sets, proof transpositions), as if every fact one worker
// learns reached the others at once: the bound of what passing facts
// between workers can buy; --fact-depth D passes facts through the master
// (parallel/jobs/fact_relay.h) as dfpn-dist does, those at most D moves
// below each job's root (-1: none). Exits 1 if a finished run's answer differs.
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <queue>
#include <sstream>
#include <string>
#include <vector>

#include "bench_args.h"
#include "dfpn/search/dfpn.h"
#include "games/hex/hex_knowledge_game.h"
#include "parallel/jobs/fact_relay.h"
#include "parallel/jobs/job_tree.h"
#include "parallel/jobs/job_worker.h"

using namespace dfpn;

namespace {

// CPU seconds of this thread: what a job costs, whatever else the machine runs.
double cpu_s() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

struct Run {
  Outcome outcome = Outcome::Unknown;
  double wall_s = 0;        // virtual
  std::uint64_t nodes = 0;  // every worker's
  std::uint64_t jobs = 0;
  double worker_busy_s = 0;  // summed over the workers
  double master_busy_s = 0;
  std::uint64_t facts_sent = 0;  // to workers, counted once per worker
};

using Move = games::HexGame::Move;

Run simulate(const games::HexKnowledgeGame& root, Player attacker, int n, std::uint64_t budget, double latency_s,
             std::size_t table_bytes, std::size_t store_bytes, const DfpnOptions& options,
             std::uint64_t max_nodes, bool shared_stores, int fact_depth) {
  std::vector<std::unique_ptr<jobs::JobWorker<games::HexKnowledgeGame>>> workers;
  games::HexKnowledgeGame shared = root;
  shared.limit_stores(store_bytes);
  for (int i = 0; i < n; ++i) {
    games::HexKnowledgeGame own = shared;
    if (!shared_stores) own.limit_stores(store_bytes);  // a worker's own stores, as on its own machine
    workers.push_back(std::make_unique<jobs::JobWorker<games::HexKnowledgeGame>>(
        own, attacker, tt::TranspositionTable::with_bytes(table_bytes), 1, options));
    if (fact_depth >= 0) workers.back()->share_facts(fact_depth);
  }
  using Fact = games::HexKnowledgeGame::Fact;
  jobs::FactRelay<Fact> relay(n);
  jobs::JobTree<Move> tree(budget, {options.widen_base, options.widen_factor});
  struct Done {
    double at;
    int worker;
    jobs::JobResult<Move> result;
    std::vector<Fact> facts;
    bool operator>(const Done& o) const { return at > o.at; }
  };
  std::priority_queue<Done, std::vector<Done>, std::greater<>> running;
  std::vector<int> idle;
  for (int i = n - 1; i >= 0; --i) idle.push_back(i);
  Run run;
  double master = 0;  // when the master is next free
  while (!tree.solved() && run.nodes < max_nodes) {
    while (!idle.empty()) {  // the master hands out what it can
      const double t0 = cpu_s();
      auto job = tree.next_job();
      const double issue = cpu_s() - t0;
      master += issue;
      run.master_busy_s += issue;
      if (!job) break;
      const int w = idle.back();
      idle.pop_back();
      const double f0 = cpu_s();
      const auto facts = relay.for_worker(w);  // they travel with the job
      const double relay_s = cpu_s() - f0;
      master += relay_s;
      run.master_busy_s += relay_s;
      const double j0 = cpu_s();
      auto& worker = *workers[std::size_t(w)];
      worker.add_facts(facts);
      auto result = worker.run(*job);
      const double cost = cpu_s() - j0;
      result.worker = w;
      run.worker_busy_s += cost;
      run.facts_sent += facts.size();
      running.push({master + latency_s + cost + latency_s, w, std::move(result), worker.take_facts()});
    }
    if (running.empty()) break;  // nothing open and nothing running: cannot happen while unsolved
    Done done = running.top();
    running.pop();
    master = std::max(master, done.at);
    const double t0 = cpu_s();
    run.nodes += done.result.nodes;
    tree.complete(done.result);
    relay.add(done.worker, std::move(done.facts));
    const double serve = cpu_s() - t0;
    master += serve;
    run.master_busy_s += serve;
    idle.push_back(done.worker);
  }
  run.outcome = tree.root().outcome();
  run.wall_s = master;
  run.jobs = tree.issued();
  return run;
}

}  // namespace

int main(int argc, char** argv) {
  int size = 8;
  std::vector<std::string> openings = {"d5"};
  std::vector<int> worker_counts = {16, 64, 256, 1024};
  std::uint64_t budget = jobs::kDefaultJobBudget;
  double latency_us = 50;
  std::size_t table_mb = 4, store_mb = 8;
  double max_overhead = 8;
  bool shared_stores = false;
  int fact_depth = -1;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&] { return bench::next_value("job_level_sim", argc, argv, i); };
    if (arg == "--quick") {
      size = 6;
      openings = {"c3"};
      worker_counts = {4, 16};
      budget = 20;
    } else if (arg == "--size") size = std::atoi(value().c_str());
    else if (arg == "--openings") openings = bench::split(value());
    else if (arg == "--workers") {
      worker_counts.clear();
      for (const auto& w : bench::split(value())) worker_counts.push_back(std::atoi(w.c_str()));
    } else if (arg == "--budget") budget = std::strtoull(value().c_str(), nullptr, 10);
    else if (arg == "--latency-us") latency_us = std::atof(value().c_str());
    else if (arg == "--table-mb") table_mb = std::strtoull(value().c_str(), nullptr, 10);
    else if (arg == "--store-mb") store_mb = std::strtoull(value().c_str(), nullptr, 10);
    else if (arg == "--max-overhead") max_overhead = std::atof(value().c_str());
    else if (arg == "--shared-stores") shared_stores = true;
    else if (arg == "--fact-depth") fact_depth = std::atoi(value().c_str());
    else {
      std::fprintf(stderr, "job_level_sim: unknown argument %s\n", arg.c_str());
      return 2;
    }
  }
  DfpnOptions options = DfpnOptions::df_pn(0.25);
  options.widen_base = 1;  // the command's Hex default (search_spec.h, default_widening)
  options.widen_factor = 0.25;
  std::printf("Hex %dx%d, jobs of %llu expansions, %.0f us latency, %zu MiB table + %zu MiB stores a worker, %s\n",
              size, size, (unsigned long long)budget, latency_us, table_mb, store_mb,
              shared_stores     ? "stores shared"
              : fact_depth >= 0 ? ("facts passed to depth " + std::to_string(fact_depth)).c_str()
                                : "no facts passed");
  std::printf("%-7s | %7s | %10s | %8s | %9s | %7s | %6s | %8s | %9s | %9s | %9s\n", "opening", "workers", "wall s",
              "speedup", "overhead", "jobs", "busy", "master", "jobs/s", "us/job", "facts/job");
  bool agree = true;
  for (const auto& opening : openings) {
    games::HexGame rules(size);
    const auto move = rules.parse_move(opening);
    if (!move) {
      std::fprintf(stderr, "job_level_sim: bad opening %s\n", opening.c_str());
      return 2;
    }
    rules.play(*move);
    const Player attacker = rules.to_move();
    const games::HexKnowledgeGame root(rules);
    auto table = tt::TranspositionTable::with_bytes(std::size_t{64} << 20);
    double t0 = cpu_s();
    DepthFirstPns<games::HexKnowledgeGame> sequential(root, attacker, table, {}, options);
    const auto base = sequential.solve();
    const double base_s = cpu_s() - t0;
    std::printf("%-7s | %7s | %10.2f | %8s | %9s | %7s | %6s | %8s | %9s | %9s | %9s\n", opening.c_str(), "df-pn",
                base_s, "1.00", "1.00", "-", "-", "-", "-", "-", "-");
    std::fflush(stdout);
    for (int n : worker_counts) {
      const Run r = simulate(root, attacker, n, budget, latency_us * 1e-6, table_mb << 20, store_mb << 20, options,
                             std::uint64_t(max_overhead * double(base.nodes)), shared_stores, fact_depth);
      const bool cut = r.outcome == Outcome::Unknown;
      agree &= cut || r.outcome == base.outcome;
      std::printf("%-7s | %7d | %10.2f | %8.2f | %9.2f | %7llu | %5.1f%% | %7.2f%% | %9.0f | %9.1f | %9.0f%s\n", "", n,
                  r.wall_s, base_s / r.wall_s, double(r.nodes) / double(std::max<std::uint64_t>(1, base.nodes)),
                  (unsigned long long)r.jobs, 100 * r.worker_busy_s / (double(n) * r.wall_s),
                  100 * r.master_busy_s / r.wall_s, double(r.jobs) / r.wall_s,
                  1e6 * r.master_busy_s / double(std::max<std::uint64_t>(1, r.jobs)),
                  double(r.facts_sent) / double(std::max<std::uint64_t>(1, r.jobs)), cut ? " cut" : "");
      std::fflush(stdout);
    }
  }
  if (!agree) std::printf("ANSWERS DIFFER\n");
  return agree ? 0 : 1;
}
