#include "tt/table_file.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "dfpn/base/random.h"

namespace dfpn::tt {
namespace {

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("dfpn_table_file_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

EntryData entry(ProofNumber pn, ProofNumber dn, std::uint32_t work) { return {{pn, dn}, work}; }

// 1000 entries: every tenth solved, work growing with the key.
TranspositionTable filled_table() {
  auto table = TranspositionTable::with_entries(1 << 14);
  SplitMix64 random(7);
  for (std::uint32_t i = 1; i <= 1000; ++i) {
    const std::uint64_t key = random.next();
    table.store(key, i % 10 == 0 ? entry(0, kInfinity, i) : entry(i, 2 * i, i));
  }
  return table;
}

std::size_t count(const TranspositionTable& table) {
  std::size_t n = 0;
  table.for_each([&](std::uint64_t, const EntryData&) { ++n; });
  return n;
}

TEST(TableFile, SavesAndLoadsEveryEntry) {
  const auto table = filled_table();
  const std::string path = temp_path("round_trip");
  const TableFileStats saved = save_table(table, "problem A", path);
  EXPECT_EQ(saved.records, count(table));
  EXPECT_EQ(saved.solved, 100u);
  EXPECT_EQ(read_table_context(path), "problem A");
  auto loaded = TranspositionTable::with_entries(1 << 14);
  const TableFileStats read = load_table(loaded, "problem A", path);
  EXPECT_EQ(read.records, saved.records);
  EXPECT_EQ(read.solved, 100u);
  std::size_t same = 0;
  table.for_each([&](std::uint64_t key, const EntryData& e) {
    EntryData copy;
    ASSERT_TRUE(loaded.probe(key, copy));
    EXPECT_EQ(copy.numbers, e.numbers);
    EXPECT_EQ(copy.work, e.work);
    ++same;
  });
  EXPECT_EQ(same, saved.records);
  std::filesystem::remove(path);
}

// A smaller table keeps the most valuable entries: those with the most work
// below them, solved or not.
TEST(TableFile, ASmallerTableKeepsTheMostWorkedEntries) {
  const std::string path = temp_path("smaller");
  save_table(filled_table(), "p", path);
  auto small = TranspositionTable::with_entries(256);
  load_table(small, "p", path);
  std::size_t kept = 0, worked = 0;
  small.for_each([&](std::uint64_t, const EntryData& e) { ++kept, worked += e.work > 500; });
  EXPECT_EQ(kept, 256u);
  EXPECT_GT(worked, kept * 3 / 4);  // the 500 entries with work above 500 crowd out the rest
  std::filesystem::remove(path);
}

TEST(TableFile, RefusesAnotherContext) {
  const std::string path = temp_path("context");
  save_table(filled_table(), "problem A", path);
  auto table = TranspositionTable::with_entries(64);
  EXPECT_THROW(load_table(table, "problem B", path), TableFileError);
  EXPECT_EQ(count(table), 0u);
  std::filesystem::remove(path);
}

// Any flipped byte or cut end is refused before anything is stored.
TEST(TableFile, RefusesADamagedFileAndStoresNothing) {
  const std::string path = temp_path("damaged");
  save_table(filled_table(), "p", path);
  std::string bytes;
  {
    std::ifstream in(path, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  for (std::size_t at : {std::size_t{0}, std::size_t{9}, std::size_t{13}, std::size_t{20}, bytes.size() / 2,
                         bytes.size() - 12, bytes.size() - 1}) {
    std::string damaged = bytes;
    damaged[at] = char(damaged[at] ^ 0x10);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << damaged;
    auto table = TranspositionTable::with_entries(1 << 14);
    EXPECT_THROW(load_table(table, "p", path), TableFileError) << "byte " << at;
    EXPECT_EQ(count(table), 0u) << "byte " << at;
  }
  for (std::size_t keep : {std::size_t{0}, std::size_t{10}, bytes.size() - 20, bytes.size() - 1}) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes.substr(0, keep);
    auto table = TranspositionTable::with_entries(1 << 14);
    EXPECT_THROW(load_table(table, "p", path), TableFileError) << "kept " << keep;
  }
  std::filesystem::remove(path);
}

TEST(TableFile, AnUnwritablePathThrowsAndLeavesNoPartialFile) {
  EXPECT_THROW(save_table(filled_table(), "p", "/nonexistent-dir/table"), TableFileError);
  EXPECT_THROW(load_table(*std::make_unique<TranspositionTable>(1), "p", "/nonexistent-dir/table"), TableFileError);
  // A device is refused, not replaced by the rename (as root it could be).
  EXPECT_THROW(save_table(filled_table(), "p", "/dev/null"), TableFileError);
  EXPECT_TRUE(std::filesystem::is_character_file("/dev/null"));
}

// Saving replaces the old file whole.
TEST(TableFile, ASaveReplacesTheOldFile) {
  const std::string path = temp_path("replace");
  save_table(filled_table(), "first", path);
  auto empty = TranspositionTable::with_entries(64);
  EXPECT_EQ(save_table(empty, "second", path).records, 0u);
  EXPECT_EQ(read_table_context(path), "second");
  EXPECT_FALSE(std::filesystem::exists(path + ".partial"));
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace dfpn::tt
