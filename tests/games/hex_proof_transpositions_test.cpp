#include "games/hex/hex_proof_transpositions.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <random>
#include <thread>
#include <utility>
#include <vector>

#include "dfpn/search/dfpn.h"
#include "games/hex/hex_knowledge_game.h"
#include "support/hex_rules_solver.h"
#include "support/sanitized.h"
#include "tt/table.h"

namespace dfpn::games {
namespace {

CellSet cells(std::initializer_list<int> list) {
  CellSet s;
  for (int c : list) s.insert(c);
  return s;
}

// `count` cells drawn at random (with repeats) from a board of n cells.
CellSet random_set(std::mt19937& rng, int n, int count) {
  CellSet s;
  for (int i = 0; i < count; ++i) s.insert(int(rng() % unsigned(n)));
  return s;
}

// The containment rule on every width of record (one word up to 8x8, two
// up to 11x11, six beyond), with cells in the last word of each.
TEST(ProofTranspositions, DecideExactlyThePositionsThatContainARecord) {
  for (int size : {5, 8, 11, 13, 19}) {
    SCOPED_TRACE(size);
    const int last = size * size - 1;
    ProofTranspositions store(size * size, 16);
    // Black won with stones {0, last} and set {1, last - 1}, White to move.
    store.add(cells({0, last}), cells({1, last - 1}), Player::Black, false);
    const auto hit = store.find(cells({0, last, 7}), cells({2}), Player::White);
    ASSERT_TRUE(hit);
    EXPECT_EQ(hit->winner, Player::Black);
    EXPECT_EQ(hit->proof_set, cells({1, last - 1}));
    EXPECT_TRUE(store.find(cells({0, last}), {}, Player::Black)) << "the winner having the move only helps";
    EXPECT_FALSE(store.find(cells({0}), {}, Player::White)) << "a winner's stone missing";
    EXPECT_FALSE(store.find(cells({0, last}), cells({last - 1}), Player::White)) << "a loser stone in the set";
    EXPECT_FALSE(store.find(cells({0, last}), cells({1}), Player::Black));
    // White won with Black to move... (White's stones {3}, set {4}), as
    // the winner to move: only positions with White to move.
    store.add(cells({3}), cells({4}), Player::White, true);
    EXPECT_FALSE(store.find({}, cells({3}), Player::Black));
    const auto white = store.find({}, cells({3}), Player::White);
    ASSERT_TRUE(white);
    EXPECT_EQ(white->winner, Player::White);
    EXPECT_EQ(store.size(), 2u);
    EXPECT_EQ(store.hits(), 3u);
  }
}

TEST(ProofTranspositions, AFullStoreDropsNewRecords) {
  ProofTranspositions store(16, 2);
  for (int i = 0; i < 3; ++i) store.add(cells({i}), {}, Player::Black, false);
  EXPECT_EQ(store.size(), 2u);
  EXPECT_EQ(store.dropped(), 1u);
  EXPECT_FALSE(store.find(cells({2}), {}, Player::White));
  EXPECT_TRUE(store.find(cells({1}), {}, Player::White));
}

// Several writing threads share the capacity: the store keeps at most it,
// counts every record it turns away, and finds every record it kept.
TEST(ProofTranspositions, WritersOnSeveralThreadsShareTheCapacity) {
  for (const std::size_t capacity : {std::size_t{40}, std::size_t{100}}) {
    ProofTranspositions store(121, capacity);
    std::vector<std::thread> writers;
    for (int w = 0; w < 3; ++w)
      writers.emplace_back([&, w] {
        for (int i = 0; i < 30; ++i) store.add(cells({w * 40 + i}), cells({120}), Player::Black, false);
      });
    for (auto& t : writers) t.join();
    EXPECT_LE(store.size(), capacity);
    EXPECT_EQ(store.size() + store.dropped(), 90u);
    if (capacity == 100) {
      EXPECT_EQ(store.size(), 90u);  // room for all: none turned away
    }
    std::size_t found = 0;
    for (int w = 0; w < 3; ++w)
      for (int i = 0; i < 30; ++i) {
        found += store.find(cells({w * 40 + i}), {}, Player::White).has_value();
      }
    EXPECT_EQ(found, store.size());
  }
}

// Lookups read only the files of pairs of stones the position holds; they
// must still return the first record that matches, as a plain scan in
// order does. Records come in runs that share stones, as a search adds
// them. On boards above 8x8 several pairs share a file.
TEST(ProofTranspositions, FindTheFirstMatchingRecordAsAPlainScanDoes) {
  // A small store files all records together, a large one apart by
  // whether their winner had the move.
  for (const auto& [size, capacity] : {std::pair{8, 1000}, {11, 1000}, {19, 1000}, {8, 1 << 15}, {19, 1 << 15}}) {
    SCOPED_TRACE(::testing::Message() << size << "x" << size << ", capacity " << capacity);
    const int n = size * size;
    std::mt19937 rng(7);
    auto random_set = [&](int count) { return games::random_set(rng, n, count); };
    struct Record {
      CellSet need, keep_out;
      Player winner;
      bool winner_to_move;
    };
    std::vector<Record> records;
    ProofTranspositions store(n, std::size_t(capacity));
    while (records.size() < 1000) {
      const CellSet shared = random_set(2), shared_out = random_set(2);
      const Player winner = rng() % 2 ? Player::Black : Player::White;
      for (int i = 0; i < 1 + int(rng() % 40) && records.size() < 1000; ++i) {
        Record r{shared | random_set(int(rng() % 3)), (shared_out | random_set(int(rng() % 4))) - shared, winner,
                 rng() % 4 == 0};
        r.keep_out -= r.need;
        store.add(r.need, r.keep_out, r.winner, r.winner_to_move);
        records.push_back(r);
      }
    }
    int hits = 0;
    for (int q = 0; q < 4000; ++q) {
      const CellSet black = random_set(int(rng() % 24)), white = random_set(int(rng() % 24)) - black;
      const Player to_move = rng() % 2 ? Player::Black : Player::White;
      std::optional<ProofTranspositions::Match> expected;
      for (const Player winner : {to_move, opponent(to_move)}) {
        const CellSet& own = winner == Player::Black ? black : white;
        const CellSet& theirs = winner == Player::Black ? white : black;
        for (const Record& r : records)
          if (!expected && r.winner == winner && r.need.subset_of(own) && !r.keep_out.intersects(theirs) &&
              (!r.winner_to_move || to_move == winner))
            expected = ProofTranspositions::Match{winner, r.keep_out};
      }
      const auto found = store.find(black, white, to_move);
      ASSERT_EQ(found.has_value(), expected.has_value()) << "query " << q;
      if (!found) continue;
      ++hits;
      EXPECT_EQ(found->winner, expected->winner) << "query " << q;
      EXPECT_EQ(found->proof_set, expected->proof_set) << "query " << q;
    }
    EXPECT_GT(hits, 100) << "the queries should find records often";
    EXPECT_LT(hits, 3900) << "and miss them often";
  }
}

// Lookups of positions one stone apart share their work through a
// Siblings: they must answer exactly as plain lookups do, whichever stone
// is the added one, while records keep coming (read in order at first,
// then gathered again), and when the siblings' base position changes.
TEST(ProofTranspositions, LookupsOneStoneApartAnswerAsPlainLookups) {
  for (const auto& [size, capacity] : {std::pair{8, 3000}, {11, 3000}, {19, 3000}, {8, 1 << 15}, {19, 1 << 15}}) {
    SCOPED_TRACE(::testing::Message() << size << "x" << size << ", capacity " << capacity);
    const int n = size * size;
    std::mt19937 rng(13);
    auto random_set = [&](int count) { return games::random_set(rng, n, count); };
    ProofTranspositions store(n, std::size_t(capacity));
    auto add_records = [&](int count) {
      const CellSet shared = random_set(2), shared_out = random_set(2);
      const Player winner = rng() % 2 ? Player::Black : Player::White;
      for (int i = 0; i < count; ++i) {
        const CellSet need = shared | random_set(int(rng() % 3));
        const CellSet keep_out = (shared_out | random_set(int(rng() % 4))) - need;
        store.add(need, keep_out, winner, rng() % 4 == 0);
      }
    };
    while (store.size() < 1500) add_records(1 + int(rng() % 40));
    ProofTranspositions::Siblings siblings;
    int hits = 0, lookups = 0;
    for (int family = 0; family < 120; ++family) {
      const CellSet black = random_set(int(rng() % 20)), white = random_set(int(rng() % 20)) - black;
      const Player mover = rng() % 2 ? Player::Black : Player::White;
      for (int child = 0; child < 30; ++child) {
        const int added = int(rng() % unsigned(n));
        if (black.contains(added) || white.contains(added)) continue;
        CellSet b = black, w = white;
        (mover == Player::Black ? b : w).insert(added);
        // Children mostly have the other side to move; now and then the
        // same side (a concession).
        const Player to_move = rng() % 8 == 0 ? mover : opponent(mover);
        const auto expected = store.find(b, w, to_move);
        const auto found = store.find(b, w, to_move, added, siblings);
        ++lookups;
        ASSERT_EQ(found.has_value(), expected.has_value()) << "family " << family << " child " << child;
        if (!found) continue;
        ++hits;
        EXPECT_EQ(found->winner, expected->winner) << "family " << family << " child " << child;
        EXPECT_EQ(found->proof_set, expected->proof_set) << "family " << family << " child " << child;
        if (rng() % 6 == 0 && store.size() < 3000) add_records(1 + int(rng() % 30));  // sometimes past the gathering's reach
        if (rng() % 10 == 0 && store.size() < 3000) {
          // One that the family's later children match unless an earlier one does.
          const Player winner = rng() % 2 ? Player::Black : Player::White;
          CellSet need;
          (winner == Player::Black ? black : white).for_each([&](int cell) {
            if (need.size() < 2 && rng() % 3 == 0) need.insert(cell);
          });
          store.add(need, {}, winner, false);
        }
      }
    }
    EXPECT_GT(hits, lookups / 50) << "the lookups should find records often";
    EXPECT_LT(hits, lookups - lookups / 50) << "and miss them often";
  }
}

// Records that need one stone, or none, have files of their own; the
// first match in the order of adding still wins across files.
TEST(ProofTranspositions, RecordsThatNeedFewStonesMatchInTheirOrder) {
  ProofTranspositions store(64, 16);
  store.add(cells({5}), cells({6}), Player::Black, false);
  store.add({}, cells({7}), Player::Black, false);
  store.add(cells({5, 9}), cells({8}), Player::Black, false);
  store.add({}, {}, Player::Black, false);
  auto set_found = [&](const CellSet& black, const CellSet& white) {
    const auto hit = store.find(black, white, Player::White);
    return hit ? std::optional<CellSet>(hit->proof_set) : std::nullopt;
  };
  EXPECT_EQ(set_found(cells({5, 9}), {}), cells({6}));
  EXPECT_EQ(set_found(cells({5, 9}), cells({6})), cells({7}));
  EXPECT_EQ(set_found(cells({5, 9}), cells({6, 7})), cells({8}));
  EXPECT_EQ(set_found(cells({5, 9}), cells({6, 7, 8})), CellSet{});
  EXPECT_EQ(set_found({}, cells({6})), cells({7}));
  EXPECT_EQ(store.find({}, {}, Player::Black)->winner, Player::Black);
}

// Readers never see half a record: writers add records whose set is their
// stones shifted by one cell; every hit must show that relation.
TEST(ProofTranspositions, ReadersSeeWholeRecordsWhileWritersAdd) {
  ProofTranspositions store(121, 1 << 12);
  std::vector<std::thread> threads;
  std::atomic<int> torn{0};
  for (int w = 0; w < 2; ++w)
    threads.emplace_back([&, w] {
      for (int i = 0; i < 2000; ++i) {
        const int cell = (i * 2 + w) % 119;
        store.add(cells({cell}), cells({cell + 1}), Player::Black, false);
      }
    });
  for (int r = 0; r < 2; ++r)
    threads.emplace_back([&, r] {
      for (int i = 0; i < 4000; ++i) {
        const int cell = (i + r) % 119;
        // Black holds `cell` only; White holds every cell but cell + 1.
        CellSet white = CellSet::all_below(121) - cells({cell, cell + 1});
        if (const auto hit = store.find(cells({cell}), white, Player::White))
          torn += !(hit->proof_set == cells({cell + 1}));
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(torn.load(), 0);
  // Every record the writers added is found whole once they are done (the
  // readers above may have run before any was written).
  for (int cell = 0; cell < 119; ++cell) {
    const CellSet white = CellSet::all_below(121) - cells({cell, cell + 1});
    const auto hit = store.find(cells({cell}), white, Player::White);
    ASSERT_TRUE(hit) << "cell " << cell;
    EXPECT_EQ(hit->proof_set, cells({cell + 1})) << "cell " << cell;
  }
}

// Solving with the store decides positions by other positions' proofs;
// each of those verdicts (winner and set) holds by the rules, and the
// answers match the rules'.
TEST(ProofTranspositions, VerdictsHoldByTheRules) {
  testing::HexRulesSolver exact;
  std::mt19937 rng(11);
  int observed = 0, wrong = 0;
  std::uint64_t hits = 0;
  for (int t = 0; t < (testing::kSanitized ? 18 : 24); ++t) {  // the same code, fewer positions under the sanitizers
    // 5x5 with 9 to 12 stones: open enough to search, small enough for
    // the exact solver.
    HexGame rules(5);
    for (int stones = 9 + int(rng() % 4); stones > 0 && !rules.winner(); --stones) {
      HexGame::MoveList moves;
      rules.generate_moves(moves);
      rules.play(moves[rng() % moves.size()]);
    }
    if (rules.winner()) continue;
    HexKnowledge knobs;  // no H-search: the search (and the store) has work to do
    knobs.virtual_connections = knobs.edge_templates = knobs.must_play = false;
    HexKnowledgeGame game(rules, knobs);
    game.observe_proof_sets([&](const HexGame& position, const CellSet& set, Player winner) {
      ++observed;
      if (!testing::proof_set_holds(position, set, winner, exact)) {
        ++wrong;
        ADD_FAILURE() << "a proof set for " << to_string(winner) << " that does not hold\n" << position.to_text();
      }
    });
    auto table = tt::TranspositionTable::with_entries(1 << 12);  // small: entries get replaced
    DepthFirstPns<HexKnowledgeGame> search(game, Player::Black, table, Limits{}, DfpnOptions{});
    const auto r = search.solve();
    ASSERT_TRUE(r.solved());
    HexGame scratch = rules;
    const bool black_wins = exact.mover_wins(scratch) == (rules.to_move() == Player::Black);
    EXPECT_EQ(r.outcome, black_wins ? Outcome::Proven : Outcome::Disproven) << rules.to_text();
    hits += game.transpositions()->hits();
  }
  std::printf("%d proof sets checked (%d wrong), %llu decided by proof transpositions\n", observed, wrong,
              static_cast<unsigned long long>(hits));
  EXPECT_GT(hits, 10u);  // the store does decide positions
}

}  // namespace
}  // namespace dfpn::games
