// Matrix Market coordinate format (.mtx): reader and writer.
//   %%MatrixMarket matrix coordinate <pattern|integer|real> <general|symmetric>
//   % comments / blank lines
//   <rows> <cols> <nnz>      rows must equal cols
//   <i> <j> [value]          1-based, exactly nnz lines; entry (i,j) = edge i -> j
// general -> directed list; symmetric -> undirected list (each entry once).
// pattern entries get weight 1 and weighted = false.
#pragma once

#include <ostream>
#include <string>
#include <string_view>

#include "hy_graph/edge_list.hpp"

namespace hy::graph {

template <class W>
edge_list<W> read_mtx(std::string_view text, const std::string& name);
template <class W>
edge_list<W> read_mtx_file(const std::string& path);

// Directed lists are written "general", undirected ones "symmetric" (entries
// in the lower triangle); unweighted lists as "pattern"; int32 as "integer".
template <class W>
void write_mtx(std::ostream& out, const edge_list<W>& g);

}  // namespace hy::graph
