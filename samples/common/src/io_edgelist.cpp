// SNAP-style edge list reader and writer (format in io_edgelist.hpp).
#include "hy_graph/io_edgelist.hpp"

#include <algorithm>
#include <limits>

#include "instantiate.hpp"
#include "text_input.hpp"

namespace hy::graph {

using detail::line_reader;
using detail::parse_int;

static constexpr const char* kHeader = "# hy_graph edge list:";

template <class W>
edge_list<W> read_edgelist(std::string_view text, const std::string& name,
                           const edgelist_options& opt) {
  line_reader r(text, name);
  edge_list<W> g;
  g.directed = true;
  std::size_t width = 0;  // 2 or 3, fixed by the first data line
  long first_line = 0;
  const long long base = opt.one_based ? 1 : 0;
  const long long max_id = std::numeric_limits<vid>::max() - 1 + base;
  long long n = 0;
  while (r.next()) {
    const auto& f = r.fields();
    if (f.empty()) continue;
    if (f[0][0] == '#' || f[0][0] == '%') {
      // Our own header keeps n (isolated vertices) and directedness.
      if (r.number() == 1 && r.line().rfind(kHeader, 0) == 0) {
        for (auto t : f) {
          if (t.substr(0, 2) == "n=") n = parse_int(r, t.substr(2), "vertex count");
          if (t == "undirected") g.directed = false;
        }
      }
      // SNAP files announce themselves: "# Undirected graph: ca-GrQc.txt".
      if (!width && r.line().rfind("# Undirected graph", 0) == 0) g.directed = false;
      continue;
    }
    if (f.size() != 2 && f.size() != 3)
      r.fail("expected '<u> <v>' or '<u> <v> <weight>', found " + std::to_string(f.size()) +
             " fields");
    if (!width) {
      width = f.size();
      first_line = r.number();
    } else if (f.size() != width) {
      r.fail("line has " + std::to_string(f.size()) + " fields but line " +
             std::to_string(first_line) + " has " + std::to_string(width) +
             " (weights must be on every line or on none)");
    }
    long long ids[2];
    for (int k = 0; k < 2; ++k) {
      ids[k] = parse_int(r, f[k], "vertex id");
      if (ids[k] < base || ids[k] > max_id)
        r.fail("vertex id " + std::string(f[k]) + " out of range [" + std::to_string(base) + ", " +
               std::to_string(max_id) + "]");
      ids[k] -= base;
      n = std::max(n, ids[k] + 1);
    }
    W w = width == 3 ? detail::parse_weight<W>(r, f[2]) : W{1};
    g.add(static_cast<vid>(ids[0]), static_cast<vid>(ids[1]), w);
  }
  g.n = static_cast<vid>(n);
  g.weighted = width == 3;
  return g;
}

template <class W>
edge_list<W> read_edgelist_file(const std::string& path, const edgelist_options& opt) {
  return read_edgelist<W>(detail::read_file(path), path, opt);
}

template <class W>
void write_edgelist(std::ostream& out, const edge_list<W>& g) {
  std::string s = std::string(kHeader) + " n=" + std::to_string(g.n) +
                  " m=" + std::to_string(g.edges.size()) +
                  (g.directed ? " directed\n" : " undirected\n");
  out << s;
  detail::write_edge_lines(out, g, "", 0, g.weighted, false);
}

#define INST(W)                                                                          \
  template edge_list<W> read_edgelist<W>(std::string_view, const std::string&,          \
                                         const edgelist_options&);                       \
  template edge_list<W> read_edgelist_file<W>(const std::string&, const edgelist_options&); \
  template void write_edgelist<W>(std::ostream&, const edge_list<W>&);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph
