// DIMACS .gr reader and writer (format described in io_dimacs.hpp).
#include "hy_graph/io_dimacs.hpp"

#include <algorithm>
#include <limits>

#include "instantiate.hpp"
#include "text_input.hpp"

namespace hy::graph {

using detail::line_reader;
using detail::parse_int;
using detail::quote;

template <class W>
edge_list<W> read_dimacs(std::string_view text, const std::string& name) {
  line_reader r(text, name);
  edge_list<W> g;
  long long n = -1, m = -1;
  long p_line = 0;
  long long count = 0;
  while (r.next()) {
    const auto& f = r.fields();
    if (f.empty() || f[0][0] == 'c') continue;
    if (f[0] == "p") {
      if (f.size() >= 2 && f[1] == "aux")
        r.fail("this is a DIMACS coordinate file ('p aux sp co'), not a graph; give the .gr file");
      if (p_line) r.fail("second problem line (the first is on line " + std::to_string(p_line) + ")");
      if (f.size() != 4 || f[1] != "sp")
        r.fail("bad problem line: expected 'p sp <nodes> <arcs>'");
      n = parse_int(r, f[2], "node count");
      m = parse_int(r, f[3], "arc count");
      if (n < 0 || n >= std::numeric_limits<vid>::max())
        r.fail("node count " + std::to_string(n) + " out of range");
      if (m < 0) r.fail("negative arc count " + std::to_string(m));
      p_line = r.number();
      g.n = static_cast<vid>(n);
      // Do not trust m blindly for the allocation: an arc line has >= 7 bytes.
      g.edges.reserve(static_cast<std::size_t>(std::min<long long>(m, text.size() / 7 + 1)));
    } else if (f[0] == "a") {
      if (!p_line) r.fail("arc line before the problem line 'p sp <nodes> <arcs>'");
      if (f.size() != 4)
        r.fail("arc line needs 'a <u> <v> <w>', found " + std::to_string(f.size()) + " fields");
      long long ids[2];
      for (int k = 0; k < 2; ++k) {
        ids[k] = parse_int(r, f[1 + k], "vertex id");
        if (ids[k] < 1 || ids[k] > n)
          r.fail("vertex id " + std::string(f[1 + k]) + " out of range [1, " + std::to_string(n) +
                 "]");
      }
      W w = detail::parse_weight<W>(r, f[3]);
      if (++count > m)
        r.fail("more arcs than the " + std::to_string(m) + " declared on line " +
               std::to_string(p_line));
      g.add(static_cast<vid>(ids[0] - 1), static_cast<vid>(ids[1] - 1), w);
    } else if (f[0] == "v") {
      r.fail("coordinate line 'v': this is a DIMACS .co file, not a graph; give the .gr file");
    } else {
      r.fail("unknown line type " + quote(f[0]) + " (expected c, p or a)");
    }
  }
  if (!p_line) throw format_error(name, r.number(), "no problem line 'p sp <nodes> <arcs>'");
  if (count != m)
    throw format_error(name, r.number(),
                       "expected " + std::to_string(m) + " arcs (line " + std::to_string(p_line) +
                           "), found " + std::to_string(count) + " (truncated file?)");
  return g;
}

template <class W>
edge_list<W> read_dimacs_file(const std::string& path) {
  return read_dimacs<W>(detail::read_file(path), path);
}

template <class W>
void write_dimacs(std::ostream& out, const edge_list<W>& in) {
  const edge_list<W> g = to_arcs(in);
  std::string s = "c written by hy_graph\np sp " + std::to_string(g.n) + " " +
                  std::to_string(g.edges.size()) + "\n";
  out << s;
  detail::write_edge_lines(out, g, "a ", 1, true, false);
}

#define INST(W)                                                                   \
  template edge_list<W> read_dimacs<W>(std::string_view, const std::string&);    \
  template edge_list<W> read_dimacs_file<W>(const std::string&);                 \
  template void write_dimacs<W>(std::ostream&, const edge_list<W>&);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph
