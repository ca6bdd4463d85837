// The all-pairs distance file the FW and Johnson samples write and FW's
// --compare reads (samples/floyd_warshall/README.md, "Result file"): one
// header writer and reader, so the two samples cannot drift apart.
//   "HYFWDIST"  u32 version = 1  u32 type (1 int32, 2 float)  u64 n
// then n x n distances row-major, little-endian; unreachable = infinity.
#pragma once

#include <cstdint>
#include <cstring>
#include <istream>
#include <ostream>
#include <string>
#include <type_traits>
#include <vector>

#include <hy_graph/cli.hpp>

namespace hy::graph {

// Integer weights are stored as int32, real ones as float (the type FW
// computes in; Johnson's double results are narrowed when written).
template <class W>
constexpr std::uint32_t distance_type_code() {
  return std::is_floating_point_v<W> ? 2u : 1u;
}

template <class W>
void write_distance_header(std::ostream& f, std::uint64_t n) {
  const std::uint32_t version = 1, type = distance_type_code<W>();
  f.write("HYFWDIST", 8);
  f.write(reinterpret_cast<const char*>(&version), 4);
  f.write(reinterpret_cast<const char*>(&type), 4);
  f.write(reinterpret_cast<const char*>(&n), 8);
}

// Writes one row of distances in the file's type (double -> float).
template <class W>
void write_distance_row(std::ostream& f, const W* row, std::size_t count) {
  if constexpr (std::is_floating_point_v<W> && !std::is_same_v<W, float>) {
    std::vector<float> r(row, row + count);
    f.write(reinterpret_cast<const char*>(r.data()), static_cast<std::streamsize>(count * sizeof(float)));
  } else {
    static_assert(sizeof(W) == 4, "distance files hold int32 or float values");
    f.write(reinterpret_cast<const char*>(row), static_cast<std::streamsize>(count * sizeof(W)));
  }
}

// Reads and checks the header of a distance file for n vertices of type W
// (the values follow); a usage_error says what does not fit.
template <class W>
void read_distance_header(std::istream& f, const std::string& path, std::uint64_t n) {
  if (!f) throw usage_error("cannot open result file '" + path + "'");
  char magic[8];
  std::uint32_t version = 0, type = 0;
  std::uint64_t nn = 0;
  f.read(magic, 8);
  f.read(reinterpret_cast<char*>(&version), 4);
  f.read(reinterpret_cast<char*>(&type), 4);
  f.read(reinterpret_cast<char*>(&nn), 8);
  if (!f || std::memcmp(magic, "HYFWDIST", 8) != 0 || version != 1)
    throw usage_error("'" + path + "' is not a fw result file");
  if (type != distance_type_code<W>())
    throw usage_error("'" + path + "' holds " + (type == 1 ? "int32" : "float") +
                      " distances; run with the same --weights");
  if (nn != n)
    throw usage_error("'" + path + "' is for n = " + std::to_string(nn) + ", this graph has n = " +
                      std::to_string(n));
}

} // namespace hy::graph
