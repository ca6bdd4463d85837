// One entry point for graph files: picks the format from the extension
// (.gr, .mtx, .txt/.el/.edges, .hyg, each optionally + .gz) or explicitly.
#pragma once

#include <string>

#include "hy_graph/csr.hpp"
#include "hy_graph/edge_list.hpp"
#include "hy_graph/io_edgelist.hpp"

namespace hy::graph {

enum class file_format { automatic, dimacs, mtx, edgelist, binary };

// Format of a path by extension (".gz" stripped first). Throws format_error
// for unknown extensions and for DIMACS coordinate files (.co).
file_format format_from_path(const std::string& path);
// "dimacs"/"gr", "mtx", "edgelist"/"snap"/"el"/"txt", "binary"/"hyg", "auto".
file_format parse_format(const std::string& name);
const char* format_name(file_format f);

struct read_options {
  file_format format = file_format::automatic;
  edgelist_options edgelist;
};

template <class W>
edge_list<W> read_edge_list(const std::string& path, const read_options& opt = {});
// Reads and builds CSR (binary files load directly, without the policy pass).
template <class W>
csr<W> read_csr(const std::string& path, const read_options& opt = {},
                const edge_policy& policy = {});

// Writes in the format of the path (or `f`); .gz compresses.
template <class W>
void write_graph(const std::string& path, const edge_list<W>& g,
                 file_format f = file_format::automatic);
template <class W>
void write_graph(const std::string& path, const csr<W>& g,
                 file_format f = file_format::automatic);

}  // namespace hy::graph
