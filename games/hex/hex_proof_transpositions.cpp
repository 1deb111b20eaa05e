#include "games/hex/hex_proof_transpositions.h"

#include <algorithm>
#include <array>
#include <bit>
#include <memory>
#include <mutex>
#include <vector>

namespace dfpn::games {

class ProofTranspositions::Store {
 public:
  virtual ~Store() = default;
  virtual void add(const CellSet& winner_stones, const CellSet& proof_set, Player winner, bool winner_to_move) = 0;
  virtual std::optional<Match> find(const CellSet& black, const CellSet& white, Player to_move) const = 0;
  virtual std::optional<Match> find(const CellSet& black, const CellSet& white, Player to_move, int added,
                                    Siblings& siblings) const = 0;
  virtual std::size_t size() const = 0;
  virtual std::uint64_t dropped() const = 0;
  virtual std::size_t max_bytes() const = 0;
  std::uint64_t hits() const { return hits_.load(std::memory_order_relaxed); }

 protected:
  mutable std::atomic<std::uint64_t> hits_{0};  // rare: a hit saves a search
};

namespace {

// Records on the narrowest cell set that holds the board (one word up to
// 8x8). A record can only match a position whose winner holds every stone
// the record needs, so records are filed under two of the stones they need
// (one, or none, when they need fewer): a lookup reads only the files of
// pairs of stones the position's side holds. A record whose winner had
// the move decides only positions where it has the move again, so those
// are filed apart, and a lookup for the side not to move (the one that
// just played, at most lookups) skips them. A long search keeps hundreds
// of thousands of records, nearly all from other lines of play, and a
// lookup runs for every child a node generates; scanning them all (even
// in blocks with summaries) took most of a long search's time.
//
// The first matching record in the order records were added is the
// answer, as a scan in that order would give: each file is in that order,
// so the first match of each file read is a candidate and the earliest
// candidate wins.
template <int Words>
class StoreOf final : public ProofTranspositions::Store {
  using Set = BasicCellSet<Words>;

 public:
  StoreOf(int cells, std::size_t capacity)
      : cells_(cells),
        capacity_(capacity),
        pair_files_(std::clamp<std::size_t>(capacity / (4 * kChunk), 1, kMostPairFiles)),
        shelf_(pair_files_ >= kShelvesFrom ? pair_files_ + 1 : 0),
        chunk_count_(capacity / kChunk + pair_files_ + 1 + shelf_) {}

  void add(const CellSet& winner_stones, const CellSet& proof_set, Player winner, bool winner_to_move) override {
    Records& r = records_[index(winner)];
    std::lock_guard<std::mutex> guard(write_lock_);
    if (!r.ready.load(std::memory_order_relaxed)) {  // first record of this winner: allocate once
      r.chunks = std::vector<Chunk>(chunk_count_);
      r.files = std::vector<File>(pair_files_ + 1 + shelf_);
      r.by_order = std::vector<std::uint32_t>(capacity_);
      r.ready.store(true, std::memory_order_release);
    }
    if (r.added == capacity_) {
      dropped_.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    const Set need(winner_stones);
    File& file = r.files[file_for(r, need, winner_to_move)];
    const std::uint32_t count = file.count.load(std::memory_order_relaxed);
    if (count % kChunk == 0) {  // the file's last chunk is full (or it has none): link a fresh one
      const std::uint32_t fresh = r.next_chunk++;
      if (count == 0) file.head = fresh;
      else r.chunks[file.tail].next = fresh;
      file.tail = fresh;
    }
    Chunk& chunk = r.chunks[file.tail];
    const std::uint32_t i = count % kChunk;
    chunk.need[i] = need;
    chunk.keep_out[i] = Set(proof_set);
    chunk.order[i] = std::uint32_t(r.added);
    chunk.winner_to_move[i] = winner_to_move;
    r.by_order[r.added] = file.tail * kChunk + i;
    ++r.added;
    file.count.store(count + 1, std::memory_order_release);  // publishes the record (and any new chunk)
    r.published.store(std::uint32_t(r.added), std::memory_order_release);  // and its place in the order
    records_kept_.fetch_add(1, std::memory_order_relaxed);
  }

  std::optional<ProofTranspositions::Match> find(const CellSet& black, const CellSet& white,
                                                 Player to_move) const override {
    for (const Player winner : {to_move, opponent(to_move)}) {
      const Records& r = records_[index(winner)];
      if (!r.ready.load(std::memory_order_acquire)) continue;
      const Test test{Set(winner == Player::Black ? black : white), Set(winner == Player::Black ? white : black),
                      winner == to_move};
      Best best;
      for_each_file(test.own, [&](std::size_t f) { first_on_shelves(r, f, test, best); });
      if (best.found()) return hit(r, winner, best);
    }
    return std::nullopt;
  }

  std::optional<ProofTranspositions::Match> find(const CellSet& black, const CellSet& white, Player to_move,
                                                 int added, ProofTranspositions::Siblings& s) const override {
    const Player owner = black.contains(added) ? Player::Black : Player::White;
    const Set with(owner == Player::Black ? black : white), other(owner == Player::Black ? white : black);
    Set without = with;
    without.erase(added);
    if (s.store != this || s.owner != owner || s.to_move != to_move || Set(s.owner_stones) != without ||
        Set(s.other_stones) != other || stale(s))
      gather(s, owner, to_move, without, other);
    for (const Player winner : {to_move, opponent(to_move)}) {
      const Records& r = records_[index(winner)];
      if (!r.ready.load(std::memory_order_acquire)) continue;
      const bool owner_wins = winner == owner;
      const Test test{owner_wins ? with : other, owner_wins ? other : with, winner == to_move};
      Best best;
      auto consider = [&](std::uint32_t at) {
        const Chunk& chunk = r.chunks[at / kChunk];
        const std::uint32_t i = at % kChunk;
        if (chunk.order[i] < best.order && chunk.need[i].subset_of(test.own) && test.rest(chunk, i))
          best = {at, chunk.order[i]};
      };
      for (const auto& c : s.records[index(winner)])
        if (c.missing < 0 || c.missing == added) consider(c.at);
      if (owner_wins) {
        // Records filed under a pair with `added` (gather() read only pairs without it).
        auto files_with_added = [&](auto&& visit) {
          visit(pair_file(added, added));
          without.for_each([&](int cell) { visit(cell < added ? pair_file(cell, added) : pair_file(added, cell)); });
        };
        read_files(r, files_with_added, test.winner_moves, [&](std::size_t g) { first_in_file(r, g, test, best); });
      }
      const std::uint32_t now = r.published.load(std::memory_order_acquire);
      for (std::uint32_t order = s.seen[index(winner)]; order < now; ++order) consider(r.by_order[order]);
      if (best.found()) return hit(r, winner, best);
    }
    return std::nullopt;
  }

  std::size_t size() const override { return records_kept_.load(std::memory_order_relaxed); }
  std::uint64_t dropped() const override { return dropped_.load(std::memory_order_relaxed); }
  std::size_t max_bytes() const override {
    return 2 * (chunk_count_ * sizeof(Chunk) + (pair_files_ + 1 + shelf_) * sizeof(File) +
                capacity_ * sizeof(std::uint32_t));
  }

 private:
  static std::size_t index(Player winner) { return winner == Player::Black ? 0 : 1; }
  // Files hold their records in chunks linked in order, taken from one
  // pool: every file has at most one chunk not full, so the pool needs
  // capacity / kChunk chunks and one more per file (a file per four
  // chunks of records at most, so that small stores stay small). A chunk
  // keeps each field of its records together: most records fail on the
  // stones they need, so a lookup reads their `need` sets (two cache lines
  // a chunk up to 8x8) and little else.
  static constexpr std::uint32_t kChunk = 16;
  static constexpr std::uint32_t kNoChunk = ~std::uint32_t{0};
  struct Chunk {
    alignas(64) std::array<Set, kChunk> need;  // the winner's stones in R
    std::array<Set, kChunk> keep_out;  // R's proof set: no loser stone may be there
    std::array<std::uint32_t, kChunk> order;  // each record's place among the winner's records
    std::array<bool, kChunk> winner_to_move;
    std::uint32_t next = kNoChunk;
  };
  // The earliest match found so far: where it is and its place in the order.
  struct Best {
    std::uint32_t at = 0, order = ~std::uint32_t{0};
    bool found() const { return order != ~std::uint32_t{0}; }
  };
  struct File {
    std::atomic<std::uint32_t> count{0};  // published last
    std::uint32_t head = kNoChunk, tail = kNoChunk;
  };
  struct Records {
    std::atomic<bool> ready{false};  // the chunks and files are allocated
    std::vector<Chunk> chunks;
    std::vector<File> files;
    std::vector<std::uint32_t> by_order;  // where each record is, in the order added
    std::atomic<std::uint32_t> published{0};  // records whose place in by_order is set
    std::size_t added = 0;
    std::uint32_t next_chunk = 0;
  };
  // Whether a record decides a position where the winner has `own`, the
  // loser `theirs`: `rest` tests all but the stones it needs (tested
  // first, and apart).
  struct Test {
    Set own, theirs;
    bool winner_moves;
    bool rest(const Chunk& chunk, std::uint32_t i) const {
      return !chunk.keep_out[i].intersects(theirs) && (!chunk.winner_to_move[i] || winner_moves);
    }
  };
  // The files a winner with `own` may have matching records in: records
  // that need no stone, one of `own`, or two.
  template <class F>
  void for_each_file(const Set& own, F&& visit) const {
    visit(pair_files_);
    int held[Set::kCapacity];
    const int n = list(own, held);
    for (int i = 0; i < n; ++i) {
      visit(pair_file(held[i], held[i]));
      for (int j = i + 1; j < n; ++j) visit(pair_file(held[i], held[j]));
    }
  }
  // Calls visit(chunk, filled) for each chunk of file `f` (its first
  // `filled` records published), in order, while visit returns true.
  template <class F>
  void walk(const Records& r, std::size_t f, F&& visit) const {
    const File& file = r.files[f];
    const std::uint32_t count = file.count.load(std::memory_order_acquire);
    if (count == 0) return;  // its head may be being written
    std::uint32_t at = file.head;
    for (std::uint32_t first = 0; first < count; first += kChunk) {
      if (first > 0) at = r.chunks[at].next;  // linked before `count` passed `first`
      if (!visit(r.chunks[at], at, std::min(count - first, kChunk))) return;
    }
  }
  // Starts loading file f's first chunk (its stones needed, where a walk
  // reads first).
  void prefetch(const Records& r, std::size_t f) const {
    const File& file = r.files[f];
    if (file.count.load(std::memory_order_acquire) == 0) return;  // its head may be being written
    const auto* need = reinterpret_cast<const char*>(r.chunks[file.head].need.data());
    __builtin_prefetch(need);
    if constexpr (sizeof(Chunk::need) > 64) __builtin_prefetch(need + 64);
  }
  // `best` becomes file f's first match if that comes before it.
  void first_in_file(const Records& r, std::size_t f, const Test& test, Best& best) const {
    walk(r, f, [&](const Chunk& chunk, std::uint32_t at, std::uint32_t filled) {
      std::uint32_t fits = 0;  // a bit per record that needs only stones the winner has
      for (std::uint32_t i = 0; i < filled; ++i) fits |= std::uint32_t(chunk.need[i].subset_of(test.own)) << i;
      for (; fits != 0; fits &= fits - 1) {
        const auto i = std::uint32_t(std::countr_zero(fits));
        if (chunk.order[i] > best.order) return false;  // a file's later records cannot come first
        if (test.rest(chunk, i)) {
          best = {at * kChunk + i, chunk.order[i]};
          return false;
        }
      }
      return chunk.order[filled - 1] < best.order;
    });
  }
  // File f's first match on each shelf the winner may use.
  void first_on_shelves(const Records& r, std::size_t f, const Test& test, Best& best) const {
    on_shelves(f, test.winner_moves, [&](std::size_t g) { first_in_file(r, g, test, best); });
  }
  // Calls read(g) for each file g on the shelves a winner may use of the
  // files that files(visit) lists. Each file costs two waits for memory,
  // its count and its first chunk, so all are asked for before any is read.
  template <class Files, class Read>
  void read_files(const Records& r, Files&& files, bool winner_moves, Read&& read) const {
    files([&](std::size_t f) { on_shelves(f, winner_moves, [&](std::size_t g) { prefetch(r, g); }); });
    files([&](std::size_t f) { on_shelves(f, winner_moves, read); });
  }
  std::optional<ProofTranspositions::Match> hit(const Records& r, Player winner, const Best& best) const {
    hits_.fetch_add(1, std::memory_order_relaxed);
    return ProofTranspositions::Match{winner, CellSet(r.chunks[best.at / kChunk].keep_out[best.at % kChunk])};
  }

  // Siblings: the records the positions `without` plus one stone of
  // `owner`'s may match, other than those filed under a pair with that
  // stone. Records added later are read in order at each lookup until
  // there are more of them than a gathering costs.
  static constexpr std::uint32_t kMostLater = 64;
  bool stale(const ProofTranspositions::Siblings& s) const {
    for (const Player winner : {Player::Black, Player::White}) {
      const Records& r = records_[index(winner)];
      if (r.published.load(std::memory_order_relaxed) - s.seen[index(winner)] > kMostLater) return true;
    }
    return false;
  }
  void gather(ProofTranspositions::Siblings& s, Player owner, Player to_move, const Set& without,
              const Set& other) const {
    s.store = this;
    s.owner = owner;
    s.to_move = to_move;
    s.owner_stones = CellSet(without);
    s.other_stones = CellSet(other);
    for (const Player winner : {owner, opponent(owner)}) {
      const Records& r = records_[index(winner)];
      auto& kept = s.records[index(winner)];
      kept.clear();
      std::uint32_t& seen = s.seen[index(winner)];
      seen = r.published.load(std::memory_order_acquire);  // every record before it is in its file
      if (seen == 0) continue;
      // The owner's records may need `added` too, the other side's none of the owner's.
      const bool owner_wins = winner == owner;
      const Set& own = owner_wins ? without : other;
      const Set& theirs = owner_wins ? other : without;
      const int most_missing = owner_wins ? 1 : 0;
      auto keep = [&](std::size_t f) {
        walk(r, f, [&](const Chunk& chunk, std::uint32_t at, std::uint32_t filled) {
          for (std::uint32_t i = 0; i < filled; ++i) {
            if (chunk.order[i] >= seen) return false;
            const Set extra = chunk.need[i] - own;
            if (extra.size() <= most_missing && !chunk.keep_out[i].intersects(theirs))
              kept.push_back({at * kChunk + i, extra.empty() ? -1 : extra.next(0)});
          }
          return true;
        });
      };
      read_files(r, [&](auto&& visit) { for_each_file(own, visit); }, winner == to_move, keep);
    }
  }
  // Files by pair of cells (a cell with itself: records that need one
  // stone), folded onto fewer files on boards above 8x8 or in a small
  // store (two pairs may then share a file; every record in a file read is
  // tested in full), and one more for records that need none.
  static constexpr std::size_t kMostPairFiles = 64 * 64;
  std::size_t pair_file(int a, int b) const { return std::size_t(a * cells_ + b) % pair_files_; }
  // Each file is on two shelves: records whose winner was not to move
  // (they decide a position whoever is to move), then, `shelf_` files
  // further, those whose winner was (they decide only with the winner to
  // move, so a lookup for the side not to move skips them). A small store
  // has one shelf (`shelf_` 0): its files are short, and a second shelf
  // would cost a chunk per file.
  static constexpr std::size_t kShelvesFrom = 256;  // pair files
  // Calls visit(g) for file f on each shelf a winner may use.
  template <class F>
  void on_shelves(std::size_t f, bool winner_moves, F&& visit) const {
    visit(f);
    if (winner_moves && shelf_ != 0) visit(f + shelf_);
  }
  // The cells of `set` into `out`, in increasing order; how many.
  static int list(const Set& set, int* out) {
    int n = 0;
    set.for_each([&](int cell) { out[n++] = cell; });
    return n;
  }
  // The file of a new record: of the pairs of stones it needs, the one
  // whose file is shortest, so that files stay even and each lookup reads
  // few records.
  std::size_t file_for(const Records& r, const Set& need, bool winner_to_move) const {
    const std::size_t shelf = winner_to_move ? shelf_ : 0;
    int held[Set::kCapacity];
    const int n = list(need, held);
    if (n == 0) return shelf + pair_files_;
    if (n == 1) return shelf + pair_file(held[0], held[0]);
    std::size_t best = 0;
    std::uint32_t shortest = ~std::uint32_t{0};
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const std::size_t f = shelf + pair_file(held[i], held[j]);
        const std::uint32_t count = r.files[f].count.load(std::memory_order_relaxed);
        if (count < shortest) best = f, shortest = count;
      }
    return best;
  }

  int cells_;
  std::size_t capacity_, pair_files_, shelf_, chunk_count_;
  std::array<Records, 2> records_;
  std::mutex write_lock_;
  std::atomic<std::uint64_t> dropped_{0};
  std::atomic<std::size_t> records_kept_{0};
};

}  // namespace

ProofTranspositions::ProofTranspositions(int cells, std::size_t capacity) {
  if (cells <= BasicCellSet<1>::kCapacity) store_ = std::make_unique<StoreOf<1>>(cells, capacity);
  else if (cells <= BasicCellSet<2>::kCapacity) store_ = std::make_unique<StoreOf<2>>(cells, capacity);
  else store_ = std::make_unique<StoreOf<CellSet::kWords>>(cells, capacity);
}

ProofTranspositions::~ProofTranspositions() = default;

void ProofTranspositions::add(const CellSet& winner_stones, const CellSet& proof_set, Player winner,
                              bool winner_to_move) {
  store_->add(winner_stones, proof_set, winner, winner_to_move);
}

std::optional<ProofTranspositions::Match> ProofTranspositions::find(const CellSet& black, const CellSet& white,
                                                                    Player to_move) const {
  return store_->find(black, white, to_move);
}

std::optional<ProofTranspositions::Match> ProofTranspositions::find(const CellSet& black, const CellSet& white,
                                                                    Player to_move, int added,
                                                                    Siblings& siblings) const {
  return store_->find(black, white, to_move, added, siblings);
}

std::size_t ProofTranspositions::size() const { return store_->size(); }
std::size_t ProofTranspositions::max_bytes() const { return store_->max_bytes(); }
std::uint64_t ProofTranspositions::dropped() const { return store_->dropped(); }
std::uint64_t ProofTranspositions::hits() const { return store_->hits(); }

}  // namespace dfpn::games
