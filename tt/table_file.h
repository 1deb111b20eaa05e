// The table on disk: how a long solve survives a stop (checkpoint, resume)
// and how a GTP engine keeps what it learnt.
//
// File layout (integers little-endian, as on every machine we build for):
//
//   offset      size   field
//   ----------  -----  ----------------------------------------------------
//            0      8  magic "DFPNTT" 0x00 0x01
//            8      4  format version (kVersion)
//           12      4  context length C
//           16      C  context: what the table was searched for (problem,
//                      settings), an opaque string the caller compares
//         16+C   20·N  records: key (8) | pn (4) | dn (4) | work (4)
//    16+C+20·N      8  record count N
//    24+C+20·N      8  FNV-1a 64 of every byte before it
//
// Records come most valuable first: solved entries, then unsolved ones by
// the work below them, most first (to a factor of 16). `load` stores them in
// the reverse order, so when the table is smaller than the saved one the
// most valuable entries are stored last and win their buckets.
//
// A table is saved while searches may still write it: each record is a
// consistent entry (entry.h's seqlock), and one that changes during the
// save is written as it was when read, or twice (the later copy wins), or,
// moved between work classes, not at all. Every record is a true entry
// either way; a checkpoint is a snapshot, not a barrier.
#pragma once

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <bit>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "tt/table.h"

namespace dfpn::tt {

struct TableFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

namespace table_file_detail {

inline constexpr char kMagic[8] = {'D', 'F', 'P', 'N', 'T', 'T', 0x00, 0x01};
inline constexpr std::uint32_t kVersion = 1;
inline constexpr std::size_t kRecordBytes = 20;
inline constexpr std::size_t kChunkRecords = 4096;

struct Fnv1a {
  std::uint64_t hash = 0xcbf29ce484222325ull;
  void add(const unsigned char* bytes, std::size_t size) {
    for (std::size_t i = 0; i < size; ++i) hash = (hash ^ bytes[i]) * 0x100000001b3ull;
  }
};

inline void put_bytes(std::vector<unsigned char>& out, const void* bytes, std::size_t size) {
  const std::size_t at = out.size();
  out.resize(at + size);
  if (size > 0) std::memcpy(out.data() + at, bytes, size);
}
template <class T>
void put(std::vector<unsigned char>& out, T value) {
  static_assert(std::endian::native == std::endian::little, "the file format is little-endian");
  put_bytes(out, &value, sizeof(T));
}
template <class T>
T get(const unsigned char* bytes) {
  T value;
  std::memcpy(&value, bytes, sizeof(T));
  return value;
}

inline std::string system_error(const std::string& what, const std::string& path) {
  return what + " '" + path + "': " + std::strerror(errno);
}

// A file written through a buffer, checksummed as it goes.
class Writer {
 public:
  Writer(const std::string& path) : path_(path), fd_(::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644)) {
    if (fd_ < 0) throw TableFileError(system_error("cannot write", path));
  }
  ~Writer() {
    if (fd_ >= 0) ::close(fd_);
  }
  std::vector<unsigned char>& buffer() { return buffer_; }
  void flush() {
    checksum_.add(buffer_.data(), buffer_.size());
    write_raw(buffer_);
    buffer_.clear();
  }
  // Writes the checksum, then makes the file durable before it is renamed.
  void finish() {
    flush();
    put(buffer_, checksum_.hash);
    write_raw(buffer_);
    if (::fsync(fd_) != 0 || ::close(fd_) != 0) {
      fd_ = -1;
      throw TableFileError(system_error("cannot write", path_));
    }
    fd_ = -1;
  }

 private:
  void write_raw(const std::vector<unsigned char>& bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
      const ssize_t n = ::write(fd_, bytes.data() + done, bytes.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw TableFileError(system_error("cannot write", path_));
      done += std::size_t(n);
    }
  }

  std::string path_;
  int fd_;
  std::vector<unsigned char> buffer_;
  Fnv1a checksum_;
};

class Reader {
 public:
  explicit Reader(const std::string& path) : path_(path), fd_(::open(path.c_str(), O_RDONLY)) {
    if (fd_ < 0) throw TableFileError(system_error("cannot read", path));
    struct stat info {};
    if (::fstat(fd_, &info) != 0) throw TableFileError(system_error("cannot read", path));
    size_ = std::uint64_t(info.st_size);
  }
  ~Reader() { ::close(fd_); }
  std::uint64_t size() const { return size_; }
  void read(std::uint64_t offset, unsigned char* into, std::size_t count) const {
    std::size_t done = 0;
    while (done < count) {
      const ssize_t n = ::pread(fd_, into + done, count - done, off_t(offset + done));
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) throw TableFileError(path_ + ": not a table file (cut short)");
      done += std::size_t(n);
    }
  }

 private:
  std::string path_;
  int fd_;
  std::uint64_t size_ = 0;
};

// Work classes of unsolved entries, most work first: bit_width(work) / 4.
inline constexpr int kWorkClasses = 9;
inline int work_class(std::uint32_t work) { return std::bit_width(work) / 4; }

}  // namespace table_file_detail

struct TableFileStats {
  std::uint64_t records = 0;  // saved, or read from the file
  std::uint64_t solved = 0;
};

// Saves every entry of `table` with `context` to `path`, atomically: the
// file is written beside it, made durable, then renamed over it, so a crash
// leaves the old file or the new one, never half of one. Throws
// TableFileError when it cannot write.
inline TableFileStats save_table(const TranspositionTable& table, const std::string& context,
                                 const std::string& path) {
  using namespace table_file_detail;
  struct stat existing {};
  if (::stat(path.c_str(), &existing) == 0 && !S_ISREG(existing.st_mode))
    throw TableFileError("cannot write '" + path + "': not a regular file");
  const std::string partial = path + ".partial";
  TableFileStats stats;
  {
    Writer out(partial);
    auto& buffer = out.buffer();
    put_bytes(buffer, kMagic, 8);
    put(buffer, kVersion);
    put(buffer, std::uint32_t(context.size()));
    put_bytes(buffer, context.data(), context.size());
    // One pass for the solved entries, then one per non-empty work class.
    std::array<std::uint64_t, kWorkClasses> per_class{};
    table.for_each([&](std::uint64_t, const EntryData& e) {
      if (!e.solved()) ++per_class[work_class(e.work)];
    });
    auto write_pass = [&](auto wanted) {
      table.for_each([&](std::uint64_t key, const EntryData& e) {
        if (!wanted(e)) return;
        put(buffer, key);
        put(buffer, e.numbers.pn);
        put(buffer, e.numbers.dn);
        put(buffer, e.work);
        ++stats.records;
        stats.solved += e.solved();
        if (buffer.size() >= kChunkRecords * kRecordBytes) out.flush();
      });
    };
    write_pass([](const EntryData& e) { return e.solved(); });
    for (int c = kWorkClasses - 1; c >= 0; --c)
      if (per_class[std::size_t(c)] > 0)
        write_pass([c](const EntryData& e) { return !e.solved() && work_class(e.work) == c; });
    put(buffer, stats.records);
    out.finish();
  }
  if (std::rename(partial.c_str(), path.c_str()) != 0) {
    const std::string error = system_error("cannot write", path);
    std::remove(partial.c_str());
    throw TableFileError(error);
  }
  return stats;
}

// The context a table file was saved with (checks the header only).
inline std::string read_table_context(const std::string& path) {
  using namespace table_file_detail;
  Reader in(path);
  if (in.size() < 32) throw TableFileError(path + ": not a table file (too short)");
  unsigned char header[16];
  in.read(0, header, 16);
  if (std::memcmp(header, kMagic, 8) != 0) throw TableFileError(path + ": not a table file (no dfpn header)");
  if (get<std::uint32_t>(header + 8) != kVersion)
    throw TableFileError(path + ": table file version " + std::to_string(get<std::uint32_t>(header + 8)) +
                         ", this build reads version " + std::to_string(kVersion));
  const std::uint32_t length = get<std::uint32_t>(header + 12);
  if (length > in.size() - 32) throw TableFileError(path + ": not a table file (bad context length)");
  std::string context(length, '\0');
  in.read(16, reinterpret_cast<unsigned char*>(context.data()), length);
  return context;
}

// Loads a table file saved with exactly `context` into `table` (which keeps
// what it holds; loaded entries count as the current generation). The whole
// file is checked (size, count, checksum) before anything is stored, so a
// damaged file leaves the table as it was. Throws TableFileError.
inline TableFileStats load_table(TranspositionTable& table, const std::string& context, const std::string& path) {
  using namespace table_file_detail;
  if (read_table_context(path) != context) throw TableFileError(path + ": saved for another problem or other settings");
  Reader in(path);
  const std::uint64_t records_at = 16 + context.size();
  const std::uint64_t body = in.size() - records_at - 16;
  if (body % kRecordBytes != 0) throw TableFileError(path + ": damaged (size)");
  TableFileStats stats;
  stats.records = body / kRecordBytes;
  unsigned char footer[16];
  in.read(in.size() - 16, footer, 16);
  if (get<std::uint64_t>(footer) != stats.records) throw TableFileError(path + ": damaged (record count)");
  Fnv1a checksum;
  std::vector<unsigned char> chunk(kChunkRecords * kRecordBytes);
  for (std::uint64_t at = 0; at < in.size() - 8; at += chunk.size()) {
    const std::size_t n = std::size_t(std::min<std::uint64_t>(chunk.size(), in.size() - 8 - at));
    in.read(at, chunk.data(), n);
    checksum.add(chunk.data(), n);
  }
  if (checksum.hash != get<std::uint64_t>(footer + 8)) throw TableFileError(path + ": damaged (checksum)");
  // Least valuable first, so the most valuable are stored last.
  for (std::uint64_t end = stats.records; end > 0;) {
    const std::uint64_t begin = end > kChunkRecords ? end - kChunkRecords : 0;
    in.read(records_at + begin * kRecordBytes, chunk.data(), std::size_t((end - begin) * kRecordBytes));
    for (std::uint64_t i = end - begin; i-- > 0;) {
      const unsigned char* r = chunk.data() + i * kRecordBytes;
      EntryData data;
      data.numbers.pn = get<std::uint32_t>(r + 8);
      data.numbers.dn = get<std::uint32_t>(r + 12);
      data.work = get<std::uint32_t>(r + 16);
      stats.solved += data.solved();
      table.store(get<std::uint64_t>(r), data);
    }
    end = begin;
  }
  return stats;
}

}  // namespace dfpn::tt
