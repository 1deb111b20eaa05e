// Job-level search (parallel/jobs/) across MPI ranks: rank 0 is the master,
// every other rank a worker with its own table and threads. The messages of
// parallel/jobs/job.h travel as arrays of 64-bit integers:
//
//   job    (master -> worker, kJobTag)    search, id, budget, time limit in microseconds, path length, path...
//   done   (master -> worker, kDoneTag)   search, outcome (0 unknown, 1 proven, 2 disproven)
//   answer (worker -> master, kAnswerTag) search, id, pn, dn, attacker to move, nodes,
//                                         has best move, best move, children, (move, pn, dn, attacker to move)...
//   prove  (master -> worker, kProveTag)  search, path length, path...
//   proof  (worker -> master, kProofTag)  found (0/1), winner, nodes, (first edge, edge count)..., edges,
//                                         (move, child)...
//
// With a proof asked for, the master, once the root is solved, walks its
// tree's proof (job_tree.h) and asks each leaf's worker for the leaf's
// proof on its path, before it ends the search. Proofs are of rules games
// only: no conceded cells or certificates travel.
//
// Every rank runs the same command, so every rank reaches each search in the
// same order; the master ends each one with `done`, carrying its outcome, so
// the workers' copies of the command take the same branches after it (a Go
// solve's seki re-check is a second search on every rank). The master
// waits for the jobs in flight before it sends `done` (each ends within its
// budget), so no answer of one search reaches the next.
#pragma once

#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <thread>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/limits.h"
#include "dfpn/base/proof.h"
#include "dfpn/base/result.h"
#include "dfpn/search_spec.h"
#include "parallel/jobs/job_tree.h"
#include "parallel/jobs/job_worker.h"

namespace dfpn::dist {

inline constexpr int kJobTag = 1, kDoneTag = 2, kAnswerTag = 3, kProveTag = 4, kProofTag = 5;
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
// Receives the message `status` announced.
inline Words receive(const MPI_Status& status) {
  int count = 0;
  MPI_Get_count(&status, MPI_INT64_T, &count);
  Words words(std::size_t(std::max(count, 0)));
  MPI_Recv(words.data(), count, MPI_INT64_T, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  return words;
}

inline std::int64_t outcome_code(Outcome o) { return o == Outcome::Proven ? 1 : o == Outcome::Disproven ? 2 : 0; }
inline Outcome outcome_of(std::int64_t code) {
  return code == 1 ? Outcome::Proven : code == 2 ? Outcome::Disproven : Outcome::Unknown;
}

template <class Move>
Words encode(std::int64_t search, const jobs::Job<Move>& job) {
  Words w = {search, std::int64_t(job.id), std::int64_t(job.budget), std::int64_t(job.time_s * 1e6),
             std::int64_t(job.path.size())};
  for (const Move m : job.path) w.push_back(std::int64_t(m));
  return w;
}
template <class Move>
jobs::Job<Move> decode_job(const Words& w) {
  jobs::Job<Move> job{std::uint64_t(w.at(1)), {}, std::uint64_t(w.at(2)), double(w.at(3)) / 1e6};
  for (std::size_t i = 0; i < std::size_t(w.at(4)); ++i) job.path.push_back(Move(w.at(5 + i)));
  return job;
}
template <class Move>
Words encode(std::int64_t search, const jobs::JobResult<Move>& r) {
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
  return w;
}
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

template <class Move>
Words encode_proof(const std::optional<Proof<Move>>& proof) {
  if (!proof) return {0};
  Words w = {1, std::int64_t(proof->winner == Player::Black ? 0 : 1), std::int64_t(proof->nodes.size())};
  for (const auto& n : proof->nodes) w.insert(w.end(), {std::int64_t(n.first_edge), std::int64_t(n.edge_count)});
  w.push_back(std::int64_t(proof->edges.size()));
  for (const auto& e : proof->edges) w.insert(w.end(), {std::int64_t(e.move), std::int64_t(e.child)});
  return w;
}
template <class Move>
std::optional<Proof<Move>> decode_proof(const Words& w) {
  if (w.at(0) == 0) return std::nullopt;
  Proof<Move> proof;
  proof.winner = w.at(1) == 0 ? Player::Black : Player::White;
  std::size_t at = 3;
  for (std::int64_t i = 0; i < w.at(2); ++i, at += 2) {
    typename Proof<Move>::Node node;
    node.first_edge = std::uint32_t(w.at(at));
    node.edge_count = std::uint32_t(w.at(at + 1));
    proof.nodes.push_back(node);
  }
  const std::int64_t edges = w.at(at++);
  for (std::int64_t i = 0; i < edges; ++i, at += 2) proof.edges.push_back({Move(w.at(at)), std::uint32_t(w.at(at + 1))});
  return proof;
}

// Rank 0: the master of one search. Hands out jobs of `budget` expansions
// until the root is solved or a limit (time, nodes summed over the
// workers, a stop request) ends the search, then collects the jobs in
// flight and tells every worker the outcome. Jobs carry the time the
// search has left, so a time limit ends them too; after a stop request the
// jobs in flight run to their budget.
template <Game G>
SolveResult<MoveOf<G>> run_master(std::int64_t search, Player prover, const Limits& limits,
                                  const cli::SearchSpec& spec, std::uint64_t budget,
                                  std::optional<Proof<MoveOf<G>>>* proof = nullptr) {
  using Move = MoveOf<G>;
  const auto start = limits.started == std::chrono::steady_clock::time_point{} ? std::chrono::steady_clock::now()
                                                                               : limits.started;
  const int workers = ranks() - 1;
  const DfpnOptions options = spec.dfpn_options<G>();
  jobs::JobTree<Move> tree(budget, {options.widen_base, options.widen_factor});
  std::vector<bool> idle(std::size_t(workers) + 1, true);
  int busy = 0;
  StopReason reason = StopReason::None;
  auto receive_answer = [&](const MPI_Status& status) {
    const Words w = receive(status);
    idle[std::size_t(status.MPI_SOURCE)] = true;
    --busy;
    if (w.at(0) != search) return;
    jobs::JobResult<Move> r = decode_result<Move>(w);
    r.worker = status.MPI_SOURCE;  // its table knows this part of the tree (proofs)
    tree.complete(r);
  };
  while (!tree.solved()) {
    for (int r = 1; r <= workers; ++r) {
      if (!idle[std::size_t(r)]) continue;
      auto job = tree.next_job();
      if (!job) break;
      if (limits.time_s > 0) {  // a job ends by the search's deadline too
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        job->time_s = std::max(1e-3, limits.time_s - elapsed);
      }
      send(encode(search, *job), r, kJobTag);
      idle[std::size_t(r)] = false;
      ++busy;
    }
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (limits.stop.stop_requested()) reason = StopReason::Stopped;
    else if (limits.max_nodes && tree.nodes_searched() >= limits.max_nodes) reason = StopReason::Nodes;
    else if (limits.time_s > 0 && elapsed >= limits.time_s) reason = StopReason::Time;
    if (reason != StopReason::None) break;
    int arrived = 0;
    MPI_Status status;
    MPI_Iprobe(MPI_ANY_SOURCE, kAnswerTag, MPI_COMM_WORLD, &arrived, &status);
    if (arrived) receive_answer(status);
    else std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  while (busy > 0) {  // each job in flight ends within its budget
    MPI_Status status;
    MPI_Probe(MPI_ANY_SOURCE, kAnswerTag, MPI_COMM_WORLD, &status);
    receive_answer(status);
  }
  SolveResult<Move> result;
  result.outcome = tree.root().outcome();
  result.reason = result.solved() ? StopReason::None : reason;
  result.best_move = tree.best_move();
  result.nodes = tree.nodes_searched();
  result.time_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  result.stats = {{"workers", double(workers)},
                  {"jobs", double(tree.issued())},
                  {"reissued_jobs", double(tree.abandoned())},
                  {"master_tree_nodes", double(tree.size())},
                  {"job_budget", double(budget)}};
  if (proof && tree.solved())
    *proof = tree.proof(prover, [&](const std::vector<Move>& path, int worker) {
      Words ask = {search, std::int64_t(path.size())};
      for (const Move m : path) ask.push_back(std::int64_t(m));
      const int from = worker >= 1 ? worker : 1;
      send(ask, from, kProveTag);
      MPI_Status status;
      MPI_Probe(from, kProofTag, MPI_COMM_WORLD, &status);
      return decode_proof<Move>(receive(status));
    });
  for (int r = 1; r <= workers; ++r) send({search, outcome_code(result.outcome)}, r, kDoneTag);
  return result;
}

// Any other rank: a worker of one search. Runs the master's jobs on its own
// table until the master says the search is done, and returns its outcome.
template <Game G>
SolveResult<MoveOf<G>> run_worker(std::int64_t search, const G& game, Player prover, const cli::SearchSpec& spec) {
  using Move = MoveOf<G>;
  jobs::JobWorker<G> worker(game, prover, spec.make_table(), spec.thread_count(), spec.dfpn_options<G>());
  SolveResult<Move> result;
  while (true) {
    MPI_Status status;
    MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    const Words w = receive(status);
    if (status.MPI_TAG == kDoneTag) {
      result.outcome = outcome_of(w.at(1));
      return result;
    }
    if (status.MPI_TAG == kProveTag) {
      std::vector<Move> path;
      for (std::size_t i = 0; i < std::size_t(w.at(1)); ++i) path.push_back(Move(w.at(2 + i)));
      send(encode_proof(worker.prove(path)), 0, kProofTag);
      continue;
    }
    const jobs::JobResult<Move> r = worker.run(decode_job<Move>(w));
    result.nodes += r.nodes;
    send(encode(search, r), 0, kAnswerTag);
  }
}

}  // namespace dfpn::dist
