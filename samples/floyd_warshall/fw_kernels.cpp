// Blocked Floyd-Warshall (Venkataraman et al.; Katz and Kider on GPUs), written
// once as annotated serial C++. hyc turns every outermost `parallel for` nest
// into a kernel: a block per tile (its threads are the `into(threads)` loops,
// shaped per phase in fw_kernels.hpp), the tiles a block works on copied to
// shared memory by `parallel fetch`.
//
// A round p (pivot tile p on the diagonal, origin o = p * kTile) has three
// phases, each one kernel:
//   1. the pivot tile alone: Floyd-Warshall over its own kTile vertices;
//   2. the tiles of the pivot row and the pivot column, each with the pivot;
//   3. every other tile (I, J), from its row tile (I, p) and column tile (p, J).
// Phase 1 carries a dependence from step k to k + 1 across the whole tile, so
// its k loop is block-uniform with the thread loops inside it (the translator
// puts a barrier between steps). In phase 2 that dependence stays within one
// column of a pivot-row tile (one row of a pivot-column tile), so a thread
// owns a column (row) and runs all steps on it in registers. Phase 3 reads
// only tiles it does not write, so each thread keeps its sub-tile in
// registers over all k.
//
// Within a step k of phases 1 and 2, row k and column k of the tile are read
// while the tile is written. They do not change in step k when D(k,k) >= 0
// (d + D(k,k) >= d), so the result is that of the serial program; with a
// negative cycle only the (meaningless) values may differ between targets,
// the negative diagonal that reports the cycle does not go away. In phase 1
// each thread reads its slices of row k and column k into locals first (in
// phase 2, the value of the step's own row or column): the compiler
// then knows that its updates cannot change them and issues all loads of a
// step together instead of one load-update-store chain per element.
//
// Compiled as plain C++ (pragmas ignored) this is the serial program.
#include "fw_kernels.hpp"

#include <algorithm>
#include <cstring>
#include <utility>
#include <hy/zones_grid.hpp>

namespace fw {

namespace {

constexpr int B = kTile;
constexpr int T1 = kPivotThreads;  // phase 1: T1 x T1 threads
constexpr int R1 = B / T1;         // ... each owning R1 x R1 elements
constexpr int RY = kSubRows;       // phase 3: a RY x RX sub-tile per thread
constexpr int RX = kSubCols;
constexpr int T = kThreads;        // fw_min_plus: T x T threads,
constexpr int R = kSub;            // ... R x R elements each
constexpr int PB = kPathTile;
constexpr int PR = kPathSub;

// min(d, a + b). For int32 the operands are at most infinity() = 2^30 - 1, so
// the sum cannot overflow; a sum with an infinite operand stays above
// infinity()/2 for any graph whose |path lengths| stay below 2^29, and the
// driver maps everything above infinity()/2 back to infinity().
template <class W>
inline W relax(W d, W a, W b) {
  const W s = a + b;
  return s < d ? s : d;
}

// Katz-Kider's skipPrimaryBlock: the c-th of the nb - 1 tile indices != p.
// It maps tile indices one-to-one, which hyc cannot see through the call:
// the kernels that place their tiles with it say so with disjoint(D) (each
// element of D is written by one block), or hyc warns of a race (-Why-race).
inline int skip_pivot(int c, int p) { return c + (c >= p ? 1 : 0); }

// ---------------------------------------------------------------------------
// Distances only: kTile x kTile tiles, R x R sub-tile per thread.
// ---------------------------------------------------------------------------

template <class W>
void phase1(hy::array<W, 2>& D, int p) {
  const int o = p * B;
  // One block does this phase while the rest of the GPU waits: its time is
  // the latency of B steps, each a few shared loads, relaxations and a
  // barrier. T1 x T1 = 1024 threads with R1 x R1 = 2 x 2 elements each keep
  // each step short and give the multiprocessor 32 warps to switch between.
#pragma hy parallel for
  for (int one = 0; one < 1; ++one) {  // a single block: the pivot tile
#pragma hy parallel fetch(D : B, B : o, o : ty, tx)
    for (int k = 0; k < B; ++k) {
#pragma hy parallel for into(threads)
      for (int ty = 0; ty < T1; ++ty)
#pragma hy parallel for into(threads)
        for (int tx = 0; tx < T1; ++tx) {
          W col[R1], row[R1];  // D(i, k) of my rows, D(k, j) of my columns
          for (int a = 0; a < R1; ++a) col[a] = D(o + ty + a * T1, o + k);
          for (int b = 0; b < R1; ++b) row[b] = D(o + k, o + tx + b * T1);
          for (int a = 0; a < R1; ++a)
            for (int b = 0; b < R1; ++b) {
              const int r = ty + a * T1, c = tx + b * T1;
              // Stored only when smaller: row and column k, which every
              // thread reads in this step, stay as they are (D(k, k) = 0), so
              // no thread writes them and the step has no race (racecheck).
              const W v = relax(D(o + r, o + c), col[a], row[b]);
              if (v < D(o + r, o + c)) D(o + r, o + c) = v;
            }
        }
    }
  }
}

template <class W>
void phase2(hy::array<W, 2>& D, int p, int nb) {
  const int o = p * B;
  // A column of a pivot-row tile (and a row of a pivot-column tile) depends
  // only on the pivot tile and on itself, so one thread per column (row)
  // runs all B steps k on its B values in registers: no barriers between
  // the steps, unlike phase 1. The steps and the order of the relaxations
  // of each element are those of the serial program.
#pragma hy parallel for disjoint(D)
  for (int side = 0; side < 2; ++side)
#pragma hy parallel for
    for (int t = 0; t < nb - 1; ++t) {
      const int other = skip_pivot(t, p) * B;  // origin of the tile's free axis
      if (side == 0) {
        // Pivot row: tile (p, J) at origin (o, other); D(i,k) from the pivot,
        // stored transposed so that column k is contiguous.
#pragma hy parallel fetch(D : B, B : o, o : c : 1, 0)
#pragma hy parallel fetch(D : B, B : o, other : c)
#pragma hy parallel for into(threads)
        for (int c = 0; c < B; ++c) {
          W v[B];  // column c of the tile
          for (int r = 0; r < B; ++r) v[r] = D(o + r, other + c);
          for (int k = 0; k < B; ++k) {
            const W dk = v[k];  // D(k, c) before step k changes it
            for (int r = 0; r < B; ++r) v[r] = relax(v[r], D(o + r, o + k), dk);
          }
          for (int r = 0; r < B; ++r) D(o + r, other + c) = v[r];
        }
      } else {
        // Pivot column: tile (I, p) at origin (other, o); D(k,j) from the
        // pivot. The tile is stored transposed, so that the threads' rows
        // are neighbours in shared memory.
#pragma hy parallel fetch(D : B, B : o, o : r)
#pragma hy parallel fetch(D : B, B : other, o : r : 1, 0)
#pragma hy parallel for into(threads)
        for (int r = 0; r < B; ++r) {
          W v[B];  // row r of the tile
          for (int c = 0; c < B; ++c) v[c] = D(other + r, o + c);
          for (int k = 0; k < B; ++k) {
            const W dk = v[k];  // D(r, k) before step k changes it
            for (int c = 0; c < B; ++c) v[c] = relax(v[c], dk, D(o + k, o + c));
          }
          for (int c = 0; c < B; ++c) D(other + r, o + c) = v[c];
        }
      }
    }
}

template <class W>
void phase3(hy::array<W, 2>& D, int p, int nb) {
  const int o = p * B;
  // min_blocks(6): six blocks' two tiles fit in a multiprocessor's shared
  // memory (2 x 17 KiB each, B = 64), and nvcc keeps each thread within the
  // registers that six resident blocks leave (85 with 8 x 16 threads). The
  // more blocks a multiprocessor holds, the more of them compute while
  // others wait for their tiles.
#pragma hy parallel for min_blocks(6) disjoint(D)
  for (int ti = 0; ti < nb - 1; ++ti)
#pragma hy parallel for
    for (int tj = 0; tj < nb - 1; ++tj) {
      const int rb = skip_pivot(ti, p) * B;  // tile (I, J) at origin (rb, cb)
      const int cb = skip_pivot(tj, p) * B;
      // Each thread owns the RY x RX sub-tile of rows ty*RY.. and columns
      // tx*RX.. of tile (I, J), read straight from D into registers and
      // written back from them: on the GPU each of its rows moves as one
      // 16-byte vector, and these loads are in flight while the two tiles
      // it reads are copied. The thread nest gives each thread exactly one
      // iteration (its shape is the block's), so the fetches may sit inside
      // it. In a step k a thread reads its slice of row k (contiguous: one
      // vector) and column k of its rows; the column tile stays in the
      // array's order, so it copies asynchronously like the row tile, and
      // once hyc unrolls the k loop (8 steps) the compiler reads
      // D(i, o + k .. o + k + 3) of each of my rows as one vector too.
#pragma hy parallel for into(threads)
      for (int ty = 0; ty < B / RY; ++ty)
#pragma hy parallel for into(threads)
        for (int tx = 0; tx < B / RX; ++tx) {
          W acc[RY][RX];
          for (int a = 0; a < RY; ++a)
            for (int b = 0; b < RX; ++b)
              acc[a][b] = D(rb + ty * RY + a, cb + tx * RX + b);
#pragma hy parallel fetch(D : B, B : rb, o : ty, tx)
#pragma hy parallel fetch(D : B, B : o, cb : ty, tx)
          for (int k = 0; k < B; ++k) {
            W col[RY], row[RX];  // D(i, k) of my rows, D(k, j) of my columns
            for (int a = 0; a < RY; ++a) col[a] = D(rb + ty * RY + a, o + k);
            for (int b = 0; b < RX; ++b) row[b] = D(o + k, cb + tx * RX + b);
            for (int a = 0; a < RY; ++a)
              for (int b = 0; b < RX; ++b) acc[a][b] = relax(acc[a][b], col[a], row[b]);
          }
          for (int a = 0; a < RY; ++a)
            for (int b = 0; b < RX; ++b)
              D(rb + ty * RY + a, cb + tx * RX + b) = acc[a][b];
        }
    }
}

// ---------------------------------------------------------------------------
// With next hops: N(i,j) follows D(i,j); an improvement through k sets
// N(i,j) = N(i,k). kPathTile tiles, PR x PR sub-tile per thread.
// ---------------------------------------------------------------------------

template <class W>
void phase1_paths(hy::array<W, 2>& D, hy::array<int, 2>& N, int p) {
  const int o = p * PB;
#pragma hy parallel for
  for (int one = 0; one < 1; ++one) {
#pragma hy parallel fetch(D : PB, PB : o, o : ty, tx)
#pragma hy parallel fetch(N : PB, PB : o, o : ty, tx)
    for (int k = 0; k < PB; ++k) {
#pragma hy parallel for into(threads)
      for (int ty = 0; ty < T; ++ty)
#pragma hy parallel for into(threads)
        for (int tx = 0; tx < T; ++tx)
          for (int a = 0; a < PR; ++a)
            for (int b = 0; b < PR; ++b) {
              const int r = ty + a * T, c = tx + b * T;
              const W s = D(o + r, o + k) + D(o + k, o + c);
              if (s < D(o + r, o + c)) {
                D(o + r, o + c) = s;
                N(o + r, o + c) = N(o + r, o + k);
              }
            }
    }
  }
}

template <class W>
void phase2_paths(hy::array<W, 2>& D, hy::array<int, 2>& N, int p, int nb) {
  const int o = p * PB;
#pragma hy parallel for disjoint(D, N)
  for (int side = 0; side < 2; ++side)
#pragma hy parallel for
    for (int t = 0; t < nb - 1; ++t) {
      const int other = skip_pivot(t, p) * PB;
      if (side == 0) {
        // Pivot row: N(i,k) lies in the pivot tile.
#pragma hy parallel fetch(D : PB, PB : o, o : ty, tx)
#pragma hy parallel fetch(D : PB, PB : o, other : ty, tx)
#pragma hy parallel fetch(N : PB, PB : o, o : ty, tx)
#pragma hy parallel fetch(N : PB, PB : o, other : ty, tx)
        for (int k = 0; k < PB; ++k) {
#pragma hy parallel for into(threads)
          for (int ty = 0; ty < T; ++ty)
#pragma hy parallel for into(threads)
            for (int tx = 0; tx < T; ++tx)
              for (int a = 0; a < PR; ++a)
                for (int b = 0; b < PR; ++b) {
                  const int r = ty + a * T, c = tx + b * T;
                  const W s = D(o + r, o + k) + D(o + k, other + c);
                  if (s < D(o + r, other + c)) {
                    D(o + r, other + c) = s;
                    N(o + r, other + c) = N(o + r, o + k);
                  }
                }
        }
      } else {
        // Pivot column: N(i,k) lies in the tile itself.
#pragma hy parallel fetch(D : PB, PB : o, o : ty, tx)
#pragma hy parallel fetch(D : PB, PB : other, o : ty, tx)
#pragma hy parallel fetch(N : PB, PB : other, o : ty, tx)
        for (int k = 0; k < PB; ++k) {
#pragma hy parallel for into(threads)
          for (int ty = 0; ty < T; ++ty)
#pragma hy parallel for into(threads)
            for (int tx = 0; tx < T; ++tx)
              for (int a = 0; a < PR; ++a)
                for (int b = 0; b < PR; ++b) {
                  const int r = ty + a * T, c = tx + b * T;
                  const W s = D(other + r, o + k) + D(o + k, o + c);
                  if (s < D(other + r, o + c)) {
                    D(other + r, o + c) = s;
                    N(other + r, o + c) = N(other + r, o + k);
                  }
                }
        }
      }
    }
}

template <class W>
void phase3_paths(hy::array<W, 2>& D, hy::array<int, 2>& N, int p, int nb) {
  const int o = p * PB;
#pragma hy parallel for disjoint(D, N)
  for (int ti = 0; ti < nb - 1; ++ti)
#pragma hy parallel for
    for (int tj = 0; tj < nb - 1; ++tj) {
      const int rb = skip_pivot(ti, p) * PB;
      const int cb = skip_pivot(tj, p) * PB;
#pragma hy parallel fetch(D : PB, PB : rb, cb : ty, tx)
#pragma hy parallel fetch(D : PB, PB : rb, o : ty, tx)
#pragma hy parallel fetch(D : PB, PB : o, cb : ty, tx)
#pragma hy parallel fetch(N : PB, PB : rb, cb : ty, tx)
#pragma hy parallel fetch(N : PB, PB : rb, o : ty, tx)
#pragma hy parallel for into(threads)
      for (int ty = 0; ty < T; ++ty)
#pragma hy parallel for into(threads)
        for (int tx = 0; tx < T; ++tx) {
          W acc[PR][PR];
          int nxt[PR][PR];
          for (int a = 0; a < PR; ++a)
            for (int b = 0; b < PR; ++b) {
              acc[a][b] = D(rb + ty + a * T, cb + tx + b * T);
              nxt[a][b] = N(rb + ty + a * T, cb + tx + b * T);
            }
          for (int k = 0; k < PB; ++k)
            for (int a = 0; a < PR; ++a)
              for (int b = 0; b < PR; ++b) {
                const W s = D(rb + ty + a * T, o + k) + D(o + k, cb + tx + b * T);
                if (s < acc[a][b]) {
                  acc[a][b] = s;
                  nxt[a][b] = N(rb + ty + a * T, o + k);
                }
              }
          for (int a = 0; a < PR; ++a)
            for (int b = 0; b < PR; ++b) {
              D(rb + ty + a * T, cb + tx + b * T) = acc[a][b];
              N(rb + ty + a * T, cb + tx + b * T) = nxt[a][b];
            }
        }
    }
}

}  // namespace

template <class W>
void fw_blocked(hy::array<W, 2>& D, int nb, progress_fn progress, void* ctx) {
  for (int p = 0; p < nb; ++p) {
    phase1(D, p);
    if (nb > 1) {
      phase2(D, p, nb);
      phase3(D, p, nb);
    }
    if (progress) progress(p + 1, nb, ctx);
  }
}

template <class W>
void fw_blocked_paths(hy::array<W, 2>& D, hy::array<int, 2>& N, int nb, progress_fn progress,
                      void* ctx) {
  const int pnb = nb * (B / PB);  // the same matrix in kPathTile tiles
  for (int p = 0; p < pnb; ++p) {
    phase1_paths(D, N, p);
    if (pnb > 1) {
      phase2_paths(D, N, p, pnb);
      phase3_paths(D, N, p, pnb);
    }
    if (progress) progress(p + 1, pnb, ctx);
  }
}

template <class W>
void fw_min_plus(hy::array<W, 2>& C, const hy::array<W, 2>& A, const hy::array<W, 2>& Bm,
                 int mt, int nt, int kt) {
#pragma hy parallel for
  for (int ti = 0; ti < mt; ++ti)
#pragma hy parallel for
    for (int tj = 0; tj < nt; ++tj) {
      const int rb = ti * B, cb = tj * B;
      for (int q = 0; q < kt; ++q) {
        const int kb = q * B;
#pragma hy parallel fetch(C : B, B : rb, cb : ty, tx)
#pragma hy parallel fetch(A : B, B : rb, kb : ty, tx)
#pragma hy parallel fetch(Bm : B, B : kb, cb : ty, tx)
#pragma hy parallel for into(threads)
        for (int ty = 0; ty < T; ++ty)
#pragma hy parallel for into(threads)
          for (int tx = 0; tx < T; ++tx) {
            W acc[R][R];
            for (int a = 0; a < R; ++a)
              for (int b = 0; b < R; ++b)
                acc[a][b] = C(rb + ty + a * T, cb + tx + b * T);
            for (int k = 0; k < B; ++k) {
              W col[R], row[R];
              for (int a = 0; a < R; ++a) col[a] = A(rb + ty + a * T, kb + k);
              for (int b = 0; b < R; ++b) row[b] = Bm(kb + k, cb + tx + b * T);
              for (int a = 0; a < R; ++a)
                for (int b = 0; b < R; ++b) acc[a][b] = relax(acc[a][b], col[a], row[b]);
            }
            for (int a = 0; a < R; ++a)
              for (int b = 0; b < R; ++b)
                C(rb + ty + a * T, cb + tx + b * T) = acc[a][b];
          }
      }
    }
}

// ---------------------------------------------------------------------------
// Out-of-core rounds (host code around the kernels above). With the pivot
// super-block P closed (its own Floyd-Warshall), a round is min-plus products:
//   row strip    D(P,J) = min(D(P,J), D*(P,P) (x) D(P,J))
//   column strip D(I,P) = min(D(I,P), D(I,P) (x) D*(P,P))
//   the rest     D(I,J) = min(D(I,J), D(I,P) (x) D(P,J))
// Three S x S staging arrays X, Y, Z are all the kernels ever see; the runtime
// keeps an array on the device until host code touches it, so only the
// staged blocks cross the bus.
// ---------------------------------------------------------------------------

int ooc_super_block(std::size_t budget_bytes, std::size_t w, int n) {
  std::size_t s = 0;
  while ((s + B) <= static_cast<std::size_t>(n) && 3 * (s + B) * (s + B) * w <= budget_bytes)
    s += B;
  return static_cast<int>(s);
}

namespace {

// Host-side copies between the big matrix and a staging array.
template <class W>
void stage_in(hy::array<W, 2>& S, const hy::array<W, 2>& D, int r0, int c0, int rows, int cols) {
  for (int i = 0; i < rows; ++i)
    std::memcpy(&S(i, 0), &D(r0 + i, c0), sizeof(W) * static_cast<std::size_t>(cols));
}
template <class W>
void stage_out(hy::array<W, 2>& D, const hy::array<W, 2>& S, int r0, int c0, int rows, int cols) {
  for (int i = 0; i < rows; ++i)
    std::memcpy(&D(r0 + i, c0), &S(i, 0), sizeof(W) * static_cast<std::size_t>(cols));
}

}  // namespace

template <class W>
ooc_info fw_out_of_core(hy::array<W, 2>& D, std::size_t budget_bytes, progress_fn progress,
                        void* ctx) {
  const int n = static_cast<int>(D.extent(0));
  ooc_info info;
  const int S = ooc_super_block(budget_bytes, sizeof(W), n);
  info.super_block = S;
  if (S == 0) return info;  // the caller reports that the budget is too small
  const int ns = (n + S - 1) / S;
  info.super_rounds = ns;
  auto size_of = [&](int P) { return std::min(S, n - P * S); };
  double bytes = 0;
  auto in = [&](hy::array<W, 2>& St, int P, int Q) {
    stage_in(St, D, P * S, Q * S, size_of(P), size_of(Q));
    bytes += double(size_of(P)) * size_of(Q) * sizeof(W);
  };
  auto out = [&](hy::array<W, 2>& St, int P, int Q) {
    stage_out(D, St, P * S, Q * S, size_of(P), size_of(Q));
    bytes += double(size_of(P)) * size_of(Q) * sizeof(W);
  };

  hy::array<W, 2> X(S, S), Y(S, S), Z(S, S);
  for (int P = 0; P < ns; ++P) {
    const int tp = size_of(P) / B;
    // Phase 1: close the pivot super-block with the in-core kernels.
    in(X, P, P);
    fw_blocked(X, tp);
    out(X, P, P);
    // Phase 2: pivot row and column strips against the closed pivot X.
    for (int J = 0; J < ns; ++J) {
      if (J == P) continue;
      const int tj = size_of(J) / B;
      in(Z, P, J);
      in(Y, P, J);
      fw_min_plus(Z, X, Y, tp, tj, tp);
      out(Z, P, J);
      in(Z, J, P);
      in(Y, J, P);
      fw_min_plus(Z, Y, X, tj, tp, tp);
      out(Z, J, P);
    }
    // Phase 3: every other super-block from its updated strips.
    for (int I = 0; I < ns; ++I) {
      if (I == P) continue;
      const int ti = size_of(I) / B;
      in(Y, I, P);
      for (int J = 0; J < ns; ++J) {
        if (J == P) continue;
        const int tj = size_of(J) / B;
        in(X, P, J);
        in(Z, I, J);
        fw_min_plus(Z, Y, X, ti, tj, tp);
        out(Z, I, J);
      }
    }
    if (progress) progress(P + 1, ns, ctx);
  }
  info.bytes_staged = bytes;
  return info;
}

// ---------------------------------------------------------------------------
// One matrix over several devices (Sao et al., HPDC 2021;
// docs/multi_gpu.md): the zones (MPI ranks, one GPU each) form a process
// grid, and the matrix of S x S blocks is spread 2-D block-cyclic over it,
// each zone keeping only its own blocks, packed, in L. Round P:
//   1. the zone holding the pivot block (P, P) closes it (fw_blocked);
//   2. it is broadcast along its process row and its process column, whose
//      zones update their part of the pivot block row (P, J) and block
//      column (I, P) with it (min-plus products, as the out-of-core rounds);
//   3. the updated row panel goes down every process column and the column
//      panel along every process row, and every zone updates all its blocks
//      at once: L = min(L, column panel (min,+) row panel), one kernel.
// Look-ahead: before step 3 of round P, the zones first update the blocks
// of block row and column P + 1 with round P's panels and run steps 1 and 2
// of round P + 1 on them; round P + 1's panels then travel (MPI_Ibcast)
// while round P updates the rest of L. The pivot row and column are
// unchanged by step 3 (the pivot is closed) and updating a block twice
// with the same panels changes nothing, so each element sees the
// relaxations of the serial algorithm: for int32 weights the result is the
// serial program's, bit for bit. Host code around the kernels above (a CUDA
// build makes the host copies current where the broadcasts read them).
// ---------------------------------------------------------------------------

namespace {

// Rows r0 .. r0 + rows of `from` (all its columns) into `to`; columns
// fc0 .. fc0 + cols of `from` (all its rows) into `to` from column tc0.
// Kernels (a block per row, its threads along it), so that the local
// blocks stay on the GPU and only the panels go to the host for MPI.
constexpr int kCopyThreads = 128;
template <class W>
void copy_row(hy::array<W, 2>& to, const hy::array<W, 2>& from, int r0, int rows) {
  const int w = static_cast<int>(from.extent(1));
#pragma hy parallel for
  for (int y = 0; y < rows; ++y)
#pragma hy parallel for into(threads)
    for (int tx = 0; tx < kCopyThreads; ++tx)
      for (int x = tx; x < w; x += kCopyThreads) to(y, x) = from(r0 + y, x);
}
template <class W>
void copy_col(hy::array<W, 2>& to, int tc0, const hy::array<W, 2>& from, int fc0, int cols) {
  const int h = static_cast<int>(to.extent(0));
#pragma hy parallel for
  for (int y = 0; y < h; ++y)
#pragma hy parallel for into(threads)
    for (int tx = 0; tx < kCopyThreads; ++tx)
      for (int x = tx; x < cols; x += kCopyThreads) to(y, tc0 + x) = from(y, fc0 + x);
}

// Block row and column P of the local blocks L into the panels Rp and Cp
// (in the zones that hold them).
template <class W>
void load_panels(const hy::zones::grid& g, int P, int S, const hy::array<W, 2>& L, hy::array<W, 2>& Rp,
                 hy::array<W, 2>& Cp) {
  if (g.owns_row(P) && Rp.size() > 0) copy_row(Rp, L, P / g.rows() * S, S);
  if (g.owns_col(P) && Cp.size() > 0) copy_col(Cp, 0, L, P / g.cols() * S, S);
}

// Steps 1 and 2 of round P on its panels Rp (block row P, in the zones of
// its process row) and Cp (block column P): the pivot closed by the zone
// that holds it, broadcast along its process row and column, and the
// panels updated with it (R2, C2: room for copies).
template <class W>
void pivot_round(const hy::zones::grid& g, int P, int S, hy::array<W, 2>& X, hy::array<W, 2>& Rp,
                 hy::array<W, 2>& Cp, hy::array<W, 2>& R2, hy::array<W, 2>& C2, grid_info& info) {
  const int t = S / kTile, lt = static_cast<int>(Rp.extent(1)) / kTile,
            it = static_cast<int>(Cp.extent(0)) / kTile;
  const bool inRow = g.owns_row(P), inCol = g.owns_col(P);
  if (inRow && inCol) {
    copy_col(X, 0, Rp, P / g.cols() * S, S);  // its block of the row panel
    fw_blocked(X, t);
  }
  if (inRow) g.bcast_row(X, P % g.cols());
  if (inCol) g.bcast_col(X, P % g.rows());
  if (inRow && lt > 0) {
    copy_row(R2, Rp, 0, S);
    fw_min_plus(Rp, X, R2, t, lt, t);  // D(P, J) = min(D(P, J), D*(P, P) (x) D(P, J))
  }
  if (inCol && it > 0) {
    copy_col(C2, 0, Cp, 0, S);
    fw_min_plus(Cp, C2, X, it, t, t);  // D(I, P) = min(D(I, P), D(I, P) (x) D*(P, P))
  }
  info.bytes_sent += double(S) * S * sizeof(W) * ((inRow ? 1 : 0) + (inCol ? 1 : 0)) +
                     double(Rp.size() + Cp.size()) * sizeof(W);
}

}  // namespace

int grid_block(int np, int grid_rows, int grid_cols) {
  // The largest multiple of kTile that divides np and still gives every
  // zone two blocks along each axis (at most 16 tiles: the round count
  // should stay well above the grid's size for the load to spread).
  const int nb = np / kTile, most = std::max(grid_rows, grid_cols);
  int best = 1;
  for (int g = 1; g <= std::min(nb, 16); ++g)
    if (nb % g == 0 && nb / g >= 2 * most) best = g;
  return best * kTile;
}

template <class W>
grid_info fw_grid(const hy::zones::grid& g, hy::array<W, 2>& L, int np, int S, progress_fn progress,
                  void* ctx) {
  grid_info info;
  info.rows = g.rows();
  info.cols = g.cols();
  info.block = S;
  if (S <= 0 || S % kTile || np % S) return info;  // info.rounds == 0: the caller reports it
  const int nb = np / S, li = g.local_rows(nb), lj = g.local_cols(nb), t = S / kTile;
  const std::size_t height = static_cast<std::size_t>(li) * S, width = static_cast<std::size_t>(lj) * S;
  if (static_cast<std::size_t>(L.extent(0)) != height || static_cast<std::size_t>(L.extent(1)) != width)
    return info;
  info.rounds = nb;

  hy::array<W, 2> X(S, S), T(S, S);                 // the pivot block; a block of a panel
  hy::array<W, 2> R(S, width), Rn(S, width), R2(S, width);     // row panels: round P, P + 1, a copy
  hy::array<W, 2> C(height, S), Cn(height, S), C2(height, S);  // column panels
  load_panels(g, 0, S, L, R, C);
  pivot_round(g, 0, S, X, R, C, R2, C2, info);
  g.bcast_col(R, 0);
  g.bcast_row(C, 0);
  for (int P = 0; P < nb; ++P) {
    // R and C hold round P's panels. Look-ahead: round P's update of block
    // row and column P + 1 first, then steps 1 and 2 of round P + 1, whose
    // panels travel while round P updates everything else.
    hy::zones::grid::pending next;
    if (P + 1 < nb) {
      const int Q = P + 1;
      load_panels(g, Q, S, L, Rn, Cn);
      if (g.owns_row(Q) && lj > 0) {
        copy_row(T, C, Q / g.rows() * S, S);  // D(Q, P) from the column panel
        fw_min_plus(Rn, T, R, t, lj * t, t);
      }
      if (g.owns_col(Q) && li > 0) {
        copy_col(T, 0, R, Q / g.cols() * S, S);  // D(P, Q) from the row panel
        fw_min_plus(Cn, C, T, li * t, t, t);
      }
      pivot_round(g, Q, S, X, Rn, Cn, R2, C2, info);
      g.ibcast_col(Rn, Q % g.rows(), next);
      g.ibcast_row(Cn, Q % g.cols(), next);
    }
    // Step 3 of round P: every local block at once.
    if (li > 0 && lj > 0) fw_min_plus(L, C, R, li * t, lj * t, t);
    hy::zones::grid::wait(next);
    std::swap(R, Rn);
    std::swap(C, Cn);
    if (progress) progress(P + 1, nb, ctx);
  }
  return info;
}

template grid_info fw_grid<std::int32_t>(const hy::zones::grid&, hy::array<std::int32_t, 2>&, int, int,
                                         progress_fn, void*);
template grid_info fw_grid<float>(const hy::zones::grid&, hy::array<float, 2>&, int, int, progress_fn, void*);

template void fw_blocked<std::int32_t>(hy::array<std::int32_t, 2>&, int, progress_fn, void*);
template void fw_blocked<float>(hy::array<float, 2>&, int, progress_fn, void*);
template void fw_blocked_paths<std::int32_t>(hy::array<std::int32_t, 2>&, hy::array<int, 2>&,
                                             int, progress_fn, void*);
template void fw_blocked_paths<float>(hy::array<float, 2>&, hy::array<int, 2>&, int, progress_fn,
                                      void*);
template void fw_min_plus<std::int32_t>(hy::array<std::int32_t, 2>&,
                                        const hy::array<std::int32_t, 2>&,
                                        const hy::array<std::int32_t, 2>&, int, int, int);
template void fw_min_plus<float>(hy::array<float, 2>&, const hy::array<float, 2>&,
                                 const hy::array<float, 2>&, int, int, int);
template ooc_info fw_out_of_core<std::int32_t>(hy::array<std::int32_t, 2>&, std::size_t,
                                               progress_fn, void*);
template ooc_info fw_out_of_core<float>(hy::array<float, 2>&, std::size_t, progress_fn, void*);

}  // namespace fw
