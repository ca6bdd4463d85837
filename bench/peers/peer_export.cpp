// peer_export: writes one graph (the toolkit's binary .hyg, int32 weights)
// in the formats the peers of bench/peers read, so that every tool of the
// benchmark runs on the same file: GAP's weighted edge list (.wel: "u v w"
// per line, 0-based, no header, each undirected edge once, for GAP's
// converter with -s) and Gardenia's binary CSR (PREFIX.meta.txt "n m 4
// maxdeg", PREFIX.vertex.bin uint64 offsets, PREFIX.edge.bin int32 columns)
// plus PREFIX.weight.bin (int32, in the CSR's arc order), which our own
// Gardenia drivers load (Gardenia's main sets every weight to 1).
//
//   peer_export GRAPH.hyg --wel OUT.wel --gardenia PREFIX
#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include <hy_graph/io.hpp>

namespace g = hy::graph;

namespace {

struct out_file {
  std::FILE *f;
  explicit out_file(const std::string &path) : f(std::fopen(path.c_str(), "wb")) {
    if (!f)
      throw std::runtime_error("cannot write " + path);
  }
  void write(const void *p, std::size_t bytes) {
    if (std::fwrite(p, 1, bytes, f) != bytes)
      throw std::runtime_error("write failed (disk full?)");
  }
  ~out_file() { std::fclose(f); }
};

void write_wel(const g::csr<std::int32_t> &c, const std::string &path) {
  out_file out(path);
  std::vector<char> buf(1 << 22);
  std::size_t used = 0;
  long long lines = 0;
  for (g::vid u = 0; u < c.n; ++u)
    for (g::eid e = c.offsets[u]; e < c.offsets[u + 1]; ++e) {
      const g::vid v = c.cols[e];
      if (!c.directed && v < u)
        continue; // an undirected edge once; GAP's -s adds the other arc
      if (buf.size() - used < 64) {
        out.write(buf.data(), used);
        used = 0;
      }
      char *p = buf.data() + used, *end = buf.data() + buf.size();
      p = std::to_chars(p, end, u).ptr;
      *p++ = ' ';
      p = std::to_chars(p, end, v).ptr;
      *p++ = ' ';
      p = std::to_chars(p, end, c.weights[e]).ptr;
      *p++ = '\n';
      used = p - buf.data();
      ++lines;
    }
  out.write(buf.data(), used);
  std::printf("wrote %s: %lld edges%s\n", path.c_str(), lines,
              c.directed ? "" : " (each undirected edge once; give GAP -s)");
}

void write_gardenia(const g::csr<std::int32_t> &c, const std::string &prefix) {
  long long maxdeg = 0;
  for (g::vid u = 0; u < c.n; ++u)
    maxdeg = std::max<long long>(maxdeg, c.offsets[u + 1] - c.offsets[u]);
  {
    out_file meta(prefix + ".meta.txt");
    const std::string text = std::to_string(c.n) + " " + std::to_string(c.num_arcs()) + " 4 " +
                             std::to_string(maxdeg) + "\n";
    meta.write(text.data(), text.size());
  }
  static_assert(sizeof(c.offsets[0]) == 8 && sizeof(c.cols[0]) == 4, "Gardenia's bin layout");
  out_file(prefix + ".vertex.bin").write(c.offsets.data(), c.offsets.size() * 8);
  out_file(prefix + ".edge.bin").write(c.cols.data(), c.cols.size() * 4);
  out_file(prefix + ".weight.bin").write(c.weights.data(), c.weights.size() * 4);
  std::printf("wrote %s.{meta.txt,vertex.bin,edge.bin,weight.bin}: n %d, %lld arcs, max degree %lld\n",
              prefix.c_str(), c.n, static_cast<long long>(c.num_arcs()), maxdeg);
}

} // namespace

int main(int argc, char **argv) {
  std::string in, wel, gardenia;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--wel" || a == "--gardenia") && i + 1 < argc)
      (a == "--wel" ? wel : gardenia) = argv[++i];
    else if (in.empty() && a[0] != '-')
      in = a;
    else {
      std::fprintf(stderr, "usage: peer_export GRAPH.hyg [--wel OUT.wel] [--gardenia PREFIX]\n");
      return 2;
    }
  }
  if (in.empty()) {
    std::fprintf(stderr, "usage: peer_export GRAPH.hyg [--wel OUT.wel] [--gardenia PREFIX]\n");
    return 2;
  }
  try {
    const g::csr<std::int32_t> c = g::read_csr<std::int32_t>(in);
    std::printf("graph: n %d, %lld arcs, %s\n", c.n, static_cast<long long>(c.num_arcs()),
                c.directed ? "directed" : "undirected");
    if (!wel.empty())
      write_wel(c, wel);
    if (!gardenia.empty())
      write_gardenia(c, gardenia);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "peer_export: %s\n", e.what());
    return 1;
  }
  return 0;
}
