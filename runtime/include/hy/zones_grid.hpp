// hy::zones::grid: the zones (MPI ranks) as a 2-D process grid, for one
// problem spread over several devices (docs/multi_gpu.md): a matrix of
// blocks distributed 2-D block-cyclic (block (I, J) lives in zone
// (I mod rows, J mod cols)), broadcasts of hy::arrays along a process row
// or column (MPI_Bcast, or MPI_Ibcast to overlap, on the row and column
// communicators: no transport of hy's own), and the gather of every block to every zone. Built
// without -DHY_MPI (or run without mpirun) the grid is 1 x 1 and every
// operation is a no-op or a copy.
#pragma once

#include <hy/array.hpp>
#include <hy/zones.hpp>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

namespace hy::zones {

class grid {
public:
  /// A rows x cols grid of all zones (rows * cols must be their number);
  /// rows = 0 picks the most nearly square one with rows <= cols.
  explicit grid(int rows = 0) {
    const place &p = init();
    if (rows <= 0)
      for (rows = static_cast<int>(std::sqrt(double(p.size))); p.size % rows; --rows) {
      }
    if (p.size % rows)
      detail::fail("hy::zones::grid: " + std::to_string(rows) + " process rows do not divide " +
                   std::to_string(p.size) + " zones");
    rows_ = rows;
    cols_ = p.size / rows;
    row_ = p.rank / cols_;
    col_ = p.rank % cols_;
#if defined(HY_MPI)
    MPI_Comm_split(MPI_COMM_WORLD, row_, col_, &rowComm_); // my process row, ranked by column
    MPI_Comm_split(MPI_COMM_WORLD, col_, row_, &colComm_); // my process column, ranked by row
#endif
  }
  ~grid() {
#if defined(HY_MPI)
    int down = 0;
    MPI_Finalized(&down);
    if (!down) {
      MPI_Comm_free(&rowComm_);
      MPI_Comm_free(&colComm_);
    }
#endif
  }
  grid(const grid &) = delete;
  grid &operator=(const grid &) = delete;

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int row() const { return row_; } ///< this zone's process row
  int col() const { return col_; } ///< and column

  /// Block-cyclic ownership of block row I / block column J, and the
  /// number of the nb block rows (columns) this zone holds.
  bool owns_row(int I) const { return I % rows_ == row_; }
  bool owns_col(int J) const { return J % cols_ == col_; }
  int local_rows(int nb) const { return nb > row_ ? (nb - row_ + rows_ - 1) / rows_ : 0; }
  int local_cols(int nb) const { return nb > col_ ? (nb - col_ + cols_ - 1) / cols_ : 0; }

  /// Every zone of this process row gets `a` from the one in column `root`
  /// (the same extents everywhere); bcast_col along the process column
  /// from the one in row `root`.
  template <class T, int N> void bcast_row(hy::array<T, N> &a, int root) const {
#if defined(HY_MPI)
    bcast(a.data(), a.size() * sizeof(T), root, rowComm_);
#else
    (void)a, (void)root;
#endif
  }
  template <class T, int N> void bcast_col(hy::array<T, N> &a, int root) const {
#if defined(HY_MPI)
    bcast(a.data(), a.size() * sizeof(T), root, colComm_);
#else
    (void)a, (void)root;
#endif
  }

  /// Broadcasts started and not yet waited for (ibcast_row / ibcast_col):
  /// their arrays may not be touched until wait().
  struct pending {
#if defined(HY_MPI)
    std::vector<MPI_Request> requests;
#endif
  };
  /// bcast_row / bcast_col that return at once (MPI_Ibcast), so that the
  /// zone computes while the data travels (the look-ahead of fw_grid).
  template <class T, int N> void ibcast_row(hy::array<T, N> &a, int root, pending &p) const {
#if defined(HY_MPI)
    ibcast(a.data(), a.size() * sizeof(T), root, rowComm_, p);
#else
    (void)a, (void)root, (void)p;
#endif
  }
  template <class T, int N> void ibcast_col(hy::array<T, N> &a, int root, pending &p) const {
#if defined(HY_MPI)
    ibcast(a.data(), a.size() * sizeof(T), root, colComm_, p);
#else
    (void)a, (void)root, (void)p;
#endif
  }
  static void wait(pending &p) {
#if defined(HY_MPI)
    if (!p.requests.empty())
      MPI_Waitall(static_cast<int>(p.requests.size()), p.requests.data(), MPI_STATUSES_IGNORE);
    p.requests.clear();
#else
    (void)p;
#endif
  }

  /// The n x n matrix `full` (n = nb * S) from the local blocks `local`
  /// (local_rows(nb) * S x local_cols(nb) * S, block (i, j) being global
  /// block (row() + i * rows(), col() + j * cols())): every zone gets every
  /// block (MPI_Allgatherv of the packed local blocks).
  template <class T>
  void allgather_blocks(const hy::array<T, 2> &local, hy::array<T, 2> &full, int nb, int S) const {
    std::vector<T> mine(local.size());
    if (!mine.empty())
      std::memcpy(mine.data(), local.data(), mine.size() * sizeof(T));
    std::vector<T> all(static_cast<std::size_t>(nb) * nb * S * S);
    std::vector<int> counts(rows_ * cols_), displs(rows_ * cols_);
    long long total = 0;
    for (int z = 0; z < rows_ * cols_; ++z) {
      const int r = z / cols_, c = z % cols_;
      const long long lr = nb > r ? (nb - r + rows_ - 1) / rows_ : 0,
                      lc = nb > c ? (nb - c + cols_ - 1) / cols_ : 0;
      const long long bytes = lr * lc * S * S * static_cast<long long>(sizeof(T));
      if (bytes > INT_MAX || total > INT_MAX)
        detail::fail("hy::zones::grid::allgather_blocks: more than 2 GiB");
      counts[z] = static_cast<int>(bytes);
      displs[z] = static_cast<int>(total);
      total += bytes;
    }
#if defined(HY_MPI)
    MPI_Allgatherv(mine.data(), counts[init().rank], MPI_BYTE, all.data(), counts.data(),
                   displs.data(), MPI_BYTE, MPI_COMM_WORLD);
#else
    all = mine;
#endif
    for (int z = 0; z < rows_ * cols_; ++z) {
      const int r = z / cols_, c = z % cols_;
      const int lc = nb > c ? (nb - c + cols_ - 1) / cols_ : 0;
      const T *base = all.data() + displs[z] / static_cast<long long>(sizeof(T));
      const long long width = static_cast<long long>(lc) * S; // local row length
      for (int I = r, i = 0; I < nb; I += rows_, ++i)
        for (long long y = 0; y < S; ++y)
          for (int J = c, j = 0; J < nb; J += cols_, ++j)
            std::memcpy(&full(static_cast<long long>(I) * S + y, static_cast<long long>(J) * S),
                        base + (i * static_cast<long long>(S) + y) * width + j * static_cast<long long>(S),
                        S * sizeof(T));
    }
  }

private:
#if defined(HY_MPI)
  static void bcast(void *p, std::size_t bytes, int root, MPI_Comm comm) {
    const std::size_t chunk = std::size_t(1) << 30; // MPI counts are int
    for (std::size_t at = 0; at < bytes; at += chunk)
      MPI_Bcast(static_cast<char *>(p) + at, static_cast<int>(bytes - at < chunk ? bytes - at : chunk),
                MPI_BYTE, root, comm);
  }
  static void ibcast(void *p, std::size_t bytes, int root, MPI_Comm comm, pending &out) {
    const std::size_t chunk = std::size_t(1) << 30;
    for (std::size_t at = 0; at < bytes; at += chunk) {
      out.requests.emplace_back();
      MPI_Ibcast(static_cast<char *>(p) + at, static_cast<int>(bytes - at < chunk ? bytes - at : chunk),
                 MPI_BYTE, root, comm, &out.requests.back());
    }
  }
  MPI_Comm rowComm_ = MPI_COMM_NULL, colComm_ = MPI_COMM_NULL;
#endif
  int rows_ = 1, cols_ = 1, row_ = 0, col_ = 0;
};

} // namespace hy::zones
