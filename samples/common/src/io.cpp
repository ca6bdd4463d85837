// Format dispatch: extension -> reader/writer, and the CSR shortcut for
// binary caches.
#include "hy_graph/io.hpp"

#include <sstream>

#include "hy_graph/io_binary.hpp"
#include "hy_graph/io_dimacs.hpp"
#include "hy_graph/io_edgelist.hpp"
#include "hy_graph/io_mtx.hpp"
#include "instantiate.hpp"
#include "text_input.hpp"

namespace hy::graph {

static bool ends_with(const std::string& s, const std::string& suf) {
  return s.size() >= suf.size() && s.compare(s.size() - suf.size(), suf.size(), suf) == 0;
}

file_format format_from_path(const std::string& path) {
  std::string p = path;
  if (ends_with(p, ".gz")) p.resize(p.size() - 3);
  if (ends_with(p, ".gr")) return file_format::dimacs;
  if (ends_with(p, ".mtx")) return file_format::mtx;
  if (ends_with(p, ".txt") || ends_with(p, ".el") || ends_with(p, ".edges"))
    return file_format::edgelist;
  if (ends_with(p, ".hyg")) return file_format::binary;
  if (ends_with(p, ".co"))
    throw format_error(path, 0, "DIMACS coordinate file (.co) holds no edges; give the .gr file");
  throw format_error(path, 0,
                     "unknown graph file extension (expected .gr, .mtx, .txt, .el, .edges or "
                     ".hyg, optionally .gz; or name the format)");
}

file_format parse_format(const std::string& s) {
  if (s == "auto") return file_format::automatic;
  if (s == "dimacs" || s == "gr") return file_format::dimacs;
  if (s == "mtx" || s == "matrixmarket") return file_format::mtx;
  if (s == "edgelist" || s == "snap" || s == "el" || s == "txt") return file_format::edgelist;
  if (s == "binary" || s == "hyg") return file_format::binary;
  throw std::invalid_argument("unknown graph format '" + s +
                              "' (expected auto, dimacs, mtx, edgelist or binary)");
}

const char* format_name(file_format f) {
  switch (f) {
    case file_format::automatic: return "auto";
    case file_format::dimacs: return "dimacs";
    case file_format::mtx: return "mtx";
    case file_format::edgelist: return "edgelist";
    case file_format::binary: return "binary";
  }
  return "?";
}

static file_format resolve(const std::string& path, file_format f) {
  return f == file_format::automatic ? format_from_path(path) : f;
}

template <class W>
edge_list<W> read_edge_list(const std::string& path, const read_options& opt) {
  switch (resolve(path, opt.format)) {
    case file_format::dimacs: return read_dimacs_file<W>(path);
    case file_format::mtx: return read_mtx_file<W>(path);
    case file_format::edgelist: return read_edgelist_file<W>(path, opt.edgelist);
    case file_format::binary: return to_edge_list(read_binary<W>(path));
    case file_format::automatic: break;
  }
  throw std::logic_error("unreachable");
}

template <class W>
csr<W> read_csr(const std::string& path, const read_options& opt, const edge_policy& policy) {
  if (resolve(path, opt.format) == file_format::binary) return read_binary<W>(path);
  return to_csr(read_edge_list<W>(path, opt), policy);
}

template <class W>
void write_graph(const std::string& path, const edge_list<W>& g, file_format f) {
  f = resolve(path, f);
  if (f == file_format::binary) return write_binary(path, to_csr(g, {self_loop_policy::keep,
                                                                      duplicate_policy::keep}));
  std::ostringstream out;
  if (f == file_format::dimacs) write_dimacs(out, g);
  if (f == file_format::mtx) write_mtx(out, g);
  if (f == file_format::edgelist) write_edgelist(out, g);
  detail::write_file(path, out.str());
}

template <class W>
void write_graph(const std::string& path, const csr<W>& g, file_format f) {
  f = resolve(path, f);
  if (f == file_format::binary) return write_binary(path, g);
  write_graph(path, to_edge_list(g), f);
}

#define INST(W)                                                                          \
  template edge_list<W> read_edge_list<W>(const std::string&, const read_options&);     \
  template csr<W> read_csr<W>(const std::string&, const read_options&, const edge_policy&); \
  template void write_graph<W>(const std::string&, const edge_list<W>&, file_format);   \
  template void write_graph<W>(const std::string&, const csr<W>&, file_format);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph
