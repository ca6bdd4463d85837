// SNAP-style whitespace edge lists (.txt, .el, .edges):
//   # comment  or  % comment   ignored (also blank lines)
//   <u> <v> [w]                0-based ids (or 1-based if asked); either every
//                              line has a weight or none has
// n = largest id + 1 (ids are not renumbered). Directed, unless a comment
// before the first edge starts "# Undirected graph" (as SNAP writes it) or
// the file is our own undirected output; the caller may override.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "hy_graph/edge_list.hpp"

namespace hy::graph {

struct edgelist_options {
  bool one_based = false;  // ids start at 1 (then 0 is an error)
};

template <class W>
edge_list<W> read_edgelist(std::string_view text, const std::string& name,
                           const edgelist_options& opt = {});
template <class W>
edge_list<W> read_edgelist_file(const std::string& path, const edgelist_options& opt = {});

// "# hy_graph edge list: n=<n> m=<m> directed|undirected" then "u v [w]".
template <class W>
void write_edgelist(std::ostream& out, const edge_list<W>& g);

}  // namespace hy::graph
