#include "games/hex/hex_knowledge_game.h"

#include <algorithm>

#include "games/hex/hex_connection_proof.h"

namespace dfpn::games {
namespace {

// Default capacities of the shared stores. Records per winner in the
// proof-transposition store: 2^18 take about 10.6 MB a winner up to 8x8 and
// 42 MB on the largest boards (the records, their files on two shelves and
// their order; hex_proof_transpositions.cpp).
constexpr std::size_t kAnalyses = std::size_t{1} << 15;
constexpr std::size_t kProofSets = std::size_t{1} << 16;
constexpr std::size_t kTranspositionRecords = std::size_t{1} << 18;

std::array<CellSet, 2> stones_of(const HexGame& game) {  // Black [0], White [1]
  std::array<CellSet, 2> stones;
  for (int cell = 0; cell < game.size() * game.size(); ++cell)
    if (const auto s = game.stone(static_cast<HexGame::Move>(cell)))
      stones[*s == Player::Black ? 0 : 1].insert(cell);
  return stones;
}

Outcome outcome_for(Player winner, Player attacker) {
  return winner == attacker ? Outcome::Proven : Outcome::Disproven;
}

}  // namespace

HexKnowledgeGame::HexKnowledgeGame(HexGame rules, HexKnowledge knobs)
    : rules_(std::move(rules)), knobs_(knobs), analyses_(std::make_shared<std::atomic<std::uint64_t>>(0)) {
  make_stores(0);
}

void HexKnowledgeGame::make_stores(int halvings) {
  cache_ = std::make_shared<AnalysisCache>(kAnalyses >> halvings);
  proof_sets_ = std::make_shared<ProofSetStore>(kProofSets >> halvings);
  transpositions_.reset();
  siblings_ = {};  // it refers to the old store's records
  if (knobs_.refutation && knobs_.transpositions)
    transpositions_ =
        std::make_shared<ProofTranspositions>(rules_.size() * rules_.size(), kTranspositionRecords >> halvings);
}

void HexKnowledgeGame::limit_stores(std::size_t bytes) {
  for (int halvings = 0; halvings <= kMostStoreHalvings; ++halvings) {
    make_stores(halvings);
    if (store_bytes() <= bytes) return;
  }
}

const HexAnalysis& HexKnowledgeGame::analysis() const {
  const std::uint64_t key = rules_.hash();
  if (current_valid_ && current_key_ == key) return current_;
  if (!cache_->read(key, [&](const HexAnalysis& a) { current_ = a; })) {
    current_ = analyse(rules_, knobs_);
    analyses_->fetch_add(1, std::memory_order_relaxed);
    cache_->store(key, current_);
  }
  current_key_ = key;
  current_valid_ = true;
  return current_;
}

void HexKnowledgeGame::generate_moves(MoveList& moves) const {
  const HexAnalysis& a = analysis();
  if (a.winner) {
    // Decided, but a caller that did not ask evaluate() still gets the
    // rules' moves: every empty cell.
    rules_.generate_moves(moves);
    return;
  }
  moves.clear();
  if (!a.order.empty()) {
    for (const auto cell : a.order) moves.push_back(cell);
  } else {
    a.moves.for_each([&](int cell) { moves.push_back(static_cast<Move>(cell)); });
  }
}

Outcome HexKnowledgeGame::evaluate(Player attacker) const {
  const std::uint64_t key = rules_.hash();
  const bool analysed = (current_valid_ && current_key_ == key) || cache_->read(key, [](const HexAnalysis&) {});
  if (decide_by_proof_sets_ && !analysed) {
    // A lookup costs a small part of the H-search it saves.
    if (auto s = known_solution()) return outcome_for(s->winner, attacker);
    if (auto s = transposed_solution()) return outcome_for(s->winner, attacker);
  }
  const HexAnalysis& a = analysis();
  if (!a.winner) return Outcome::Unknown;
  return outcome_for(*a.winner, attacker);
}

Outcome HexKnowledgeGame::quick_evaluate(Player attacker) const {
  std::optional<Player> winner;
  if (current_valid_ && current_key_ == rules_.hash()) winner = current_.winner;
  else if (!cache_->read(rules_.hash(), [&](const HexAnalysis& a) { winner = a.winner; })) {
    winner = rules_.winner();
    if (!winner && decide_by_proof_sets_) {
      // A scan of the proof transpositions: they are few (solved nodes
      // only), so this stays cheap beside the analysis it may save.
      if (auto s = known_solution()) winner = s->winner;
      else if (auto t = transposed_solution()) winner = t->winner;
    }
  }
  if (!winner) return Outcome::Unknown;
  return outcome_for(*winner, attacker);
}

std::optional<HexKnowledgeGame::Solved> HexKnowledgeGame::known_solution() const {
  if (!knobs_.refutation) return std::nullopt;
  Solved solved;
  if (!proof_sets_->read(rules_.hash(), [&](const Solved& s) { solved = s; })) return std::nullopt;
  return solved;
}

std::optional<HexKnowledgeGame::Solved> HexKnowledgeGame::transposed_solution() const {
  if (!transpositions_) return std::nullopt;
  const auto stones = stones_of(rules_);
  const auto last = rules_.last_stone();
  const auto match = last ? transpositions_->find(stones[0], stones[1], to_move(), *last, siblings_)
                          : transpositions_->find(stones[0], stones[1], to_move());
  if (!match) return std::nullopt;
  Solved solved{match->proof_set - stones[0] - stones[1], match->winner};
  proof_sets_->store(rules_.hash(), solved);  // proof_set() and the next evaluate() find it by hash
  if (observer_) observer_(rules_, solved.set, solved.winner);
  return solved;
}

ProofHint<HexKnowledgeGame::Move> HexKnowledgeGame::proof_hint(Player winner) const {
  const HexAnalysis& a = analysis();
  ProofHint<Move> hint;
  CellSet support;
  if (a.winner == winner) {
    // Fill-in put the winner's captured cells (and, in Black's colour, the
    // dead ones) on the board the connection was found on.
    support = a.winning_carrier | a.captured[winner == Player::Black ? 0 : 1];
    if (winner == Player::Black) support |= a.dead;
    if (to_move() == winner) {
      // A semi-connection's key; inside a full connection's carrier any
      // cell keeps it (a stone never hurts its owner).
      if (a.winning_key >= 0) hint.winning_move = static_cast<Move>(a.winning_key);
      else a.winning_carrier.for_each([&](int cell) {
        if (!hint.winning_move) hint.winning_move = static_cast<Move>(cell);
      });
    }
  } else if (!a.winner && to_move() != winner) {
    support = a.threat;
  }
  support.for_each([&](int cell) { hint.support.push_back(static_cast<Move>(cell)); });
  return hint;
}

std::optional<ProofCertificate<HexKnowledgeGame::Move>> HexKnowledgeGame::certificate(Player winner) const {
  if (!knobs_.virtual_connections) return std::nullopt;
  // An analysis at hand that does not see the win (with fill-in's extra
  // stones): H-search on the bare board would hardly find it (skip it).
  const std::uint64_t key = rules_.hash();
  std::optional<Player> seen;
  bool known = (current_valid_ && current_key_ == key && (seen = current_.winner, true)) ||
               cache_->read(key, [&](const HexAnalysis& a) { seen = a.winner; });
  if (!known && to_move() == winner) {
    // With the winner to move, the bare-board search mostly fails (four
    // times in five on 7x7 b2's proof). The analysis says when to look, and
    // when it says no, the builder needs it next anyway for a winning move.
    seen = analysis().winner;
    known = true;
  }
  if (known && seen != winner) return std::nullopt;
  if (to_move() != winner) {
    // The search that finds no full has found every semi: keep those for
    // defence_certificates(), which the proof builder asks for next.
    auto found = certify_edge_full_or_semis(cells_of(rules_), rules_.size(), winner, knobs_);
    if (found.full) return proof_certificate(*found.full);
    defence_memo_ = DefenceMemo{key, winner, std::move(found.semis)};
    return std::nullopt;
  }
  const auto connection = certify_edge_connection(cells_of(rules_), rules_.size(), winner, knobs_, true);
  if (!connection) return std::nullopt;
  return proof_certificate(*connection);
}

ProofCertificate<HexKnowledgeGame::Move> HexKnowledgeGame::proof_certificate(const ConnectionCertificate& connection) {
  ProofCertificate<Move> out;
  out.text = games::to_text(connection);
  connection.steps.back().carrier.for_each([&](int cell) { out.support.push_back(static_cast<Move>(cell)); });
  return out;
}

std::vector<ProofCertificate<HexKnowledgeGame::Move>> HexKnowledgeGame::defence_certificates(Player winner) const {
  std::vector<ProofCertificate<Move>> out;
  if (!knobs_.virtual_connections || to_move() == winner) return out;
  std::vector<ConnectionCertificate> semis;
  if (defence_memo_ && defence_memo_->key == rules_.hash() && defence_memo_->winner == winner)
    semis = std::move(defence_memo_->semis);
  else
    semis = certify_edge_semis(cells_of(rules_), rules_.size(), winner, knobs_);
  defence_memo_.reset();
  for (const auto& semi : semis) out.push_back(proof_certificate(semi));
  return out;
}

std::optional<CellSet> HexKnowledgeGame::proof_set() const {
  if (!knobs_.refutation) return std::nullopt;
  const std::uint64_t key = rules_.hash();
  const bool current = current_valid_ && current_key_ == key;
  if (current && current_.winner) return current_.proof_set;
  if (auto s = known_solution()) return s->set;
  CellSet set;
  bool decided = false;
  if (!current && cache_->read(key, [&](const HexAnalysis& a) {
        decided = a.winner.has_value();
        set = a.proof_set;
      }) && decided)
    return set;
  if (rules_.winner()) return CellSet{};  // connected by stones: nothing needed
  if (auto s = transposed_solution()) return s->set;
  return std::nullopt;
}

std::optional<CellSet> HexKnowledgeGame::proof_set_after(Move move) {
  rules_.play(move);
  auto set = proof_set();
  if (!set) {
    // A child the analysis decided may have left the cache: analyse again
    // (only at nodes just solved, so rarely).
    const HexAnalysis& a = analysis();
    if (a.winner) set = a.proof_set;
  }
  rules_.undo();
  return set;
}

void HexKnowledgeGame::remember_proof_set(CellSet set, Player winner) {
  if (knobs_.shrink_proofs && knobs_.dead_cells)
    set = shrink_proof_set(cells_of(rules_), rules_.size(), winner, set, knobs_.captured_cells);
  proof_sets_->store(rules_.hash(), Solved{set, winner});
  if (transpositions_) {
    const CellSet in_play = stones_in_play(cells_of(rules_), rules_.size(), winner, set);
    transpositions_->add(in_play, set, winner, to_move() == winner);
    if (fact_log_) {
      const Fact fact{in_play, set, winner, to_move() == winner, stone_count()};
      const std::lock_guard lock(fact_log_->mutex);
      fact_log_->facts.push_back(fact);
    }
  }
  if (observer_) observer_(rules_, set, winner);
}

void HexKnowledgeGame::learn_won(std::span<const Move> winning_moves) {
  if (!knobs_.refutation) return;
  // The winner plays w and wins with everything outside S(after w) conceded.
  std::optional<CellSet> best;
  for (const Move w : winning_moves) {
    auto set = proof_set_after(w);
    if (!set) continue;
    set->insert(w);
    if (!best || set->size() < best->size()) best = std::move(set);
  }
  if (best) remember_proof_set(*best, to_move());
}

void HexKnowledgeGame::learn_lost(std::span<const Move>) {
  if (!knobs_.refutation) return;
  const HexAnalysis a = analysis();  // a copy: proof_set_after() moves on
  if (a.winner) return;
  const int winner_side = to_move() == Player::Black ? 1 : 0;
  // S: the loser to move may play only there, and must lose after each
  // such move with every cell outside S conceded. Fill-in is still valid
  // then (dead and captured cells stay so), so the winner's captured cells
  // and the dead ones go in S, and the loser's moves are those of the
  // filled board. Outside must-play a move misses one of the winner's semis
  // (all their carriers are in S): its key wins. A candidate needs its own
  // child's set in S, unless it lies outside the set of a candidate already
  // taken (then it loses the same way); a dominated move needs its
  // dominator's. A vulnerable move loses once every move that is not
  // does, and concessions keep it vulnerable (or dead once played) if its
  // killer is in S (conceded to the loser, the killer could not be played:
  // a stone there may bring the move back to life). A move dropped as a
  // mirror image, or as a loss by strategy stealing, has no set: give up.
  CellSet set = a.threats | a.dead | a.captured[winner_side];
  const CellSet filled = a.dead | a.captured[0] | a.captured[1];
  CellSet handled, unknown;
  std::vector<CellSet> taken;
  // Accounts for candidate m; false while its child's set is unknown.
  auto take = [&](int m) {
    if (handled.contains(m)) return true;
    if (std::any_of(taken.begin(), taken.end(), [&](const CellSet& t) { return !t.contains(m); })) {
      handled.insert(m);
      return true;
    }
    if (unknown.contains(m)) return false;
    auto after = proof_set_after(static_cast<Move>(m));
    if (!after) {
      unknown.insert(m);
      return false;
    }
    handled.insert(m);
    set |= *after;
    set.insert(m);
    taken.push_back(std::move(*after));
    return true;
  };
  if ((set - filled).empty()) {
    // No semi to start from: the first candidate with a known set. (At
    // least one move of the loser must be in S: a board the concessions
    // fill up is decided by its stones, not by the loser having no move.)
    bool started = false;
    a.moves.for_each([&](int m) {
      if (!started) started = take(m);
    });
    if (!started) return;
  }
  // Accounts for the loser's move m. Dominators are followed down their
  // chain (each was kept when it dropped the one before); the chain counts
  // as accounted only once its end is.
  enum class Account { Done, Unknown, Never };
  auto account = [&](int m) {
    std::vector<int> chain;
    for (;;) {
      if (handled.contains(m)) break;
      if (a.moves.contains(m)) {
        if (!take(m)) return Account::Unknown;
        break;
      }
      if (a.mirrored.contains(m) || a.stolen.contains(m)) return Account::Never;
      if (a.vulnerable.contains(m)) {  // loses once every other move does (see analyse)
        // ... as long as its killer stays empty: conceded to the loser, it
        // would no longer be there to take the move back.
        const auto by = std::find_if(a.killers.begin(), a.killers.end(), [&](const auto& k) { return k.first == m; });
        if (by == a.killers.end()) return Account::Never;
        set.insert(by->second);
        chain.push_back(m);
        break;
      }
      chain.push_back(m);
      const auto by = std::find_if(a.dominators.begin(), a.dominators.end(),
                                   [&](const auto& d) { return d.first == m; });
      if (by == a.dominators.end()) break;  // outside must-play: a semi wins
      m = by->second;
    }
    for (const int c : chain) handled.insert(c);
    return Account::Done;
  };
  // Unknown children are retried after the others: a set taken later may
  // cover them.
  for (CellSet todo = set - handled - filled; !todo.empty(); todo = set - handled - filled) {
    bool progress = false, never = false;
    todo.for_each([&](int m) {
      if (never) return;
      const Account r = account(m);
      never = r == Account::Never;
      progress |= r == Account::Done;
    });
    if (never || !progress) return;
  }
  remember_proof_set(set, opponent(to_move()));
}

int HexKnowledgeGame::stone_count() const {
  const auto stones = stones_of(rules_);
  return stones[0].size() + stones[1].size();
}

void HexKnowledgeGame::keep_facts() {
  if (transpositions_) fact_log_ = std::make_shared<FactLog>();  // facts are transposition records
}

std::vector<HexKnowledgeGame::Fact> HexKnowledgeGame::take_facts(int depth) {
  if (!fact_log_) return {};
  std::vector<Fact> learnt;
  {
    const std::lock_guard lock(fact_log_->mutex);
    learnt.swap(fact_log_->facts);
  }
  const int most = stone_count() + depth;
  std::erase_if(learnt, [&](const Fact& f) { return f.stones > most; });
  return learnt;
}

void HexKnowledgeGame::add_facts(std::span<const Fact> facts) {
  if (!transpositions_) return;
  for (const Fact& f : facts) transpositions_->add(f.winner_stones, f.proof_set, f.winner, f.winner_to_move);
}

namespace {
int words_for(const HexKnowledgeGame& game) { return (game.size() * game.size() + 63) / 64; }
}  // namespace

std::vector<std::uint64_t> HexKnowledgeGame::Fact::words(const HexKnowledgeGame& game) const {
  const int n = words_for(game);
  std::vector<std::uint64_t> w;
  w.reserve(std::size_t(2 * n + 1));
  for (int i = 0; i < n; ++i) w.push_back(winner_stones.word(i));
  for (int i = 0; i < n; ++i) w.push_back(proof_set.word(i));
  w.push_back(std::uint64_t(stones) << 2 | std::uint64_t(winner_to_move) << 1 | (winner == Player::White ? 1u : 0u));
  return w;
}

std::optional<HexKnowledgeGame::Fact> HexKnowledgeGame::Fact::from_words(std::span<const std::uint64_t> w,
                                                                         const HexKnowledgeGame& game) {
  const int n = words_for(game), cells = game.size() * game.size();
  if (w.size() != std::size_t(2 * n + 1)) return std::nullopt;
  Fact f;
  for (int cell = 0; cell < 64 * n; ++cell) {
    const bool stone = (w[std::size_t(cell / 64)] >> (cell % 64)) & 1u;
    const bool in_set = (w[std::size_t(n + cell / 64)] >> (cell % 64)) & 1u;
    if ((stone || in_set) && cell >= cells) return std::nullopt;  // off the board
    if (stone) f.winner_stones.insert(cell);
    if (in_set) f.proof_set.insert(cell);
  }
  if (f.winner_stones.intersects(f.proof_set)) return std::nullopt;  // a set holds empty cells only
  const std::uint64_t last = w.back();
  f.winner = last & 1u ? Player::White : Player::Black;
  f.winner_to_move = (last >> 1) & 1u;
  f.stones = int(last >> 2);
  if (f.stones > cells) return std::nullopt;
  return f;
}

std::size_t HexKnowledgeGame::store_bytes() const {
  return cache_->bytes() + proof_sets_->bytes() + (transpositions_ ? transpositions_->max_bytes() : 0);
}

std::vector<std::pair<std::string, double>> HexKnowledgeGame::search_statistics() const {
  std::vector<std::pair<std::string, double>> out = {{"analyses", double(analyses_->load())}};
  if (!transpositions_) return out;
  out.insert(out.end(), {{"proof_transposition_records", double(transpositions_->size())},
                         {"proof_transposition_hits", double(transpositions_->hits())},
                         {"proof_transposition_dropped", double(transpositions_->dropped())}});
  return out;
}

Numbers HexKnowledgeGame::initial_numbers(Player attacker) const {
  if (!knobs_.initial_numbers) return Numbers{1, 1};
  // Potentials are two-distances (about 2..2n on an open board, large when
  // cut off): the closer a side is to connecting, the cheaper its proof.
  // Computed here, not by a full analysis: this runs for every fresh leaf.
  const HexCells cells = cells_of(rules_);
  const int mine = two_distance_potential(cells, rules_.size(), attacker);
  const int theirs = two_distance_potential(cells, rules_.size(), opponent(attacker));
  auto scale = [](int potential) { return ProofNumber(std::clamp(potential, 1, 1000)); };
  return Numbers{scale(mine), scale(theirs)};
}

}  // namespace dfpn::games
