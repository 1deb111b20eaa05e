#include "games/hex/hex_proof_transpositions.h"

#include <algorithm>
#include <array>
#include <memory>
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
// 8x8). A record can only match a position whose winner holds every stone
// the record needs, so records are filed under two of the stones they need
// (one, or none, when they need fewer): a lookup reads only the files of
// pairs of stones the position's side holds. A long search keeps hundreds
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
        chunk_count_(capacity / kChunk + pair_files_ + 1) {}

  void add(const CellSet& winner_stones, const CellSet& proof_set, Player winner, bool winner_to_move) override {
    Records& r = records_[index(winner)];
    std::lock_guard<std::mutex> guard(write_lock_);
    if (!r.ready.load(std::memory_order_relaxed)) {  // first record of this winner: allocate once
      r.chunks = std::vector<Chunk>(chunk_count_);
      r.files = std::vector<File>(pair_files_ + 1);
      r.ready.store(true, std::memory_order_release);
    }
    if (r.added == capacity_) {
      dropped_.fetch_add(1, std::memory_order_relaxed);
      return;
    }
    const Set need(winner_stones);
    File& file = r.files[file_for(r, need)];
    const std::uint32_t count = file.count.load(std::memory_order_relaxed);
    if (count % kChunk == 0) {  // the file's last chunk is full (or it has none): link a fresh one
      const std::uint32_t fresh = r.next_chunk++;
      if (count == 0) file.head = fresh;
      else r.chunks[file.tail].next = fresh;
      file.tail = fresh;
    }
    r.chunks[file.tail].records[count % kChunk] = Record{need, Set(proof_set), std::uint32_t(r.added), winner_to_move};
    ++r.added;
    file.count.store(count + 1, std::memory_order_release);  // publishes the record (and any new chunk)
    records_kept_.fetch_add(1, std::memory_order_relaxed);
  }

  std::optional<ProofTranspositions::Match> find(const CellSet& black, const CellSet& white,
                                                 Player to_move) const override {
    for (const Player winner : {to_move, opponent(to_move)}) {
      const Records& r = records_[index(winner)];
      if (!r.ready.load(std::memory_order_acquire)) continue;
      const Set own(winner == Player::Black ? black : white), theirs(winner == Player::Black ? white : black);
      const bool winner_moves = to_move == winner;
      const Record* best = nullptr;
      auto read = [&](std::size_t f) {
        const File& file = r.files[f];
        const std::uint32_t count = file.count.load(std::memory_order_acquire);
        if (count == 0) return;  // its head may be being written
        std::uint32_t at = file.head;
        for (std::uint32_t first = 0; first < count; first += kChunk) {
          if (first > 0) at = r.chunks[at].next;  // linked before `count` passed `first`
          const Chunk& chunk = r.chunks[at];
          const std::uint32_t filled = std::min(count - first, kChunk);
          for (std::uint32_t i = 0; i < filled; ++i) {
            const Record& rec = chunk.records[i];
            if (best && rec.order > best->order) return;  // a file's later records cannot come first
            if (!rec.need.subset_of(own) || rec.keep_out.intersects(theirs)) continue;
            if (rec.winner_to_move && !winner_moves) continue;
            best = &rec;
            return;
          }
        }
      };
      read(pair_files_);  // records that need no stone
      int held[Set::kCapacity];
      const int n = list(own, held);
      for (int i = 0; i < n; ++i) {
        read(pair_file(held[i], held[i]));
        for (int j = i + 1; j < n; ++j) read(pair_file(held[i], held[j]));
      }
      if (best) {
        hits_.fetch_add(1, std::memory_order_relaxed);
        return ProofTranspositions::Match{winner, CellSet(best->keep_out)};
      }
    }
    return std::nullopt;
  }

  std::size_t size() const override { return records_kept_.load(std::memory_order_relaxed); }
  std::uint64_t dropped() const override { return dropped_.load(std::memory_order_relaxed); }
  std::size_t max_bytes() const override {
    return 2 * (chunk_count_ * sizeof(Chunk) + (pair_files_ + 1) * sizeof(File));
  }

 private:
  static std::size_t index(Player winner) { return winner == Player::Black ? 0 : 1; }
  struct Record {
    Set need;      // the winner's stones in R
    Set keep_out;  // R's proof set: no loser stone may be there
    std::uint32_t order;  // the record's place among the winner's records
    bool winner_to_move;
  };
  // Files hold their records in chunks linked in order, taken from one
  // pool: every file has at most one chunk not full, so the pool needs
  // capacity / kChunk chunks and one more per file (a file per four
  // chunks of records at most, so that small stores stay small).
  static constexpr std::uint32_t kChunk = 16;
  static constexpr std::uint32_t kNoChunk = ~std::uint32_t{0};
  struct Chunk {
    std::array<Record, kChunk> records;
    std::uint32_t next = kNoChunk;
  };
  struct File {
    std::atomic<std::uint32_t> count{0};  // published last
    std::uint32_t head = kNoChunk, tail = kNoChunk;
  };
  struct Records {
    std::atomic<bool> ready{false};  // the chunks and files are allocated
    std::vector<Chunk> chunks;
    std::vector<File> files;
    std::size_t added = 0;
    std::uint32_t next_chunk = 0;
  };
  // Files by pair of cells (a cell with itself: records that need one
  // stone), folded onto fewer files on boards above 8x8 or in a small
  // store (two pairs may then share a file; every record in a file read is
  // tested in full), and one more for records that need none.
  static constexpr std::size_t kMostPairFiles = 64 * 64;
  std::size_t pair_file(int a, int b) const { return std::size_t(a * cells_ + b) % pair_files_; }
  // The cells of `set` into `out`, in increasing order; how many.
  static int list(const Set& set, int* out) {
    int n = 0;
    set.for_each([&](int cell) { out[n++] = cell; });
    return n;
  }
  // The file of a new record: of the pairs of stones it needs, the one
  // whose file is shortest, so that files stay even and each lookup reads
  // few records.
  std::size_t file_for(const Records& r, const Set& need) const {
    int held[Set::kCapacity];
    const int n = list(need, held);
    if (n == 0) return pair_files_;
    if (n == 1) return pair_file(held[0], held[0]);
    std::size_t best = 0;
    std::uint32_t shortest = ~std::uint32_t{0};
    for (int i = 0; i < n; ++i)
      for (int j = i + 1; j < n; ++j) {
        const std::size_t f = pair_file(held[i], held[j]);
        const std::uint32_t count = r.files[f].count.load(std::memory_order_relaxed);
        if (count < shortest) best = f, shortest = count;
      }
    return best;
  }

  int cells_;
  std::size_t capacity_, pair_files_, chunk_count_;
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

std::size_t ProofTranspositions::size() const { return store_->size(); }
std::size_t ProofTranspositions::max_bytes() const { return store_->max_bytes(); }
std::uint64_t ProofTranspositions::dropped() const { return store_->dropped(); }
std::uint64_t ProofTranspositions::hits() const { return store_->hits(); }

}  // namespace dfpn::games
