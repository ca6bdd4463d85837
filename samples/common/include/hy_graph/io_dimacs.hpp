// DIMACS shortest-path format (9th DIMACS challenge, .gr): reader and writer.
//   c <comment>            ignored (also blank lines)
//   p sp <n> <m>           exactly once, before any arc
//   a <u> <v> <w>          1-based ids in [1, n]; exactly m arc lines
// Coordinate files (.co, "p aux sp co n", "v id x y") are recognised and
// refused with a format_error that says to pass the .gr file instead.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "hy_graph/edge_list.hpp"

namespace hy::graph {

// `name` is used in error messages. Result: directed, weighted, 0-based ids.
template <class W>
edge_list<W> read_dimacs(std::string_view text, const std::string& name);
template <class W>
edge_list<W> read_dimacs_file(const std::string& path);

// Writes "p sp n m" and one "a" line per arc (undirected edges as two arcs).
template <class W>
void write_dimacs(std::ostream& out, const edge_list<W>& g);

}  // namespace hy::graph
