// Proof transpositions: solved Hex positions with their proof sets, found
// again by containment rather than by hash.
//
// A position R won by W with proof set S (W still wins when the loser holds
// every empty cell outside S; dfpn/base/game.h) decides every position Q where
//   * W has at least R's stones in play (W's groups next to S: the others
//     touch no cell still to be played once the loser holds the rest, so
//     the loser may as well have them; stones_in_play()),
//   * the loser has no stone inside S, and
//   * W is to move in Q, unless the loser was to move in R.
// Q's proof set is S minus Q's stones. Why: give Q's loser every empty cell
// outside S. The result is R with every empty cell outside S conceded (the
// position S was proven for) and W's stones out of play given away, except
// that some of its empty or loser cells are W's and W may have the move
// instead of the loser. Hex is monotone (a stone never hurts its owner, and
// having the move is worth at least a stone), so W wins it, and Q, which
// has fewer loser stones, as well.
//
// Refutation pruning is the special case of a sibling (one loser stone moved
// outside S); the table finds only equal positions. This finds the rest:
// two lines that reach the same fight with the loser's irrelevant stones in
// other places, which df-pn otherwise proves once per line.
//
// The store is shared by all copies of a game (the parallel searchers):
// records are written once under a lock and published by their file's
// count, so a reader never sees half a record, and memory is allocated
// once, on the first record; when it is full, new records are dropped.
// A lookup reads only the records filed under pairs of stones the
// position's side holds (hex_proof_transpositions.cpp).
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "dfpn/base/types.h"
#include "games/hex/cell_set.h"

namespace dfpn::games {

class ProofTranspositions {
 public:
  struct Match {
    Player winner;
    CellSet proof_set;  // the record's set: still to be cut to the position's empty cells
  };

  // For boards of `cells` cells, at most `capacity` records per winner.
  ProofTranspositions(int cells, std::size_t capacity);
  ~ProofTranspositions();
  ProofTranspositions(const ProofTranspositions&) = delete;
  ProofTranspositions& operator=(const ProofTranspositions&) = delete;

  // R: `winner` wins with `winner_stones` (those in play) and proof set
  // `proof_set`; `winner_to_move` whether it was the winner's turn.
  void add(const CellSet& winner_stones, const CellSet& proof_set, Player winner, bool winner_to_move);
  // A record that decides the position with these stones and side to move:
  // the first one added of those of the winner to move, else of the other.
  std::optional<Match> find(const CellSet& black, const CellSet& white, Player to_move) const;

  // The positions df-pn looks up one after another at an expansion differ
  // by one stone, and the records any of them can match are mostly those
  // that the position without it could match. A Siblings keeps those for
  // one searcher (it is not shared between threads): given `added`, a
  // stone of the position (its last move), find() reads the records of the
  // position without it once, then per position only the files of pairs
  // with `added` and the records added since. The answer is find()'s.
  struct Siblings {
    const void* store = nullptr;  // whose records the rest refers to (none yet)
    Player owner = Player::Black;  // the side `added` belongs to
    Player to_move = Player::Black;  // in the positions looked up
    CellSet owner_stones, other_stones;  // the position without `added`
    std::array<std::uint32_t, 2> seen{};  // records of each winner when this was made
    // Each winner's records that may match (Black [0], White [1]): where a
    // record is, and the one stone it needs beyond the position without
    // `added` (-1: none; only the owner's records need one).
    struct Candidate {
      std::uint32_t at;
      int missing;
    };
    std::array<std::vector<Candidate>, 2> records;
  };
  std::optional<Match> find(const CellSet& black, const CellSet& white, Player to_move, int added,
                            Siblings& siblings) const;

  std::size_t size() const;                   // records kept, both winners
  std::uint64_t dropped() const;              // records turned away because the store was full
  std::size_t max_bytes() const;              // the memory it takes when both winners have records
  std::uint64_t hits() const;                 // lookups that found a record

  class Store;  // one width of cell set (hex_proof_transpositions.cpp)

 private:
  std::unique_ptr<Store> store_;
};

}  // namespace dfpn::games
