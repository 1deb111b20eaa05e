#include "games/hex/hex_proof_transpositions.h"

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace dfpn::games {

class ProofTranspositions::Store {
 public:
  virtual ~Store() = default;
  virtual void add(const CellSet& winner_stones, const CellSet& proof_set, Player winner, bool winner_to_move) = 0;
  virtual std::optional<Match> find(const CellSet& black, const CellSet& white, Player to_move) const = 0;
  virtual std::size_t size() const = 0;
  virtual std::uint64_t dropped() const = 0;
  virtual std::size_t max_bytes() const = 0;
  std::uint64_t hits() const { return hits_.load(std::memory_order_relaxed); }

 protected:
  mutable std::atomic<std::uint64_t> hits_{0};  // rare: a hit saves a search
};

namespace {

// Records on the narrowest cell set that holds the board (one word up to
// 8x8): a lookup scans every record of a winner, so a record's size is the
// lookup's cost.
template <int Words>
class StoreOf final : public ProofTranspositions::Store {
  using Set = BasicCellSet<Words>;

 public:
  explicit StoreOf(std::size_t capacity) : capacity_(capacity), block_count_((capacity + kBlock - 1) / kBlock) {}

  void add(const CellSet& winner_stones, const CellSet& proof_set, Player winner, bool winner_to_move) override {
    Records& r = records_[index(winner)];
    std::lock_guard<std::mutex> guard(write_lock_);
    if (r.need.empty()) {  // first record of this winner: allocate once
      r.need.resize(capacity_);
      r.keep_out.resize(capacity_);
      r.winner_to_move.resize(capacity_);
      r.block_need.resize(block_count_);
      r.block_keep_out.resize(block_count_);
      r.filled = std::make_unique<std::atomic<std::uint8_t>[]>(block_count_);
    }
    const std::optional<std::size_t> block = open_block(r);
    if (!block) {
      dropped_.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    const std::uint8_t filled = r.filled[*block].load(std::memory_order_relaxed);
    const std::size_t slot = *block * kBlock + filled;
    r.need[slot] = Set(winner_stones);
    r.keep_out[slot] = Set(proof_set);
    r.winner_to_move[slot] = winner_to_move;
    if (filled == 0) r.block_need[*block] = r.need[slot], r.block_keep_out[*block] = r.keep_out[slot];
    else r.block_need[*block] &= r.need[slot], r.block_keep_out[*block] &= r.keep_out[slot];
    r.filled[*block].store(filled + 1, std::memory_order_release);  // publishes the record (and, full, the summary)
    records_kept_.fetch_add(1, std::memory_order_relaxed);
  }

  std::optional<ProofTranspositions::Match> find(const CellSet& black, const CellSet& white,
                                                 Player to_move) const override {
    for (const Player winner : {to_move, opponent(to_move)}) {
      const Records& r = records_[index(winner)];
      const std::size_t blocks = r.blocks.load(std::memory_order_acquire);
      if (blocks == 0) continue;
      const Set own(winner == Player::Black ? black : white), theirs(winner == Player::Black ? white : black);
      const bool winner_moves = to_move == winner;
      for (std::size_t b = 0; b < blocks; ++b) {
        const std::size_t filled = r.filled[b].load(std::memory_order_acquire);
        // A whole block is passed over when what all its records need is
        // not all there, or what all of them keep out is not clear: no
        // record of it could match. Only full blocks have final summaries.
        if (filled == kBlock && (!r.block_need[b].subset_of(own) || r.block_keep_out[b].intersects(theirs))) continue;
        for (std::size_t i = b * kBlock; i < b * kBlock + filled; ++i) {
          if (!r.need[i].subset_of(own) || r.keep_out[i].intersects(theirs)) continue;
          if (r.winner_to_move[i] && !winner_moves) continue;
          hits_.fetch_add(1, std::memory_order_relaxed);
          return ProofTranspositions::Match{winner, CellSet(r.keep_out[i])};
        }
      }
    }
    return std::nullopt;
  }

  std::size_t size() const override { return records_kept_.load(std::memory_order_relaxed); }
  std::uint64_t dropped() const override { return dropped_.load(std::memory_order_relaxed); }
  std::size_t max_bytes() const override {
    return 2 * (capacity_ * (2 * sizeof(Set) + 1) + block_count_ * (2 * sizeof(Set) + 1));
  }

 private:
  static std::size_t index(Player winner) { return winner == Player::Black ? 0 : 1; }
  // Records in a block share what the search was doing when they were
  // added (the stones of one subtree), so their common part often rules a
  // whole block out. Each writing thread fills a block of its own: the
  // parallel searchers work in different subtrees, and records of both
  // mixed in one block would leave it little in common.
  static constexpr std::size_t kBlock = 16;
  static constexpr std::size_t kOpenBlocks = 8;  // writers with a block of their own at a time
  // One winner's records as parallel arrays, kBlock a block (the scan
  // reads `need` and `keep_out` of every record, the flag only of
  // candidates); blocks are handed out in order, and each is filled from
  // its start.
  struct Records {
    std::vector<Set> need;      // the winner's stones in R
    std::vector<Set> keep_out;  // R's proof set: no loser stone may be there
    std::vector<std::uint8_t> winner_to_move;
    // Per block: the intersection of its records' `need` sets and of their
    // `keep_out` sets, and how many records it has (published last).
    std::vector<Set> block_need, block_keep_out;
    std::unique_ptr<std::atomic<std::uint8_t>[]> filled;
    std::atomic<std::size_t> blocks{0};  // handed out
    // The block each recent writer fills (under the write lock).
    struct Open {
      std::thread::id writer;
      std::size_t block = 0;
    };
    std::array<Open, kOpenBlocks> open{};
    std::size_t next_evicted = 0;
  };
  // The block the calling thread adds to (under the write lock): its own
  // while it has room, else a new one; none when every block is handed
  // out (the store is full, but for the room left in other writers' blocks).
  std::optional<std::size_t> open_block(Records& r) {
    const std::thread::id me = std::this_thread::get_id();
    auto mine = std::find_if(r.open.begin(), r.open.end(), [&](const auto& o) { return o.writer == me; });
    if (mine != r.open.end() && r.filled[mine->block].load(std::memory_order_relaxed) < room(mine->block))
      return mine->block;
    const std::size_t next = r.blocks.load(std::memory_order_relaxed);
    if (next == block_count_) return std::nullopt;
    if (mine == r.open.end()) {
      mine = std::find_if(r.open.begin(), r.open.end(), [](const auto& o) { return o.writer == std::thread::id(); });
      if (mine == r.open.end()) mine = r.open.begin() + std::ptrdiff_t(r.next_evicted++ % kOpenBlocks);
    }
    *mine = {me, next};
    r.blocks.store(next + 1, std::memory_order_release);  // its count, 0, is already there
    return next;
  }

  // Slots in block b: kBlock, but for a last block cut short by the capacity.
  std::size_t room(std::size_t b) const { return std::min(kBlock, capacity_ - b * kBlock); }

  std::size_t capacity_, block_count_;
  std::array<Records, 2> records_;
  std::mutex write_lock_;
  std::atomic<std::uint64_t> dropped_{0};
  std::atomic<std::size_t> records_kept_{0};
};

}  // namespace

ProofTranspositions::ProofTranspositions(int cells, std::size_t capacity) {
  if (cells <= BasicCellSet<1>::kCapacity) store_ = std::make_unique<StoreOf<1>>(capacity);
  else if (cells <= BasicCellSet<2>::kCapacity) store_ = std::make_unique<StoreOf<2>>(capacity);
  else store_ = std::make_unique<StoreOf<CellSet::kWords>>(capacity);
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

std::size_t ProofTranspositions::size() const { return store_->size(); }
std::size_t ProofTranspositions::max_bytes() const { return store_->max_bytes(); }
std::uint64_t ProofTranspositions::dropped() const { return store_->dropped(); }
std::uint64_t ProofTranspositions::hits() const { return store_->hits(); }

}  // namespace dfpn::games
