// hy::zones: the level above kernels. A host loop marked
// `#pragma hy parallel for into(devices)` spreads its iterations over
// zones, one MPI rank each (one GPU each in a CUDA build); the translator
// wraps the loop in a hy::zones::loop that says which iterations this zone
// runs and combines the loop's reduction variables across zones at its end
// (MPI_Allreduce on host memory). Built with -DHY_MPI (the CMake target
// hy::zones_mpi) it uses MPI; without it there is one zone and nothing to
// combine, so the header has no dependency. docs/language.md, "Zones".
#pragma once

#include <hy/array.hpp>
#include <hy/bounds.hpp>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#if defined(HY_MPI)
#include <mpi.h>
#endif

namespace hy::zones {

/// The reduction operators of the zone level (those of `reduction(...)`,
/// named as hyc's runtimeName() spells them).
enum class op { add, mul, min, max, band, bor, bxor, land, lor };

/// This process's place: its zone among all zones, and among the zones of
/// its host (the local rank picks the GPU).
struct place {
  int rank = 0, size = 1;             ///< zone number and number of zones
  int local_rank = 0, local_size = 1; ///< the same among the zones of this host
};

namespace detail {

inline place &state() {
  static place p;
  return p;
}
inline int &depth() { // zone loops running now
  static int d = 0;
  return d;
}
inline bool &started() {
  static bool s = false;
  return s;
}

[[noreturn]] inline void fail(const std::string &what) {
  std::fprintf(stderr, "hy: error: %s\n", what.c_str());
  std::fflush(stderr);
#if defined(HY_MPI)
  int up = 0, down = 0;
  MPI_Initialized(&up);
  MPI_Finalized(&down);
  if (up && !down)
    MPI_Abort(MPI_COMM_WORLD, 1);
#endif
  std::exit(1);
}

#if defined(HY_MPI)
inline void finalize_at_exit() {
  int down = 0;
  MPI_Finalized(&down);
  if (!down)
    MPI_Finalize();
}

template <class T> MPI_Datatype mpi_type() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, bool>) return MPI_CXX_BOOL;
  else if constexpr (std::is_same_v<U, float>) return MPI_FLOAT;
  else if constexpr (std::is_same_v<U, double>) return MPI_DOUBLE;
  else if constexpr (std::is_same_v<U, long double>) return MPI_LONG_DOUBLE;
  else if constexpr (std::is_same_v<U, char>) return MPI_CHAR;
  else if constexpr (std::is_same_v<U, signed char>) return MPI_SIGNED_CHAR;
  else if constexpr (std::is_same_v<U, unsigned char>) return MPI_UNSIGNED_CHAR;
  else if constexpr (std::is_same_v<U, short>) return MPI_SHORT;
  else if constexpr (std::is_same_v<U, unsigned short>) return MPI_UNSIGNED_SHORT;
  else if constexpr (std::is_same_v<U, int>) return MPI_INT;
  else if constexpr (std::is_same_v<U, unsigned>) return MPI_UNSIGNED;
  else if constexpr (std::is_same_v<U, long>) return MPI_LONG;
  else if constexpr (std::is_same_v<U, unsigned long>) return MPI_UNSIGNED_LONG;
  else if constexpr (std::is_same_v<U, long long>) return MPI_LONG_LONG;
  else if constexpr (std::is_same_v<U, unsigned long long>) return MPI_UNSIGNED_LONG_LONG;
  else {
    static_assert(sizeof(U) == 0, "hy::zones: reduction of an unsupported element type");
    return MPI_DATATYPE_NULL;
  }
}

inline MPI_Op mpi_op(op o) {
  switch (o) {
  case op::add: return MPI_SUM;
  case op::mul: return MPI_PROD;
  case op::min: return MPI_MIN;
  case op::max: return MPI_MAX;
  case op::band: return MPI_BAND;
  case op::bor: return MPI_BOR;
  case op::bxor: return MPI_BXOR;
  case op::land: return MPI_LAND;
  case op::lor: return MPI_LOR;
  }
  return MPI_SUM;
}
#endif

} // namespace detail

/// The devices a zone may use: HY_DEVICES (a comma-separated list of
/// device numbers, e.g. "0,2") or, without it, 0 .. visible-1. An entry
/// that is not a number below `visible` stops the program.
inline std::vector<int> devices(int visible) {
  std::vector<int> out;
  const char *env = std::getenv("HY_DEVICES");
  if (!env || !*env) {
    for (int d = 0; d < visible; ++d)
      out.push_back(d);
    return out;
  }
  std::string s(env);
  std::size_t at = 0;
  while (at <= s.size()) {
    std::size_t comma = s.find(',', at);
    if (comma == std::string::npos)
      comma = s.size();
    std::string item = s.substr(at, comma - at);
    char *end = nullptr;
    long v = item.empty() ? -1 : std::strtol(item.c_str(), &end, 10);
    if (item.empty() || *end || v < 0 || v >= visible)
      detail::fail("HY_DEVICES='" + s + "': '" + item + "' is not a device number below " +
                   std::to_string(visible) + " (the visible devices)");
    out.push_back(static_cast<int>(v));
    at = comma + 1;
  }
  return out;
}

/// The device of the zone with this local rank: zones of one host take the
/// listed devices in turn (more zones than devices share them).
inline int device_of(int local_rank, const std::vector<int> &list) {
  return list.empty() ? -1 : list[static_cast<std::size_t>(local_rank) % list.size()];
}

/// The local rank as the launcher tells it (Open MPI, MPICH, Slurm), for a
/// GPU runtime that must pick its device before MPI is started; 0 without.
inline int launcher_local_rank() {
  for (const char *name : {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID"})
    if (const char *v = std::getenv(name))
      return std::atoi(v);
  return 0;
}

/// Starts the zone level once (MPI_Init when MPI is built in and the
/// program has not started it; MPI_Finalize at exit then) and returns this
/// process's place. Called by every zone loop; a program may call it first.
inline const place &init() {
  if (detail::started())
    return detail::state();
  detail::started() = true;
#if defined(HY_MPI)
  int up = 0;
  MPI_Initialized(&up);
  if (!up) {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    std::atexit(detail::finalize_at_exit);
  }
  place &p = detail::state();
  MPI_Comm_rank(MPI_COMM_WORLD, &p.rank);
  MPI_Comm_size(MPI_COMM_WORLD, &p.size);
  MPI_Comm host;
  MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, p.rank, MPI_INFO_NULL, &host);
  MPI_Comm_rank(host, &p.local_rank);
  MPI_Comm_size(host, &p.local_size);
  MPI_Comm_free(&host);
#endif
  return detail::state();
}

/// Whether this process is zone 0: the one that prints, since every zone
/// runs the program around the zone loops and ends with the same values.
inline bool leader() { return init().rank == 0; }

/// Whether the zone level runs over MPI in this build.
constexpr bool mpi_build() {
#if defined(HY_MPI)
  return true;
#else
  return false;
#endif
}

/// The identity of `o` for T: what a zone's copy of a reduction variable
/// starts from in every zone but zone 0.
template <class T> T identity(op o) {
  switch (o) {
  case op::add: case op::bor: case op::bxor: case op::lor: return T(0);
  case op::mul: case op::land: return T(1);
  case op::band: if constexpr (std::is_integral_v<T>) return T(~T(0)); else return T(0);
  case op::min: return hy::detail::highest<T>();
  case op::max: return hy::detail::lowest<T>();
  }
  return T(0);
}

/// Combines n values at p across all zones in place (every zone gets the
/// result). One zone: nothing to do.
template <class T> void allreduce(T *p, std::size_t n, op o) {
  static_assert(std::is_arithmetic_v<T>, "hy::zones: reductions of arithmetic values only");
  if constexpr (!std::is_integral_v<T>)
    if (o == op::band || o == op::bor || o == op::bxor)
      detail::fail("hy::zones: '&', '|' and '^' reductions need an integer type");
#if defined(HY_MPI)
  if (init().size == 1)
    return;
  if constexpr (!std::is_integral_v<T>) {
    if (o == op::land || o == op::lor) {
      // MPI's logical operators take integers: combine truth values.
      std::vector<int> t(n);
      for (std::size_t i = 0; i < n; ++i)
        t[i] = p[i] != T(0);
      allreduce(t.data(), n, o);
      for (std::size_t i = 0; i < n; ++i)
        p[i] = T(t[i]);
      return;
    }
  }
  const std::size_t chunk = std::size_t(1) << 30; // MPI counts are int
  for (std::size_t at = 0; at < n; at += chunk) {
    const int count = static_cast<int>(n - at < chunk ? n - at : chunk);
    MPI_Allreduce(MPI_IN_PLACE, p + at, count, detail::mpi_type<T>(), detail::mpi_op(o),
                  MPI_COMM_WORLD);
  }
#else
  (void)p, (void)n, (void)o;
#endif
}

/// The zone that runs iteration k (counted from 0) of a zone loop: cyclic.
inline int owner(long long k, int zones) { return static_cast<int>(k % zones); }

namespace detail {

/// Gathers rows of `row` elements at p (`extent` rows in all): iteration k
/// (0 <= k < count) of a zone loop wrote row first + k * step, and the zone
/// that ran it (owner(k)) sends it to every zone (MPI_Allgatherv of each
/// zone's rows packed, one MPI datatype per row, so counts are rows).
template <class T>
void gather_rows(T *p, std::size_t row, long long extent, long long first, long long step,
                 long long count) {
  if (count <= 0)
    return;
  const long long last = first + (count - 1) * step;
  if (first < 0 || first >= extent || last < 0 || last >= extent)
    fail("hy::zones: a gathered array has " + std::to_string(extent) +
         " rows, but the zone loop's iterations own rows " + std::to_string(first) + " .. " +
         std::to_string(last));
#if defined(HY_MPI)
  const place &pl = init();
  if (pl.size == 1 || row == 0)
    return;
  if (count > INT_MAX || row * sizeof(T) > static_cast<std::size_t>(INT_MAX))
    fail("hy::zones: gathered rows: more than 2^31 rows or a row over 2 GiB");
  MPI_Datatype rowType;
  MPI_Type_contiguous(static_cast<int>(row * sizeof(T)), MPI_BYTE, &rowType);
  MPI_Type_commit(&rowType);
  std::vector<int> counts(pl.size), displs(pl.size);
  int total = 0;
  for (int z = 0; z < pl.size; ++z) {
    counts[z] = static_cast<int>(count / pl.size + (z < count % pl.size ? 1 : 0));
    displs[z] = total;
    total += counts[z];
  }
  std::vector<T> send(static_cast<std::size_t>(counts[pl.rank]) * row),
      all(static_cast<std::size_t>(total) * row);
  std::size_t at = 0;
  for (long long k = pl.rank; k < count; k += pl.size, at += row)
    std::memcpy(send.data() + at, p + (first + k * step) * static_cast<long long>(row),
                row * sizeof(T));
  MPI_Allgatherv(send.data(), counts[pl.rank], rowType, all.data(), counts.data(), displs.data(),
                 rowType, MPI_COMM_WORLD);
  MPI_Type_free(&rowType);
  for (int z = 0; z < pl.size; ++z) {
    std::size_t from = static_cast<std::size_t>(displs[z]) * row;
    for (long long k = z; k < count; k += pl.size, from += row)
      std::memcpy(p + (first + k * step) * static_cast<long long>(row), all.data() + from,
                  row * sizeof(T));
  }
#endif
}

} // namespace detail

/// Gathers the rows (first index) of `a` that zone loops wrote: row r of
/// `rows` rows starting at `first` belongs to owner(r, zones) and every zone
/// receives every row. (A loop with a 'gather' clause does this itself.)
template <class T, int N> void gather_rows(hy::array<T, N> &a, long long first, long long rows) {
  const std::size_t row = a.extent(0) ? a.size() / a.extent(0) : 0;
  detail::gather_rows(a.data(), row, static_cast<long long>(a.extent(0)), first, 1, rows);
}

/// One execution of a zone loop: take() before each iteration says whether
/// this zone runs it (cyclic: iteration k runs in zone k mod zones);
/// start() gives a reduction variable its private starting value (the
/// identity, except in zone 0, which keeps the value from before the loop,
/// so the combined result counts it once); finish() combines it.
class loop {
public:
  loop() : p_(init()) {
    // One level: a zone loop reached from inside another (through a call)
    // would split iterations that only one zone runs, and its combine would
    // wait for zones that never reach it.
    if (detail::depth()++ > 0)
      detail::fail("a zone loop ('into(devices)') runs inside another zone loop; zones are one level");
  }
  ~loop() { --detail::depth(); }
  loop(const loop &) = delete;
  loop &operator=(const loop &) = delete;
  bool take() { return owner(k_++, p_.size) == p_.rank; }
  /// take() that also records the loop index (the row a gathered array's
  /// iteration owns): its first value and its step.
  template <class I> bool take(I index) {
    if (k_ == 0)
      first_ = static_cast<long long>(index);
    else if (k_ == 1)
      step_ = static_cast<long long>(index) - first_;
    return take();
  }

  template <class T> std::enable_if_t<std::is_arithmetic_v<T>> start(op o, T &v) const {
    if (p_.rank != 0)
      v = identity<T>(o);
  }
  template <class T, int N> void start(op o, hy::array<T, N> &a) const {
    if (p_.rank != 0)
      a.fill(identity<T>(o));
  }
  template <class V> auto start(op o, V &v) const -> decltype(v.data(), v.size(), void()) {
    if (p_.rank != 0)
      for (auto &x : v)
        x = identity<std::remove_reference_t<decltype(x)>>(o);
  }

  template <class T> std::enable_if_t<std::is_arithmetic_v<T>> finish(op o, T &v) const {
    allreduce(&v, 1, o);
  }
  template <class T, int N> void finish(op o, hy::array<T, N> &a) const {
    allreduce(a.data(), a.size(), o);
  }
  template <class V> auto finish(op o, V &v) const -> decltype(v.data(), v.size(), void()) {
    allreduce(v.data(), v.size(), o);
  }

  /// 'gather(a)': row i of `a` (its first index) was written by the
  /// iteration whose index is i; every zone receives every such row.
  template <class T, int N> void gather(hy::array<T, N> &a) const {
    const std::size_t row = a.extent(0) ? a.size() / a.extent(0) : 0;
    detail::gather_rows(a.data(), row, static_cast<long long>(a.extent(0)), first_, step_, k_);
  }
  template <class V> auto gather(V &v) const -> decltype(v.data(), v.size(), void()) {
    detail::gather_rows(v.data(), 1, static_cast<long long>(v.size()), first_, step_, k_);
  }

private:
  const place &p_;
  long long k_ = 0;             // iterations counted so far
  long long first_ = 0, step_ = 1; // the index's first value and step (take(index))
};

} // namespace hy::zones
