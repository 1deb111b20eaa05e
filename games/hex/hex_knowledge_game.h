// Hex as the solver sees it: the rules of HexGame plus HexKnowledge behind
// the Game concept. A position the knowledge decides (a virtual connection,
// fill-in) is a terminal; moves are the must-play cells minus dead ones, in
// two-distance order; df-pn+ gets two-distance potentials as initial numbers.
//
// The answers are the game-theoretic values of the real positions (every
// piece of knowledge is value-preserving), but a proof built on this game
// ends at knowledge terminals and omits pruned defences: only the rules
// game (HexGame) checks proofs.
#pragma once

#include <array>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "dfpn/base/game.h"
#include "dfpn/base/proof_hooks.h"
#include "dfpn/base/types.h"
#include "games/hex/hex.h"
#include "games/hex/hex_knowledge.h"
#include "games/hex/hex_proof_transpositions.h"
#include "games/shared_cache.h"

namespace dfpn::games {

class HexKnowledgeGame {
 public:
  using Move = HexGame::Move;
  using MoveList = HexGame::MoveList;

  explicit HexKnowledgeGame(HexGame rules, HexKnowledge knobs = {});

  std::uint64_t hash() const { return rules_.hash(); }
  Player to_move() const { return rules_.to_move(); }
  void set_to_move(Player p) { rules_.set_to_move(p); }
  void play(Move cell) { rules_.play(cell); }
  void undo() { rules_.undo(); }

  void generate_moves(MoveList& moves) const;
  // The full check: a solved position that this one contains (proof
  // transpositions, before any analysis), else the knowledge's winner.
  Outcome evaluate(Player attacker) const;
  // The rules' winner, or what is known of this very position (an analysis
  // or a proof set made already): for fresh leaves, so H-search runs only
  // where df-pn goes.
  Outcome quick_evaluate(Player attacker) const;
  Numbers initial_numbers(Player attacker) const;
  // For rules proofs with concessions (dfpn/search/conceding_proof.h): where the
  // knowledge decides the position for `winner`, the cells its connection
  // needs (carrier and the winner's fill-in) and, with the winner to move, a
  // move that keeps the win; where the loser is to move and the winner has
  // edge semi-connections, the smallest one's carrier.
  ProofHint<Move> proof_hint(Player winner) const;
  // A certified leaf for conceding proofs (dfpn/base/game.h): where H-search on
  // the position as it stands (no fill-in, which the rules game would not
  // see) connects `winner`'s edges -- a full, or a semi with the winner to
  // move -- the connection's derivation and its carrier.
  std::optional<ProofCertificate<Move>> certificate(Player winner) const;
  // With the loser to move: certificates of a few of the winner's edge-to-
  // edge semi connections (dfpn/base/game.h kHasDefenceCertificates).
  std::vector<ProofCertificate<Move>> defence_certificates(Player winner) const;
  // Refutation pruning (dfpn/base/game.h): where the rules or an analysis made
  // already decide the position, the cells the win needs. Never analyses:
  // the search asks at children it has just searched or quick-evaluated.
  std::optional<CellSet> proof_set() const;
  // Proof sets learnt from the search, for positions it solved: won
  // through one of `winning_moves`, or lost after trying every move of
  // `moves` (generate_moves()'s list). Where the parts are unknown, or the
  // analysis pruned in ways a set cannot account for, nothing is learnt.
  void learn_won(std::span<const Move> winning_moves);
  void learn_lost(std::span<const Move> moves);
  // Facts for another copy that does not share these stores (a job-level
  // worker on another machine; dfpn/base/game.h kSharesFacts). A fact is a
  // proof-transposition record (hex_proof_transpositions.h): a won position
  // with its proof set, which decides every position containing it, so it
  // holds wherever it is added -- for the same board size. keep_facts()
  // starts a log of the proof sets learnt from then on, shared by the
  // copies made after it (call it before copying, like limit_stores());
  // take_facts(depth) empties the log and returns those about positions at
  // most `depth` stones past this one (deeper ones are worth less than the
  // messages they cost); add_facts() adds facts learnt elsewhere, which are
  // not logged again.
  struct Fact {
    CellSet winner_stones;  // the winner's stones in play
    CellSet proof_set;
    Player winner = Player::Black;
    bool winner_to_move = false;
    int stones = 0;  // on the board when it was learnt
    // As 64-bit words for a transport (as few as `game`'s board needs),
    // and back: nullopt if they are not a fact on that board.
    std::vector<std::uint64_t> words(const HexKnowledgeGame& game) const;
    static std::optional<Fact> from_words(std::span<const std::uint64_t> words, const HexKnowledgeGame& game);
  };
  void keep_facts();
  std::vector<Fact> take_facts(int depth);
  void add_facts(std::span<const Fact> facts);
  // Called with every proof set learnt (tests check them by the rules).
  using ProofSetObserver = std::function<void(const HexGame& position, const CellSet& set, Player winner)>;
  void observe_proof_sets(ProofSetObserver observer) { observer_ = std::move(observer); }

  std::string goal_text(Player prover) const { return rules_.goal_text(prover); }
  std::string move_to_string(Move cell) const { return rules_.move_to_string(cell); }
  std::optional<Move> parse_move(const std::string& text) const { return rules_.parse_move(text); }
  std::string to_text() const { return rules_.to_text(); }
  int size() const { return rules_.size(); }

  const HexGame& rules() const { return rules_; }
  const HexKnowledge& knowledge() const { return knobs_; }
  // A copy (sharing the caches) that decides positions by the analysis
  // alone, as proof_hint() and certificate() can explain them: the proof
  // builder's view (dfpn/base/game.h, explainable()).
  HexKnowledgeGame explainable() const {
    HexKnowledgeGame copy = *this;
    copy.decide_by_proof_sets_ = false;
    return copy;
  }
  // The proof-transposition store shared by the copies (null when off).
  const ProofTranspositions* transpositions() const { return transpositions_.get(); }
  // What the shared stores did so far (dfpn/base/game.h, kHasSearchStatistics):
  // analyses computed, proof-transposition records kept, lookups they
  // decided, records dropped.
  std::vector<std::pair<std::string, double>> search_statistics() const;
  // The most memory the stores shared by this game's copies take (analyses,
  // proof sets, proof transpositions): fixed capacities, allocated on first
  // use. A process budget sets them aside before sizing the table.
  std::size_t store_bytes() const;
  // Fresh, empty stores of at most `bytes` together: each capacity halved
  // as often as needed, at most kMostStoreHalvings times (1/1024 of the
  // default, whatever `bytes` says; smaller stores only cost work done
  // again). Call it before the game is copied: earlier copies keep the old
  // stores.
  void limit_stores(std::size_t bytes);
  static constexpr int kMostStoreHalvings = 10;
  // The analysis of the current position (cached by hash); valid until the
  // next call on this object.
  const HexAnalysis& analysis() const;

 private:
  HexGame rules_;
  HexKnowledge knobs_;
  // The analysis of the position the last call asked for (references
  // returned by analysis() stay valid until the next call on this copy).
  mutable HexAnalysis current_;
  mutable std::uint64_t current_key_ = 0;
  mutable bool current_valid_ = false;
  // The winner's edge semis that certificate() found on the way, for the
  // defence_certificates() call that follows it at the same position.
  struct DefenceMemo {
    std::uint64_t key;
    Player winner;
    std::vector<ConnectionCertificate> semis;
  };
  mutable std::optional<DefenceMemo> defence_memo_;
  static ProofCertificate<Move> proof_certificate(const ConnectionCertificate& connection);
  // Analyses by hash, shared by every copy of this game: df-pn evaluates
  // the same children again at every re-expansion of their parent, and the
  // parallel searchers (each on its own copy) visit the same positions near
  // the root, so one analysis serves them all.
  using AnalysisCache = SharedCache<HexAnalysis>;
  std::shared_ptr<AnalysisCache> cache_;
  // Analyses computed (cache misses), shared like the cache.
  std::shared_ptr<std::atomic<std::uint64_t>> analyses_;
  // Proof sets of positions solved by search or by a proof transposition
  // (shared like the analyses), with their winners.
  struct Solved {
    CellSet set;
    Player winner = Player::Black;
  };
  using ProofSetStore = SharedCache<Solved>;
  std::shared_ptr<ProofSetStore> proof_sets_;
  // Solved positions found again by containment (shared; null when off),
  // and this copy's work shared by lookups one stone apart.
  std::shared_ptr<ProofTranspositions> transpositions_;
  mutable ProofTranspositions::Siblings siblings_;
  // The stores at their default capacities halved `halvings` times.
  void make_stores(int halvings);
  // Whether evaluate() may decide by a proof set (not in explainable()).
  bool decide_by_proof_sets_ = true;
  ProofSetObserver observer_;
  // Proof sets learnt since the last take_facts(), if keep_facts() was called.
  struct FactLog {
    std::mutex mutex;
    std::vector<Fact> facts;
  };
  std::shared_ptr<FactLog> fact_log_;
  int stone_count() const;
  // The proof set of the position after `move`, if known.
  std::optional<CellSet> proof_set_after(Move move);
  void remember_proof_set(CellSet set, Player winner);
  // This position solved by search or a proof transposition, if known.
  std::optional<Solved> known_solution() const;
  std::optional<Solved> transposed_solution() const;
};

}  // namespace dfpn::games
