#include "games/go/go.h"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "dfpn/base/random.h"
#include "games/go/go_board.h"

namespace dfpn::games {
namespace {
using namespace go_board;

constexpr char kColumns[] = "ABCDEFGHJKLMNOPQRST";  // GTP skips I

struct Zobrist {
  std::uint64_t stone[GoGame::kPoints][2];
  std::uint64_t ko[GoGame::kPoints];
  std::uint64_t passes[3];
  std::uint64_t captured_target[32];
  std::uint64_t white_to_move;
  Zobrist() {
    SplitMix64 random(0x60D1E5EEDull);
    for (auto& point : stone)
      for (auto& z : point) z = random.next();
    for (auto& z : ko) z = random.next();
    for (auto& z : passes) z = random.next();
    for (auto& z : captured_target) z = random.next();
    white_to_move = random.next();
  }
};
const Zobrist& zobrist() {
  static const Zobrist table;
  return table;
}

int colour_index(Point p) { return p == Point::Black ? 0 : 1; }

}  // namespace

const char* to_string(KoRule rule) {
  switch (rule) {
    case KoRule::Simple: return "simple";
    case KoRule::Situational: return "situational";
    case KoRule::Positional: return "positional";
  }
  return "?";
}

void parse_go_knowledge(const std::string& text, GoProblem& problem) {
  struct Piece {
    const char* name;
    bool GoProblem::*flag;
  };
  static constexpr Piece kPieces[] = {{"zones", &GoProblem::relevance_zones},
                                      {"eyes", &GoProblem::eye_rules},
                                      {"nulls", &GoProblem::null_moves_first},
                                      {"mobility", &GoProblem::mobility_numbers},
                                      {"generation", &GoProblem::life_at_generation},
                                      {"replies", &GoProblem::reuse_replies},
                                      {"eyenumbers", &GoProblem::eye_numbers},
                                      {"miai", &GoProblem::miai_life}};
  const bool all = text == "all";
  for (const Piece& p : kPieces) problem.*p.flag = all;
  if (all || text == "none") return;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    const std::string name = text.substr(start, end - start);
    const auto it = std::find_if(std::begin(kPieces), std::end(kPieces), [&](const Piece& p) { return name == p.name; });
    if (it == std::end(kPieces))
      throw std::invalid_argument("unknown Go knowledge '" + name + "' (all, none, or a comma list of " +
                                  go_knowledge_pieces() + ")");
    problem.*it->flag = true;
    start = end + 1;
  }
}

std::string go_knowledge_pieces() { return "zones,eyes,nulls,mobility,generation,replies,eyenumbers,miai"; }

std::optional<KoRule> parse_ko_rule(const std::string& text) {
  for (KoRule rule : {KoRule::Simple, KoRule::Situational, KoRule::Positional})
    if (text == to_string(rule)) return rule;
  return std::nullopt;
}

GoProblem go_problem_from_diagram(const std::vector<std::string>& rows, Player to_move) {
  GoProblem p;
  p.size = int(rows.size());
  p.to_move = to_move;
  for (int r = 0; r < p.size; ++r) {
    if (int(rows[std::size_t(r)].size()) != p.size) throw std::invalid_argument("a diagram must be square");
    for (int c = 0; c < p.size; ++c) {
      const char ch = rows[std::size_t(r)][std::size_t(c)];
      if (ch == 'x' || ch == 'X') p.black.emplace_back(c, r);
      if (ch == 'o' || ch == 'O') p.white.emplace_back(c, r);
      if (ch == 'X' || ch == 'O') p.targets.emplace_back(c, r);
      if (ch != '-') p.region.emplace_back(c, r);
    }
  }
  return p;
}

GoGame::GoGame(const GoProblem& problem, bool require_targets)
    : size_(problem.size), seki_is_life_(problem.seki_is_life),
      may_take_ko_{problem.black_may_take_ko, problem.white_may_take_ko}, ko_rule_(problem.ko_rule),
      zones_on_(problem.relevance_zones),
      eye_rules_(problem.eye_rules),
      null_moves_first_(problem.null_moves_first),
      mobility_(problem.mobility_numbers),
      life_at_generation_(problem.life_at_generation),
      reuse_replies_(problem.reuse_replies),
      eye_numbers_(problem.eye_numbers),
      miai_life_(problem.miai_life) {
  if (size_ < 2 || size_ > kMaxSize) throw std::invalid_argument("board size must be 2..19");
  state_.board.fill(Point::Border);
  for (int r = 0; r < size_; ++r)
    for (int c = 0; c < size_; ++c) state_.board[std::size_t(index(c, r))] = Point::Empty;
  auto on_board = [&](std::pair<int, int> p) {
    return p.first >= 0 && p.first < size_ && p.second >= 0 && p.second < size_;
  };
  for (const auto& [list, colour] : {std::pair{&problem.black, Point::Black}, {&problem.white, Point::White}}) {
    for (const auto& p : *list) {
      if (!on_board(p)) throw std::invalid_argument("a stone lies outside the board");
      auto& point = state_.board[std::size_t(index(p.first, p.second))];
      if (point != Point::Empty) throw std::invalid_argument("two stones on one point");
      point = colour;
    }
  }
  kill_all_ = problem.live_any.has_value();
  if (kill_all_ && !problem.targets.empty())
    throw std::invalid_argument("a kill-all problem has no target stones (every stone of the living side counts)");
  if (problem.targets.empty() && require_targets && !kill_all_)
    throw std::invalid_argument("no target stones: mark the stones that must live");
  std::optional<Point> target_colour;
  for (const auto& p : problem.targets) {
    if (!on_board(p)) throw std::invalid_argument("a target lies outside the board");
    const Point at = state_.board[std::size_t(index(p.first, p.second))];
    if (at != Point::Black && at != Point::White) throw std::invalid_argument("a target point has no stone");
    if (target_colour && *target_colour != at) throw std::invalid_argument("target stones of both colours");
    target_colour = at;
    if (std::find(targets_.begin(), targets_.end(), index(p.first, p.second)) == targets_.end())
      targets_.push_back(index(p.first, p.second));
  }
  if (targets_.size() > 32) throw std::invalid_argument("more than 32 target stones");
  defender_ = kill_all_ ? *problem.live_any
                       : target_colour.value_or(Point::Black) == Point::Black ? Player::Black : Player::White;
  if (problem.region.empty()) {
    for (int r = 0; r < size_; ++r)
      for (int c = 0; c < size_; ++c) region_[std::size_t(index(c, r))] = true;
  } else {
    for (const auto& p : problem.region) {
      if (!on_board(p)) throw std::invalid_argument("a region point lies outside the board");
      region_[std::size_t(index(p.first, p.second))] = true;
    }
  }
  for (int r = 0; r < size_; ++r)
    for (int c = 0; c < size_; ++c) {
      board_points_.push_back(static_cast<Move>(index(c, r)));
      if (region_[std::size_t(index(c, r))]) region_points_.push_back(static_cast<Move>(index(c, r)));
    }
  if (!targets_.empty()) {
    std::vector<std::pair<int, Move>> far;
    for (const Move m : region_points_) {
      int distance = kMaxSize * 2;
      for (int t : targets_)
        distance = std::min(distance, std::abs(t % kStride - m % kStride) + std::abs(t / kStride - m / kStride));
      target_distance_[m] = std::uint8_t(distance);
      if (distance >= kTenukiDistance) far.emplace_back(-distance, m);
    }
    std::stable_sort(far.begin(), far.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [distance, m] : far) far_points_.push_back(m);
  }
  bool any_empty = false;
  for (int p = 0; p < kPoints; ++p) any_empty |= region_[std::size_t(p)] && state_.board[std::size_t(p)] == Point::Empty;
  if (!any_empty) throw std::invalid_argument("the region has no empty point to play");
  for (int p = 0; p < kPoints; ++p) {
    const Point at = state_.board[std::size_t(p)];
    if ((at == Point::Black || at == Point::White) && liberties(state_, p, 1) == 0)
      throw std::invalid_argument("a block without liberties: " + move_to_string(Move(p)));
  }
  for (int p = 0; p < kPoints; ++p) {
    const Point at = state_.board[std::size_t(p)];
    if (at == Point::Black || at == Point::White) state_.stones ^= zobrist().stone[p][colour_index(at)];
  }
  for (const Move m : region_points_) state_.empties += state_.board[m] == Point::Empty;
  state_.to_move = problem.to_move;
  state_.hash = full_hash(state_);
}

std::uint64_t GoGame::full_hash(const State& s) const {
  std::uint64_t h = s.stones ^ (s.ko == kPass ? 0 : zobrist().ko[s.ko]) ^ zobrist().passes[s.passes] ^
                    (s.to_move == Player::White ? zobrist().white_to_move : 0) ^ s.seen;
  for (std::size_t i = 0; i < targets_.size(); ++i)
    if ((s.captured_targets >> i) & 1u) h ^= zobrist().captured_target[i];
  return h;
}

std::uint64_t GoGame::superko_key(std::uint64_t stones, Player to_move) const {
  return ko_rule_ == KoRule::Situational && to_move == Player::White ? stones ^ zobrist().white_to_move : stones;
}

bool GoGame::in_history(std::uint64_t key) const {
  return std::any_of(history_.begin(), history_.end(),
                     [&](const State& s) { return superko_key(s.stones, s.to_move) == key; });
}

GoProblem GoGame::problem(bool drop_history) const {
  if (!drop_history) {
    if (ko_rule_ != KoRule::Simple && !history_.empty())
      throw std::logic_error("earlier positions count for superko (a problem cannot state them)");
    if (state_.ko != kPass) throw std::logic_error("a ko ban is pending (a problem cannot state it)");
    if (state_.passes != 0) throw std::logic_error("a pass was just played (a problem cannot state it)");
    if (state_.captured_targets != 0) throw std::logic_error("target stones have been captured already");
  }
  GoProblem out;
  out.size = size_;
  out.to_move = state_.to_move;
  out.seki_is_life = seki_is_life_;
  out.black_may_take_ko = may_take_ko_[0];
  out.white_may_take_ko = may_take_ko_[1];
  out.ko_rule = ko_rule_;
  out.relevance_zones = zones_on_;
  out.eye_rules = eye_rules_;
  out.null_moves_first = null_moves_first_;
  out.mobility_numbers = mobility_;
  out.life_at_generation = life_at_generation_;
  out.reuse_replies = reuse_replies_;
  out.eye_numbers = eye_numbers_;
  out.miai_life = miai_life_;
  if (kill_all_) out.live_any = defender_;
  bool whole_board = true;
  for (int r = 0; r < size_; ++r) {
    for (int c = 0; c < size_; ++c) {
      const int p = index(c, r);
      const Point at = state_.board[std::size_t(p)];
      if (at == Point::Black) out.black.emplace_back(c, r);
      if (at == Point::White) out.white.emplace_back(c, r);
      if (region_[std::size_t(p)]) out.region.emplace_back(c, r);
      else whole_board = false;
      const auto target = std::find(targets_.begin(), targets_.end(), p);
      if (target != targets_.end() && !target_lost(std::size_t(target - targets_.begin())))
        out.targets.emplace_back(c, r);
    }
  }
  if (whole_board) out.region.clear();
  return out;
}

void GoGame::set_to_move(Player p) {
  state_.to_move = p;
  state_.hash = full_hash(state_);
}

int GoGame::liberties(const State& s, int start, int cap) const { return count_liberties(s.board, start, cap); }

int GoGame::place(State& s, Move move, Move& captured_point) const {
  const Point mine = stone_of(s.to_move), theirs = other(mine);
  s.board[move] = mine;
  s.stones ^= zobrist().stone[move][colour_index(mine)];
  s.empties -= region_[move];
  int captured = 0;
  for (int d : kNeighbours) {
    const int q = move + d;
    if (s.board[std::size_t(q)] != theirs || liberties(s, q, 1) > 0) continue;
    std::vector<int> block;
    for_each_in_block(s.board, q, [&](int p) { block.push_back(p); });
    for (int p : block) {
      s.board[std::size_t(p)] = Point::Empty;
      s.stones ^= zobrist().stone[p][colour_index(theirs)];
      s.captured_points.set(std::size_t(p));
      s.empties += region_[std::size_t(p)];
      for (std::size_t i = 0; i < targets_.size(); ++i)
        if (targets_[i] == p) s.captured_targets |= 1u << i;
    }
    captured += int(block.size());
    captured_point = static_cast<Move>(block.front());
  }
  return captured;
}

GoGame::Legality GoGame::legality(Move move) const {
  if (move == kPass) return Legality::Legal;
  if (move >= kPoints || !region_[move] || state_.board[move] != Point::Empty || move == state_.ko)
    return Legality::Illegal;
  // An empty neighbour is a liberty whatever is captured, and a stone that
  // keeps two liberties after a capture does not take a ko: legal (but for
  // superko, which must see the board the move makes).
  // Superko: the board a move makes must be new (not this one, nor earlier).
  auto superko_legality = [&](std::uint64_t key) {
    return key != superko_key(state_.stones, state_.to_move) && !in_history(key) ? Legality::Legal
                                                                                 : Legality::Superko;
  };
  if (ko_rule_ == KoRule::Simple) {
    for (int d : kNeighbours)
      if (state_.board[std::size_t(move + d)] == Point::Empty) return Legality::Legal;
  } else {
    // Superko, a move beside an empty point that captures nothing (most
    // moves): the board after is this one plus the stone, so its key needs
    // no copy of the state.
    const Point mine = stone_of(state_.to_move), theirs = other(mine);
    bool beside_empty = false, captures = false;
    for (int d : kNeighbours) {
      const Point at = state_.board[std::size_t(move + d)];
      beside_empty |= at == Point::Empty;
      captures |= at == theirs && liberties(state_, move + d, 2) == 1;
    }
    if (beside_empty && !captures) {
      return superko_legality(
          superko_key(state_.stones ^ zobrist().stone[move][colour_index(mine)], opponent(state_.to_move)));
    }
  }
  State s = state_;
  Move captured_point = kPass;
  const int captured = place(s, move, captured_point);
  if (liberties(s, move, 1) == 0) return Legality::Illegal;  // suicide
  if (takes_ko(s, move, captured) && !may_take_ko_[state_.to_move == Player::Black ? 0 : 1])
    return Legality::Illegal;
  if (ko_rule_ == KoRule::Simple) return Legality::Legal;
  return superko_legality(superko_key(s.stones, opponent(s.to_move)));
}

bool GoGame::takes_ko(const State& after, Move move, int captured) const {
  if (captured != 1) return false;
  for (int d : kNeighbours)
    if (after.board[std::size_t(move + d)] == after.board[move]) return false;  // not a lone stone
  return liberties(after, move, 2) == 1;
}

void GoGame::generate_moves(MoveList& moves) const {
  moves.clear();
  for (const Move m : region_points_)
    if (legal(m)) moves.push_back(m);
  moves.push_back(kPass);
}

void GoGame::play(Move move) {
  // Superko: the position being left joins the set of earlier ones (once:
  // after a pass the board, and for positional superko the key, repeats).
  std::uint64_t seen = state_.seen;
  if (ko_rule_ != KoRule::Simple) {
    const std::uint64_t key = superko_key(state_.stones, state_.to_move);
    if (!in_history(key)) seen += mix64(key);
  }
  history_.push_back(state_);
  State& s = state_;
  s.seen = seen;
  s.last_move = move;
  if (move == kPass) {
    s.passes = static_cast<std::uint8_t>(std::min(2, s.passes + 1));
    s.ko = kPass;
  } else {
    Move captured_point = kPass;
    const int captured = place(s, move, captured_point);
    s.passes = 0;
    s.ko = takes_ko(s, move, captured) ? captured_point : kPass;  // no immediate retake
  }
  s.to_move = opponent(s.to_move);
  s.hash = full_hash(s);
}

void GoGame::undo() {
  state_ = history_.back();
  history_.pop_back();
}

bool GoGame::all_targets_captured() const {
  return state_.captured_targets == (targets_.size() == 32 ? ~0u : (1u << targets_.size()) - 1);
}

// Benson's algorithm for the defender's blocks: X = blocks, R = regions
// (connected non-defender points). Repeatedly drop blocks with fewer than
// two healthy regions (every empty point a liberty of the block) among the
// regions enclosed by X alone, and regions touching dropped blocks.
// Linear in the board: a region is healthy for block b when the number of
// its empty points next to b equals its number of empty points.
std::uint64_t GoGame::memo_key() const {
  return state_.stones ^ mix64(state_.captured_targets + 0x9E3779B97F4A7C15ull);
}

bool GoGame::targets_alive() const { return benson_memo().alive; }

const GoGame::BensonMemo& GoGame::benson_memo() const {
  // Slot 0 never matches a board whose stone hash is 0 by chance: it is recomputed.
  const std::uint64_t key = memo_key();
  BensonMemo& slot = memo_[key & (kMemoSize - 1)];
  if (slot.stones == key && key != 0) return slot;
  if (kill_all_) {
    benson(stone_of(defender_));
    const bool alive = alive_defender_block() >= 0;
    bool killer_owns = false;
    if (!alive && killer_may_own_everything()) {
      benson(stone_of(killer()));
      killer_owns = killer_owns_everything();
    }
    slot = {key, alive, killer_owns, {}};
  } else {
    slot = {key, targets_alive_locally(state_.board), false, {}};
    if (!slot.alive && eye_rules_) slot.eye = small_eye_space();
  }
  return slot;
}

std::uint32_t GoGame::next_mark() const {
  if (++mark_stamp_ == 0) {
    mark_.fill(0);
    mark_stamp_ = 1;
  }
  return mark_stamp_;
}

// Small eye spaces. T: the block of every remaining target (two stones at
// least); S: its liberties, 1-3 connected empty points of the region that
// touch only T and S; K: the killer blocks beside T. T gains a liberty only
// by capturing a K, and a defender move takes at most one liberty from a K
// (a killer stone in S never touches one). The killer's plan:
// * killer to move, |S| = 1: capture.
// * |S| = 2 (a, b adjacent): play a. If the defender captures it with b
//   (b joins T), T's one liberty is a: capture there; else capture at b.
//   One defender move elsewhere.
// * |S| = 3 (a - c - b): play c. The defender's a (or b) leaves T one
//   liberty: capture. Else play a: T and {a, c} share the liberty b. If the
//   defender captures the pair with b, the adjacent {a, c} is the case
//   above; else capture at b. Two defender moves elsewhere.
// * defender to move, |S| <= 2: a move in S is suicide or self-atari, so it
//   moves elsewhere once more and the killer-to-move case follows. It must
//   not end the game by answering a pass with a pass when seki is life.
// So with d defender moves elsewhere, every K needs d + 1 liberties. No move
// of the plan takes a ko (T has two stones; the other moves capture nothing
// or join T) or lies on a ko ban (a banned point touches a lone stone; S
// touches only T), and none recreates an earlier board: a capture of targets
// is new, and a killer stone in S can have left only by a defender stone
// joining T there, which stays. For the same reason no position after the
// killer's first move in S repeats one before it; the defender's first move
// elsewhere could (a cycle the killer loses under the simple ko rule), so the
// defender-to-move cases need superko.
GoGame::EyeSpace GoGame::small_eye_space() const {
  const auto& board = state_.board;
  const Point mine = stone_of(defender_), theirs = other(mine);
  int first = -1;
  for (std::size_t i = 0; i < targets_.size() && first < 0; ++i)
    if (!target_lost(i)) first = targets_[i];
  if (first < 0) return {};
  if (mark_stamp_ > 0xFFFFFFF0u) {  // the two stamps below must not wrap around
    mark_.fill(0);
    mark_stamp_ = 0;
  }
  const std::uint32_t in_block = next_mark(), liberty_mark = next_mark();
  int stones = 0, count = 0;
  std::array<int, 3> eye{};
  boost::container::static_vector<int, kPoints> walls;
  for_each_in_block(board, first, [&](int q) {
    mark_[std::size_t(q)] = in_block;
    ++stones;
    for (int d : kNeighbours) {
      const int n = q + d;
      if (board[std::size_t(n)] == Point::Empty && mark_[std::size_t(n)] != liberty_mark) {
        mark_[std::size_t(n)] = liberty_mark;
        if (count < 3) eye[std::size_t(count)] = n;
        ++count;
      } else if (board[std::size_t(n)] == theirs) {
        walls.push_back(n);
      }
    }
  });
  if (stones < 2 || count > 3) return {};
  for (std::size_t i = 0; i < targets_.size(); ++i)
    if (!target_lost(i) && mark_[std::size_t(targets_[i])] != in_block) return {};
  auto adjacent = [](int p, int q) { return std::abs(p - q) == 1 || std::abs(p - q) == kStride; };
  for (int i = 0; i < count; ++i) {
    const int p = eye[std::size_t(i)];
    if (!region_[std::size_t(p)]) return {};
    for (int d : kNeighbours) {
      const std::uint32_t m = mark_[std::size_t(p + d)];
      if (board[std::size_t(p + d)] != Point::Border && m != in_block && m != liberty_mark) return {};
    }
  }
  if (count == 2 && !adjacent(eye[0], eye[1])) return {};
  if (count == 3) {
    bool path = false;
    for (int i = 0; i < 3; ++i)
      path |= adjacent(eye[std::size_t(i)], eye[std::size_t((i + 1) % 3)]) &&
              adjacent(eye[std::size_t(i)], eye[std::size_t((i + 2) % 3)]);
    if (!path) return {};
  }
  // The fewest liberties of a K, counting up to three (the shape is rare:
  // a wall touching T at several stones is simply counted again).
  int fewest = 3;
  for (int w : walls) fewest = std::min(fewest, liberties(state_, w, 3));
  return {static_cast<std::uint8_t>(count), static_cast<std::uint8_t>(fewest)};
}

bool GoGame::eye_space_kills() const {
  if (!eye_rules_ || kill_all_) return false;
  const EyeSpace eye = benson_memo().eye;
  if (eye.points == 0) return false;
  if (state_.to_move == killer()) return eye.wall_liberties >= eye.points;
  if (ko_rule_ == KoRule::Simple || eye.points > 2 || (seki_is_life_ && state_.passes > 0)) return false;
  return eye.wall_liberties >= eye.points + 1;
}

int GoGame::alive_defender_block() const {
  auto& sizes = scratch_.sizes;
  sizes.assign(scratch_.block_alive.size(), 0);
  for (const Move p : board_points_)
    if (const int b = scratch_.block_of[p]; b >= 0) ++sizes[std::size_t(b)];
  int best = -1, best_size = kPoints + 1;
  for (std::size_t b = 0; b < sizes.size(); ++b)
    if (scratch_.block_alive[b] && sizes[b] < best_size) best = int(b), best_size = sizes[b];
  return best;
}

bool GoGame::killer_may_own_everything() const {
  // A point not the killer's with no killer neighbour cannot lie next to an
  // alive killer block: no Benson run needed to say no.
  const Point killer_stone = stone_of(killer());
  for (const Move p : board_points_) {
    if (state_.board[p] == killer_stone) continue;
    bool beside_killer = false;
    for (int d : kNeighbours) beside_killer |= state_.board[std::size_t(p + d)] == killer_stone;
    if (!beside_killer) return false;
  }
  return true;
}

bool GoGame::killer_owns_everything() const {
  // Every point not the killer's lies next to an alive killer block: a
  // defender eye would be an empty point with only defender neighbours.
  const Point killer_stone = stone_of(killer());
  bool any_alive = false;
  for (char alive : scratch_.block_alive) any_alive |= alive != 0;
  if (!any_alive) return false;
  for (const Move p : board_points_) {
    if (state_.board[p] == killer_stone) continue;
    bool next_to_alive = false;
    for (int d : kNeighbours) {
      const int b = scratch_.block_of[std::size_t(p + d)];
      next_to_alive |= b >= 0 && scratch_.block_alive[std::size_t(b)];
    }
    if (!next_to_alive) return false;
  }
  return true;
}

bool GoGame::compute_targets_alive(const Board& board) const {
  benson(stone_of(defender_), board);
  const auto& block_alive = scratch_.block_alive;
  const auto& block_of = scratch_.block_of;
  for (std::size_t i = 0; i < targets_.size(); ++i)
    if (!target_lost(i) && !block_alive[std::size_t(block_of[std::size_t(targets_[i])])]) return false;
  return true;
}

bool GoGame::targets_alive_locally(const Board& board) const {
  boost::container::static_vector<int, 32> seeds;
  for (std::size_t i = 0; i < targets_.size(); ++i)
    if (!target_lost(i)) seeds.push_back(targets_[i]);
  return blocks_alive_locally(board, std::span<const int>(seeds.data(), seeds.size()));
}

bool GoGame::blocks_alive_locally(const Board& board, std::span<const int> seeds) const {
  LocalBenson& w = local_;
  const Point mine = stone_of(defender_);
  // Only the points the last call reached are reset (the board is mostly
  // far side).
  if (!w.ready) {
    w.block_of.fill(-1);
    w.region_of.fill(-1);
    w.tried_by.fill(-1);
    w.ready = true;
  }
  for (int p : w.stones) w.block_of[std::size_t(p)] = -1;
  for (int p : w.reached) w.region_of[std::size_t(p)] = w.tried_by[std::size_t(p)] = -1;
  w.reached.clear();
  w.stones.clear();
  w.block_start.clear();
  w.empties.clear();
  w.region_start.clear();
  w.vital.clear();
  w.bound.clear();
  auto add_block = [&](int start) {
    const int id = int(w.block_start.size());
    std::size_t next = w.stones.size();
    w.block_start.push_back(int(next));
    w.block_of[std::size_t(start)] = id;
    w.stones.push_back(start);
    for (; next < w.stones.size(); ++next)
      for (int d : kNeighbours) {
        const int n = w.stones[next] + d;
        if (board[std::size_t(n)] == mine && w.block_of[std::size_t(n)] < 0) {
          w.block_of[std::size_t(n)] = id;
          w.stones.push_back(n);
        }
      }
    return id;
  };
  auto touches = [&](int p, int block) {
    for (int d : kNeighbours)
      if (w.block_of[std::size_t(p + d)] == block) return true;
    return false;
  };
  w.flood_block.clear();
  int b = 0;  // the block being looked at
  auto tried_by_b = [&](int p) {
    const int id = w.tried_by[std::size_t(p)];
    return id >= 0 && w.flood_block[std::size_t(id)] == b;
  };
  int targets = 0;  // the seeds' blocks come first
  for (const int seed : seeds)
    if (w.block_of[std::size_t(seed)] < 0) add_block(seed), ++targets;
  std::vector<int>& flood = w.flood;  // a region being flooded: its points
  for (; b < int(w.block_start.size()); ++b) {
    int vital = 0;
    const int first = w.block_start[std::size_t(b)];
    // Stones of block b: from first to the next block's start (blocks are
    // appended whole, so b's stones are contiguous).
    for (int k = first; k < int(w.stones.size()) && w.block_of[std::size_t(w.stones[std::size_t(k)])] == b; ++k) {
      for (int d : kNeighbours) {
        const int q = w.stones[std::size_t(k)] + d;
        const Point at = board[std::size_t(q)];
        if (at == mine || at == Point::Border || tried_by_b(q)) continue;
        if (const int r = w.region_of[std::size_t(q)]; r >= 0) {
          // A region found from another block: vital to b as well?
          const auto begin = w.empties.begin() + w.region_start[std::size_t(r)];
          const auto end = std::size_t(r) + 1 < w.region_start.size()
                               ? w.empties.begin() + w.region_start[std::size_t(r) + 1]
                               : w.empties.end();
          if (std::all_of(begin, end, [&](int e) { return touches(e, b); }) &&
              std::find(w.vital.begin(), w.vital.end(), std::pair{b, r}) == w.vital.end()) {
            w.vital.emplace_back(b, r);
            ++vital;
          }
          continue;
        }
        // A new region: flood it, giving up at its first empty point that is
        // not b's liberty, or at a point of a region b gave up on before
        // (the same region): it is not vital to b then.
        const int id = int(w.flood_block.size());
        w.flood_block.push_back(b);
        flood.clear();
        flood.push_back(q);
        w.tried_by[std::size_t(q)] = id;
        w.reached.push_back(q);
        bool ok = true;
        for (std::size_t head = 0; head < flood.size() && ok; ++head) {
          const int p = flood[head];
          if (board[std::size_t(p)] == Point::Empty && !touches(p, b)) ok = false;
          for (int e : kNeighbours) {
            const int n = p + e;
            const Point a = board[std::size_t(n)];
            if (a == mine || a == Point::Border || w.tried_by[std::size_t(n)] == id) continue;
            if (tried_by_b(n)) ok = false;
            w.tried_by[std::size_t(n)] = id;
            w.reached.push_back(n);
            flood.push_back(n);
          }
        }
        if (!ok) continue;
        const int r = int(w.region_start.size());
        w.region_start.push_back(int(w.empties.size()));
        for (int p : flood) {
          w.region_of[std::size_t(p)] = r;
          if (board[std::size_t(p)] == Point::Empty) w.empties.push_back(p);
        }
        w.vital.emplace_back(b, r);
        ++vital;
        // Every block around it must live for it to count: reach them too.
        for (int p : flood)
          for (int e : kNeighbours) {
            const int n = p + e;
            if (board[std::size_t(n)] != mine) continue;
            const int nb = w.block_of[std::size_t(n)] >= 0 ? w.block_of[std::size_t(n)] : add_block(n);
            if (std::find(w.bound.begin(), w.bound.end(), std::pair{r, nb}) == w.bound.end()) w.bound.emplace_back(r, nb);
          }
      }
    }
    if (b < targets && vital < 2) return false;  // a target block cannot live
  }
  // Benson's elimination on what was reached.
  w.block_alive.assign(w.block_start.size(), 1);
  w.region_alive.assign(w.region_start.size(), 1);
  std::vector<int>& count = w.count;
  for (bool changed = true; changed;) {
    changed = false;
    count.assign(w.block_start.size(), 0);
    for (const auto& [b, r] : w.vital) count[std::size_t(b)] += w.region_alive[std::size_t(r)];
    for (std::size_t b = 0; b < count.size(); ++b)
      if (w.block_alive[b] && count[b] < 2) {
        if (int(b) < targets) return false;
        w.block_alive[b] = 0;
        changed = true;
      }
    for (const auto& [r, b] : w.bound)
      if (w.region_alive[std::size_t(r)] && !w.block_alive[std::size_t(b)]) {
        w.region_alive[std::size_t(r)] = 0;
        changed = true;
      }
  }
  return true;
}

bool GoGame::benson_life_after(const Board& with_c, Move c) const {
  // Kill-all: P is not Benson-alive, so an alive set of P+c holds c's block
  // C. Were C out of it, its regions would not border C, so none would be a
  // piece of c's old region, and its blocks and regions, unchanged from P,
  // would be alive in P. Benson from C alone then answers for the board.
  if (kill_all_) {
    const int seed[] = {c};
    return blocks_alive_locally(with_c, seed);
  }
  return targets_alive_locally(with_c);
}

// Miai life. The killer is to move in P, and the defender has two moves a
// and b that each make Benson life at once. A candidate c is an empty
// region point beside a defender stone and beside no killer stone (so c
// captures nothing in P); under superko it never held a stone (c in
// captured_points could recreate an earlier board). S(c), its spoilers, are
// c, the last liberty of c's block once c is played if it has only one, and
// each empty neighbour x of c that is the last liberty of a killer block.
// If S(a) and S(b) are disjoint, then for every killer move x one of them,
// c, has x outside S(c), and after x the defender plays c into Benson life:
// * c is empty and legal: its block had two liberties, x took one at most.
// * x captures no stone of c's block (the blocks beside c have c as a
//   liberty, so they are not in atari unless x = c), nor a block Benson
//   needs in P+c (each has two liberties in its vital regions). A block it
//   does capture lies away from the needed blocks and regions (a stone
//   beside a needed region would be a needed block itself).
// * c captures nothing, or only x when x alone is its block (then the board
//   is P+c): x joining a killer block whose last liberty is c needs a block
//   beside c (none) or one in atari whose last liberty is x (in S(c)). So
//   the needed blocks and regions of P+c stand, with at most a killer stone
//   on an empty point of a needed region, which keeps every region vital:
//   Benson life again. (Not a ko: c would be a lone stone with one liberty.)
// * the game does not end before: the killer's pass is a pass the defender
//   answers with c, and counts only when no pass came before or seki is
//   life; no target is captured (as above); and the killer's terminals are
//   sound, so none can hold where the defender lives by force.
// Under superko P+x+c recreates no earlier board: it has a defender stone
// on c, where no stone was ever captured.
GoGame::Miai GoGame::find_miai() const {
  const auto& board = state_.board;
  const Point mine = stone_of(defender_), theirs = other(mine);
  struct Candidate {
    Move point;
    Spoilers spoilers;
  };
  boost::container::static_vector<Candidate, 16> found;
  // Where life is made: beside the target blocks or beside their liberties
  // (kill-all: anywhere beside a defender stone). Farther moves rarely make
  // Benson life at once, and each candidate costs a Benson run.
  const std::uint32_t near = next_mark();
  if (!kill_all_)
    for (std::size_t i = 0; i < targets_.size(); ++i) {
      if (target_lost(i) || mark_[std::size_t(targets_[i])] == near) continue;
      for_each_in_block(board, targets_[i], [&](int q) {
        mark_[std::size_t(q)] = near;
        for (int d : kNeighbours) {
          const int n = q + d;
          if (board[std::size_t(n)] != Point::Empty) continue;
          mark_[std::size_t(n)] = near;
          for (int e : kNeighbours)
            if (board[std::size_t(n + e)] == Point::Empty) mark_[std::size_t(n + e)] = near;
        }
      });
    }
  Board with_c = board;
  for (const Move c : region_points_) {
    if (board[c] != Point::Empty || (ko_rule_ != KoRule::Simple && state_.captured_points[c])) continue;
    if (!kill_all_ && mark_[c] != near) continue;
    bool beside_mine = false, beside_theirs = false;
    for (int d : kNeighbours) {
      beside_mine |= board[std::size_t(c + d)] == mine;
      beside_theirs |= board[std::size_t(c + d)] == theirs;
    }
    if (!beside_mine || beside_theirs) continue;
    with_c[c] = mine;
    if (count_liberties(with_c, c, 1) > 0 && benson_life_after(with_c, c)) {
      Candidate candidate{c, miai_spoilers(c, with_c)};
      for (const Candidate& other_candidate : found) {
        const bool disjoint = std::none_of(candidate.spoilers.begin(), candidate.spoilers.end(), [&](Move x) {
          return std::find(other_candidate.spoilers.begin(), other_candidate.spoilers.end(), x) !=
                 other_candidate.spoilers.end();
        });
        if (disjoint) {
          with_c[c] = Point::Empty;
          return {state_.hash, other_candidate.point, c};
        }
      }
      if (found.size() < found.capacity()) found.push_back(candidate);
    }
    with_c[c] = Point::Empty;
  }
  return {state_.hash, kPass, kPass};
}

GoGame::Spoilers GoGame::miai_spoilers(Move c, const Board& with_c) const {
  Spoilers spoilers{c};
  int last = -1, count = 0;  // c's block's liberties, up to two
  for_each_in_block(with_c, c, [&](int q) {
    for (int d : kNeighbours)
      if (with_c[std::size_t(q + d)] == Point::Empty && q + d != last && count < 2) last = q + d, ++count;
  });
  if (count == 1) spoilers.push_back(Move(last));
  const Point theirs = stone_of(killer());
  for (int d : kNeighbours) {
    const int x = c + d;
    if (state_.board[std::size_t(x)] != Point::Empty) continue;
    bool joins_atari = false;
    for (int e : kNeighbours)
      joins_atari |= state_.board[std::size_t(x + e)] == theirs && liberties(state_, x + e, 2) == 1;
    if (joins_atari && std::find(spoilers.begin(), spoilers.end(), Move(x)) == spoilers.end())
      spoilers.push_back(Move(x));
  }
  return spoilers;
}

const GoGame::Miai& GoGame::miai() const {
  Miai& slot = miai_memo_[state_.hash & (kMiaiMemoSize - 1)];
  if (slot.hash != state_.hash || state_.hash == 0) slot = find_miai();
  return slot;
}

bool GoGame::miai_life() const {
  if (!miai_life_ || state_.to_move != killer() || (state_.passes > 0 && !seki_is_life_)) return false;
  return miai().a != kPass;
}

void GoGame::benson(Point mine, const Board& board) const {
  auto& block_of = scratch_.block_of;
  auto& region_of = scratch_.region_of;
  // Off-board entries hold -1 from the start and are never written: only
  // the board's points are reset (a 7x7 board is a ninth of the array).
  for (const Move p : board_points_) block_of[p] = region_of[p] = -1;
  int blocks = 0;
  for (const Move p : board_points_)
    if (board[p] == mine && block_of[p] < 0) {
      for_each_in_block(board, p, [&](int q) { block_of[std::size_t(q)] = blocks; });
      ++blocks;
    }
  // Per region: its empty-point count and, per neighbouring block, how many
  // of its empty points touch that block (links: region, block, count).
  auto& links = scratch_.links;
  auto& empties = scratch_.empties;
  links.clear();
  empties.clear();
  int regions = 0;
  int stack[kPoints];
  for (const Move p : board_points_) {
    const Point at = board[p];
    if (at == mine || region_of[p] >= 0) continue;
    const std::size_t first_link = links.size();
    int empty_count = 0, top = 0;
    stack[top++] = p;
    region_of[std::size_t(p)] = regions;
    while (top > 0) {
      const int q = stack[--top];
      const bool empty = board[std::size_t(q)] == Point::Empty;
      empty_count += empty;
      int seen_blocks[4], seen = 0;
      for (int d : kNeighbours) {
        const int n = q + d;
        const int b = block_of[std::size_t(n)];
        if (b >= 0) {
          if (std::find(seen_blocks, seen_blocks + seen, b) != seen_blocks + seen) continue;
          seen_blocks[seen++] = b;
          auto link = std::find_if(links.begin() + std::ptrdiff_t(first_link), links.end(),
                                   [&](const Link& l) { return l.block == b; });
          if (link == links.end()) {
            links.push_back({regions, b, 0});
            link = links.end() - 1;
          }
          link->empties_touching += empty;
        } else if (board[std::size_t(n)] != Point::Border && region_of[std::size_t(n)] < 0) {
          region_of[std::size_t(n)] = regions;
          stack[top++] = n;
        }
      }
    }
    empties.push_back(empty_count);
    ++regions;
  }
  auto& block_alive = scratch_.block_alive;
  auto& region_alive = scratch_.region_alive;
  block_alive.assign(std::size_t(blocks), 1);
  region_alive.assign(std::size_t(regions), 1);
  auto& vital = scratch_.vital;
  for (bool changed = true; changed;) {
    changed = false;
    vital.assign(std::size_t(blocks), 0);
    for (const Link& l : links)
      if (region_alive[std::size_t(l.region)] && l.empties_touching == empties[std::size_t(l.region)])
        ++vital[std::size_t(l.block)];
    for (int b = 0; b < blocks; ++b)
      if (block_alive[std::size_t(b)] && vital[std::size_t(b)] < 2) {
        block_alive[std::size_t(b)] = 0;
        changed = true;
      }
    for (const Link& l : links)
      if (region_alive[std::size_t(l.region)] && !block_alive[std::size_t(l.block)]) {
        region_alive[std::size_t(l.region)] = 0;
        changed = true;
      }
  }
}

bool GoGame::near_defender(Move move) const {
  const Point mine = stone_of(defender_);
  for (int d : kNeighbours) {
    const int q = move + d;
    const Point at = state_.board[std::size_t(q)];
    if (at == mine) return true;
    if (at != Point::Empty) continue;
    for (int e : kNeighbours)
      if (q + e != move && state_.board[std::size_t(q + e)] == mine) return true;
  }
  return false;
}

Outcome GoGame::quick_evaluate(Player attacker) const {
  if (!kill_all_ && all_targets_captured()) return attacker == killer() ? Outcome::Proven : Outcome::Disproven;
  if (state_.passes >= 2) return evaluate(attacker);
  // A defender stone beside the targets' blocks or their liberties may
  // complete life: seen at generation, so df-pn does not have to enter each
  // of the defender's hundred-odd moves to find the one that does. (Moves
  // farther away rarely do, and Benson on every child would cost more than
  // the entries it saves.)
  if (life_at_generation_ && !history_.empty() && state_.last_move != kPass && state_.to_move == killer() &&
      near_defender(state_.last_move))
    return evaluate(attacker);
  return Outcome::Unknown;
}

Outcome GoGame::evaluate(Player attacker) const {
  std::optional<Player> winner;
  if (kill_all_) {
    // Two passes: a defender stone left on the board lives (in seki at
    // best: the killer passed instead of capturing it).
    if (state_.passes >= 2) {
      bool any = false;
      for (const Point at : state_.board) any |= at == stone_of(defender_);
      winner = any && seki_is_life_ ? defender_ : killer();
    } else if (const BensonMemo& benson = benson_memo(); benson.alive) {
      winner = defender_;
    } else if (benson.killer_owns_all) {
      winner = killer();
    } else if (miai_life()) {
      winner = defender_;
    }
  } else if (all_targets_captured()) {
    winner = killer();
  } else if (state_.passes >= 2) {
    winner = seki_is_life_ ? defender_ : killer();
  } else if (targets_alive()) {
    winner = defender_;
  } else if (eye_space_kills()) {
    winner = killer();
  } else if (miai_life()) {
    winner = defender_;
  }
  if (!winner) return Outcome::Unknown;
  return *winner == attacker ? Outcome::Proven : Outcome::Disproven;
}

std::string GoGame::goal_text(Player prover) const {
  const std::string who = to_string(prover) == std::string("black") ? "black" : "white";
  const std::string any = kill_all_ ? " (any stone)" : "", all = kill_all_ ? " all" : "";
  if (prover == defender_) return who + " lives" + any + (seki_is_life_ ? " (seki counts)" : " unconditionally");
  return who + " kills" + all + (seki_is_life_ ? "" : " (seki counts as dead)");
}

int GoGame::eyes_made(int most) const {
  const auto& board = state_.board;
  const Point mine = stone_of(defender_);
  const std::uint32_t stamp = next_mark();
  int eyes = 0;
  int region[kMaxEye + 1];
  // An empty point beside a target block starts a flood that fails at a
  // killer stone, outside the region, or past kMaxEye points. It passes
  // over points an earlier flood marked, even one that failed: the loose
  // count, which measured better than the strict one (docs/benchmarks.md).
  auto enclosed = [&](int start) {
    int size = 0, head = 0;
    region[size++] = start;
    mark_[std::size_t(start)] = stamp;
    bool closed = true;
    while (head < size) {
      const int p = region[head++];
      for (int d : kNeighbours) {
        const int q = p + d;
        const Point at = board[std::size_t(q)];
        if (at == Point::Border || at == mine) continue;
        if (at != Point::Empty || !region_[std::size_t(q)]) closed = false;
        else if (mark_[std::size_t(q)] != stamp) {
          mark_[std::size_t(q)] = stamp;
          if (size == kMaxEye) closed = false;
          else region[size++] = q;
        }
        if (!closed) return false;
      }
    }
    return true;
  };
  auto around = [&](int q) {
    for (int d : kNeighbours) {
      const int n = q + d;
      if (eyes < most && board[std::size_t(n)] == Point::Empty && mark_[std::size_t(n)] != stamp && enclosed(n)) ++eyes;
    }
  };
  if (kill_all_) {  // any defender stone may be the one that lives
    for (const Move p : region_points_)
      if (eyes < most && board[p] == mine) around(p);
    return eyes;
  }
  for (std::size_t i = 0; i < targets_.size() && eyes < most; ++i)
    if (!target_lost(i)) for_each_in_block(board, targets_[i], around);
  return eyes;
}

int GoGame::target_blocks(int most) const {
  const std::uint32_t stamp = next_mark();
  int blocks = 0;
  for (std::size_t i = 0; i < targets_.size() && blocks < most; ++i) {
    if (target_lost(i) || mark_[std::size_t(targets_[i])] == stamp) continue;
    ++blocks;
    for_each_in_block(state_.board, targets_[i], [&](int q) { mark_[std::size_t(q)] = stamp; });
  }
  return std::max(1, blocks);
}

Numbers GoGame::initial_numbers(Player attacker) const {
  // Fewest liberties of a target block: few liberties favour the killer.
  int libs = 8;
  for (std::size_t i = 0; i < targets_.size(); ++i)
    if (!target_lost(i)) libs = std::min(libs, liberties(state_, targets_[i], 8));
  ProofNumber kill_pn = ProofNumber(std::max(1, libs)), kill_dn = ProofNumber(libs >= 3 ? 2 : 1);
  // Eyes and connections (eyenumbers): the defender needs two eyes and its
  // targets joined. Each eye missing and each target block apart makes life
  // dearer, each eye made makes the kill dearer, so df-pn tries first the
  // defender moves that shape eyes. Without them every move near the targets
  // starts alike and df-pn spreads the defender's hundred-odd moves before
  // deepening one (docs/benchmarks.md, Go eye numbers). In kill-all the
  // eyes of any defender stone count, and one block is enough.
  if (eye_numbers_ && has_targets()) {
    const int eyes = eyes_made(2);
    kill_dn *= ProofNumber(1 + 2 * (2 - eyes)) * ProofNumber(kill_all_ ? 1 : target_blocks(4));
    kill_pn *= ProofNumber(1 + eyes);
  }
  Numbers n = attacker == killer() ? Numbers{kill_pn, kill_dn} : Numbers{kill_dn, kill_pn};
  if (!has_targets()) return n;
  // On the scale of the subtree: the side that must answer every move of
  // the side to move pays for each of them, so a fresh node costs about what
  // it will once expanded, and df-pn deepens the line it likes instead of
  // expanding every sibling first.
  if (mobility_) {
    const ProofNumber moves = ProofNumber(state_.empties) + 1;
    (state_.to_move == attacker ? n.dn : n.pn) *= moves;
  }
  // A move far from every target rarely decides their fate, and the prover's
  // pass even less: they start harder for whoever made them, so the search
  // looks near the targets first. The opponent's pass and the killer's
  // null move are the opposite: they start as the most promising moves, so
  // df-pn settles them first. The killer's pass is answered by a pass, which
  // ends the game and leaves no zone; its tenuki (tenuki()) is refuted by a
  // real move whose zone prunes every move outside it at once (Cho problems
  // on their task regions have over a hundred such moves). The defender's
  // pass tried first the same way costs more than it prunes (measured,
  // docs/benchmarks.md).
  if (history_.empty()) return n;
  const Player mover = opponent(state_.to_move);
  ProofNumber& cost = mover == attacker ? n.pn : n.dn;
  if (state_.last_move == kPass) {
    if (mover == attacker) cost += 8;
    else cost = 1;
  } else if (mover == killer() && null_moves_first_ && state_.last_move == tenuki(history_.back())) {
    return Numbers{1, 1};
  } else if (known_reply()) {
    cost = 1;  // it refuted a sibling: most likely it refutes this move too
  } else {
    const ProofNumber far = ProofNumber(std::max(0, target_distance_[state_.last_move] - 3) * 2);
    cost = mobility_ ? cost + cost * far / 2 : cost + far;  // by mobility: (distance - 2) times dearer
  }
  return n;
}

void GoGame::remember_reply(Move reply) {
  if (!reuse_replies_ || history_.empty()) return;
  const std::uint64_t key = history_.back().hash;
  replies_[key & (kReplies - 1)] = {key, reply};
}

bool GoGame::known_reply() const {
  if (!reuse_replies_ || history_.size() < 2) return false;
  const std::uint64_t key = history_[history_.size() - 2].hash;
  const Reply& r = replies_[key & (kReplies - 1)];
  return r.key == key && r.move == state_.last_move;
}

GoGame::Move GoGame::tenuki(const State& s) const {
  for (const Move m : far_points_) {
    if (s.board[m] != Point::Empty) continue;
    bool open = true;
    for (int d : kNeighbours) open &= s.board[std::size_t(m + d)] == Point::Empty || s.board[std::size_t(m + d)] == Point::Border;
    if (open) return m;
  }
  return kPass;
}

void GoGame::order_moves(MoveList& moves, Player) const {
  // Liberties of the targets first (where life and death is decided), pass
  // last; otherwise board order. (Ordering alone only breaks ties; the
  // opponent's pass goes first through its initial numbers, see
  // initial_numbers.) Three passes instead of a stable sort, which would
  // allocate a buffer at every expansion.
  auto near_target = [&](Move m) {
    if (m == kPass) return 0;
    for (int d : kNeighbours)
      if (state_.board[std::size_t(m + d)] == stone_of(defender_)) return 2;
    return 1;
  };
  const MoveList all = moves;
  moves.clear();
  for (int rank = 2; rank >= 0; --rank)
    for (Move m : all)
      if (near_target(m) == rank) moves.push_back(m);
}

std::string GoGame::move_to_string(Move move) const {
  if (move == kPass) return "pass";
  const int column = move % kStride - 1, row = move / kStride - 1;
  return std::string(1, kColumns[column]) + std::to_string(size_ - row);
}

std::optional<GoGame::Move> GoGame::parse_move(const std::string& text) const {
  std::string t = text;
  for (char& c : t) c = char(std::toupper(static_cast<unsigned char>(c)));
  if (t == "PASS") return kPass;
  if (t.size() < 2) return std::nullopt;
  const char* at = std::find(kColumns, kColumns + size_, t[0]);
  if (at == kColumns + size_) return std::nullopt;
  int number = 0;
  for (std::size_t i = 1; i < t.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return std::nullopt;
    number = number * 10 + (t[i] - '0');
    if (number > size_) return std::nullopt;
  }
  if (number < 1) return std::nullopt;
  return static_cast<Move>(index(int(at - kColumns), size_ - number));
}

std::string GoGame::to_text() const {
  // Only the region and one line around it (the whole board when play is
  // allowed everywhere): a corner problem stays a small diagram.
  int c0 = size_, c1 = -1, r0 = size_, r1 = -1;
  for (int r = 0; r < size_; ++r)
    for (int c = 0; c < size_; ++c)
      if (region_[std::size_t(index(c, r))]) c0 = std::min(c0, c), c1 = std::max(c1, c), r0 = std::min(r0, r), r1 = std::max(r1, r);
  c0 = std::max(0, c0 - 1), r0 = std::max(0, r0 - 1), c1 = std::min(size_ - 1, c1 + 1), r1 = std::min(size_ - 1, r1 + 1);
  std::string out = "   ";
  for (int c = c0; c <= c1; ++c) out += std::string(" ") + kColumns[c];
  out += '\n';
  for (int r = r0; r <= r1; ++r) {
    const std::string number = std::to_string(size_ - r);
    out += std::string(3 - number.size(), ' ') + number;
    for (int c = c0; c <= c1; ++c) {
      const int p = index(c, r);
      const Point at = state_.board[std::size_t(p)];
      const bool target = std::find(targets_.begin(), targets_.end(), p) != targets_.end();
      const char ch = at == Point::Black ? (target ? 'X' : 'x') : at == Point::White ? (target ? 'O' : 'o')
                : region_[std::size_t(p)] ? '.' : '#';
      out += std::string(" ") + ch;
    }
    out += '\n';
  }
  return out;
}

}  // namespace dfpn::games
