// gap_sssp_driver: GAP's Δ-stepping (DeltaStep of the checkout's
// src/sssp.cc, compiled unchanged into this file) run the way its own
// binary runs it (GAP's builder, GAP's SourcePicker, GAP's Timer around one
// call per source), but printing per source what GAP's binary does not: the
// source, its time and its distance checksum (sum of the finite distances +
// the vertices reached, as hy's samples print it), for each Δ of a list.
// One warm-up call per Δ before the timed ones.
//
//   gap_sssp_driver D,D,... GAP_OPTIONS...   (e.g. 32,64 -f g.wsg -n 16)
//   -> "source S: delta D, T s, reached R, checksum C"
#include <string>
#include <vector>

#define main gap_sssp_main
#include "sssp.cc"
#undef main

int main(int argc, char *argv[]) {
  if (argc < 2) {
    std::cout << "usage: gap_sssp_driver D,D,... GAP_OPTIONS..." << std::endl;
    return 2;
  }
  std::vector<WeightT> deltas;
  std::stringstream list(argv[1]);
  for (std::string d; std::getline(list, d, ',');)
    deltas.push_back(static_cast<WeightT>(std::stol(d)));
  argv[1] = argv[0];
  CLDelta<WeightT> cli(argc - 1, argv + 1, "gap_sssp_driver");
  if (!cli.ParseArgs())
    return 2;
  WeightedBuilder b(cli);
  WGraph g = b.MakeGraph();
  g.PrintStats();
  for (WeightT delta : deltas) {
    SourcePicker<WGraph> warm(g, cli.start_vertex());
    DeltaStep(g, warm.PickNext(), delta);
    SourcePicker<WGraph> sp(g, cli.start_vertex());
    for (int i = 0; i < cli.num_trials(); i++) {
      const NodeID s = sp.PickNext();
      Timer t;
      t.Start();
      pvector<WeightT> dist = DeltaStep(g, s, delta);
      t.Stop();
      long long reached = 0;
      double sum = 0;
      for (NodeID v = 0; v < g.num_nodes(); v++)
        if (dist[v] != kDistInf) {
          ++reached;
          sum += dist[v];
        }
      printf("source %d: delta %d, %.6f s, reached %lld, checksum %.17g\n", s, delta, t.Seconds(),
             reached, sum + reached);
    }
  }
  return 0;
}
