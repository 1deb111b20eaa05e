// Go life-and-death problems: an enclosed position, the target blocks that
// must live, the region where play is allowed, and who may take kos.
//
// Rules: captures, suicide illegal, pass always legal. A side without ko
// permission may not capture a ko at all. Three ko rules:
// * simple (default): no immediate recapture of a single stone, with the ko
//   point part of the position (and of its hash), so a position's value does
//   not depend on how it was reached. Longer cycles (triple ko, eternal life)
//   end the line as a loss for the killer: the killer must capture, and a
//   cycle never does.
// * positional superko: a stone move may not recreate an earlier board;
// * situational superko: ... an earlier board with the same side to move.
//   Under superko the legal moves depend on the path, so the set of earlier
//   positions is part of the state and of the hash: a table entry is then
//   true of exactly the histories it was computed for, and the game graph
//   has no cycles. The price: move orders that pass through different
//   positions no longer share entries.
//
// Kill-all problems (GoProblem::live_any) have no targets: the defender
// lives if any of its stones lives, the killer must kill them all.
//
// Terminals, each provably right under these rules:
// * every target stone captured (a stone later played on a target's point is
//   not a target): the killer wins;
// * kill-all: some defender block unconditionally alive (Benson): the
//   defender wins; the killer's unconditionally alive blocks are next to
//   every point that is not theirs (so no defender eye can ever form, and
//   the killer can fill every point and capture whatever is played): the
//   killer wins;
// * every target block still on the board unconditionally alive (Benson,
//   counting the killer as able to play anywhere, which only makes it more
//   conservative): the defender wins;
// * two passes in a row: the defender wins if seki counts as life (the
//   killer passed instead of capturing), else the killer wins;
// * a small eye space (eye_space_kills): the targets form one block whose
//   liberties are one to three empty points enclosed by it alone, and every
//   killer block beside it has more liberties than the defender has moves
//   before the killer captures: the killer wins.
// * miai life (miai_life): the killer to move, and two defender moves that
//   each make the targets Benson-alive, no killer move spoiling both (the
//   argument is at GoGame::find_miai): the defender wins.
//
// Relevance zones (games/go/go_zone.cpp, docs/design.md): a won position
// names the points its win rests on, so df-pn can drop the loser's moves
// that change nothing there (dfpn/base/game.h, kHasProofSets).
#pragma once

#include <array>
#include <bitset>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <boost/container/static_vector.hpp>

#include "dfpn/base/types.h"
#include "games/shared_cache.h"

namespace dfpn::games {

enum class Point : std::uint8_t { Empty = 0, Black = 1, White = 2, Border = 3 };

enum class KoRule : std::uint8_t { Simple, Situational, Positional };
const char* to_string(KoRule rule);
// "simple", "situational", "positional"; nullopt for anything else.
std::optional<KoRule> parse_ko_rule(const std::string& text);

struct GoProblem;
// The Go knowledge switches from text: "all", "none", or a comma list of
// zones, eyes, nulls, mobility, generation, replies, eyenumbers, miai (the named
// pieces on, the rest off). Throws std::invalid_argument naming an unknown piece.
void parse_go_knowledge(const std::string& text, GoProblem& problem);
std::string go_knowledge_pieces();  // "zones,eyes,...,miai"

struct GoProblem {
  int size = 9;                                   // 2..19
  std::vector<std::pair<int, int>> black, white;  // stones as (column, row), 0-based, row 0 at the top
  std::vector<std::pair<int, int>> targets;       // points of target stones (their blocks must live)
  std::vector<std::pair<int, int>> region;        // where play is allowed; empty: every empty point
  Player to_move = Player::Black;
  bool seki_is_life = true;
  bool black_may_take_ko = true;
  bool white_may_take_ko = true;
  KoRule ko_rule = KoRule::Simple;
  // Refutation pruning with relevance zones (only where it is sound: under
  // superko; see go_zone.cpp).
  bool relevance_zones = true;
  // Small eye spaces decided without search (GoGame::eye_space_kills); off
  // only to check them against the plain rules.
  bool eye_rules = true;
  // Search guidance (games/go/go.cpp, docs/design.md); none changes an answer:
  // the killer's null move (a tenuki far from the targets) tried first, so
  // its refutation's zone prunes early;
  bool null_moves_first = true;
  // initial numbers scaled by the moves the opponent must answer;
  bool mobility_numbers = true;
  // Benson and eye rules checked when a defender move is generated.
  bool life_at_generation = true;
  // a reply that refuted the opponent's move tried first after its siblings.
  bool reuse_replies = true;
  // initial numbers that count the defender's eyes (small enclosed empty
  // regions beside the targets): two make life cheap and the kill dear.
  bool eye_numbers = true;
  // Life one move ahead decided without search (miai life, see the
  // terminals above); off only to check it against the plain rules.
  bool miai_life = true;
  // Kill-all: this side lives if any of its stones lives (no targets then);
  // the other must kill them all.
  std::optional<Player> live_any;
};

// A problem from a text diagram, top row first: X/O stones (upper case: the
// targets), '.' empty points; every point but '-' belongs to the region.
// For tests, benchmarks and examples; rows must form a square.
GoProblem go_problem_from_diagram(const std::vector<std::string>& rows, Player to_move = Player::Black);

class GoGame {
 public:
  static constexpr int kMaxSize = 19;
  static constexpr int kStride = kMaxSize + 2;
  static constexpr int kPoints = kStride * kStride;
  using Move = std::uint16_t;  // padded point index, or kPass
  static constexpr Move kPass = 0xFFFF;
  using MoveList = boost::container::static_vector<Move, kMaxSize * kMaxSize + 1>;

  // Throws std::invalid_argument for an impossible problem (stones off the
  // board or on one point, no targets, targets of both colours or on empty
  // points, an empty region, stones without liberties).
  explicit GoGame(const GoProblem& problem) : GoGame(problem, true) {}
  // A board for setting a problem up (GTP editing): targets may be missing.
  // Without targets it is not a problem: evaluate() says the killer has won.
  static GoGame setup_board(const GoProblem& problem) { return GoGame(problem, false); }
  bool has_targets() const { return !targets_.empty() || kill_all_; }
  bool kill_all() const { return kill_all_; }

  std::uint64_t hash() const { return state_.hash; }
  Player to_move() const { return state_.to_move; }
  void generate_moves(MoveList& moves) const;
  void play(Move move);
  void undo();
  Outcome evaluate(Player attacker) const;
  // For fresh leaves (dfpn/base/game.h): the terminals that cost nothing (targets
  // captured, two passes; kill-all: two passes). Benson and small eyes wait
  // until df-pn enters the position: most of a node's hundred-odd children
  // are never entered.
  Outcome quick_evaluate(Player attacker) const;
  // Proof extraction looks for known wins with quick_evaluate() alone
  // (dfpn/base/game.h): Benson and miai on every child cost more than
  // searching the few positions the table does not know.
  static constexpr bool kProofScanIsQuick = true;

  // Only the simple ko rule lets a line return to a position (superko keeps
  // the history in the state).
  bool may_repeat() const { return ko_rule_ == KoRule::Simple; }
  Outcome repetition_outcome(Player attacker) const {
    return attacker == killer() ? Outcome::Disproven : Outcome::Proven;
  }
  std::string goal_text(Player prover) const;
  // df-pn+: cheap Go features (target liberties, eye space) as initial numbers.
  Numbers initial_numbers(Player attacker) const;
  void order_moves(MoveList& moves, Player attacker) const;

  // ---- Relevance zones (games/go/go_zone.cpp) ----
  // The zone of a won position: a set of points such that the winner still
  // wins every position that agrees with this one on them (and on the side
  // to move, the passes, the captured targets, and a ko ban inside).
  // A refutation offers df-pn the loser's moves that are not transpositions
  // of the refuted one: points in its zone, captures, and the pass.
  class Refutation {
   public:
    bool contains(Move move) const { return move == kPass || kept_[move]; }

   private:
    friend class GoGame;
    std::bitset<kPoints> kept_;
  };
  // At the position after the mover's move: a refutation of that move if its
  // zone is known and the move lies outside it (nullopt otherwise).
  std::optional<Refutation> proof_set() const;
  // After df-pn solved the current position: build its zone from the
  // children's (a winning move plus its child's zone; for a loss, a closure
  // over the loser's moves around a null move).
  void learn_won(std::span<const Move> winning_moves);
  void learn_lost(std::span<const Move> moves);
  // The zone of the current position, if decided or learnt (sorted points).
  std::optional<std::vector<Move>> relevance_zone() const;

  // GTP vertex ("C3", "pass"); parse accepts both cases and SGF "aa" style is not accepted.
  std::string move_to_string(Move move) const;
  std::optional<Move> parse_move(const std::string& text) const;

  int size() const { return size_; }
  Player defender() const { return defender_; }
  Player killer() const { return opponent(defender_); }
  Point at(int column, int row) const { return state_.board[index(column, row)]; }
  bool in_region(int column, int row) const { return region_[index(column, row)]; }
  Move point(int column, int row) const { return static_cast<Move>(index(column, row)); }
  void set_to_move(Player p);
  // Whether a seki (two passes with the targets on the board) counts as life.
  // Zones learnt under the other seki rule do not hold: a fresh store.
  void set_seki_is_life(bool life) {
    if (life != seki_is_life_) zones_ = std::make_shared<ZoneStore>(zones_->entry_count());
    seki_is_life_ = life;
  }
  bool seki_is_life() const { return seki_is_life_; }
  KoRule ko_rule() const { return ko_rule_; }
  // Whether every target block is unconditionally alive (Benson); in a
  // kill-all problem, whether some defender block is.
  bool targets_alive() const;
  std::string to_text() const;
  // The current position as a problem that starts here. Throws
  // std::logic_error if the position carries history a problem cannot state:
  // a ko ban, a pass just played, target stones already captured, or (under
  // superko) earlier positions.
  // `drop_history` instead forgets the ko ban and passes, and leaves captured
  // targets out (for editing a problem).
  GoProblem problem(bool drop_history = false) const;

 private:
  GoGame(const GoProblem& problem, bool require_targets);

  struct State {
    std::array<Point, kPoints> board{};
    Player to_move = Player::Black;
    Move ko = kPass;        // the point the side to move may not retake, if any
    std::uint8_t passes = 0;  // consecutive passes (2 ends the game)
    std::uint32_t captured_targets = 0;  // bit i: targets_[i] has been captured
    std::uint64_t stones = 0;  // Zobrist of the stones alone
    std::uint64_t seen = 0;    // superko: order-free sum over the distinct earlier positions' keys
    std::uint64_t hash = 0;    // stones, side to move, ko point, passes, seen
    Move last_move = kPass;    // the move that led here (pass at the start)
    std::uint16_t empties = 0;  // empty points of the region (about the moves to answer)
    // Points whose stones were captured since the start. Every zone holds
    // them (go_zone.cpp: that is what keeps zones sound under superko).
    std::bitset<kPoints> captured_points;
  };

  static int index(int column, int row) { return (row + 1) * kStride + column + 1; }
  static Point stone_of(Player p) { return p == Player::Black ? Point::Black : Point::White; }
  enum class Legality { Legal, Illegal, Superko };
  Legality legality(Move move) const;
  bool legal(Move move) const { return legality(move) == Legality::Legal; }
  // Plays on `s` (no legality check); returns the number of stones captured
  // and the single captured point if exactly one.
  int place(State& s, Move move, Move& captured_point) const;
  // Whether `move`, just placed in `after` and capturing `captured` stones,
  // took a ko: one stone captured by a lone stone left with one liberty.
  bool takes_ko(const State& after, Move move, int captured) const;
  bool all_targets_captured() const;
  // Replies that refuted a move (Kawano's simulation, as move ordering):
  // after the opponent's move m at P was refuted by r, r is tried first
  // after the opponent's other moves at P. Keyed by P's hash; each copy of
  // the game keeps its own (a guess, never a fact).
  struct Reply {
    std::uint64_t key = 0;
    Move move = kPass;
  };
  static constexpr std::size_t kReplies = 1 << 12;
  std::vector<Reply> replies_ = std::vector<Reply>(kReplies);
  void remember_reply(Move reply);
  // Whether the move that led here refuted a sibling of the move before it.
  bool known_reply() const;
  // Whether the stone just played at `move` touches another defender stone,
  // or an empty point beside one.
  bool near_defender(Move move) const;
  bool target_lost(std::size_t i) const { return (state_.captured_targets >> i) & 1u; }
  // Liberties of the block at p, counting at most `cap`.
  int liberties(const State& s, int p, int cap) const;
  std::uint64_t full_hash(const State& s) const;
  // The key superko compares: the board, with the side to move if situational.
  std::uint64_t superko_key(std::uint64_t stones, Player to_move) const;
  // Whether a state before the current one had this superko key.
  bool in_history(std::uint64_t key) const;

  int size_;
  Player defender_;
  bool kill_all_ = false;
  bool seki_is_life_;
  bool may_take_ko_[2];
  KoRule ko_rule_;
  std::array<bool, kPoints> region_{};
  std::vector<Move> region_points_;  // the region's points, in board order
  std::vector<Move> board_points_;   // every point on the board, in board order
  // Region points at least kTenukiDistance from every target, farthest
  // first: where the killer's stand-in for a pass is looked for (tenuki()).
  std::vector<Move> far_points_;
  static constexpr int kTenukiDistance = 4;
  // Manhattan distance from each region point to the nearest target (the
  // targets' points are fixed): far moves start dearer (initial_numbers).
  std::array<std::uint8_t, kPoints> target_distance_{};
  // The killer's tenuki in state `s`: the first far point that is empty with
  // four empty (or off-board) neighbours, or kPass. Its refutation's zone
  // usually leaves it out, so it prunes every move outside the fight.
  Move tenuki(const State& s) const;
  std::vector<int> targets_;
  State state_;
  std::vector<State> history_;

  // Small eye spaces (eye_space_kills): the shape, which depends on the
  // stones alone. `points` = 0: the targets are not one block enclosing
  // 1-3 connected empty points of the region by itself.
  struct EyeSpace {
    std::uint8_t points = 0;
    std::uint8_t wall_liberties = 0;  // fewest liberties of a killer block beside the targets (at most 3 counted)
  };
  EyeSpace small_eye_space() const;
  // Whether the killer captures the targets in a small eye space by force
  // (go.cpp has the case analysis); eye_space_zone() is its zone.
  bool eye_space_kills() const;

  // Reused buffers of targets_alive(), so the hot path does not allocate.
  struct Link {
    int region, block, empties_touching;
  };
  struct BensonScratch {
    BensonScratch() {
      block_of.fill(-1);
      region_of.fill(-1);
    }
    std::array<int, kPoints> block_of, region_of;  // -1: no block (region)
    std::vector<Link> links;
    std::vector<int> empties, vital, sizes;
    std::vector<char> block_alive, region_alive;
  };
  mutable BensonScratch scratch_;
  // Benson results by stone hash: df-pn evaluates the same positions again
  // and again (every re-expansion looks at all children).
  struct BensonMemo {
    std::uint64_t stones = 0;
    bool alive = false;
    bool killer_owns_all = false;  // kill-all: the killer's decided win
    EyeSpace eye;                  // targets not alive: their eye space, if small
  };
  static constexpr std::size_t kMemoSize = 1 << 14;
  // Keyed by the stones and which targets are gone (both decide the answers).
  std::uint64_t memo_key() const;
  const BensonMemo& benson_memo() const;
  mutable std::vector<BensonMemo> memo_ = std::vector<BensonMemo>(kMemoSize);
  // Benson's algorithm for `colour`'s blocks on `board`, into scratch_
  // (block_alive, region_alive, links).
  using Board = std::array<Point, kPoints>;
  void benson(Point colour, const Board& board) const;
  void benson(Point colour) const { benson(colour, state_.board); }
  bool compute_targets_alive(const Board& board) const;
  bool compute_targets_alive() const { return compute_targets_alive(state_.board); }
  // Whether `with_c`, the current board P (not Benson-alive) with a
  // defender stone on c, is Benson life: every remaining target block, or in
  // kill-all some block.
  bool benson_life_after(const Board& with_c, Move c) const;
  // Kill-all: the killer's alive blocks are next to every point not theirs
  // (benson(killer) must have run).
  bool killer_owns_everything() const;
  // A necessary condition of killer_owns_everything() that needs no Benson
  // run: every point not the killer's has a killer neighbour.
  bool killer_may_own_everything() const;
  // Kill-all: the defender's alive block of Benson's run with the fewest
  // stones, or -1.
  int alive_defender_block() const;
  // Benson's answer for the targets, found from them outward: only the
  // regions vital to a block reached so far, and the blocks around those
  // regions, are ever looked at (the board's far side never is).
  bool targets_alive_locally(const Board& board) const;
  // The same for the blocks of the `seeds` stones: whether Benson's
  // algorithm on `board` finds all of them alive.
  bool blocks_alive_locally(const Board& board, std::span<const int> seeds) const;
  struct LocalBenson {
    std::array<int, kPoints> block_of{}, region_of{};
    std::array<int, kPoints> tried_by{};  // the flood that last reached a point
    std::vector<int> flood_block;       // each flood's block
    std::vector<int> reached, flood, count;
    bool ready = false;  // the arrays hold -1 but where `stones` and `reached` say
    std::vector<int> stones, block_start;   // blocks' stones, block b from block_start[b]
    std::vector<int> empties, region_start;  // regions' empty points, likewise
    std::vector<std::pair<int, int>> vital;  // (block, region): the region is vital to the block
    std::vector<std::pair<int, int>> bound;  // (region, block): the block borders the region
    std::vector<char> block_alive, region_alive;
  };
  mutable LocalBenson local_;
  // Miai life (find_miai has the rule and its argument): the two defender
  // moves, by the full hash (the ko rule's history and the passes count).
  struct Miai {
    std::uint64_t hash = 0;
    Move a = kPass, b = kPass;  // a == kPass: none
  };
  static constexpr std::size_t kMiaiMemoSize = 1 << 12;
  mutable std::vector<Miai> miai_memo_ = std::vector<Miai>(kMiaiMemoSize);
  Miai find_miai() const;
  const Miai& miai() const;
  bool miai_life() const;
  // The killer moves after which the defender's `c` may no longer make
  // life: c, the last liberty of c's block once played, and the points
  // beside c where a killer stone would join a killer block in atari.
  using Spoilers = boost::container::static_vector<Move, 8>;
  Spoilers miai_spoilers(Move c, const Board& with_c) const;
  mutable std::array<std::uint32_t, kPoints> mark_{};
  mutable std::uint32_t mark_stamp_ = 0;
  std::uint32_t next_mark() const;  // a fresh stamp for mark_

  // Relevance zones: the points, and whether the win is a pass (the loser's
  // pass then is no null move: a second pass would end the game).
  using Points = std::bitset<kPoints>;
  struct Zone {
    Points points;
    bool pass_won = false;
  };
  bool zones_on_ = true;
  bool eye_rules_ = true;
  bool null_moves_first_ = true;
  bool mobility_ = true;
  bool life_at_generation_ = true;
  bool reuse_replies_ = true;
  bool eye_numbers_ = true;
  bool miai_life_ = true;
  // Eyes beside the targets, counted up to `most`: connected empty region
  // points of at most kMaxEye, enclosed by defender stones and the edge.
  static constexpr int kMaxEye = 6;
  int eyes_made(int most) const;
  // Blocks the remaining targets form, counted up to `most` (at least 1).
  int target_blocks(int most) const;
  // Zones of positions solved by search, shared by every copy of the game.
  using ZoneStore = SharedCache<Zone>;
  static constexpr std::size_t kZones = std::size_t{1} << 16;

 public:
  // The most memory the zone store shared by this game's copies takes.
  std::size_t store_bytes() const { return zones_->bytes(); }
  // A fresh, empty zone store of at most `bytes` (but at least 1/1024 of
  // the default: a smaller store only costs zones learnt again). Call it
  // before the game is copied: earlier copies keep the old store.
  void limit_stores(std::size_t bytes) {
    std::size_t entries = kZones;
    while (entries > kZones / 1024 && entries * ZoneStore::kEntryBytes > bytes) entries /= 2;
    zones_ = std::make_shared<ZoneStore>(entries);
  }

 private:
  std::shared_ptr<ZoneStore> zones_ = std::make_shared<ZoneStore>(kZones);
  std::optional<Zone> zone_here() const;
  std::optional<Zone> decided_zone() const;
  std::optional<Points> benson_zone(const Board& board) const;
  std::optional<Points> benson_zone() const { return benson_zone(state_.board); }
  std::optional<Points> eye_space_zone() const;
  std::optional<Points> miai_zone() const;
  bool captures(const State& s, Move move) const;
  void add_atari_liberties(const State& s, Point colour, Points& points) const;
  void add_targets(Points& zone) const;
  void add_block_and_boundary(const State& s, int stone, Points& zone) const;
  void add_liberty_path(const State& s, int stone, Move excluded, Points& zone) const;
  void add_move_dependencies(const State& s, Move move, Points& zone) const;
  void add_winner_witnesses(Point winner, Points& zone) const;
};

}  // namespace dfpn::games
