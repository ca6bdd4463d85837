// hy::zones::grid: the zones (MPI ranks) as a 2-D process grid, for one
// problem spread over several devices (docs/multi_gpu.md): a matrix of
// blocks distributed 2-D block-cyclic (block (I, J) lives in zone
// (I mod rows, J mod cols)), broadcasts of hy::arrays along a process row
// or column (MPI_Bcast, or MPI_Ibcast to overlap, on the row and column
// communicators: no transport of hy's own), and the gather of the result
// to zone 0 one block row at a time. Built
// without -DHY_MPI (or run without mpirun) the grid is 1 x 1 and every
// operation is a no-op or a copy.
#pragma once

#include <hy/array.hpp>
#include <hy/zones.hpp>

#include <climits>
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

  /// Block row I of the matrix (S rows of nb * S elements, row-major) into
  /// `strip` in zone 0 from the zones of process row I mod rows() that hold
  /// its blocks (MPI_Gatherv; the other zones send nothing and `strip` is
  /// left alone there). One block row at a time, so that zone 0 can go over
  /// the whole result (checksum, file) holding S rows of it, not n.
  template <class T>
  void gather_block_row(const hy::array<T, 2> &local, int I, int nb, int S, std::vector<T> &strip) const {
    const long long width = static_cast<long long>(local_cols(nb)) * S; // local row length
    const bool mine = owns_row(I) && width > 0;
    const T *from = mine ? &local(static_cast<long long>(I / rows_) * S, 0) : nullptr;
    const int zones = rows_ * cols_;
    std::vector<int> counts(zones, 0), displs(zones, 0);
    long long total = 0;
    for (int z = 0; z < zones; ++z) {
      const int r = z / cols_, c = z % cols_;
      const long long lc = nb > c ? (nb - c + cols_ - 1) / cols_ : 0;
      const long long bytes = r == I % rows_ ? lc * S * S * static_cast<long long>(sizeof(T)) : 0;
      if (bytes > INT_MAX || total > INT_MAX)
        detail::fail("hy::zones::grid::gather_block_row: more than 2 GiB");
      counts[z] = static_cast<int>(bytes);
      displs[z] = static_cast<int>(total);
      total += bytes;
    }
    const bool root = init().rank == 0;
    std::vector<T> all(root ? static_cast<std::size_t>(total / sizeof(T)) : 0);
#if defined(HY_MPI)
    MPI_Gatherv(from, mine ? counts[init().rank] : 0, MPI_BYTE, all.data(), counts.data(),
                displs.data(), MPI_BYTE, 0, MPI_COMM_WORLD);
#else
    if (mine)
      std::memcpy(all.data(), from, counts[0]);
#endif
    if (!root)
      return;
    strip.resize(static_cast<std::size_t>(S) * nb * S);
    for (int c = 0; c < cols_; ++c) {
      const int z = (I % rows_) * cols_ + c;
      const long long lw = static_cast<long long>(nb > c ? (nb - c + cols_ - 1) / cols_ : 0) * S;
      const T *base = all.data() + displs[z] / static_cast<long long>(sizeof(T));
      for (long long y = 0; y < S; ++y)
        for (int J = c, j = 0; J < nb; J += cols_, ++j)
          std::memcpy(&strip[static_cast<std::size_t>(y * nb * S + static_cast<long long>(J) * S)],
                      base + y * lw + static_cast<long long>(j) * S, S * sizeof(T));
    }
  }

  /// One value from every zone, in zone order, in zone 0 (empty elsewhere):
  /// per-zone figures such as peak memory.
  static std::vector<long long> gather_values(long long v) {
    const int zones = init().size;
    std::vector<long long> all(init().rank == 0 ? zones : 0);
#if defined(HY_MPI)
    MPI_Gather(&v, 1, MPI_LONG_LONG, all.data(), 1, MPI_LONG_LONG, 0, MPI_COMM_WORLD);
#else
    all[0] = v;
#endif
    return all;
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
