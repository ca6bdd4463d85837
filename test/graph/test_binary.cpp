// Binary .hyg cache: round trips, weight conversion rules, and every kind of
// damaged file (magic, version, truncation, trailing bytes, bad arrays).
#include <cstring>
#include <fstream>

#include "hy_graph/generators.hpp"
#include "hy_graph/io_binary.hpp"
#include "test_util.hpp"

using namespace hy::graph;

namespace {
csr<int> sample_graph() {
  return to_csr(generate_er_m<int>(50, 200, true, 7, weight_spec::parse("int:1000")));
}
std::string slurp(const std::string& p) {
  std::ifstream f(p, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}
void spit(const std::string& p, const std::string& s) {
  std::ofstream f(p, std::ios::binary);
  f << s;
}
template <class W>
void expect_same(const csr<W>& a, const csr<W>& b) {
  EXPECT_EQ(a.n, b.n);
  EXPECT_EQ(a.directed, b.directed);
  EXPECT_EQ(a.weighted, b.weighted);
  EXPECT_EQ(a.offsets, b.offsets);
  EXPECT_EQ(a.cols, b.cols);
  EXPECT_EQ(a.weights, b.weights);
}
}  // namespace

TEST(Binary, RoundTripEachWeightType) {
  const auto gi = sample_graph();
  const std::string p = temp_path("g.hyg");
  write_binary(p, gi);
  expect_same(read_binary<int>(p), gi);

  auto gd = to_csr(generate_ba<double>(100, 3, 5, weight_spec::parse("real")));
  write_binary(p, gd);
  expect_same(read_binary<double>(p), gd);
  EXPECT_FALSE(read_binary<double>(p).directed);

  auto gf = to_csr(generate_grid<float>(4, 5, true, 1, weight_spec::parse("real")));
  gf.weighted = false;
  write_binary(p, gf);
  expect_same(read_binary<float>(p), gf);
}

TEST(Binary, EmptyGraph) {
  csr<double> g;
  const std::string p = temp_path("e.hyg");
  write_binary(p, g);
  EXPECT_EQ(slurp(p).size(), 48u + 8u);
  expect_same(read_binary<double>(p), g);
}

TEST(Binary, ExactWeightConversionOnly) {
  const auto gi = sample_graph();
  const std::string p = temp_path("g.hyg");
  write_binary(p, gi);
  auto gd = read_binary<double>(p);
  ASSERT_EQ(gd.weights.size(), gi.weights.size());
  for (std::size_t k = 0; k < gi.weights.size(); ++k) EXPECT_EQ(gd.weights[k], gi.weights[k]);
  write_binary(p, gd);
  EXPECT_FORMAT_ERROR(read_binary<int>(p),
                      p + ": stores double weights, which do not convert exactly to int32");
  EXPECT_FORMAT_ERROR(read_binary<float>(p),
                      p + ": stores double weights, which do not convert exactly to float");
}

TEST(Binary, DamagedFiles) {
  const auto g = sample_graph();
  const std::string p = temp_path("g.hyg"), q = temp_path("bad.hyg");
  write_binary(p, g);
  const std::string good = slurp(p);

  spit(q, good.substr(0, 20));
  EXPECT_FORMAT_ERROR(read_binary<int>(q),
                      q + ": truncated binary graph: 20 bytes, the header alone needs 48");
  spit(q, good.substr(0, good.size() - 4));
  EXPECT_FORMAT_ERROR(read_binary<int>(q), q + ": truncated binary graph: header says n=50 m=200, file has " +
                                               std::to_string(good.size() - 4) + " bytes");
  spit(q, good + "x");
  EXPECT_FORMAT_ERROR(read_binary<int>(q), q + ": oversized binary graph: header says n=50 m=200, file has " +
                                               std::to_string(good.size() + 1) + " bytes");
  std::string s = good;
  s[0] = 'X';
  spit(q, s);
  EXPECT_FORMAT_ERROR(read_binary<int>(q), q + ": not a hy_graph binary file (bad magic)");
  s = good;
  s[8] = 9;  // version
  spit(q, s);
  EXPECT_FORMAT_ERROR(read_binary<int>(q), q + ": unsupported binary graph version 9");
  s = good;
  s[44] = 1;  // reserved bytes must be zero
  spit(q, s);
  EXPECT_FORMAT_ERROR(read_binary<int>(q), q + ": corrupt binary graph header (reserved bytes)");
  s = good;
  const std::int32_t bad_col = 77;  // first column out of [0, 50)
  std::memcpy(&s[48 + 51 * 8], &bad_col, 4);
  spit(q, s);
  EXPECT_FORMAT_ERROR(read_binary<int>(q),
                      q + ": corrupt binary graph: invalid CSR: column 77 at arc 0 out of range");
  s = good;
  const std::int64_t big_m = std::int64_t{1} << 40;  // must not try to allocate
  std::memcpy(&s[32], &big_m, 8);
  spit(q, s);
  EXPECT_THROW(read_binary<int>(q), format_error);
  EXPECT_FORMAT_ERROR(read_binary<int>(temp_path("missing.hyg")),
                      temp_path("missing.hyg") + ": cannot open: No such file or directory");
}
