#include "games/hex/hex_proof_transpositions.h"

#include <array>
#include <mutex>
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
  explicit StoreOf(std::size_t capacity) : capacity_(capacity) {}

  void add(const CellSet& winner_stones, const CellSet& proof_set, Player winner, bool winner_to_move) override {
    Records& r = records_[index(winner)];
    std::lock_guard<std::mutex> guard(write_lock_);
    if (r.need.empty()) {  // first record of this winner: allocate once
      r.need.resize(capacity_);
      r.keep_out.resize(capacity_);
      r.winner_to_move.resize(capacity_);
      r.block_need.resize(capacity_ / kBlock + 1);
      r.block_keep_out.resize(capacity_ / kBlock + 1);
    }
    const std::size_t slot = r.count.load(std::memory_order_relaxed);
    if (slot == capacity_) {
      dropped_.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    r.need[slot] = Set(winner_stones);
    r.keep_out[slot] = Set(proof_set);
    r.winner_to_move[slot] = winner_to_move;
    Set& block_need = r.block_need[slot / kBlock];
    Set& block_keep_out = r.block_keep_out[slot / kBlock];
    if (slot % kBlock == 0) block_need = r.need[slot], block_keep_out = r.keep_out[slot];
    else block_need &= r.need[slot], block_keep_out &= r.keep_out[slot];
    r.count.store(slot + 1, std::memory_order_release);  // publishes the record (and its block's summary)
  }

  std::optional<ProofTranspositions::Match> find(const CellSet& black, const CellSet& white,
                                                 Player to_move) const override {
    for (const Player winner : {to_move, opponent(to_move)}) {
      const Records& r = records_[index(winner)];
      const std::size_t count = r.count.load(std::memory_order_acquire);
      if (count == 0) continue;
      const Set own(winner == Player::Black ? black : white), theirs(winner == Player::Black ? white : black);
      const bool winner_moves = to_move == winner;
      for (std::size_t i = 0; i < count; ++i) {
        // A whole block is passed over when what all its records need is
        // not all there, or what all of them keep out is not clear: no
        // record of it could match. Only complete blocks have final
        // summaries.
        if (i % kBlock == 0 && i + kBlock <= count &&
            (!r.block_need[i / kBlock].subset_of(own) || r.block_keep_out[i / kBlock].intersects(theirs))) {
          i += kBlock - 1;
          continue;
        }
        if (!r.need[i].subset_of(own) || r.keep_out[i].intersects(theirs)) continue;
        if (r.winner_to_move[i] && !winner_moves) continue;
        hits_.fetch_add(1, std::memory_order_relaxed);
        return ProofTranspositions::Match{winner, CellSet(r.keep_out[i])};
      }
    }
    return std::nullopt;
  }

  std::size_t size() const override {
    return records_[0].count.load(std::memory_order_acquire) + records_[1].count.load(std::memory_order_acquire);
  }
  std::uint64_t dropped() const override { return dropped_.load(std::memory_order_relaxed); }
  std::size_t max_bytes() const override {
    return 2 * (capacity_ * (2 * sizeof(Set) + 1) + (capacity_ / kBlock + 1) * 2 * sizeof(Set));
  }

 private:
  static std::size_t index(Player winner) { return winner == Player::Black ? 0 : 1; }
  // Records in a block share what the search was doing when they were
  // added (the stones of one subtree), so their common part often rules a
  // whole block out.
  static constexpr std::size_t kBlock = 16;
  // One winner's records as parallel arrays (the scan reads `need` and
  // `keep_out` of every record, the flag only of candidates).
  struct Records {
    std::vector<Set> need;      // the winner's stones in R
    std::vector<Set> keep_out;  // R's proof set: no loser stone may be there
    std::vector<std::uint8_t> winner_to_move;
    // Per block of kBlock records: the intersection of their `need` sets
    // and of their `keep_out` sets.
    std::vector<Set> block_need, block_keep_out;
    std::atomic<std::size_t> count{0};
  };
  std::size_t capacity_;
  std::array<Records, 2> records_;
  std::mutex write_lock_;
  std::atomic<std::uint64_t> dropped_{0};
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
