// gap_bc_driver: GAP's Brandes BC (Brandes of the checkout's src/bc.cc,
// compiled unchanged into this file) over GAP's own K sources (its
// SourcePicker, -i K), timed with GAP's Timer around the one call as GAP's
// binary times a trial, after one warm-up call on one source. Prints the
// sources, the time and the top vertices, and writes every vertex's score
// (GAP's: normalised by the largest, float32, native byte order) to a file
// so that bench/peers/run.py can compare all of them with hy's.
//
//   gap_bc_driver SCORES.bin GAP_OPTIONS...   (e.g. out.bin -f g.sg -i 16)
//   -> "source: S" per source, "time: T s for K sources", "top: V SCORE" x 10
#include <cstdio>

#define main gap_bc_main
#include "bc.cc"
#undef main

int main(int argc, char *argv[]) {
  if (argc < 2) {
    std::cout << "usage: gap_bc_driver SCORES.bin GAP_OPTIONS..." << std::endl;
    return 2;
  }
  const std::string out = argv[1];
  argv[1] = argv[0];
  CLIterApp cli(argc - 1, argv + 1, "gap_bc_driver", 1);
  if (!cli.ParseArgs())
    return 2;
  Builder b(cli);
  Graph g = b.MakeGraph();
  g.PrintStats();
  {
    SourcePicker<Graph> warm(g, cli.start_vertex());
    Brandes(g, warm, 1);
  }
  SourcePicker<Graph> shown(g, cli.start_vertex());  // the same draws as sp's
  for (int i = 0; i < cli.num_iters(); i++)
    printf("source: %d\n", shown.PickNext());
  SourcePicker<Graph> sp(g, cli.start_vertex());
  Timer t;
  t.Start();
  pvector<ScoreT> scores = Brandes(g, sp, cli.num_iters());
  t.Stop();
  printf("time: %.6f s for %d sources\n", t.Seconds(), cli.num_iters());
  std::vector<std::pair<NodeID, ScoreT>> pairs;
  for (NodeID v = 0; v < g.num_nodes(); v++)
    pairs.push_back({v, scores[v]});
  for (auto &p : TopK(pairs, 10))
    printf("top: %d %.9g\n", p.second, p.first);
  std::FILE *f = std::fopen(out.c_str(), "wb");
  if (!f || std::fwrite(scores.data(), sizeof(ScoreT), g.num_nodes(), f) != size_t(g.num_nodes())) {
    std::cout << "cannot write " << out << std::endl;
    return 1;
  }
  std::fclose(f);
  printf("wrote %s: %lld float32 scores\n", out.c_str(), (long long)g.num_nodes());
  return 0;
}
