// Graduated assignment graph matching (Gold & Rangarajan 1996), seed 004's
// showcase: the algorithm written once as serial C++, its loops tiled and
// reordered until they have the GPU's shape, the parallelism said in the
// margin. This is the file to read first.
//
// A round at control parameter beta computes, for every pair (a, i) of a
// vertex a of graph 1 and a vertex i of graph 2,
//   Q(a, i) = sum_{b, j} P(b, j) C(a, i, b, j) + alpha c1(X1(a), X2(i))
//   P(a, i) = exp(beta Q(a, i))
// then softassign: Sinkhorn's alternate row and column normalisation, with a
// slack column (a matches nothing) and slack row, until P is (nearly) doubly
// stochastic. beta grows from beta0 by beta_rate up to beta_final; the
// discrete matching is then the Hungarian assignment on P (gm_assign.cpp).
// C is never stored in four dimensions: it is made of its factors, the edge
// weights W1(a, b) and W2(i, j) (C = c2(W1(a, b), W2(i, j)), 0 where an
// edge is missing) and the node attributes X1, X2; each is read, in the last
// stage, a B x B sub-matrix at a time.
//
// The Q step, R^4 products a round, comes in seed 004's three stages, each
// compiled for every target:
//   q_naive      the four-deep nest as anyone writes it first;
//   q_tiled      step one: every index split into tile and position,
//                a = c*B + d, i = k*B + l, b = e*B + f, j = u*B + v, in the
//                same order (the same additions in the same order: the same Q
//                bit for bit);
//   q_reordered  step two and three: tile loops c, k outside (blocks),
//                position loops d, l inside (threads), and the inner tile
//                loops e, u outside the positions f, v, so that the
//                innermost loops walk one B x B sub-matrix of P, W1 and W2,
//                which `parallel fetch` puts in shared memory. Each (a, i) now
//                adds its terms tile by tile: the same terms in another order,
//                so Q differs from the naive nest in the last bits.
// Every multiply-add is an explicit std::fma and exp is exp_portable
// (gm_math.hpp), so each stage computes the same bits on every target.
//
// Many small graphs (match_set): a whole matching in one block, its threads
// over (a, i); the outer level is many matchings that never talk.
// Common labelling (common_labelling): every graph k gets a soft labelling
// U_k towards one label set; two kernels a round, split where the work
// changes its unit (fission): one block per pair (k, l) merges M_kl =
// U_k U_l^T with its Q step, one block per graph merges the gradient
// sum_l Q_kl U_l with exp and Sinkhorn.
//
// Compiled as plain C++ (pragmas ignored) this is the serial program.
#include "gm_kernels.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "gm_math.hpp"

namespace gm {

namespace {

constexpr int B = kTile;
constexpr int S = kSmall;

// ---------------------------------------------------------------------------
// One pair. Stage 0: the four-deep nest, one (a, i) per iteration.
// ---------------------------------------------------------------------------
void q_naive(int n1, int n2, const hy::array<float, 2> &W1, const hy::array<float, 2> &W2,
             const hy::array<float, 1> &X1, const hy::array<float, 1> &X2, float alpha,
             int product, const hy::array<float, 2> &P, hy::array<float, 2> &Q) {
#pragma hy parallel for
  for (int a = 0; a < n1; ++a)
#pragma hy parallel for
    for (int i = 0; i < n2; ++i) {
      float q = 0.0f;
      for (int b = 0; b < n1; ++b)
        for (int j = 0; j < n2; ++j)
          q = std::fma(P(b, j), compat(W1(a, b), W2(i, j), product), q);
      Q(a, i) = std::fma(alpha, node_compat(X1(a), X2(i)), q);
    }
}

// Stage 1: tiled. The same loops, each split into a tile loop and a
// position loop in place; the padding (P = 0 outside n1 x n2) adds
// fma(0, c, q) = q, so Q is that of q_naive bit for bit.
void q_tiled(int R, const hy::array<float, 2> &W1, const hy::array<float, 2> &W2,
             const hy::array<float, 1> &X1, const hy::array<float, 1> &X2, float alpha,
             int product, const hy::array<float, 2> &P, hy::array<float, 2> &Q) {
  const int nt = R / B;
#pragma hy parallel for
  for (int c = 0; c < nt; ++c)
#pragma hy parallel for
    for (int d = 0; d < B; ++d)
#pragma hy parallel for
      for (int k = 0; k < nt; ++k)
#pragma hy parallel for
        for (int l = 0; l < B; ++l) {
          const int a = c * B + d, i = k * B + l;
          float q = 0.0f;
          for (int e = 0; e < nt; ++e)
            for (int f = 0; f < B; ++f)
              for (int u = 0; u < nt; ++u)
                for (int v = 0; v < B; ++v) {
                  const int b = e * B + f, j = u * B + v;
                  q = std::fma(P(b, j), compat(W1(a, b), W2(i, j), product), q);
                }
          Q(a, i) = std::fma(alpha, node_compat(X1(a), X2(i)), q);
        }
}

// Stage 2 and 3: reordered, with the margin. Blocks are tiles (c, k) of Q,
// threads are positions (d, l); for each tile (e, u) of P the block copies
// P's tile, the tile of W1 that rows a and columns b span and the tile of W2
// that rows i and columns j span, and every thread adds its B*B terms.
void q_reordered(int R, const hy::array<float, 2> &W1, const hy::array<float, 2> &W2,
                 const hy::array<float, 1> &X1, const hy::array<float, 1> &X2, float alpha,
                 int product, const hy::array<float, 2> &P, hy::array<float, 2> &Q) {
  const int nt = R / B;
#pragma hy parallel for
  for (int c = 0; c < nt; ++c)
#pragma hy parallel for
    for (int k = 0; k < nt; ++k)
#pragma hy parallel for into(threads)
      for (int d = 0; d < B; ++d)
#pragma hy parallel for into(threads)
        for (int l = 0; l < B; ++l) {
          const int a = c * B + d, i = k * B + l;
          float q = 0.0f;
          for (int e = 0; e < nt; ++e)
            for (int u = 0; u < nt; ++u) {
              // W2's tile is stored transposed, so that threads l (the x
              // dimension) read neighbouring words of shared memory.
#pragma hy parallel fetch(P : B, B : e * B, u * B : d, l)
#pragma hy parallel fetch(W1 : B, B : c * B, e * B : d, l)
#pragma hy parallel fetch(W2 : B, B : k * B, u * B : d, l : 1, 0)
              for (int f = 0; f < B; ++f)
                for (int v = 0; v < B; ++v)
                  q = std::fma(P(e * B + f, u * B + v),
                               compat(W1(c * B + d, e * B + f), W2(k * B + l, u * B + v), product),
                               q);
            }
          Q(a, i) = std::fma(alpha, node_compat(X1(a), X2(i)), q);
        }
}

// The product form (--compat product only): with c2 = w1 w2 the nest is
// sum_b W1(a,b) sum_j P(b,j) W2(i,j), and reordering the sums splits it
// (fission) into two n^3 products, T = P W2^T and Q = W1 T (+ the node
// term): R^3 multiply-adds twice instead of R^4. Each is a register-tiled
// product: a block per 64 x 64 tile of the result, 16 x 16 threads owning
// 4 x 4 elements each, the operands' tiles fetched 64 x 64 at a time.
// W1p = max(W1, 0) and W2t = max(W2, 0)^T are made on the host once.
constexpr int GT = kProdTile, GTH = kProdThreads, GR = kProdSub;

void gemm(int R, const hy::array<float, 2> &A, const hy::array<float, 2> &Bm,
          hy::array<float, 2> &C) {
  const int nt = R / GT;
#pragma hy parallel for
  for (int ti = 0; ti < nt; ++ti)
#pragma hy parallel for
    for (int tj = 0; tj < nt; ++tj)
#pragma hy parallel for into(threads)
      for (int ty = 0; ty < GTH; ++ty)
#pragma hy parallel for into(threads)
        for (int tx = 0; tx < GTH; ++tx) {
          const int rb = ti * GT, cb = tj * GT;
          float acc[GR][GR];
          for (int a = 0; a < GR; ++a)
            for (int b = 0; b < GR; ++b)
              acc[a][b] = 0.0f;
          for (int t = 0; t < nt; ++t) {
            const int kb = t * GT;
            // A's tile transposed: a thread's GR rows at one k are neighbours.
#pragma hy parallel fetch(A : GT, GT : rb, kb : ty, tx : 1, 0)
#pragma hy parallel fetch(Bm : GT, GT : kb, cb : ty, tx)
            for (int k = 0; k < GT; ++k) {
              float col[GR], row[GR];
              for (int a = 0; a < GR; ++a)
                col[a] = A(rb + ty * GR + a, kb + k);
              for (int b = 0; b < GR; ++b)
                row[b] = Bm(kb + k, cb + tx * GR + b);
              for (int a = 0; a < GR; ++a)
                for (int b = 0; b < GR; ++b)
                  acc[a][b] = std::fma(col[a], row[b], acc[a][b]);
            }
          }
          for (int a = 0; a < GR; ++a)
            for (int b = 0; b < GR; ++b)
              C(rb + ty * GR + a, cb + tx * GR + b) = acc[a][b];
        }
}

// Q(a, i) += alpha c1(X1(a), X2(i)) over the real part.
void add_node_term(int n1, int n2, const hy::array<float, 1> &X1, const hy::array<float, 1> &X2,
                   float alpha, hy::array<float, 2> &Q) {
#pragma hy parallel for
  for (int a = 0; a < n1; ++a)
#pragma hy parallel for
    for (int i = 0; i < n2; ++i)
      Q(a, i) = std::fma(alpha, node_compat(X1(a), X2(i)), Q(a, i));
}

void q_product(int n1, int n2, int R, const hy::array<float, 2> &W1p,
               const hy::array<float, 2> &W2t, const hy::array<float, 1> &X1,
               const hy::array<float, 1> &X2, float alpha, const hy::array<float, 2> &P,
               hy::array<float, 2> &T, hy::array<float, 2> &Q) {
  gemm(R, P, W2t, T);  // T(b, i) = sum_j P(b, j) W2(i, j)
  gemm(R, W1p, T, Q);  // Q(a, i) = sum_b W1(a, b) T(b, i)
  add_node_term(n1, n2, X1, X2, alpha, Q);
}

// The product form's operands, made on the host (once per pair).
void product_operands(const pair_input &in, hy::array<float, 2> &W1p, hy::array<float, 2> &W2t) {
  W1p = hy::array<float, 2>(in.R, in.R);
  W2t = hy::array<float, 2>(in.R, in.R);
  for (int a = 0; a < in.R; ++a)
    for (int b = 0; b < in.R; ++b) {
      W1p(a, b) = std::max(0.0f, in.W1(a, b));
      W2t(b, a) = std::max(0.0f, in.W2(a, b));
    }
}

// P(a, i) = exp(beta Q(a, i)) with the old P kept in Pold. Each row is
// scaled by exp(-beta m_a), m_a = max(0, max_i Q(a, i)), its slack entry
// (Q = 0) included: Sinkhorn's first row pass removes any row's factor, so
// the result is G&R's, without overflowing float at large beta.
void soft_exp(int n1, int n2, int R, float beta, const hy::array<float, 2> &Q,
              hy::array<float, 2> &P, hy::array<float, 2> &Pold, hy::array<float, 1> &SC,
              hy::array<float, 1> &SR) {
#pragma hy parallel for
  for (int a = 0; a < R; ++a) {
    float m = 0.0f;
    for (int i = 0; i < n2; ++i)
      m = std::max(m, Q(a, i));
    for (int i = 0; i < R; ++i) {
      Pold(a, i) = P(a, i);
      P(a, i) = (a < n1 && i < n2) ? exp_portable(beta * (Q(a, i) - m)) : 0.0f;
    }
    SC(a) = a < n1 ? exp_portable(-beta * m) : 0.0f;
    SR(a) = a < n2 ? 1.0f : 0.0f;
  }
}

// One Sinkhorn iteration: rows a < n1 (with their slack) sum to 1, then
// columns i < n2 (with their slack); chg(i) = sum_a |change| of column i in
// the column pass. Each sum runs in one thread, in index order.
void sinkhorn_rows(int n1, int n2, hy::array<float, 2> &P, hy::array<float, 1> &SC) {
#pragma hy parallel for
  for (int a = 0; a < n1; ++a) {
    float sum = SC(a);
    for (int i = 0; i < n2; ++i)
      sum += P(a, i);
    for (int i = 0; i < n2; ++i)
      P(a, i) = P(a, i) / sum;
    SC(a) = SC(a) / sum;
  }
}

void sinkhorn_cols(int n1, int n2, hy::array<float, 2> &P, hy::array<float, 1> &SR,
                   hy::array<float, 1> &chg) {
#pragma hy parallel for
  for (int i = 0; i < n2; ++i) {
    float sum = SR(i);
    for (int a = 0; a < n1; ++a)
      sum += P(a, i);
    float change = 0.0f;
    for (int a = 0; a < n1; ++a) {
      const float v = P(a, i) / sum;
      change += std::fabs(v - P(a, i));
      P(a, i) = v;
    }
    SR(i) = SR(i) / sum;
    chg(i) = change;
  }
}

// chg(a) = sum_i |P(a, i) - Pold(a, i)|: how far one Q step moved row a.
void step_change(int n1, int n2, const hy::array<float, 2> &P, const hy::array<float, 2> &Pold,
                 hy::array<float, 1> &chg) {
#pragma hy parallel for
  for (int a = 0; a < n1; ++a) {
    float change = 0.0f;
    for (int i = 0; i < n2; ++i)
      change += std::fabs(P(a, i) - Pold(a, i));
    chg(a) = change;
  }
}

// The sum of chg(0..n-1) on the host, in index order (every target alike).
float total(const hy::array<float, 1> &chg, int n) {
  float t = 0.0f;
  for (int x = 0; x < n; ++x)
    t += chg(x);
  return t;
}

void init_pair(int n1, int n2, int R, hy::array<float, 2> &P) {
#pragma hy parallel for
  for (int a = 0; a < R; ++a)
    for (int i = 0; i < R; ++i)
      P(a, i) = (a < n1 && i < n2) ? 1.0f : 0.0f; // G&R's M = 1 + eps, eps = 0
}

// ---------------------------------------------------------------------------
// Many small graphs: one block per pair, the whole schedule inside it.
// ---------------------------------------------------------------------------

// The pair (k, l), k < l, of m graphs in the order pairs are listed.
constexpr int pair_index(int k, int l, int m) { return k * m - k * (k + 1) / 2 + (l - k - 1); }

} // namespace

int round_count(const params &p) {
  int r = 0;
  for (float beta = p.beta0; beta < p.beta_final; beta *= p.beta_rate)
    ++r;
  return r;
}

void q_step(const pair_input &in, float alpha, int product, q_variant v, pair_state &s,
            int count) {
  // Local references: the CUDA build keeps the arrays on the device across
  // the kernels of this function and those it calls.
  const hy::array<float, 2> &W1 = in.W1, &W2 = in.W2;
  const hy::array<float, 1> &X1 = in.X1, &X2 = in.X2;
  const hy::array<float, 2> &P = s.P;
  hy::array<float, 2> &Q = s.Q;
  hy::array<float, 2> &W1p = s.W1p, &W2t = s.W2t, &T = s.T;
  if (v == q_variant::product && W1p.size() == 0) {
    product_operands(in, W1p, W2t);
    T = hy::array<float, 2>(in.R, in.R);
  }
  for (int r = 0; r < count; ++r) {
    if (v == q_variant::naive)
      q_naive(in.n1, in.n2, W1, W2, X1, X2, alpha, product, P, Q);
    else if (v == q_variant::tiled)
      q_tiled(in.R, W1, W2, X1, X2, alpha, product, P, Q);
    else if (v == q_variant::reordered)
      q_reordered(in.R, W1, W2, X1, X2, alpha, product, P, Q);
    else
      q_product(in.n1, in.n2, in.R, W1p, W2t, X1, X2, alpha, P, T, Q);
  }
}

run_stats match_pair(const pair_input &in, const params &p, q_variant v, pair_state &s,
                     progress_fn progress, void *ctx) {
  const int n1 = in.n1, n2 = in.n2, R = in.R;
  s.P = hy::array<float, 2>(R, R);
  s.Q = hy::array<float, 2>(R, R);
  s.Pold = hy::array<float, 2>(R, R);
  s.SC = hy::array<float, 1>(R);
  s.SR = hy::array<float, 1>(R);
  s.chg = hy::array<float, 1>(R);
  // Every array the kernels use, as a local reference: hyc then keeps them on
  // the device for the whole run and syncs chg before the host sums it (an
  // array reached as s.chg here would not be synced: see README).
  const hy::array<float, 2> &W1 = in.W1, &W2 = in.W2;
  const hy::array<float, 1> &X1 = in.X1, &X2 = in.X2;
  hy::array<float, 2> &P = s.P, &Q = s.Q, &Pold = s.Pold;
  hy::array<float, 1> &SC = s.SC, &SR = s.SR, &chg = s.chg;
  hy::array<float, 2> &W1p = s.W1p, &W2t = s.W2t, &T = s.T;
  if (v == q_variant::product) {
    product_operands(in, W1p, W2t);
    T = hy::array<float, 2>(R, R);
  }
  init_pair(n1, n2, R, P);
  run_stats st;
  const int rounds = round_count(p);
  for (float beta = p.beta0; beta < p.beta_final; beta *= p.beta_rate) {
    for (int it = 0; it < p.iters0; ++it) {
      if (v == q_variant::naive)
        q_naive(n1, n2, W1, W2, X1, X2, p.alpha, p.product, P, Q);
      else if (v == q_variant::tiled)
        q_tiled(R, W1, W2, X1, X2, p.alpha, p.product, P, Q);
      else if (v == q_variant::reordered)
        q_reordered(R, W1, W2, X1, X2, p.alpha, p.product, P, Q);
      else
        q_product(n1, n2, R, W1p, W2t, X1, X2, p.alpha, P, T, Q);
      soft_exp(n1, n2, R, beta, Q, P, Pold, SC, SR);
      ++st.q_steps;
      for (int k = 0; k < p.iters1; ++k) {
        sinkhorn_rows(n1, n2, P, SC);
        sinkhorn_cols(n1, n2, P, SR, chg);
        ++st.sinkhorn;
        if (total(chg, n2) < p.eps1)
          break;
      }
      step_change(n1, n2, P, Pold, chg);
      if (total(chg, n1) < p.eps0)
        break;
    }
    ++st.rounds;
    if (progress)
      progress(st.rounds, rounds, ctx);
  }
  return st;
}

void match_set(const graph_set &g, const hy::array<int, 2> &pairs, const params &prm,
               set_state &s) {
  const int np = static_cast<int>(pairs.extent(0));
  s.P = hy::array<float, 3>(np, S, S);
  s.Q = hy::array<float, 3>(np, S, S);
  s.Pold = hy::array<float, 3>(np, S, S);
  s.SC = hy::array<float, 2>(np, S);
  s.SR = hy::array<float, 2>(np, S);
  s.chg = hy::array<float, 2>(np, S);
  s.steps = hy::array<int, 1>(np);
  const hy::array<float, 3> &W = g.W;
  const hy::array<float, 2> &X = g.X;
  const hy::array<int, 1> &N = g.N;
  hy::array<float, 3> &P = s.P, &Q = s.Q, &Pold = s.Pold;
  hy::array<float, 2> &SC = s.SC, &SR = s.SR, &chg = s.chg;
  hy::array<int, 1> &steps = s.steps;
  const float beta0 = prm.beta0, rate = prm.beta_rate, betaf = prm.beta_final;
  const float eps0 = prm.eps0, eps1 = prm.eps1, alpha = prm.alpha;
  const int I0 = prm.iters0, I1 = prm.iters1;
#pragma hy parallel for
  for (int p = 0; p < np; ++p) { // one block per pair
    const int g1 = pairs(p, 0), g2 = pairs(p, 1);
    const int n1 = N(g1), n2 = N(g2);
    int nsteps = 0;
#pragma hy parallel for into(threads)
    for (int a = 0; a < S; ++a)
#pragma hy parallel for into(threads)
      for (int i = 0; i < S; ++i)
        P(p, a, i) = (a < n1 && i < n2) ? 1.0f : 0.0f;
    // The whole matching works in shared memory: both graphs' weights (graph
    // 2's transposed, so that threads i read neighbouring words) and the
    // pair's P, Q, Pold and slack, copied in once and written back once.
#pragma hy parallel fetch(W : 1, S, S : g1, 0, 0 : a, i)
#pragma hy parallel fetch(W : 1, S, S : g2, 0, 0 : a, i : 0, 2, 1)
#pragma hy parallel fetch(P : 1, S, S : p, 0, 0 : a, i)
#pragma hy parallel fetch(Q : 1, S, S : p, 0, 0 : a, i)
#pragma hy parallel fetch(Pold : 1, S, S : p, 0, 0 : a, i)
#pragma hy parallel fetch(SC : 1, S : p, 0 : a, i)
#pragma hy parallel fetch(SR : 1, S : p, 0 : a, i)
#pragma hy parallel fetch(chg : 1, S : p, 0 : a, i)
    for (float beta = beta0; beta < betaf; beta *= rate) {
      for (int it = 0; it < I0; ++it) {
        ++nsteps;
        // Q: a thread per (a, i), the sum over (b, j) in index order (the
        // naive nest's order: a set's pairs match those of q_naive).
#pragma hy parallel for into(threads)
        for (int a = 0; a < S; ++a)
#pragma hy parallel for into(threads)
          for (int i = 0; i < S; ++i)
            if (a < n1 && i < n2) {
              float q = 0.0f;
              for (int b = 0; b < n1; ++b)
                for (int j = 0; j < n2; ++j)
                  q = std::fma(P(p, b, j), edge_compat(W(g1, a, b), W(g2, i, j)), q);
              Q(p, a, i) = std::fma(alpha, node_compat(X(g1, a), X(g2, i)), q);
            }
        // exp, a thread per row (as soft_exp).
#pragma hy parallel for into(threads)
        for (int a = 0; a < S; ++a) {
          float m = 0.0f;
          for (int i = 0; i < n2; ++i)
            m = std::max(m, Q(p, a, i));
          for (int i = 0; i < S; ++i) {
            Pold(p, a, i) = P(p, a, i);
            P(p, a, i) = (a < n1 && i < n2) ? exp_portable(beta * (Q(p, a, i) - m)) : 0.0f;
          }
          SC(p, a) = a < n1 ? exp_portable(-beta * m) : 0.0f;
          SR(p, a) = a < n2 ? 1.0f : 0.0f;
        }
        for (int k = 0; k < I1; ++k) {
#pragma hy parallel for into(threads)
          for (int a = 0; a < n1; ++a) {
            float sum = SC(p, a);
            for (int i = 0; i < n2; ++i)
              sum += P(p, a, i);
            for (int i = 0; i < n2; ++i)
              P(p, a, i) = P(p, a, i) / sum;
            SC(p, a) = SC(p, a) / sum;
          }
#pragma hy parallel for into(threads)
          for (int i = 0; i < n2; ++i) {
            float sum = SR(p, i);
            for (int a = 0; a < n1; ++a)
              sum += P(p, a, i);
            float change = 0.0f;
            for (int a = 0; a < n1; ++a) {
              const float v = P(p, a, i) / sum;
              change += std::fabs(v - P(p, a, i));
              P(p, a, i) = v;
            }
            SR(p, i) = SR(p, i) / sum;
            chg(p, i) = change;
          }
          float t = 0.0f;
          for (int i = 0; i < n2; ++i)
            t += chg(p, i);
          if (t < eps1)
            break;
        }
#pragma hy parallel for into(threads)
        for (int a = 0; a < n1; ++a) {
          float change = 0.0f;
          for (int i = 0; i < n2; ++i)
            change += std::fabs(P(p, a, i) - Pold(p, a, i));
          chg(p, a) = change;
        }
        float t = 0.0f;
        for (int a = 0; a < n1; ++a)
          t += chg(p, a);
        if (t < eps0)
          break;
      }
    }
    steps(p) = nsteps;
  }
}

// ---------------------------------------------------------------------------
// Common labelling of m graphs towards S labels.
// ---------------------------------------------------------------------------
namespace {

// Kernel 1, one block per pair (k, l): M = U_k U_l^T (vertex a of k and i of
// l share a label), then Q_kl from M exactly as a pair's Q step. Merged: M
// stays with the block that uses it.
void label_pairs(int np, const hy::array<int, 2> &pairs, const hy::array<float, 3> &W,
                 const hy::array<float, 2> &X, const hy::array<int, 1> &N, float alpha,
                 const hy::array<float, 3> &U, hy::array<float, 3> &M, hy::array<float, 3> &Q) {
#pragma hy parallel for
  for (int p = 0; p < np; ++p) {
    const int k = pairs(p, 0), l = pairs(p, 1);
    const int nk = N(k), nl = N(l);
#pragma hy parallel for into(threads)
    for (int a = 0; a < S; ++a)
#pragma hy parallel for into(threads)
      for (int i = 0; i < S; ++i) {
        float v = 0.0f;
        for (int x = 0; x < S; ++x)
          v = std::fma(U(k, a, x), U(l, i, x), v);
        M(p, a, i) = (a < nk && i < nl) ? v : 0.0f;
      }
#pragma hy parallel for into(threads)
    for (int a = 0; a < S; ++a)
#pragma hy parallel for into(threads)
      for (int i = 0; i < S; ++i)
        if (a < nk && i < nl) {
          float q = 0.0f;
          for (int b = 0; b < nk; ++b)
            for (int j = 0; j < nl; ++j)
              q = std::fma(M(p, b, j), edge_compat(W(k, a, b), W(l, i, j)), q);
          Q(p, a, i) = std::fma(alpha, node_compat(X(k, a), X(l, i)), q);
        }
  }
}

// Kernel 2, one block per graph k > 0: the gradient G_k(a, x) = mean over l != k
// of sum_i Q_kl(a, i) U_l(i, x), then exp, Sinkhorn and the change, merged in
// one block. Reads U, writes the new labelling into Unew (no block writes
// what another reads).
void label_graphs(int m, int L, const hy::array<int, 1> &N, const hy::array<float, 3> &Q,
                  const hy::array<float, 3> &U, float beta, int I1, float eps1,
                  hy::array<float, 3> &G, hy::array<float, 3> &Unew, hy::array<float, 2> &SC,
                  hy::array<float, 2> &SR, hy::array<float, 2> &chg) {
#pragma hy parallel for
  for (int k = 1; k < m; ++k) { // graph 0 keeps its labelling: the anchor
    const int nk = N(k);
#pragma hy parallel for into(threads)
    for (int a = 0; a < S; ++a)
#pragma hy parallel for into(threads)
      for (int x = 0; x < S; ++x) {
        float v = 0.0f;
        for (int l = 0; l < m; ++l) {
          if (l == k)
            continue;
          const int nl = N(l);
          for (int i = 0; i < nl; ++i) {
            const float q = k < l ? Q(pair_index(k, l, m), a, i) : Q(pair_index(l, k, m), i, a);
            v = std::fma(q, U(l, i, x), v);
          }
        }
        G(k, a, x) = (a < nk && x < L) ? v / static_cast<float>(m - 1) : 0.0f;
      }
#pragma hy parallel for into(threads)
    for (int a = 0; a < S; ++a) {
      float mx = 0.0f;
      for (int x = 0; x < L; ++x)
        mx = std::max(mx, G(k, a, x));
      for (int x = 0; x < S; ++x)
        Unew(k, a, x) = (a < nk && x < L) ? exp_portable(beta * (G(k, a, x) - mx)) : 0.0f;
      SC(k, a) = a < nk ? exp_portable(-beta * mx) : 0.0f;
      SR(k, a) = 1.0f;
    }
    for (int it = 0; it < I1; ++it) {
#pragma hy parallel for into(threads)
      for (int a = 0; a < nk; ++a) {
        float sum = SC(k, a);
        for (int x = 0; x < L; ++x)
          sum += Unew(k, a, x);
        for (int x = 0; x < L; ++x)
          Unew(k, a, x) = Unew(k, a, x) / sum;
        SC(k, a) = SC(k, a) / sum;
      }
#pragma hy parallel for into(threads)
      for (int x = 0; x < L; ++x) {
        float sum = SR(k, x);
        for (int a = 0; a < nk; ++a)
          sum += Unew(k, a, x);
        float change = 0.0f;
        for (int a = 0; a < nk; ++a) {
          const float v = Unew(k, a, x) / sum;
          change += std::fabs(v - Unew(k, a, x));
          Unew(k, a, x) = v;
        }
        SR(k, x) = SR(k, x) / sum;
        chg(k, x) = change;
      }
      float t = 0.0f;
      for (int x = 0; x < L; ++x)
        t += chg(k, x);
      if (t < eps1)
        break;
    }
#pragma hy parallel for into(threads)
    for (int a = 0; a < S; ++a) {
      float change = 0.0f;
      for (int x = 0; x < S; ++x)
        change += std::fabs(Unew(k, a, x) - U(k, a, x));
      chg(k, a) = a < nk ? change : 0.0f;
    }
  }
}

} // namespace

run_stats common_labelling(const graph_set &g, const params &p, label_state &s,
                           progress_fn progress, void *ctx) {
  const int m = g.m;
  const int np = m * (m - 1) / 2;
  s.U = hy::array<float, 3>(m, S, S);
  s.Uold = hy::array<float, 3>(m, S, S);
  s.G = hy::array<float, 3>(m, S, S);
  s.Q = hy::array<float, 3>(np, S, S);
  s.SC = hy::array<float, 2>(m, S);
  s.SR = hy::array<float, 2>(m, S);
  s.chg = hy::array<float, 2>(m, S);
  s.pairs = hy::array<int, 2>(np, 2);
  for (int k = 0; k < m; ++k)
    for (int l = k + 1; l < m; ++l) {
      s.pairs(pair_index(k, l, m), 0) = k;
      s.pairs(pair_index(k, l, m), 1) = l;
    }
  // As many labels as the largest graph has vertices. Graph 0 is labelled
  // by its own vertices and keeps that labelling (without an anchor, all
  // graphs start uniform and the labels never break their symmetry; an
  // anchor that is updated too loses its labelling in the first, nearly
  // uniform, rounds); the others start uniform.
  int L = 0;
  for (int k = 0; k < m; ++k)
    L = std::max(L, g.N(k));
  for (int k = 0; k < m; ++k)
    for (int a = 0; a < g.N(k); ++a)
      for (int x = 0; x < L; ++x)
        s.U(k, a, x) = s.Uold(k, a, x) = k == 0 ? (a == x ? 1.0f : 0.0f) : 1.0f / L;
  hy::array<float, 3> M(np, S, S);
  // Local references (see match_pair).
  const hy::array<float, 3> &W = g.W;
  const hy::array<float, 2> &X = g.X;
  const hy::array<int, 1> &N = g.N;
  const hy::array<int, 2> &pairs = s.pairs;
  hy::array<float, 3> &U = s.U, &Unew = s.Uold, &G = s.G, &Q = s.Q;
  hy::array<float, 2> &SC = s.SC, &SR = s.SR, &chg = s.chg;
  run_stats st;
  const int rounds = round_count(p);
  for (float beta = p.beta0; beta < p.beta_final; beta *= p.beta_rate) {
    for (int it = 0; it < p.iters0; ++it) {
      label_pairs(np, pairs, W, X, N, p.alpha, U, M, Q);
      label_graphs(m, L, N, Q, U, beta, p.iters1, p.eps1, G, Unew, SC, SR, chg);
      std::swap(U, Unew); // the new labelling; moves no data
      ++st.q_steps;
      float t = 0.0f;
      for (int k = 0; k < m; ++k)
        for (int a = 0; a < S; ++a)
          t += chg(k, a);
      if (t < p.eps0)
        break;
    }
    ++st.rounds;
    if (progress)
      progress(st.rounds, rounds, ctx);
  }
  return st;
}

} // namespace gm
