// Graduated assignment graph matching (Gold & Rangarajan 1996; seed 004):
// the interface of the annotated kernels in gm_kernels.cpp to the driver.
// hyc turns that file into serial, OpenMP and CUDA code; everything here is
// plain C++ the driver and the tests use.
#pragma once

#include <cstdint>
#include <vector>

#include <hy/hy.hpp>

namespace gm {

// The tile edge B of the tiled and reordered nests (seed 004: a = c*B + d).
// A compile-time constant: each build chooses one (-DHY_GM_TILE=4, 8, 16,
// 32; the CMake targets gm_b4 ... gm_b32). B x B threads per block.
#ifndef HY_GM_TILE
#define HY_GM_TILE 8
#endif
constexpr int kTile = HY_GM_TILE;
static_assert(kTile >= 1 && kTile <= 32, "B x B threads must fit a block (B <= 32)");

// Many small graphs and common labelling: a whole graph in one block, its
// vertices padded to kSmall (kSmall x kSmall threads). Graphs with more
// vertices use the one-pair kernels.
#ifndef HY_GM_SMALL
#define HY_GM_SMALL 32
#endif
constexpr int kSmall = HY_GM_SMALL;
static_assert(kSmall >= 2 && kSmall <= 32, "kSmall x kSmall threads must fit a block");

// The annealing schedule and loop limits. Defaults: Gold & Rangarajan,
// "A Graduated Assignment Algorithm for Graph Matching", IEEE TPAMI 18(4),
// 1996, the values of its experiments (beta0, beta_rate, beta_final, I0, I1,
// eps0, eps1); alpha (the node term's weight) is ours: 1, node and edge
// compatibilities weigh the same.
struct params {
  float beta0 = 0.5f;       // initial control parameter
  float beta_rate = 1.075f; // beta *= beta_rate after each round
  float beta_final = 10.0f; // stop when beta reaches it
  int iters0 = 4;           // I0: Q/softassign steps per beta
  int iters1 = 30;          // I1: Sinkhorn iterations per softassign
  float eps0 = 0.5f;        // a beta round stops once sum |dM| < eps0
  float eps1 = 0.05f;       // Sinkhorn stops once sum |dM| < eps1
  float alpha = 1.0f;       // weight of the node-attribute term
  int product = 0;          // 0: c2 = 1 - 3|w1 - w2| (G&R); 1: c2 = w1 w2 (--compat product)
};

// How the Q step is written (seed 004's stages; same Q up to the order of
// the additions, see gm_kernels.cpp). `product`: the reordered nest split
// into two matrix products, for the separable compatibility only.
enum class q_variant { naive, tiled, reordered, product };

// The product form's tile (kProdTile^2 elements a block, each of its
// kProdThreads^2 threads owning kProdSub^2 of them); a pair runs it padded
// to a multiple of kProdTile.
constexpr int kProdTile = 64, kProdThreads = 16, kProdSub = kProdTile / kProdThreads;

// Two graphs for the one-pair kernels, padded to R = a multiple of kTile:
// W(a, b) the weight of edge a-b in [0, 1] or -1 (no edge; also every padded
// vertex), X(a) the node attribute in [0, 1].
struct pair_input {
  int n1 = 0, n2 = 0, R = 0;
  hy::array<float, 2> W1, W2;
  hy::array<float, 1> X1, X2;
};

// The state of one matching: P (R x R, zero outside n1 x n2), its slack
// column SC (row a's share of "a matches nothing") and slack row SR.
struct pair_state {
  hy::array<float, 2> P, Q, Pold;
  hy::array<float, 2> W1p, W2t, T;  // the product form's operands and T = P W2^T
  hy::array<float, 1> SC, SR, chg;
};

struct run_stats {
  int rounds = 0;           // beta values
  long long q_steps = 0;    // Q steps (I0 iterations) run
  long long sinkhorn = 0;   // Sinkhorn iterations run
};

// One pair (large graphs): host loop over beta, each step a few kernels.
// P is the final (soft) assignment. `progress` is called once per beta.
using progress_fn = void (*)(int done, int total, void* ctx);
run_stats match_pair(const pair_input& in, const params& p, q_variant v, pair_state& s,
                     progress_fn progress = nullptr, void* ctx = nullptr);
// Just the Q step (the benchmark's "Q step" row): Q from P, `count` times in
// a row (the CUDA build keeps the arrays on the GPU in between and brings Q
// back once, when the call returns).
void q_step(const pair_input& in, float alpha, int product, q_variant v, pair_state& s,
            int count = 1);
int round_count(const params& p);  // beta values from beta0 to beta_final

// A set of graphs padded to kSmall: W(g, a, b), X(g, a), N(g) vertices.
struct graph_set {
  int m = 0;
  hy::array<float, 3> W;
  hy::array<float, 2> X;
  hy::array<int, 1> N;
};

// Many small pairs: pairs(p, 0..1) are graph indices; one block per pair runs
// the whole graduated assignment. P(p, a, i) the soft assignment of pair p.
struct set_state {
  hy::array<float, 3> P, Q, Pold;
  hy::array<float, 2> SC, SR, chg;
  hy::array<int, 1> steps;  // Q steps pair p ran (its I0 iterations over all beta)
};
void match_set(const graph_set& g, const hy::array<int, 2>& pairs, const params& p,
               set_state& s);
// The same over all zones (gm_zones.cpp): the pairs in one chunk per zone
// (MPI rank), P and steps gathered; only s.P and s.steps are the result.
void match_set_zones(const graph_set& g, const hy::array<int, 2>& pairs, const params& p,
                     set_state& s);

// Common labelling of all graphs of a set towards kSmall labels: U(k, a, x)
// the soft labelling of graph k (slack as in a pair). Graph 0 starts from
// label x = vertex x (the anchor that breaks the labels' symmetry).
struct label_state {
  hy::array<float, 3> U, Uold, G;   // m x kSmall x kSmall
  hy::array<float, 3> Q;            // per pair k < l: Q_kl
  hy::array<float, 2> SC, SR, chg;  // m x kSmall
  hy::array<int, 2> pairs;          // the pairs (k, l), k < l
};
run_stats common_labelling(const graph_set& g, const params& p, label_state& s,
                           progress_fn progress = nullptr, void* ctx = nullptr);

}  // namespace gm
