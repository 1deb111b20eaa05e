// The master's checkpoint (`dfpn-dist solve --checkpoint F`, `--resume F`):
// its proof-number tree as JSON, with the context of the search it belongs
// to and a check word over the records, written beside F and renamed over
// it so a crash never leaves half a file.
//
// Why the tree is enough to resume: every solved node in it is a fact about
// its position on its path (job_tree.h), and every open one holds numbers
// the next jobs only refine. The workers' tables are not saved: a resumed
// run's workers start empty and re-learn what they need near the leaves.
#pragma once

#include <cstdint>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "dfpn/base/random.h"
#include "dfpn/input_error.h"
#include "dfpn/output_file.h"
#include "parallel/jobs/job_tree.h"

namespace dfpn::dist {

template <class Move>
using TreeRecords = std::vector<typename jobs::JobTree<Move>::Record>;

// One word per record: parent, move, pn, dn, attacker to move, short jobs,
// winning move (-1: none).
template <class Move>
std::vector<std::int64_t> tree_words(const typename jobs::JobTree<Move>::Record& r) {
  return {r.parent == jobs::JobTree<Move>::kNone ? -1 : std::int64_t(r.parent),
          std::int64_t(r.move),
          std::int64_t(r.numbers.pn),
          std::int64_t(r.numbers.dn),
          r.attacker_to_move,
          std::int64_t(r.short_jobs),
          r.winning_move ? std::int64_t(*r.winning_move) : -1};
}

inline std::uint64_t check_word(const std::vector<std::vector<std::int64_t>>& rows) {
  std::uint64_t h = 0x6A09E667F3BCC908ull;
  for (const auto& row : rows)
    for (const std::int64_t w : row) h = mix64(h ^ std::uint64_t(w));
  return h;
}

// Saves the tree; false if the file could not be written.
template <class Move>
bool save_tree(const jobs::JobTree<Move>& tree, const nlohmann::json& context, const std::string& path) {
  std::vector<std::vector<std::int64_t>> rows;
  for (const auto& r : tree.records()) rows.push_back(tree_words<Move>(r));
  const nlohmann::json file = {{"context", context},
                               {"nodes_searched", tree.nodes_searched()},
                               {"check", std::to_string(check_word(rows))},
                               {"records", rows}};
  return cli::write_output_file_atomically(path, file.dump() + "\n");
}

// The tree saved in `path` for `context`. Throws InputError naming the file
// and what is wrong with it.
template <class Move>
jobs::JobTree<Move> load_tree(const std::string& path, const nlohmann::json& context, std::uint64_t budget,
                              typename jobs::JobTree<Move>::Widening widening, const std::string& option) {
  auto fail = [&](const std::string& what) { return cli::InputError(option + " " + path + ": " + what); };
  std::ifstream in(path);
  if (!in) throw fail("cannot be read");
  std::stringstream text;
  text << in.rdbuf();
  const nlohmann::json file = nlohmann::json::parse(text.str(), nullptr, false);
  if (file.is_discarded() || !file.is_object()) throw fail("not a dfpn-dist checkpoint (not a JSON object)");
  if (!file.contains("context") || !file.contains("records") || !file.contains("check") ||
      !file.contains("nodes_searched"))
    throw fail("not a dfpn-dist checkpoint (missing fields)");
  if (file["context"] != context) {
    std::string field = "/";
    const nlohmann::json diff = nlohmann::json::diff(file["context"], context);
    if (!diff.empty()) field = diff[0].value("path", std::string("/"));
    throw fail("saved for another problem or other settings (context " + field + " differs)");
  }
  std::vector<std::vector<std::int64_t>> rows;
  try {
    rows = file["records"].get<std::vector<std::vector<std::int64_t>>>();
    if (file["check"].get<std::string>() != std::to_string(check_word(rows))) throw fail("damaged (check word differs)");
  } catch (const nlohmann::json::exception&) {
    throw fail("damaged (records are not rows of integers)");
  }
  TreeRecords<Move> records;
  for (const auto& row : rows) {
    if (row.size() != 7) throw fail("damaged (a record has " + std::to_string(row.size()) + " fields, not 7)");
    typename jobs::JobTree<Move>::Record r;
    r.parent = row[0] < 0 ? jobs::JobTree<Move>::kNone : std::uint32_t(row[0]);
    r.move = Move(row[1]);
    r.numbers = {ProofNumber(row[2]), ProofNumber(row[3])};
    r.attacker_to_move = row[4] != 0;
    r.short_jobs = std::uint32_t(row[5]);
    if (row[6] >= 0) r.winning_move = Move(row[6]);
    records.push_back(r);
  }
  std::uint64_t nodes = 0;
  try {
    nodes = file["nodes_searched"].get<std::uint64_t>();
  } catch (const nlohmann::json::exception&) {
    throw fail("damaged (nodes_searched)");
  }
  auto tree = jobs::JobTree<Move>::restore(budget, widening, records, nodes);
  if (!tree) throw fail("damaged (the records do not form a tree)");
  return std::move(*tree);
}

}  // namespace dfpn::dist
