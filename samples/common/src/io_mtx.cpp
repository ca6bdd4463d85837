// Matrix Market coordinate reader and writer (format in io_mtx.hpp).
#include "hy_graph/io_mtx.hpp"

#include <algorithm>
#include <cctype>
#include <limits>
#include <type_traits>

#include "instantiate.hpp"
#include "text_input.hpp"

namespace hy::graph {

using detail::line_reader;
using detail::parse_int;
using detail::quote;

static std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

template <class W>
edge_list<W> read_mtx(std::string_view text, const std::string& name) {
  line_reader r(text, name);
  if (!r.next()) throw format_error(name, 0, "empty file, expected a '%%MatrixMarket' banner");
  const auto& b = r.fields();
  if (b.empty() || lower(b[0]) != "%%matrixmarket")
    r.fail("missing '%%MatrixMarket' banner");
  if (b.size() != 5)
    r.fail("banner needs '%%MatrixMarket matrix coordinate <field> <symmetry>'");
  if (lower(b[1]) != "matrix") r.fail("unsupported object " + quote(b[1]) + " (expected matrix)");
  if (lower(b[2]) == "array")
    r.fail("dense 'array' Matrix Market files are not supported; use 'coordinate'");
  if (lower(b[2]) != "coordinate") r.fail("unknown format " + quote(b[2]));
  const std::string field = lower(b[3]), sym = lower(b[4]);
  if (field != "pattern" && field != "integer" && field != "real" && field != "double")
    r.fail("unsupported field " + quote(b[3]) + " (expected pattern, integer or real)");
  if (sym != "general" && sym != "symmetric")
    r.fail("unsupported symmetry " + quote(b[4]) + " (expected general or symmetric)");
  const bool pattern = field == "pattern";

  edge_list<W> g;
  g.directed = sym == "general";
  g.weighted = !pattern;
  long long n = -1, nnz = -1, count = 0;
  long size_line = 0;
  while (r.next()) {
    const auto& f = r.fields();
    if (f.empty() || f[0][0] == '%') continue;
    if (!size_line) {
      if (f.size() != 3) r.fail("size line needs '<rows> <cols> <entries>'");
      long long rows = parse_int(r, f[0], "row count");
      long long cols = parse_int(r, f[1], "column count");
      nnz = parse_int(r, f[2], "entry count");
      if (rows != cols)
        r.fail("matrix is " + std::to_string(rows) + " x " + std::to_string(cols) +
               "; a graph needs a square matrix");
      if (rows < 0 || rows >= std::numeric_limits<vid>::max())
        r.fail("row count " + std::to_string(rows) + " out of range");
      if (nnz < 0) r.fail("negative entry count");
      n = rows;
      g.n = static_cast<vid>(n);
      size_line = r.number();
      g.edges.reserve(static_cast<std::size_t>(std::min<long long>(nnz, text.size() / 4 + 1)));
      continue;
    }
    const std::size_t want = pattern ? 2 : 3;
    if (f.size() != want)
      r.fail("entry needs " + std::to_string(want) + " fields, found " + std::to_string(f.size()));
    long long ids[2];
    for (int k = 0; k < 2; ++k) {
      ids[k] = parse_int(r, f[k], "vertex id");
      if (ids[k] < 1 || ids[k] > n)
        r.fail("vertex id " + std::string(f[k]) + " out of range [1, " + std::to_string(n) + "]");
    }
    W w = W{1};
    if (!pattern) {
      if (field == "integer" && f[2].find_first_of(".eE") != std::string_view::npos)
        r.fail("non-integer value " + quote(f[2]) + " in an 'integer' file");
      w = detail::parse_weight<W>(r, f[2]);
    }
    if (++count > nnz)
      r.fail("more entries than the " + std::to_string(nnz) + " declared on line " +
             std::to_string(size_line));
    g.add(static_cast<vid>(ids[0] - 1), static_cast<vid>(ids[1] - 1), w);
  }
  if (!size_line) throw format_error(name, r.number(), "missing size line '<rows> <cols> <entries>'");
  if (count != nnz)
    throw format_error(name, r.number(),
                       "expected " + std::to_string(nnz) + " entries (line " +
                           std::to_string(size_line) + "), found " + std::to_string(count) +
                           " (truncated file?)");
  return g;
}

template <class W>
edge_list<W> read_mtx_file(const std::string& path) {
  return read_mtx<W>(detail::read_file(path), path);
}

template <class W>
void write_mtx(std::ostream& out, const edge_list<W>& g) {
  const char* field = !g.weighted ? "pattern" : std::is_integral_v<W> ? "integer" : "real";
  std::string s = std::string("%%MatrixMarket matrix coordinate ") + field + " " +
                  (g.directed ? "general" : "symmetric") + "\n% written by hy_graph\n";
  s += std::to_string(g.n) + " " + std::to_string(g.n) + " " + std::to_string(g.edges.size()) +
       "\n";
  out << s;
  detail::write_edge_lines(out, g, "", 1, g.weighted, !g.directed);
}

#define INST(W)                                                             \
  template edge_list<W> read_mtx<W>(std::string_view, const std::string&); \
  template edge_list<W> read_mtx_file<W>(const std::string&);              \
  template void write_mtx<W>(std::ostream&, const edge_list<W>&);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph
