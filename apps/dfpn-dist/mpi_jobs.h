// Job-level search (parallel/jobs/) across MPI ranks: rank 0 is the master,
// every other rank a worker with its own table and threads. The messages of
// parallel/jobs/job.h travel as arrays of 64-bit integers:
//
//   job    (master -> worker, kJobTag)    search, id, budget, time limit in microseconds, path length, path...,
//                                         facts, (length, words...)...
//   done   (master -> worker, kDoneTag)   search, outcome (0 unknown, 1 proven, 2 disproven), a rank was lost (0/1)
//   answer (worker -> master, kAnswerTag) search, id, pn, dn, attacker to move, nodes,
//                                         has best move, best move, children, (move, pn, dn, attacker to move)...,
//                                         facts, (length, words...)...
//   cancel (master -> worker, kCancelTag) search, id: the job no longer matters; stop it and answer
//   prove  (master -> worker, kProveTag)  request, claim (1 proven, 2 disproven), path length, path...
//   proof  (worker -> master, kProofTag)  request, found (0/1), then the part (encode_part)
//   end    (master -> worker, kEndTag)    exit code: the master's command has ended, no more searches
//                                         (`dfpn-dist suite`, whose master may stop before the last problem)
//
// Facts (dfpn/base/game.h kSharesFacts; for Hex, proof sets the worker
// learnt): a worker sends those of its job with the answer, and the master
// passes them to the other workers with their next jobs
// (parallel/jobs/fact_relay.h), so no worker learns again what another
// already has. The master does not read them; a worker checks each one it
// gets (Fact::from_words) and drops what is not a fact of its game.
//
// With a proof asked for, the master, once the root is solved, stitches one
// (parallel/jobs/stitch.h): it asks the worker that solved each position
// past its tree's top for that position's proof — for a game with knowledge
// a conceding part with its proof set — before it ends the search.
//
// Faults: a job has a lease. A worker that does not answer within it is
// taken as lost: its job goes back to the tree (JobTree::abandon) and the
// next job takes it; a late answer is ignored and the worker used again.
// For the run to outlive a lost rank, mpirun must not abort it (Open MPI 4:
// `mpirun --enable-recovery`); the master is the one rank that must live,
// and a run that loses it resumes from its checkpoint (tree_file.h).
//
// Every rank runs the same command, so every rank reaches each search in the
// same order; the master ends each one with `done`, carrying its outcome, so
// the workers' copies of the command take the same branches after it (a Go
// solve's seki re-check is a second search on every rank). The master
// waits for the jobs in flight before it sends `done` (each ends within its
// budget), so no answer of one search reaches the next.
#pragma once

#include <mpi.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <csignal>
#include <cstdint>
#include <future>
#include <memory>
#include <string>
#include <unordered_set>
#include <optional>
#include <stop_token>
#include <thread>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/limits.h"
#include "dfpn/base/proof.h"
#include "dfpn/base/result.h"
#include "dfpn/search/conceding_proof.h"
#include "dfpn/search_spec.h"
#include "parallel/jobs/fact_relay.h"
#include "parallel/jobs/job_tree.h"
#include "parallel/jobs/job_worker.h"
#include "parallel/jobs/stitch.h"
#include "dfpn-dist/tree_file.h"

namespace dfpn::dist {

inline constexpr int kJobTag = 1, kDoneTag = 2, kAnswerTag = 3, kProveTag = 4, kProofTag = 5, kCancelTag = 6,
                     kEndTag = 7;
using Words = std::vector<std::int64_t>;

inline int rank() {
  int r = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  return r;
}
inline int ranks() {
  int n = 0;
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  return n;
}
inline void send(const Words& words, int to, int tag) {
  MPI_Send(words.data(), int(words.size()), MPI_INT64_T, to, tag, MPI_COMM_WORLD);
}
// Waits for a message from `source` with `tag` (MPI_ANY_TAG for any)
// without spinning: MPI_Probe busy-polls, and an idle worker would take a
// core from the search beside it (ranks sharing a machine).
inline MPI_Status wait_for_message(int source, int tag) {
  auto pause = std::chrono::microseconds(50);
  for (;;) {
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(source, tag, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) return status;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::microseconds(2000));
  }
}
// Receives the message `status` announced.
inline Words receive(const MPI_Status& status) {
  int count = 0;
  MPI_Get_count(&status, MPI_INT64_T, &count);
  Words words(std::size_t(std::max(count, 0)));
  MPI_Recv(words.data(), count, MPI_INT64_T, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return words;
}

// Whether this run lost a rank (the master's lease ran out on a worker).
// Open MPI's MPI_Finalize waits on every rank, and with one dead it can
// wait forever (seen with 4.1.4 and --enable-recovery, now and then), so
// then the live ranks end without it (main.cpp).
inline bool& a_rank_was_lost() {
  static bool lost = false;
  return lost;
}

inline std::int64_t outcome_code(Outcome o) { return o == Outcome::Proven ? 1 : o == Outcome::Disproven ? 2 : 0; }
inline Outcome outcome_of(std::int64_t code) {
  return code == 1 ? Outcome::Proven : code == 2 ? Outcome::Disproven : Outcome::Unknown;
}

// Facts as words: their count, then each fact's length and words. The
// master keeps them as words; only workers read them.
using FactWords = Words;
inline void put_facts(Words& w, const std::vector<FactWords>& facts) {
  w.push_back(std::int64_t(facts.size()));
  for (const FactWords& f : facts) {
    w.push_back(std::int64_t(f.size()));
    w.insert(w.end(), f.begin(), f.end());
  }
}
// The facts at `at`, as words: nothing if the message ends there, and only
// the whole ones if it ends too soon (a damaged message).
inline std::vector<FactWords> take_fact_words(const Words& w, std::size_t at) {
  std::vector<FactWords> facts;
  if (at >= w.size()) return facts;
  const std::int64_t n = w[at++];
  for (std::int64_t i = 0; i < n && at < w.size(); ++i) {
    const std::int64_t length = w[at++];
    if (length < 0 || std::uint64_t(length) > w.size() - at) break;
    facts.emplace_back(w.begin() + std::ptrdiff_t(at), w.begin() + std::ptrdiff_t(at + std::size_t(length)));
    at += std::size_t(length);
  }
  return facts;
}
template <Game G>
std::vector<FactOf<G>> decode_facts(const std::vector<FactWords>& words, const G& game) {
  std::vector<FactOf<G>> facts;
  if constexpr (kSharesFacts<G>)
    for (const FactWords& f : words) {
      const std::vector<std::uint64_t> raw(f.begin(), f.end());
      if (auto fact = FactOf<G>::from_words(raw, game)) facts.push_back(*fact);
    }
  return facts;
}
template <Game G>
std::vector<FactWords> encode_facts(const std::vector<FactOf<G>>& facts, const G& game) {
  std::vector<FactWords> out;
  if constexpr (kSharesFacts<G>)
    for (const auto& f : facts) {
      const auto raw = f.words(game);
      out.emplace_back(raw.begin(), raw.end());
    }
  return out;
}

template <class Move>
Words encode(std::int64_t search, const jobs::Job<Move>& job, const std::vector<FactWords>& facts = {}) {
  Words w = {search, std::int64_t(job.id), std::int64_t(job.budget), std::int64_t(job.time_s * 1e6),
             std::int64_t(job.path.size())};
  for (const Move m : job.path) w.push_back(std::int64_t(m));
  put_facts(w, facts);
  return w;
}
template <class Move>
jobs::Job<Move> decode_job(const Words& w) {
  jobs::Job<Move> job{std::uint64_t(w.at(1)), {}, std::uint64_t(w.at(2)), double(w.at(3)) / 1e6};
  for (std::size_t i = 0; i < std::size_t(w.at(4)); ++i) job.path.push_back(Move(w.at(5 + i)));
  return job;
}
// Where a job's facts start.
inline std::size_t job_facts_at(const Words& w) { return 5 + std::size_t(w.at(4)); }
template <class Move>
Words encode(std::int64_t search, const jobs::JobResult<Move>& r, const std::vector<FactWords>& facts = {}) {
  Words w = {search,
             std::int64_t(r.id),
             std::int64_t(r.numbers.pn),
             std::int64_t(r.numbers.dn),
             r.attacker_to_move,
             std::int64_t(r.nodes),
             r.best_move.has_value(),
             r.best_move ? std::int64_t(*r.best_move) : 0,
             std::int64_t(r.children.size())};
  for (const auto& c : r.children)
    w.insert(w.end(), {std::int64_t(c.move), std::int64_t(c.numbers.pn), std::int64_t(c.numbers.dn), c.attacker_to_move});
  put_facts(w, facts);
  return w;
}
// Where an answer's facts start.
inline std::size_t answer_facts_at(const Words& w) { return 9 + 4 * std::size_t(w.at(8)); }
template <class Move>
jobs::JobResult<Move> decode_result(const Words& w) {
  jobs::JobResult<Move> r;
  r.id = std::uint64_t(w.at(1));
  r.numbers = {ProofNumber(w.at(2)), ProofNumber(w.at(3))};
  r.attacker_to_move = w.at(4) != 0;
  r.nodes = std::uint64_t(w.at(5));
  if (w.at(6)) r.best_move = Move(w.at(7));
  for (std::size_t i = 0; i < std::size_t(w.at(8)); ++i) {
    const std::size_t at = 9 + 4 * i;
    r.children.push_back({Move(w.at(at)), {ProofNumber(w.at(at + 1)), ProofNumber(w.at(at + 2))}, w.at(at + 3) != 0});
  }
  return r;
}

// Text as words: its length, then eight bytes a word.
inline void put_text(Words& w, const std::string& text) {
  w.push_back(std::int64_t(text.size()));
  for (std::size_t i = 0; i < text.size(); i += 8) {
    std::uint64_t word = 0;
    for (std::size_t j = 0; j < 8 && i + j < text.size(); ++j) word |= std::uint64_t(std::uint8_t(text[i + j])) << (8 * j);
    w.push_back(std::int64_t(word));
  }
}
inline std::string take_text(const Words& w, std::size_t& at) {
  const std::size_t size = std::size_t(w.at(at++));
  std::string text(size, '\0');
  for (std::size_t i = 0; i < size; i += 8) {
    const std::uint64_t word = std::uint64_t(w.at(at++));
    for (std::size_t j = 0; j < 8 && i + j < size; ++j) text[i + j] = char((word >> (8 * j)) & 0xFF);
  }
  return text;
}

// A proof part: winner, nodes (first edge, edge count, first conceded,
// conceded count, certificate, first defence certificate, defence
// certificate count)..., edges (move, child)..., conceded..., certificates
// (text)..., defence certificates..., proof set..., certified.
template <class Move>
void encode_part(Words& w, const ConcedingPart<Move>& part) {
  const Proof<Move>& p = part.proof;
  auto list = [&](const auto& items, auto put) {
    w.push_back(std::int64_t(items.size()));
    for (const auto& item : items) put(item);
  };
  w.push_back(p.winner == Player::Black ? 0 : 1);
  list(p.nodes, [&](const auto& n) {
    w.insert(w.end(), {std::int64_t(n.first_edge), std::int64_t(n.edge_count), std::int64_t(n.first_conceded),
                       std::int64_t(n.conceded_count), std::int64_t(n.certificate),
                       std::int64_t(n.first_defence_certificate), std::int64_t(n.defence_certificate_count)});
  });
  list(p.edges, [&](const auto& e) { w.insert(w.end(), {std::int64_t(e.move), std::int64_t(e.child)}); });
  list(p.conceded, [&](const Move& m) { w.push_back(std::int64_t(m)); });
  list(p.certificates, [&](const std::string& text) { put_text(w, text); });
  list(p.defence_certificates, [&](std::uint32_t d) { w.push_back(std::int64_t(d)); });
  list(part.proof_set, [&](const Move& m) { w.push_back(std::int64_t(m)); });
  w.push_back(part.certified);
}
template <class Move>
ConcedingPart<Move> decode_part(const Words& w, std::size_t at) {
  ConcedingPart<Move> part;
  Proof<Move>& p = part.proof;
  auto list = [&](auto take) {
    const std::int64_t count = w.at(at++);
    for (std::int64_t i = 0; i < count; ++i) take();
  };
  auto u32 = [&] { return std::uint32_t(w.at(at++)); };
  p.winner = w.at(at++) == 0 ? Player::Black : Player::White;
  list([&] {
    typename Proof<Move>::Node n;
    n.first_edge = u32();
    n.edge_count = u32();
    n.first_conceded = u32();
    n.conceded_count = u32();
    n.certificate = u32();
    n.first_defence_certificate = u32();
    n.defence_certificate_count = u32();
    p.nodes.push_back(n);
  });
  list([&] {
    const Move m = Move(w.at(at++));
    p.edges.push_back({m, u32()});
  });
  list([&] { p.conceded.push_back(Move(w.at(at++))); });
  list([&] { p.certificates.push_back(take_text(w, at)); });
  list([&] { p.defence_certificates.push_back(u32()); });
  list([&] { part.proof_set.push_back(Move(w.at(at++))); });
  part.certified = w.at(at++) != 0;
  return part;
}

// How the master treats its workers' silence.
struct Leases {
  // Seconds a job may run before the master takes its worker as lost; 0:
  // ten times the longest job answered so far, and at least kMinLease.
  double job_s = 0;
  static constexpr double kMinLease = 5;
  // A proof part may take much longer than a job: its lease is this many job leases.
  static constexpr double kProofLeases = 20;
};

// The master's checkpoint of the first search (the one the problem names;
// a Go seki re-check is not saved): tree_file.h.
struct TreeCheckpoint {
  std::string save_path, resume_path;
  double every_s = 600;
  nlohmann::json context;  // the problem and settings; the search adds its root and algorithm
  std::optional<std::string> error;  // the last save that failed
  std::uint64_t writes = 0;
};

// Test only: rank `rank` dies (SIGKILL) when its `job`-th job arrives.
struct FaultInjection {
  int rank = 0;
  int job = 0;
};

// dfpn-dist's own settings (the rest are dfpn solve's: cli::SearchSpec).
struct JobOptions {
  std::uint64_t budget = jobs::kDefaultJobBudget;  // expansions per job
  Leases leases;
  int fact_depth = jobs::kDefaultFactDepth;  // facts passed between workers (job_worker.h); -1: none
  FaultInjection fault;
  // A worker that gets `end` while it waits for a search's jobs stops its
  // copy of the command through `end` (answering that search as stopped)
  // and keeps the master's exit code in `end_code`.
  std::stop_source end;
  std::shared_ptr<int> end_code = std::make_shared<int>(-1);
};

// Tells every worker the master's command is over, and how it ended.
inline void end_workers(int exit_code) {
  for (int r = 1; r < ranks(); ++r) send({exit_code}, r, kEndTag);
}
// A worker's copy of the command has ended: the master's exit code (waits
// for it unless a search already took it).
inline int wait_for_end(const JobOptions& o) {
  if (*o.end_code >= 0) return *o.end_code;
  return int(receive(wait_for_message(0, kEndTag)).at(0));
}

// Rank 0: the master of one search. Hands out jobs of `budget` expansions
// until the root is solved or a limit (time, nodes summed over the
// workers, a stop request) ends the search, then collects the jobs in
// flight (cancelled, when a limit or a stop ended the search) and tells
// every worker the outcome. Jobs carry the time the search has left, so a
// time limit ends them too.
template <Game G>
class Master {
 public:
  using Move = MoveOf<G>;
  using Clock = std::chrono::steady_clock;

  // `tree`: a resumed one, else the search starts from the root alone.
  Master(std::int64_t search, const G& game, Player prover, const Limits& limits, const cli::SearchSpec& spec,
         const JobOptions& job_options, std::optional<jobs::JobTree<Move>> tree = std::nullopt,
         TreeCheckpoint* checkpoint = nullptr)
      : search_(search), game_(game), prover_(prover), limits_(limits), spec_(spec),
        options_(spec.dfpn_options(game)), budget_(job_options.budget),
        tree_(tree ? std::move(*tree)
                   : jobs::JobTree<Move>(job_options.budget, {options_.widen_base, options_.widen_factor})),
        resumed_nodes_(tree_.nodes_searched()), leases_(job_options.leases), checkpoint_(checkpoint),
        workers_(std::size_t(ranks())), relay_(ranks()), start_(limits.started == Clock::time_point{} ? Clock::now() : limits.started),
        last_save_(Clock::now()) {}

  SolveResult<Move> run(std::optional<Proof<Move>>* proof, std::string* proof_failure) {
    StopReason reason = StopReason::None;
    while (!tree_.solved()) {
      if (checkpoint_ && seconds_since(last_save_) >= checkpoint_->every_s) save();
      hand_out_jobs();
      const double elapsed = seconds_since(start_);
      if (limits_.stop.stop_requested()) reason = StopReason::Stopped;
      else if (limits_.max_nodes && tree_.nodes_searched() >= limits_.max_nodes) reason = StopReason::Nodes;
      else if (limits_.time_s > 0 && elapsed >= limits_.time_s) reason = StopReason::Time;
      if (reason != StopReason::None) break;
      if (!serve_one()) std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    if (reason != StopReason::None)  // a limit or a stop: the jobs in flight end now
      for (int r = 1; r < int(workers_.size()); ++r)
        if (const Worker& w = workers_[std::size_t(r)]; w.job && !w.lost && cancelled_.insert(w.job).second)
          send({search_, std::int64_t(w.job)}, r, kCancelTag);
    while (jobs_in_flight() > 0)  // each ends at once if cancelled, else within its budget or its lease
      if (!serve_one()) std::this_thread::sleep_for(std::chrono::microseconds(200));
    if (checkpoint_) save();
    SolveResult<Move> result;
    result.outcome = tree_.root().outcome();
    result.reason = result.solved() ? StopReason::None : reason;
    result.best_move = tree_.best_move();
    result.nodes = tree_.nodes_searched();
    if (proof && tree_.solved()) *proof = stitch(*proof_failure);
    result.time_s = seconds_since(start_);
    result.stats = {{"workers", double(workers_.size() - 1)},
                    {"jobs", double(tree_.issued())},
                    {"reissued_jobs", double(tree_.abandoned())},
                    {"cancelled_jobs", double(cancelled_.size())},
                    {"lost_workers", double(std::count_if(workers_.begin(), workers_.end(), [](const Worker& w) { return w.lost; }))},
                    {"master_tree_nodes", double(tree_.size())},
                    {"job_budget", double(budget_)}};
    if (relay_.received() > 0) {
      result.stats.emplace_back("facts_learnt", double(relay_.received()));
      result.stats.emplace_back("facts_passed", double(relay_.sent()));
    }
    if (checkpoint_) {
      result.stats.emplace_back("checkpoint_writes", double(checkpoint_->writes));
      if (!checkpoint_->resume_path.empty()) result.stats.emplace_back("resumed_nodes", double(resumed_nodes_));
    }
    if (std::any_of(workers_.begin(), workers_.end(), [](const Worker& w) { return w.lost; })) a_rank_was_lost() = true;
    for (int r = 1; r < int(workers_.size()); ++r)
      send({search_, outcome_code(result.outcome), a_rank_was_lost()}, r, kDoneTag);
    return result;
  }

 private:
  struct Worker {
    std::uint64_t job = 0;  // in flight; 0: idle
    Clock::time_point since;
    bool lost = false;      // silent past its lease: no new work until it answers
  };

  void save() {
    last_save_ = Clock::now();
    if (checkpoint_->save_path.empty()) return;
    if (save_tree(tree_, checkpoint_->context, checkpoint_->save_path)) {
      ++checkpoint_->writes;
      checkpoint_->error.reset();
    } else {
      checkpoint_->error = "--checkpoint " + checkpoint_->save_path + ": cannot be written";
    }
  }

  static double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

  double job_lease() const {
    return leases_.job_s > 0 ? leases_.job_s : std::max(Leases::kMinLease, 10 * longest_job_s_);
  }
  std::size_t jobs_in_flight() const {
    return std::size_t(std::count_if(workers_.begin(), workers_.end(), [](const Worker& w) { return w.job && !w.lost; }));
  }

  void hand_out_jobs() {
    for (int r = 1; r < int(workers_.size()); ++r) {
      Worker& w = workers_[std::size_t(r)];
      if (w.job || w.lost) continue;
      auto job = tree_.next_job();
      if (!job) return;
      if (limits_.time_s > 0) job->time_s = std::max(1e-3, limits_.time_s - seconds_since(start_));
      send(encode(search_, *job, relay_.for_worker(r)), r, kJobTag);
      w.job = job->id;
      w.since = Clock::now();
    }
  }

  // Takes one answer if one came, and gives up on workers past their
  // lease. Returns whether an answer came.
  bool serve_one() {
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kAnswerTag, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) {
      const Words words = receive(status);
      Worker& w = workers_[std::size_t(status.MPI_SOURCE)];
      if (words.at(0) == search_) {
        jobs::JobResult<Move> r = decode_result<Move>(words);
        r.worker = status.MPI_SOURCE;  // its table knows this part of the tree (proofs)
        if (r.id == w.job) longest_job_s_ = std::max(longest_job_s_, seconds_since(w.since));
        tree_.complete(r);  // a late answer to an abandoned job is ignored
        relay_.add(status.MPI_SOURCE, take_fact_words(words, answer_facts_at(words)));  // its facts hold still
      }
      w = {};  // answering, it is alive
      cancel_irrelevant_jobs();
      return true;
    }
    for (std::size_t r = 1; r < workers_.size(); ++r) {
      Worker& w = workers_[r];
      if (w.job && !w.lost && seconds_since(w.since) > job_lease()) {
        w.lost = true;
        tree_.abandon(w.job);
        relay_.retire(int(r));
      }
    }
    return false;
  }

  // Stops the jobs whose answers can no longer matter, so their workers
  // take new ones sooner.
  void cancel_irrelevant_jobs() {
    for (const std::uint64_t id : tree_.irrelevant_jobs()) {
      if (!cancelled_.insert(id).second) continue;
      for (int r = 1; r < int(workers_.size()); ++r)
        if (workers_[std::size_t(r)].job == id) send({search_, std::int64_t(id)}, r, kCancelTag);
    }
  }

  std::optional<Proof<Move>> stitch(std::string& failure) {
    auto ask = [&](const std::vector<Move>& path, int worker, Outcome claim) -> std::optional<ConcedingPart<Move>> {
      for (int attempt = 0; attempt < int(workers_.size()); ++attempt) {
        const int to = live_worker(worker);
        if (to < 0) return std::nullopt;
        const std::int64_t request = ++proof_requests_;
        Words words = {request, outcome_code(claim), std::int64_t(path.size())};
        for (const Move m : path) words.push_back(std::int64_t(m));
        send(words, to, kProveTag);
        const auto asked = Clock::now();
        while (seconds_since(asked) < Leases::kProofLeases * job_lease()) {
          int arrived = 0;
          MPI_Status status;
          MPI_Iprobe(to, kProofTag, MPI_COMM_WORLD, &arrived, &status);
          if (!arrived) {
            std::this_thread::sleep_for(std::chrono::microseconds(200));
            continue;
          }
          const Words reply = receive(status);
          if (reply.at(0) != request) continue;  // a reply to a request given up on
          if (reply.at(1) == 0) return std::nullopt;
          return decode_part<Move>(reply, 2);
        }
        workers_[std::size_t(to)].lost = true;  // silent: ask another
        worker = -1;
      }
      return std::nullopt;
    };
    return jobs::stitch_proof(
        game_, prover_, tree_,
        [&](const std::vector<Move>& path, int worker) -> std::optional<Proof<Move>> {
          auto part = ask(path, worker, tree_.root().outcome());  // a rules game's leaf: any claim will do
          if (!part) return std::nullopt;
          return std::move(part->proof);
        },
        ask, limits_.for_follow_up(), options_, spec_.certificates, failure);
  }

  // `preferred` if it is a live worker, else the first live one (-1: none).
  int live_worker(int preferred) const {
    if (preferred >= 1 && preferred < int(workers_.size()) && !workers_[std::size_t(preferred)].lost) return preferred;
    for (int r = 1; r < int(workers_.size()); ++r)
      if (!workers_[std::size_t(r)].lost) return r;
    return -1;
  }

  std::int64_t search_;
  const G& game_;
  Player prover_;
  const Limits& limits_;
  const cli::SearchSpec& spec_;
  DfpnOptions options_;
  std::uint64_t budget_;
  jobs::JobTree<Move> tree_;
  std::uint64_t resumed_nodes_;
  Leases leases_;
  TreeCheckpoint* checkpoint_;
  std::vector<Worker> workers_;  // by rank; [0] is the master
  jobs::FactRelay<FactWords> relay_;  // by rank too
  Clock::time_point start_, last_save_;
  double longest_job_s_ = 0;
  std::unordered_set<std::uint64_t> cancelled_;
  std::int64_t proof_requests_ = 0;
};

// Any other rank: a worker of one search. Runs the master's jobs on its own
// table until the master says the search is done, and returns its outcome.
template <Game G>
SolveResult<MoveOf<G>> run_worker(std::int64_t search, const G& game, Player prover, const cli::SearchSpec& spec,
                                  const JobOptions& job_options) {
  using Move = MoveOf<G>;
  jobs::JobWorker<G> worker(game, prover, spec.make_table(), spec.thread_count(), spec.dfpn_options(game));
  if (job_options.fact_depth >= 0) worker.share_facts(job_options.fact_depth);
  const FaultInjection fault = job_options.fault;
  SolveResult<Move> result;
  int jobs = 0;
  while (true) {
    const MPI_Status status = wait_for_message(0, MPI_ANY_TAG);
    const Words w = receive(status);
    if (status.MPI_TAG == kDoneTag) {
      result.outcome = outcome_of(w.at(1));
      if (w.size() > 2 && w[2]) a_rank_was_lost() = true;
      return result;
    }
    if (status.MPI_TAG == kEndTag) {
      *job_options.end_code = int(w.at(0));
      auto end = job_options.end;
      end.request_stop();
      result.reason = StopReason::Stopped;
      return result;
    }
    if (status.MPI_TAG == kProveTag) {
      std::vector<Move> path;
      for (std::size_t i = 0; i < std::size_t(w.at(2)); ++i) path.push_back(Move(w.at(3 + i)));
      std::optional<ConcedingPart<Move>> part;
      if constexpr (kHasRulesGame<G>) {
        part = worker.prove_part(path, outcome_of(w.at(1)), {}, spec.certificates);
      } else if (auto proof = worker.prove(path)) {
        part = ConcedingPart<Move>{std::move(*proof), {}, false};
      }
      Words reply = {w.at(0), part.has_value()};
      if (part) encode_part(reply, *part);
      send(reply, 0, kProofTag);
      continue;
    }
    if (status.MPI_TAG == kCancelTag) continue;  // for a job already answered
    if (++jobs == fault.job && rank() == fault.rank) std::raise(SIGKILL);
    // The search runs on its own thread; this one, the only one that calls
    // MPI, listens for the job's cancellation meanwhile.
    const jobs::Job<Move> job = decode_job<Move>(w);
    worker.add_facts(decode_facts(take_fact_words(w, job_facts_at(w)), game));
    std::stop_source cancel;
    auto running = std::async(std::launch::async, [&] { return worker.run(job, cancel.get_token()); });
    auto pause = std::chrono::microseconds(50);
    while (running.wait_for(pause) != std::future_status::ready) {
      pause = std::min(pause * 2, std::chrono::microseconds(2000));
      int arrived = 0;
      MPI_Status cancelled;
      MPI_Iprobe(0, kCancelTag, MPI_COMM_WORLD, &arrived, &cancelled);
      if (!arrived) continue;
      const Words c = receive(cancelled);
      if (c.at(0) == search && std::uint64_t(c.at(1)) == job.id) cancel.request_stop();
    }
    const jobs::JobResult<Move> r = running.get();
    result.nodes += r.nodes;
    send(encode(search, r, encode_facts(worker.take_facts(), game)), 0, kAnswerTag);
  }
}

}  // namespace dfpn::dist
