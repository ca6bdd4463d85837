// hy::graph from an installed hy: reads the graph file hy_graph_tool wrote
// (the test gives its path, gzip-compressed where zlib is there) and prints
// its vertices, arcs and the largest out-degree.
#include <hy_graph/io.hpp>

#include <iostream>

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: graph_info FILE\n";
    return 2;
  }
  const auto g = hy::graph::read_csr<int>(argv[1]);
  long long most = 0;
  for (hy::graph::vid u = 0; u < g.n; ++u)
    most = std::max<long long>(most, g.degree(u));
  std::cout << "graph " << g.n << " " << g.num_arcs() << " " << most << "\n";
}
