// Self-checking test of the CUDA runtime (hy/cuda.cuh) for a machine with a
// GPU. Plain main, no GoogleTest: prints "PASS name" / "FAIL name ..." lines
// and "N passed, M failed"; the exit status is non-zero if anything failed.
//
//   nvcc -arch=sm_90 -std=c++17 -Xcompiler -fopenmp -Iruntime/include
//        test/runtime/cuda_runtime_test.cu -o cuda_runtime_test
//   ./cuda_runtime_test
//
// The tests of the runtime for irregular kernels (worklists, minloc,
// fetch_*, csr_row, ...) are in cuda_irregular_tests.cuh, included below.
// Built with -DHY_CHECK_BOUNDS it also checks the view bounds check. Parts
// that need a fresh process (HY_DEVICE, HY_STATS, HY_SYNC, fatal errors) run
// this program again as a child (--child MODE).
#include <hy/cuda.cuh>

#include <optional>
#include <utility>
#include <vector>

#include <cfloat>
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <sys/wait.h>
#include <type_traits>
#include <unistd.h>
#include <vector>

namespace hc = hy::cuda;

#define HY_STR2(x) #x
#define HY_STR(x) HY_STR2(x)
#define WHERE __FILE__ ":" HY_STR(__LINE__)
#define CK(call) hc::check((call), #call, WHERE)

// ---------------------------------------------------------------- reporting
static int g_passed = 0, g_failed = 0;

static void report(const std::string &name, bool ok,
                   const std::string &detail = std::string()) {
  if (ok)
    ++g_passed;
  else
    ++g_failed;
  const bool say = !ok && !detail.empty(); // details only for failures
  std::printf("%s %s%s%s\n", ok ? "PASS" : "FAIL", name.c_str(), say ? ": " : "",
              say ? detail.c_str() : "");
  std::fflush(stdout);
}

template <class T> const char *tname() {
  if constexpr (std::is_same_v<T, bool>) return "bool";
  else if constexpr (std::is_same_v<T, char>) return "char";
  else if constexpr (std::is_same_v<T, short>) return "short";
  else if constexpr (std::is_same_v<T, int>) return "int";
  else if constexpr (std::is_same_v<T, unsigned>) return "unsigned";
  else if constexpr (std::is_same_v<T, long long>) return "long_long";
  else if constexpr (std::is_same_v<T, unsigned long long>) return "ull";
  else if constexpr (std::is_same_v<T, float>) return "float";
  else if constexpr (std::is_same_v<T, double>) return "double";
  else return "?";
}

template <class T> std::string show(T v) {
  char buf[64];
  if constexpr (std::is_floating_point_v<T>)
    std::snprintf(buf, sizeof buf, "%.17g", static_cast<double>(v));
  else if constexpr (std::is_signed_v<T>)
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  else
    std::snprintf(buf, sizeof buf, "%llu", static_cast<unsigned long long>(v));
  return buf;
}

template <class T> bool same_bits(const T &a, const T &b) {
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// --------------------------------------------------------- input generators
// Values for which every reduction order gives the same exact result
// (small integers, powers of two, a capped number of factors 2), skewed so
// that the result is not trivially the absorbing element.
template <class Op, class T> struct gen {
  std::mt19937_64 rng;
  int twos = 0, halves = 0;
  explicit gen(unsigned long long seed) : rng(seed) {}

  bool chance(double p) {
    return std::uniform_real_distribution<double>(0.0, 1.0)(rng) < p;
  }
  long long in(long long lo, long long hi) {
    return std::uniform_int_distribution<long long>(lo, hi)(rng);
  }
  static constexpr int bits() {
    return std::is_same_v<T, bool> ? 1 : int(sizeof(T) * CHAR_BIT);
  }
  T full() {
    if constexpr (std::is_same_v<T, bool>)
      return (rng() & 1) != 0;
    else if constexpr (std::is_same_v<T, float>)
      return static_cast<float>(std::uniform_real_distribution<double>(-1e6, 1e6)(rng));
    else if constexpr (std::is_same_v<T, double>)
      return std::uniform_real_distribution<double>(-1e12, 1e12)(rng);
    else {
      using U = std::make_unsigned_t<T>;
      return static_cast<T>(static_cast<U>(rng()));
    }
  }
  T one_bit() {
    using U = std::make_unsigned_t<T>;
    return static_cast<T>(static_cast<U>(U(1) << in(0, bits() - 1)));
  }
  T nonzero() {
    if constexpr (std::is_same_v<T, bool>)
      return true;
    else if constexpr (std::is_floating_point_v<T>)
      return static_cast<T>(0.5 + double(in(0, 3)));
    else
      return static_cast<T>(in(1, 100));
  }

  T operator()() {
    using namespace hy::cuda;
    if constexpr (std::is_same_v<Op, op::add>) {
      if constexpr (std::is_same_v<T, bool>)
        return chance(1.0 / 2000);
      else if constexpr (std::is_floating_point_v<T>)
        return static_cast<T>(in(-8, 8));
      else if constexpr (std::is_signed_v<T> && sizeof(T) > 1)
        return static_cast<T>(in(-100, 100));
      else
        return full(); // unsigned and char: wrap-around is exact
    } else if constexpr (std::is_same_v<Op, op::mul>) {
      if constexpr (std::is_same_v<T, bool>)
        return !chance(1.0 / 5000);
      else {
        long long r = in(0, 999);
        if (r < 15)
          return static_cast<T>(-1);
        if (r < 17 && twos < 20) {
          ++twos;
          return static_cast<T>(2);
        }
        if constexpr (std::is_floating_point_v<T>)
          if (r < 19 && halves < 20) {
            ++halves;
            return static_cast<T>(0.5);
          }
        return static_cast<T>(1);
      }
    } else if constexpr (std::is_same_v<Op, op::min>) {
      if constexpr (std::is_same_v<T, bool>)
        return !chance(1.0 / 500);
      else
        return full();
    } else if constexpr (std::is_same_v<Op, op::max>) {
      if constexpr (std::is_same_v<T, bool>)
        return chance(1.0 / 500);
      else
        return full();
    } else if constexpr (std::is_same_v<Op, op::band>) {
      if constexpr (std::is_same_v<T, bool>)
        return !chance(1.0 / 500);
      else
        return chance(1.0 / 200) ? static_cast<T>(~one_bit()) : static_cast<T>(~T(0));
    } else if constexpr (std::is_same_v<Op, op::bor>) {
      if constexpr (std::is_same_v<T, bool>)
        return chance(1.0 / 500);
      else
        return chance(1.0 / 200) ? one_bit() : T(0);
    } else if constexpr (std::is_same_v<Op, op::bxor>) {
      return full();
    } else if constexpr (std::is_same_v<Op, op::land>) {
      return chance(1.0 / 2000) ? T(0) : nonzero();
    } else {
      static_assert(std::is_same_v<Op, op::lor>);
      return chance(1.0 / 2000) ? nonzero() : T(0);
    }
  }
};

// Host reference: fold with the operator, from `acc` or from the identity.
template <class Op, class T> T fold(const T *v, std::size_t n, T acc) {
  for (std::size_t i = 0; i < n; ++i)
    acc = Op::template apply<T>(acc, v[i]);
  return acc;
}
template <class Op, class T> T fold(const T *v, std::size_t n) {
  return fold<Op, T>(v, n, Op::template identity<T>());
}

template <class T> T *dev_alloc(std::size_t n) {
  void *p = nullptr;
  CK(cudaMalloc(&p, (n ? n : 1) * sizeof(T)));
  return static_cast<T *>(p);
}
template <class T> void to_dev(T *d, const std::vector<T> &h) {
  CK(cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice));
}
template <class T> std::vector<T> from_dev(const T *d, std::size_t n) {
  std::vector<T> h(n);
  CK(cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}
// A plain array of T (bool included) on the host.
template <class T> struct harr {
  std::unique_ptr<T[]> p;
  std::size_t n;
  explicit harr(std::size_t count) : p(new T[count ? count : 1]()), n(count) {}
  T &operator[](std::size_t i) { return p[i]; }
  const T &operator[](std::size_t i) const { return p[i]; }
  T *data() { return p.get(); }
};
template <class T> void to_dev(T *d, const harr<T> &h) {
  CK(cudaMemcpy(d, h.p.get(), h.n * sizeof(T), cudaMemcpyHostToDevice));
}
template <class T> harr<T> arr_from_dev(const T *d, std::size_t n) {
  harr<T> h(n);
  CK(cudaMemcpy(h.p.get(), d, n * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

template <class Op> const char *opname() {
  if constexpr (std::is_same_v<Op, hc::op::add>) return "add";
  else if constexpr (std::is_same_v<Op, hc::op::mul>) return "mul";
  else if constexpr (std::is_same_v<Op, hc::op::min>) return "min";
  else if constexpr (std::is_same_v<Op, hc::op::max>) return "max";
  else if constexpr (std::is_same_v<Op, hc::op::band>) return "band";
  else if constexpr (std::is_same_v<Op, hc::op::bor>) return "bor";
  else if constexpr (std::is_same_v<Op, hc::op::bxor>) return "bxor";
  else if constexpr (std::is_same_v<Op, hc::op::land>) return "land";
  else return "lor";
}
template <class Op>
constexpr bool bitwise_v = std::is_same_v<Op, hc::op::band> ||
                           std::is_same_v<Op, hc::op::bor> ||
                           std::is_same_v<Op, hc::op::bxor>;

__device__ __forceinline__ unsigned rank_in_block() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

// ------------------------------------------------------------- block_reduce
// Two reductions in a row; every thread stores both results.
template <class Op, class T>
__global__ void k_block_reduce(const T *in1, const T *in2, T *out1, T *out2) {
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const std::size_t g = std::size_t(blockIdx.x) * nt + rank_in_block();
  const T a = hc::block_reduce<Op, T>(in1[g]);
  const T b = hc::block_reduce<Op, T>(in2[g]);
  out1[g] = a;
  out2[g] = b;
}

static const dim3 kShapes[] = {dim3(1), dim3(31), dim3(32), dim3(33),
                               dim3(100), dim3(256), dim3(1024), dim3(8, 4, 2)};

template <class Op, class T> void test_block_reduce() {
  const unsigned blocks = 5;
  std::string bad;
  unsigned long long seed = 1000;
  for (const dim3 &b : kShapes) {
    const std::size_t nt = std::size_t(b.x) * b.y * b.z, n = nt * blocks;
    gen<Op, T> g(++seed);
    harr<T> in1(n), in2(n);
    for (std::size_t i = 0; i < n; ++i)
      in1[i] = g();
    gen<Op, T> g2(seed * 7919);
    for (std::size_t i = 0; i < n; ++i)
      in2[i] = g2();
    T *d_in1 = dev_alloc<T>(n), *d_in2 = dev_alloc<T>(n);
    T *d_o1 = dev_alloc<T>(n), *d_o2 = dev_alloc<T>(n);
    to_dev(d_in1, in1);
    to_dev(d_in2, in2);
    CK(cudaMemset(d_o1, 0xA5, n * sizeof(T)));
    CK(cudaMemset(d_o2, 0xA5, n * sizeof(T)));
    k_block_reduce<Op, T><<<blocks, b>>>(d_in1, d_in2, d_o1, d_o2);
    hc::after_launch(WHERE);
    harr<T> o1 = arr_from_dev(d_o1, n), o2 = arr_from_dev(d_o2, n);
    for (unsigned blk = 0; blk < blocks && bad.empty(); ++blk) {
      const T r1 = fold<Op, T>(in1.data() + blk * nt, nt);
      const T r2 = fold<Op, T>(in2.data() + blk * nt, nt);
      for (std::size_t t = 0; t < nt; ++t) {
        const std::size_t i = blk * nt + t;
        if (!same_bits(o1[i], r1) || !same_bits(o2[i], r2)) {
          char msg[200];
          std::snprintf(msg, sizeof msg, "block (%u,%u,%u) block %u thread %zu: ",
                        b.x, b.y, b.z, blk, t);
          bad = std::string(msg) + "got " + show(o1[i]) + "/" + show(o2[i]) +
                ", want " + show(r1) + "/" + show(r2);
          break;
        }
      }
    }
    cudaFree(d_in1);
    cudaFree(d_in2);
    cudaFree(d_o1);
    cudaFree(d_o2);
  }
  report(std::string("block_reduce.") + opname<Op>() + "." + tname<T>(),
         bad.empty(), bad);
}

// ------------------------------------------------- reduction + block_combine
template <class Op, class T>
__global__ void k_cross(const T *in, long long n, const T *uniform, T *global) {
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const long long g = (long long)blockIdx.x * nt + rank_in_block();
  const T mine = g < n ? in[g] : Op::template identity<T>();
  hc::block_combine<Op, T>(global, mine, uniform[blockIdx.x]);
}

template <class Op, class T> void test_cross_block() {
  std::string bad;
  unsigned long long seed = 5000;
  const dim3 shapes[] = {dim3(256), dim3(8, 4, 2), dim3(33)};
  for (const dim3 &b : shapes) {
    const long long nt = (long long)b.x * b.y * b.z;
    const unsigned blocks = 1000;
    const long long n = nt * blocks - nt / 3; // last block partly empty
    gen<Op, T> g(++seed);
    harr<T> in{static_cast<std::size_t>(n)}, uni{blocks}, uni2{blocks};
    for (long long i = 0; i < n; ++i)
      in[i] = g();
    for (unsigned i = 0; i < blocks; ++i)
      uni[i] = g();
    for (unsigned i = 0; i < blocks; ++i)
      uni2[i] = g();
    T *d_in = dev_alloc<T>(n), *d_uni = dev_alloc<T>(blocks), *d_uni2 = dev_alloc<T>(blocks);
    to_dev(d_in, in);
    to_dev(d_uni, uni);
    to_dev(d_uni2, uni2);
    {
      // One launch.
      hc::reduction<Op, T> r(WHERE);
      k_cross<Op, T><<<blocks, b>>>(d_in, n, d_uni, r.ptr());
      hc::after_launch(WHERE);
      const T got = r.result();
      T want = fold<Op, T>(in.data(), std::size_t(n));
      want = fold<Op, T>(uni.data(), blocks, want);
      if (!same_bits(got, want) && bad.empty())
        bad = "block (" + std::to_string(b.x) + "," + std::to_string(b.y) + "," +
              std::to_string(b.z) + ") one launch: got " + show(got) + ", want " + show(want);
    }
    {
      // A fresh object (pooled slot reused) starts at the identity again;
      // two launches fold into one object.
      hc::reduction<Op, T> r(WHERE);
      k_cross<Op, T><<<blocks, b>>>(d_in, n, d_uni, r.ptr());
      hc::after_launch(WHERE);
      k_cross<Op, T><<<blocks, b>>>(d_in, n, d_uni2, r.ptr());
      hc::after_launch(WHERE);
      const T got = r.result();
      T want = fold<Op, T>(in.data(), std::size_t(n));
      want = fold<Op, T>(uni.data(), blocks, want);
      want = fold<Op, T>(in.data(), std::size_t(n), want);
      want = fold<Op, T>(uni2.data(), blocks, want);
      if (!same_bits(got, want) && bad.empty())
        bad = "block (" + std::to_string(b.x) + "," + std::to_string(b.y) + "," +
              std::to_string(b.z) + ") two launches: got " + show(got) + ", want " + show(want);
    }
    cudaFree(d_in);
    cudaFree(d_uni);
    cudaFree(d_uni2);
  }
  report(std::string("reduction.") + opname<Op>() + "." + tname<T>(), bad.empty(), bad);
}

// Sum of random reals: order-dependent rounding, so a tolerance.
template <class T> void test_cross_block_real_sum() {
  const unsigned blocks = 1024;
  const long long n = 256LL * blocks - 5;
  std::mt19937_64 rng(77);
  std::uniform_real_distribution<double> dist(-1.0, 1.0);
  std::vector<T> in(n), uni(blocks);
  double want = 0, mag = 0;
  for (auto &x : in) {
    x = static_cast<T>(dist(rng));
    want += double(x);
    mag += std::fabs(double(x));
  }
  for (auto &x : uni) {
    x = static_cast<T>(dist(rng));
    want += double(x);
    mag += std::fabs(double(x));
  }
  T *d_in = dev_alloc<T>(n), *d_uni = dev_alloc<T>(blocks);
  to_dev(d_in, in);
  to_dev(d_uni, uni);
  hc::reduction<hc::op::add, T> r(WHERE);
  k_cross<hc::op::add, T><<<blocks, 256>>>(d_in, n, d_uni, r.ptr());
  hc::after_launch(WHERE);
  const double got = double(r.result());
  const double tol = (std::is_same_v<T, float> ? 1e-5 : 1e-13) * mag;
  report(std::string("reduction.add_real.") + tname<T>(), std::fabs(got - want) <= tol,
         "got " + show(got) + ", want " + show(want));
  cudaFree(d_in);
  cudaFree(d_uni);
}

// ------------------------------------------------------------ device atomics
enum aop { A_ADD, A_SUB, A_MUL, A_MIN, A_MAX, A_AND, A_OR, A_XOR, A_LAND, A_LOR };
static const char *aop_name(int a) {
  static const char *names[] = {"add", "sub", "mul", "min", "max",
                                "and", "or",  "xor", "land", "lor"};
  return names[a];
}
template <int A> struct aop_gen_op;
template <> struct aop_gen_op<A_ADD> { using type = hc::op::add; };
template <> struct aop_gen_op<A_SUB> { using type = hc::op::add; };
template <> struct aop_gen_op<A_MUL> { using type = hc::op::mul; };
template <> struct aop_gen_op<A_MIN> { using type = hc::op::min; };
template <> struct aop_gen_op<A_MAX> { using type = hc::op::max; };
template <> struct aop_gen_op<A_AND> { using type = hc::op::band; };
template <> struct aop_gen_op<A_OR> { using type = hc::op::bor; };
template <> struct aop_gen_op<A_XOR> { using type = hc::op::bxor; };
template <> struct aop_gen_op<A_LAND> { using type = hc::op::land; };
template <> struct aop_gen_op<A_LOR> { using type = hc::op::lor; };

template <int A, class T> __device__ void do_atomic(T *p, T v) {
  if constexpr (A == A_ADD) hc::atomic_add(p, v);
  else if constexpr (A == A_SUB) hc::atomic_sub(p, v);
  else if constexpr (A == A_MUL) hc::atomic_mul(p, v);
  else if constexpr (A == A_MIN) hc::atomic_min(p, v);
  else if constexpr (A == A_MAX) hc::atomic_max(p, v);
  // 8-byte types go through the op-named aliases (atomic_band, ...).
  else if constexpr (A == A_AND && sizeof(T) == 8) hc::atomic_band(p, v);
  else if constexpr (A == A_AND) hc::atomic_and(p, v);
  else if constexpr (A == A_OR && sizeof(T) == 8) hc::atomic_bor(p, v);
  else if constexpr (A == A_OR) hc::atomic_or(p, v);
  else if constexpr (A == A_XOR && sizeof(T) == 8) hc::atomic_bxor(p, v);
  else if constexpr (A == A_XOR) hc::atomic_xor(p, v);
  else if constexpr (A == A_LAND) hc::atomic_land(p, v);
  else hc::atomic_lor(p, v);
}
// Host reference written independently of the runtime's operators.
template <int A, class T> T host_apply(T a, T b) {
  if constexpr (A == A_ADD) return T(a + b);
  else if constexpr (A == A_SUB) return T(a - b);
  else if constexpr (A == A_MUL) return T(a * b);
  else if constexpr (A == A_MIN) return b < a ? b : a;
  else if constexpr (A == A_MAX) return a < b ? b : a;
  else if constexpr (A == A_AND) return T(a & b);
  else if constexpr (A == A_OR) return T(a | b);
  else if constexpr (A == A_XOR) return T(a ^ b);
  else if constexpr (A == A_LAND) return T(a && b);
  else return T(a || b);
}

template <int A, class T>
__global__ void k_atomic(T *slots, int k, const T *vals, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    do_atomic<A, T>(&slots[i % k], vals[i]);
}

template <int A, class T> void test_atomic() {
  using GOp = typename aop_gen_op<A>::type;
  const long long n = 1 << 16;
  std::string bad;
  for (int k : {1, 7}) {
    gen<GOp, T> g(900 + A * 10 + k);
    harr<T> vals(n);
    for (long long i = 0; i < n; ++i)
      vals[i] = g();
    // k slots followed by a canary slot that must stay untouched (for 1-
    // and 2-byte types it shares a 32-bit word with the last slot).
    harr<T> init(k + 1);
    for (int s = 0; s < k; ++s)
      init[s] = g();
    std::memset(static_cast<void *>(&init[k]), 0x5A, sizeof(T));
    T *d_slots = dev_alloc<T>(k + 1), *d_vals = dev_alloc<T>(n);
    to_dev(d_slots, init);
    to_dev(d_vals, vals);
    k_atomic<A, T><<<unsigned(n / 256), 256>>>(d_slots, k, d_vals, n);
    hc::after_launch(WHERE);
    harr<T> got = arr_from_dev(d_slots, k + 1);
    harr<T> want(k + 1);
    for (int s = 0; s <= k; ++s)
      want[s] = init[s];
    for (long long i = 0; i < n; ++i)
      want[i % k] = host_apply<A, T>(want[i % k], vals[i]);
    for (int s = 0; s <= k && bad.empty(); ++s)
      if (!same_bits(got[s], want[s]))
        bad = "k=" + std::to_string(k) + (s == k ? " canary" : " slot ") +
              std::to_string(s) + ": got " + show(got[s]) + ", want " + show(want[s]);
    cudaFree(d_slots);
    cudaFree(d_vals);
  }
  report(std::string("atomic.") + aop_name(A) + "." + tname<T>(), bad.empty(), bad);
}

template <class T> void test_atomic_real_sum() {
  const long long n = 1 << 18;
  std::mt19937_64 rng(31);
  std::uniform_real_distribution<double> dist(0.0, 1.0);
  std::vector<T> vals(n);
  double want = 0;
  for (auto &x : vals) {
    x = static_cast<T>(dist(rng));
    want += double(x);
  }
  T *d_slot = dev_alloc<T>(1), *d_vals = dev_alloc<T>(n);
  const T zero = 0;
  CK(cudaMemcpy(d_slot, &zero, sizeof(T), cudaMemcpyHostToDevice));
  to_dev(d_vals, vals);
  k_atomic<A_ADD, T><<<unsigned(n / 256), 256>>>(d_slot, 1, d_vals, n);
  hc::after_launch(WHERE);
  const double got = double(from_dev(d_slot, 1)[0]);
  const double tol = (std::is_same_v<T, float> ? 5e-4 : 1e-12) * want;
  report(std::string("atomic.add_real.") + tname<T>(), std::fabs(got - want) <= tol,
         "got " + show(got) + ", want " + show(want));
  cudaFree(d_slot);
  cudaFree(d_vals);
}

template <class T> void test_atomics_for_type() {
  test_atomic<A_ADD, T>();
  test_atomic<A_MUL, T>();
  test_atomic<A_MIN, T>();
  test_atomic<A_MAX, T>();
  test_atomic<A_LAND, T>();
  test_atomic<A_LOR, T>();
  if constexpr (!std::is_same_v<T, bool>)
    test_atomic<A_SUB, T>();
  if constexpr (std::is_integral_v<T>) {
    test_atomic<A_AND, T>();
    test_atomic<A_OR, T>();
    test_atomic<A_XOR, T>();
  }
}

// ---------------------------------------------------------------- coherence
static hc::stats_snapshot operator-(const hc::stats_snapshot &a,
                                    const hc::stats_snapshot &b) {
  hc::stats_snapshot d;
  d.launches = a.launches - b.launches;
  d.h2d = a.h2d - b.h2d;
  d.h2d_bytes = a.h2d_bytes - b.h2d_bytes;
  d.d2h = a.d2h - b.d2h;
  d.d2h_bytes = a.d2h_bytes - b.d2h_bytes;
  return d;
}
static std::string show(const hc::stats_snapshot &s) {
  char buf[200];
  std::snprintf(buf, sizeof buf, "launches %llu, h2d %llu (%llu B), d2h %llu (%llu B)",
                s.launches, s.h2d, s.h2d_bytes, s.d2h, s.d2h_bytes);
  return buf;
}
static bool stats_are(const hc::stats_snapshot &s, unsigned long long launches,
                      unsigned long long h2d, unsigned long long h2d_bytes,
                      unsigned long long d2h, unsigned long long d2h_bytes) {
  return s.launches == launches && s.h2d == h2d && s.h2d_bytes == h2d_bytes &&
         s.d2h == d2h && s.d2h_bytes == d2h_bytes;
}

__global__ void k_add2d(hc::view<float, 2> a, float d) {
  const long long n = a.size();
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x; t < n;
       t += (long long)gridDim.x * blockDim.x)
    a(t / a.extent(1), t % a.extent(1)) += d;
}
__global__ void k_copy2d(hc::view<float, 2> dst, hc::view<float, 2> src) {
  const long long n = src.size();
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x; t < n;
       t += (long long)gridDim.x * blockDim.x)
    dst(t / src.extent(1), t % src.extent(1)) = src(t / src.extent(1), t % src.extent(1));
}
template <class T> __global__ void k_add1d(hc::view<T, 1> v, T d) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < v.size();
       i += (long long)gridDim.x * blockDim.x)
    v[i] += d;
}
template <class T> __global__ void k_copy1d(hc::view<T, 1> dst, hc::view<T, 1> src) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < src.size();
       i += (long long)gridDim.x * blockDim.x)
    dst(i) = src[i];
}

static bool check_2d(const hy::array<float, 2> &a, float offset, std::string &why) {
  for (std::size_t i = 0; i < a.extent(0); ++i)
    for (std::size_t j = 0; j < a.extent(1); ++j) {
      const float want = float(i * 1000 + j) + offset;
      if (a(i, j) != want) {
        why = "A(" + std::to_string(i) + "," + std::to_string(j) + ") = " + show(a(i, j)) +
              ", want " + show(want);
        return false;
      }
    }
  return true;
}
static void fill_2d(hy::array<float, 2> &a) {
  for (std::size_t i = 0; i < a.extent(0); ++i)
    for (std::size_t j = 0; j < a.extent(1); ++j)
      a(i, j) = float(i * 1000 + j);
}

// Arrays above staging::min_bytes move through the pinned staging buffers
// (hy/cuda/staging.cuh): 9001 x 4099 floats = 147.6 MB, not a whole number
// of 32 MiB chunks, both ways twice, exact values and one transfer each way.
static void test_staged_transfers() {
  using hc::read;
  using hc::read_write;
  hy::array<float, 2> A(9001, 4099);
  fill_2d(A);
  const unsigned long long bytes = A.size() * sizeof(float);
  for (int round = 1; round <= 2; ++round) {
    const auto s0 = hc::stats();
    auto v = hc::device(A, read_write, WHERE);
    k_add2d<<<hc::grid_dim(A.size() / 256 + 1, 0), 256>>>(v, 1.0f);
    hc::after_launch(WHERE);
    hc::host(A, read_write); // read, and the next round uploads again
    const auto d = hc::stats() - s0;
    std::string why;
    const bool values = check_2d(A, float(round), why);
    report("mirror.staged_147MB.round" + std::to_string(round) + ".values", values, why);
    report("mirror.staged_147MB.round" + std::to_string(round) + ".transfers",
           stats_are(d, 1, 1, bytes, 1, bytes), show(d));
  }
}

static void test_mirror_arrays() {
  using hc::read;
  using hc::read_write;
  using hc::write;
  hy::array<float, 2> A(300, 257);
  fill_2d(A);
  const unsigned long long bytes = A.size() * sizeof(float);

  {
    // A loop of 300 launches over one array: one upload, one download.
    const auto s0 = hc::stats();
    for (int k = 0; k < 300; ++k) {
      auto v = hc::device(A, read_write, WHERE);
      k_add2d<<<hc::grid_dim(A.size() / 256 + 1, 0), 256>>>(v, 1.0f);
      hc::after_launch(WHERE);
    }
    hc::host(A, read);
    const auto d = hc::stats() - s0;
    std::string why;
    const bool values = check_2d(A, 300.0f, why);
    report("mirror.loop_300_launches.values", values, why);
    report("mirror.loop_300_launches.transfers", stats_are(d, 300, 1, bytes, 1, bytes), show(d));
  }
  {
    // Host reads again, kernels only read: nothing moves.
    const auto s0 = hc::stats();
    hc::host(A, read);
    auto v = hc::device(A, read, WHERE);
    (void)v;
    hc::host(A, read);
    const auto d = hc::stats() - s0;
    report("mirror.no_transfer_when_coherent", stats_are(d, 0, 0, 0, 0, 0), show(d));
  }
  {
    // Host write -> the next device() uploads again.
    hy::array<float, 2> B(300, 257);
    hc::host(A, write);
    A(5, 7) = -1.0f;
    const auto s0 = hc::stats();
    auto va = hc::device(A, read, WHERE);
    auto vb = hc::device(B, write, WHERE);
    k_copy2d<<<512, 256>>>(vb, va);
    hc::after_launch(WHERE);
    hc::host(B, read);
    const auto d = hc::stats() - s0;
    bool ok = B(5, 7) == -1.0f;
    A(5, 7) = float(5 * 1000 + 7) + 300.0f; // restore for the value check
    B(5, 7) = A(5, 7);
    std::string why;
    ok = ok && check_2d(B, 300.0f, why);
    report("mirror.host_write_reuploads.values", ok, why);
    // A and B (B is uploaded too: write access does not promise full overwrite).
    report("mirror.host_write_reuploads.transfers",
           stats_are(d, 1, 2, 2 * bytes, 1, bytes), show(d));
  }
  {
    // Kernel writes, then host writes only part: the device data is fetched
    // first so that the next upload does not lose the kernel's results.
    hc::host(A, write);
    fill_2d(A);
    auto v = hc::device(A, read_write, WHERE);
    k_add2d<<<512, 256>>>(v, 2.0f);
    hc::after_launch(WHERE);
    hc::host(A, write);
    A(0, 0) = 42.0f;
    auto v2 = hc::device(A, read_write, WHERE);
    k_add2d<<<512, 256>>>(v2, 1.0f);
    hc::after_launch(WHERE);
    hc::host(A, read);
    const bool corner = A(0, 0) == 43.0f;
    A(0, 0) = 3.0f;
    std::string why;
    const bool ok = check_2d(A, 3.0f, why) && corner;
    report("mirror.partial_host_write_keeps_device_results", ok, corner ? why : "A(0,0) wrong");
  }
  {
    // Reassignment with another size: new buffer of the new size.
    hc::host(A, read_write);
    A = hy::array<float, 2>(611, 129);
    fill_2d(A);
    const unsigned long long bytes2 = A.size() * sizeof(float);
    const auto s0 = hc::stats();
    auto v = hc::device(A, read_write, WHERE);
    const bool ext_ok = v.extent(0) == 611 && v.extent(1) == 129 && v.size() == 611 * 129;
    k_add2d<<<hc::grid_dim(A.size() / 256 + 1, 0), 256>>>(v, 5.0f);
    hc::after_launch(WHERE);
    hc::host(A, read);
    const auto d = hc::stats() - s0;
    std::string why;
    report("mirror.resize.values", ext_ok && check_2d(A, 5.0f, why), ext_ok ? why : "extents");
    report("mirror.resize.transfers", stats_are(d, 1, 1, bytes2, 1, bytes2), show(d));
    // And smaller again.
    A = hy::array<float, 2>(3, 4);
    fill_2d(A);
    auto v3 = hc::device(A, read_write, WHERE);
    k_add2d<<<4, 32>>>(v3, 1.0f);
    hc::after_launch(WHERE);
    hc::host(A, read);
    why.clear();
    report("mirror.shrink.values", check_2d(A, 1.0f, why), why);
  }
  {
    // Copies of an array have their own device copy.
    hy::array<float, 2> C(A);
    auto vc = hc::device(C, read_write, WHERE);
    k_add2d<<<4, 32>>>(vc, 10.0f);
    hc::after_launch(WHERE);
    hc::host(C, read);
    hc::host(A, read);
    std::string why1, why2;
    const bool ok = check_2d(C, 11.0f, why1) && check_2d(A, 1.0f, why2);
    report("mirror.copy_is_independent", ok, why1 + why2);
  }
  {
    // Size 0 and never-used arrays.
    hy::array<float, 1> Z(0);
    hy::array<float, 2> never(4, 4);
    const auto s0 = hc::stats();
    auto vz = hc::device(Z, read_write, WHERE);
    k_add1d<float><<<1, 32>>>(vz, 1.0f);
    hc::after_launch(WHERE);
    hc::host(Z, read_write);
    hc::host(never, read_write);
    const auto d = hc::stats() - s0;
    report("mirror.size_zero_and_never_used", vz.size() == 0 && stats_are(d, 1, 0, 0, 0, 0),
           show(d));
  }
}

__global__ void k_fill3d(hc::view<int, 3> c, long long *info) {
  // grid.x = extent 0, block = (extent 2, extent 1)
  c(blockIdx.x, threadIdx.y, threadIdx.x) =
      int(blockIdx.x * 10000 + threadIdx.y * 100 + threadIdx.x);
  if (blockIdx.x == 0 && threadIdx.x == 0 && threadIdx.y == 0) {
    info[0] = c.extent(0);
    info[1] = c.extent(1);
    info[2] = c.extent(2);
    info[3] = c.size();
    info[4] = (long long)(&c(1, 2, 3) - c.data());
  }
}

// Nested resident scopes (a translated function calling one of another
// translation unit, which the caller's hyc run cannot see): an array that
// only the inner function escapes comes back when the outermost scope ends,
// and one that dies before then is forgotten, not touched.
// Copies read every element: a copy of an array (alone, inside a struct or
// a std::vector) made after a kernel wrote it sees the kernel's values, and
// host_within / synced bring back the arrays inside containers.
struct two_arrays {
  hy::array<float, 2> A;
  int k;
};
static void test_copies_and_containers() {
  using hc::read;
  using hc::read_write;
  auto bumped = [](hy::array<float, 2> &a) {
    auto v = hc::device(a, read_write, WHERE);
    k_add2d<<<hc::grid_dim(a.size() / 256 + 1, 0), 256>>>(v, 1.0f);
    hc::after_launch(WHERE);
  };
  std::string why;
  hy::array<float, 2> A(40, 33);
  fill_2d(A);
  bumped(A);
  hy::array<float, 2> copy = A;
  report("copies.array_copy_sees_device_values", check_2d(copy, 1.0f, why), why);
  two_arrays s{hy::array<float, 2>(40, 33), 1};
  fill_2d(s.A);
  bumped(s.A);
  two_arrays t = s;
  report("copies.struct_copy_sees_device_values", check_2d(t.A, 1.0f, why), why);
  std::vector<hy::array<float, 2>> v;
  v.emplace_back(40, 33);
  v.emplace_back(40, 33);
  fill_2d(v[0]);
  fill_2d(v[1]);
  bumped(v[1]);
  std::vector<hy::array<float, 2>> w = v;
  report("copies.vector_copy_sees_device_values", check_2d(w[1], 1.0f, why), why);
  bumped(v[0]);
  bumped(v[1]);
  hc::host_within(v, read);
  report("within.vector_of_arrays", check_2d(v[0], 1.0f, why) && check_2d(v[1], 2.0f, why), why);
  std::pair<int, std::optional<hy::array<float, 2>>> p{3, hy::array<float, 2>(40, 33)};
  fill_2d(*p.second);
  bumped(*p.second);
  bumped(*p.second);
  report("within.synced_pair_optional",
         check_2d(*hc::synced(p, read).second, 2.0f, why), why);
}

static void test_nested_scopes() {
  using hc::read_write;
  hy::array<float, 1> X(1000);
  for (long long i = 0; i < 1000; ++i)
    X(i) = float(i);
  {
    hc::resident_scope outer;
    {
      hc::resident_scope inner;
      inner.escape(X);
      auto v = hc::device(X, read_write, WHERE);
      k_add1d<float><<<4, 256>>>(v, 1.0f);
      hc::after_launch(WHERE);
    }
    {
      hy::array<float, 1> T(64);
      hc::resident_scope inner;
      inner.escape(T);
      auto v = hc::device(T, read_write, WHERE);
      k_add1d<float><<<1, 64>>>(v, 1.0f);
      hc::after_launch(WHERE);
    } // inner hands T on, then T dies: its entry goes with it
    report("mirror.nested_scope.deferred_until_outermost", hc::detail::deferred_syncs().size() == 1,
           std::to_string(hc::detail::deferred_syncs().size()) + " deferred syncs, want 1 (X)");
  }
  bool ok = true;
  for (long long i = 0; i < 1000 && ok; ++i)
    ok = X(i) == float(i) + 1.0f;
  report("mirror.nested_scope.escape_reaches_host", ok, ok ? "" : "X still holds the host values");
  report("mirror.nested_scope.list_empty_after", hc::detail::deferred_syncs().empty(), "");
}

// Parked arrays: the outermost scope's escapes copy nothing back; the
// array's own accessors bring the device's data back on first use, and only
// then; a host write after that reaches the next kernel; fill() and a
// scope whose array never changes on the host copy nothing at all; copies
// and data() see the kernels' values. (The samples solve one source per
// call of a translated function: each call used to copy all its arrays
// back and upload them again.)
static void test_parked_arrays() {
  using hc::read_write;
  auto bump = [](hy::array<float, 1> &a) { // a translated function called from plain code
    hc::resident_scope scope;
    scope.escape(a);
    auto v = hc::device(a, read_write, WHERE);
    k_add1d<float><<<4, 256>>>(v, 1.0f);
    hc::after_launch(WHERE);
  };
  auto values = [](const hy::array<float, 1> &a, float add, std::string &why) {
    for (long long i = 0; i < (long long)a.size(); ++i)
      if (a(i) != float(i) + add) {
        why = "element " + std::to_string(i) + " is " + std::to_string(a(i)) + ", want " +
              std::to_string(float(i) + add);
        return false;
      }
    return true;
  };
  std::string why;
  hy::array<float, 1> X(1000);
  for (long long i = 0; i < 1000; ++i)
    X(i) = float(i);
  const hy::transfer_totals t0 = hy::transfers();
  bump(X);
  bump(X);
  bump(X);
  const hy::transfer_totals t1 = hy::transfers();
  report("parked.calls_copy_once", t1.h2d - t0.h2d == 1 && t1.d2h == t0.d2h,
         std::to_string(t1.h2d - t0.h2d) + " uploads, " + std::to_string(t1.d2h - t0.d2h) +
             " downloads over three calls, want 1 and 0");
  report("parked.flag_set", X.hy_mirror() && X.hy_mirror()->parked.load(), "");
  const hy::array<float, 1> &cx = X;
  report("parked.const_read_sees_device", values(cx, 3.0f, why), why);
  const hy::transfer_totals t2 = hy::transfers();
  report("parked.one_download", t2.d2h - t1.d2h == 1, std::to_string(t2.d2h - t1.d2h) + " downloads");
  X(0) = -100.0f; // a host write: the next kernel must see it
  bump(X);
  report("parked.host_write_reaches_kernel", X(0) == -99.0f,
         "X(0) = " + std::to_string(X(0)) + ", want -99");
  X(0) = 0.0f;
  bump(X); // X(i) = i + 5 except X(0) = 1
  X(0) = 5.0f;
  bump(X);
  report("parked.data_sees_device", X.data()[7] == 13.0f, "data()[7] = " + std::to_string(X.data()[7]));
  bump(X);
  const hy::array<float, 1> copy = X;
  report("parked.copy_sees_device", values(copy, 7.0f, why), why);
  bump(X);
  const hy::transfer_totals t3 = hy::transfers();
  X.fill(2.0f); // replaces everything: nothing comes back
  const hy::transfer_totals t4 = hy::transfers();
  report("parked.fill_downloads_nothing", t4.d2h == t3.d2h, std::to_string(t4.d2h - t3.d2h));
  bump(X);
  bool all3 = true;
  for (long long i = 0; i < 1000; ++i)
    all3 = all3 && X(i) == 3.0f;
  report("parked.fill_reaches_kernel", all3, "");
  // A read-only sync (as hyc's host(a, read) before a host read) keeps the
  // array parked: a write through the accessor afterwards still reaches the
  // device copy.
  bump(X);
  hc::host(X, hc::read);
  report("parked.read_sync_keeps_flag", X.hy_mirror()->parked.load(), "");
  X(1) = 100.0f;
  bump(X);
  report("parked.write_after_read_sync", X(1) == 101.0f, "X(1) = " + std::to_string(X(1)));
}

static void test_view_layout() {
  hy::array<int, 3> C(5, 6, 7);
  C.fill(-1);
  long long *d_info = dev_alloc<long long>(5);
  CK(cudaMemset(d_info, 0xA5, 5 * sizeof(long long)));
  auto v = hc::device(C, hc::write, WHERE);
  k_fill3d<<<5, dim3(7, 6)>>>(v, d_info);
  hc::after_launch(WHERE);
  hc::host(C, hc::read);
  auto info = from_dev(d_info, 5);
  bool ok = info[0] == 5 && info[1] == 6 && info[2] == 7 && info[3] == 210 &&
            info[4] == (1 * 6 + 2) * 7 + 3;
  for (int i = 0; i < 5 && ok; ++i)
    for (int j = 0; j < 6 && ok; ++j)
      for (int k = 0; k < 7 && ok; ++k)
        ok = C(i, j, k) == i * 10000 + j * 100 + k &&
             C.data()[(i * 6 + j) * 7 + k] == C(i, j, k);
  report("view.layout_3d_row_major", ok);
  cudaFree(d_info);
  // Host-side view arithmetic matches hy::array.
  hy::array<double, 2> H(3, 5);
  hc::view<double, 2> hv{H.data(), {3, 5}};
  report("view.host_indexing", &hv(2, 4) == &H(2, 4) && &hv(1, 0) == &H(1, 0) &&
                                   hv.size() == 15 && hv.extent(1) == 5);
}

static void test_mirror_vectors() {
  using hc::read;
  using hc::read_write;
  using hc::write;
  std::vector<int> v(1000);
  for (int i = 0; i < 1000; ++i)
    v[i] = i;
  {
    const auto s0 = hc::stats();
    for (int k = 0; k < 50; ++k) {
      auto dv = hc::device(v, read_write, WHERE);
      k_add1d<int><<<4, 256>>>(dv, 2);
      hc::after_launch(WHERE);
    }
    hc::host(v, read);
    const auto d = hc::stats() - s0;
    bool ok = true;
    for (int i = 0; i < 1000; ++i)
      ok = ok && v[i] == i + 100;
    report("vector.loop.values", ok);
    report("vector.loop.transfers", stats_are(d, 50, 1, 4000, 1, 4000), show(d));
  }
  {
    // Growing the vector (new data pointer and size) -> re-upload.
    hc::host(v, read_write);
    v.push_back(7);
    v.resize(5000, 9); // certainly reallocates
    const auto s0 = hc::stats();
    auto dv = hc::device(v, read_write, WHERE);
    k_add1d<int><<<8, 256>>>(dv, 1);
    hc::after_launch(WHERE);
    hc::host(v, read);
    const auto d = hc::stats() - s0;
    bool ok = dv.size() == 5000 && v[1000] == 8;
    for (int i = 0; i < 1000; ++i)
      ok = ok && v[i] == i + 101;
    for (int i = 1001; i < 5000; ++i)
      ok = ok && v[i] == 10;
    report("vector.resize.values", ok);
    report("vector.resize.transfers", stats_are(d, 1, 1, 20000, 1, 20000), show(d));
  }
  {
    // Host write in place (same pointer, same size) -> re-upload after host().
    hc::host(v, write);
    v[3] = -5;
    std::vector<int> w(v.size(), 0);
    const auto s0 = hc::stats();
    auto dv = hc::device(v, read, WHERE);
    auto dw = hc::device(w, write, WHERE);
    k_copy1d<int><<<8, 256>>>(dw, dv);
    hc::after_launch(WHERE);
    hc::host(w, read);
    hc::host(v, read); // v was only read on the device: nothing to fetch
    const auto d = hc::stats() - s0;
    report("vector.host_write_reuploads", w == v && w[3] == -5 &&
                                              stats_are(d, 1, 2, 40000, 1, 20000),
           show(d));
    hc::forget(w);
  }
  {
    std::vector<double> e;
    auto de = hc::device(e, read_write, WHERE);
    k_add1d<double><<<1, 32>>>(de, 1.0);
    hc::after_launch(WHERE);
    hc::host(e, read);
    std::vector<double> never(3, 1.0);
    const auto s0 = hc::stats();
    hc::host(never, read_write);
    report("vector.empty_and_never_used",
           de.size() == 0 && stats_are(hc::stats() - s0, 0, 0, 0, 0, 0));
    hc::forget(e);
  }
  {
    // forget(): a new vector at a recycled address is uploaded.
    auto *slot = new std::vector<float>(64, 1.0f);
    auto dv = hc::device(*slot, read_write, WHERE);
    k_add1d<float><<<1, 64>>>(dv, 1.0f);
    hc::after_launch(WHERE);
    hc::host(*slot, read);
    const bool first = (*slot)[63] == 2.0f;
    hc::forget(*slot);
    const auto s0 = hc::stats();
    auto dv2 = hc::device(*slot, read, WHERE);
    (void)dv2;
    report("vector.forget", first && (hc::stats() - s0).h2d == 1);
    hc::forget(*slot);
    delete slot;
  }
}

// --------------------------------------------------------- shared memory
__global__ void k_big_smem(int *out, int words) {
  extern __shared__ int smem[];
  for (int i = threadIdx.x; i < words; i += blockDim.x)
    smem[i] = i;
  __syncthreads();
  long long s = 0;
  for (int i = threadIdx.x; i < words; i += blockDim.x)
    s += smem[words - 1 - i];
  const long long total = hc::block_reduce<hc::op::add, long long>(s);
  if (threadIdx.x == 0)
    *out = int(total % 1000003);
}

static void test_dynamic_smem() {
  const std::size_t bytes = 100 * 1024;
  const int words = int(bytes / sizeof(int));
  hc::set_dynamic_smem(reinterpret_cast<const void *>(&k_big_smem), bytes, WHERE);
  int *d_out = dev_alloc<int>(1);
  CK(cudaMemset(d_out, 0xA5, sizeof(int)));
  k_big_smem<<<2, 256, bytes>>>(d_out, words);
  hc::after_launch(WHERE);
  const int got = from_dev(d_out, 1)[0];
  const long long want = (long long)words * (words - 1) / 2 % 1000003;
  report("set_dynamic_smem.100KiB", got == want, "got " + show(got) + ", want " + show(want));
  cudaFree(d_out);
}

// ------------------------------------------------------------- tile copies
// Round trip through hy::cuda::tile_load/tile_wait/tile_store on every path:
// 16-byte asynchronous, transposed through registers, element-wise (edge
// tiles, unaligned origins or rows), with the thread count known (NT) or not.
// The kernel dumps the tile it loaded (poison where the tile leaves the
// array), adds 1 to every element and stores it back.
template <int S0, int S1, int P, bool Tr, int NT, class T>
__global__ void k_tile_roundtrip(hc::view<T, 2> m, T *dump, long long o0, long long o1,
                                 T poison) {
  __shared__ __align__(16) T tile[(Tr ? S1 : S0) * P];
  const int tid = threadIdx.x, nt = blockDim.x;
  for (int e = tid; e < (Tr ? S1 : S0) * P; e += nt)
    tile[e] = poison;
  __syncthreads();
  hc::tile_load<S0, S1, P, Tr, NT>(tile, m, o0, o1);
  hc::tile_wait();
  __syncthreads();
  for (int e = tid; e < S0 * S1; e += nt) {
    const int r = e / S1, c = e % S1;
    T &t = tile[Tr ? c * P + r : r * P + c];
    dump[e] = t;
  }
  __syncthreads();
  for (int e = tid; e < S0 * S1; e += nt) {
    const int r = e / S1, c = e % S1;
    T &t = tile[Tr ? c * P + r : r * P + c];
    t = T(t + T(1));
  }
  __syncthreads();
  hc::tile_store<S0, S1, P, Tr, NT>(tile, m, o0, o1);
}

template <int S0, int S1, int P, bool Tr, int NT, class T>
static void tile_case(long long rows, long long cols, long long o0, long long o1, int threads,
                      int offset_elems = 0) {
  std::vector<T> host(rows * cols + offset_elems);
  std::mt19937 rng(unsigned(rows * 131 + cols * 7 + o0 * 3 + o1));
  for (auto &x : host)
    x = T(rng() % 1000);
  const T poison = T(-7);
  T *d_all = dev_alloc<T>(host.size());
  CK(cudaMemcpy(d_all, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  T *d_dump = dev_alloc<T>(S0 * S1);
  hc::view<T, 2> m{d_all + offset_elems, {rows, cols}};
  k_tile_roundtrip<S0, S1, P, Tr, NT, T><<<1, threads>>>(m, d_dump, o0, o1, poison);
  hc::after_launch(WHERE);
  const std::vector<T> dump = from_dev(d_dump, S0 * S1);
  const std::vector<T> after = from_dev(d_all, host.size());
  std::string why;
  for (int r = 0; r < S0 && why.empty(); ++r)
    for (int c = 0; c < S1 && why.empty(); ++c) {
      const long long i = o0 + r, j = o1 + c;
      const bool in = i >= 0 && i < rows && j >= 0 && j < cols;
      const T want = in ? host[offset_elems + i * cols + j] : poison;
      if (!same_bits(dump[r * S1 + c], want))
        why = "load (" + std::to_string(r) + "," + std::to_string(c) + "): got " +
              show(dump[r * S1 + c]) + ", want " + show(want);
    }
  for (long long k = 0; k < (long long)host.size() && why.empty(); ++k) {
    const long long i = (k - offset_elems) / cols, j = (k - offset_elems) % cols;
    const bool in = k >= offset_elems && i >= o0 && i < o0 + S0 && j >= o1 && j < o1 + S1;
    const T want = in ? T(host[k] + T(1)) : host[k];
    if (!same_bits(after[k], want))
      why = "store element " + std::to_string(k) + ": got " + show(after[k]) + ", want " +
            show(want);
  }
  char name[160];
  std::snprintf(name, sizeof name, "tile.%s.%dx%d.P%d.%s.NT%d.array%lldx%lld.at%lld,%lld.t%d%s",
                tname<T>(), S0, S1, P, Tr ? "transposed" : "plain", NT, rows, cols, o0, o1,
                threads, offset_elems ? ".unaligned_base" : "");
  report(name, why.empty(), why);
  cudaFree(d_all);
  cudaFree(d_dump);
}

static void test_tile_copies() {
  for (int tr = 0; tr < 2; ++tr) {
    auto both = [&](auto... args) {
      if (tr) {
        tile_case<64, 64, 68, true, 256, int>(args...);
        tile_case<64, 64, 68, true, 0, float>(args...);
      } else {
        tile_case<64, 64, 68, false, 256, int>(args...);
        tile_case<64, 64, 68, false, 0, float>(args...);
      }
    };
    both(256, 256, 64, 128, 256, 0);  // inside, aligned: vector paths
    both(256, 256, 0, 0, 256, 0);     // corner
    both(200, 236, 160, 192, 256, 0); // crosses both edges: element-wise
    both(256, 256, 64, 131, 256, 0);  // unaligned origin column
    both(256, 258, 64, 128, 256, 0);  // rows not 16-byte multiples
    both(256, 256, 64, 128, 256, 1);  // unaligned base pointer
    both(256, 256, -3, 64, 256, 0);   // negative origin
  }
  // Thread counts that do not divide the tile; tiles not multiples of 8.
  tile_case<64, 64, 68, true, 0, int>(256, 256, 64, 128, 100);
  tile_case<64, 64, 68, false, 0, int>(256, 256, 64, 128, 100);
  tile_case<12, 16, 20, true, 96, int>(64, 64, 8, 16, 96);
  tile_case<12, 16, 20, false, 96, int>(64, 64, 8, 16, 96);
  tile_case<32, 64, 36, true, 1024, float>(512, 512, 32, 256, 1024);
  tile_case<16, 16, 17, false, 256, int>(64, 64, 16, 16, 256);    // pitch not 4-aligned
  tile_case<16, 16, 20, false, 256, double>(64, 64, 16, 16, 256); // 8-byte elements
  tile_case<16, 16, 20, true, 256, double>(64, 64, 16, 16, 256);
}

// ----------------------------------------------------------- register rows
// hy::cuda::load_row / store_row on every path: vectors of 16 or 8 bytes
// (data, row length and start aligned) and element by element (unaligned
// base, row length or start), ranks 1 to 3, 4- and 8-byte elements, and a
// per-thread array of another type (converted as the loop would). Each
// thread loads its run of N at (row t, start), adds t + 1 and stores it back
// one row further down; the rest of the array must stay as it was.
template <int N, class U, class T, int R>
__global__ void k_rows(hc::view<T, R> m, U *dump, long long start) {
  const int t = threadIdx.x;
  U r[N];
  if constexpr (R == 1) {
    hc::load_row<N>(r, m, start + t * N);
  } else if constexpr (R == 2) {
    hc::load_row<N>(r, m, t, start);
  } else {
    hc::load_row<N>(r, m, t / 2, t % 2, start);
  }
  for (int j = 0; j < N; ++j) {
    dump[t * N + j] = r[j];
    r[j] = r[j] + U(t + 1);
  }
  if constexpr (R == 1) {
    hc::store_row<N>(r, m, start + (t + blockDim.x) * N);
  } else if constexpr (R == 2) {
    hc::store_row<N>(r, m, t + blockDim.x, start);
  } else {
    hc::store_row<N>(r, m, (t + blockDim.x) / 2, (t + blockDim.x) % 2, start);
  }
}

template <int N, class U, class T, int R>
static void row_case(long long last, long long start, int offset_elems, const char *what) {
  const int threads = 8;
  // Rank 1: runs one after the other; ranks 2 and 3: one run per row, rows
  // t (loads) and t + threads (stores); rank 3 as [rows/2][2][last].
  const long long rows = 2 * threads;
  const long long total = R == 1 ? start + 2 * threads * N + 3 : rows * last;
  std::vector<T> host(total + offset_elems);
  std::mt19937 rng(unsigned(N * 131 + last * 7 + start * 3 + offset_elems + R));
  for (auto &x : host)
    x = T(rng() % 1000);
  T *d_all = dev_alloc<T>(host.size());
  CK(cudaMemcpy(d_all, host.data(), host.size() * sizeof(T), cudaMemcpyHostToDevice));
  U *d_dump = dev_alloc<U>(threads * N);
  hc::view<T, R> m{};
  m.p = d_all + offset_elems;
  if constexpr (R == 1)
    m.ext[0] = total;
  else if constexpr (R == 2) {
    m.ext[0] = rows;
    m.ext[1] = last;
  } else {
    m.ext[0] = rows / 2;
    m.ext[1] = 2;
    m.ext[2] = last;
  }
  k_rows<N, U, T, R><<<1, threads>>>(m, d_dump, start);
  hc::after_launch(WHERE);
  const std::vector<U> dump = from_dev(d_dump, threads * N);
  const std::vector<T> after = from_dev(d_all, host.size());
  auto at = [&](long long row, int j) { // flat index of element j of run `row`
    return offset_elems + (R == 1 ? start + row * N + j : row * last + start + j);
  };
  std::string why;
  std::vector<T> want = host;
  for (int t = 0; t < threads && why.empty(); ++t)
    for (int j = 0; j < N; ++j) {
      const U got = dump[t * N + j], ref = U(host[at(t, j)]);
      if (!same_bits(got, ref))
        why = "load run " + std::to_string(t) + " element " + std::to_string(j) + ": got " +
              show(got) + ", want " + show(ref);
      want[at(t + threads, j)] = T(U(host[at(t, j)]) + U(t + 1));
    }
  for (size_t k = 0; k < host.size() && why.empty(); ++k)
    if (!same_bits(after[k], want[k]))
      why = "store element " + std::to_string(k) + ": got " + show(after[k]) + ", want " +
            show(want[k]);
  char name[160];
  std::snprintf(name, sizeof name, "rows.%s<-%s.N%d.rank%d.last%lld.start%lld%s (%s)",
                tname<U>(), tname<T>(), N, R, last, start,
                offset_elems ? ".unaligned_base" : "", what);
  report(name, why.empty(), why);
  cudaFree(d_all);
  cudaFree(d_dump);
}

static void test_register_rows() {
  row_case<4, int, int, 2>(64, 8, 0, "16-byte vectors");
  row_case<8, float, float, 2>(64, 16, 0, "two 16-byte vectors");
  row_case<4, int, int, 2>(66, 8, 0, "row length not a multiple of 4");
  row_case<4, int, int, 2>(64, 6, 0, "start not a multiple of 4");
  row_case<4, int, int, 2>(64, 8, 1, "data not 16-byte aligned");
  row_case<2, int, int, 2>(64, 2, 0, "8-byte vectors");
  row_case<6, int, int, 2>(64, 2, 0, "24 bytes: 8-byte vectors");
  row_case<3, int, int, 2>(64, 4, 0, "12 bytes: no vectors");
  row_case<4, double, double, 2>(32, 2, 0, "8-byte elements");
  row_case<4, double, double, 2>(33, 2, 0, "8-byte elements, odd row length");
  row_case<4, long long, int, 2>(64, 8, 0, "int array, long long registers");
  row_case<4, float, int, 2>(64, 4, 0, "int array, float registers");
  row_case<4, int, int, 1>(0, 0, 0, "rank 1, aligned");
  row_case<4, int, int, 1>(0, 1, 0, "rank 1, start 1");
  row_case<4, int, int, 3>(16, 4, 0, "rank 3, aligned");
  row_case<4, int, int, 3>(18, 4, 0, "rank 3, last extent not a multiple of 4");
}

// --------------------------------------------------------------- host-only
// hy::init() / hy::wait() (hy/wait.hpp) reach the CUDA runtime through
// hooks it registers at start-up; with no GPU they return at once.
static void test_wait_hooks() {
  report("wait_hooks_registered",
         hy::detail::device().init != nullptr && hy::detail::device().wait != nullptr);
  hy::init();
  hy::wait();
  report("wait_returns", true);
}

static void test_host_only() {
  namespace op = hc::op;
  const bool ids =
      op::min::identity<float>() == INFINITY && op::max::identity<float>() == -INFINITY &&
      op::min::identity<double>() == INFINITY && op::max::identity<double>() == -INFINITY &&
      op::min::identity<int>() == INT_MAX && op::max::identity<int>() == INT_MIN &&
      op::min::identity<unsigned>() == UINT_MAX && op::max::identity<unsigned>() == 0u &&
      op::min::identity<long long>() == LLONG_MAX && op::max::identity<long long>() == LLONG_MIN &&
      op::min::identity<unsigned long long>() == ULLONG_MAX &&
      op::min::identity<char>() == CHAR_MAX && op::max::identity<char>() == CHAR_MIN &&
      op::min::identity<bool>() == true && op::max::identity<bool>() == false &&
      op::add::identity<double>() == 0.0 && op::mul::identity<int>() == 1 &&
      op::band::identity<unsigned>() == ~0u && op::band::identity<long long>() == -1LL &&
      op::band::identity<bool>() == true && op::bor::identity<int>() == 0 &&
      op::bxor::identity<unsigned long long>() == 0ull && op::land::identity<float>() == 1.0f &&
      op::lor::identity<int>() == 0;
  report("op.identities", ids);
  const bool applies =
      op::add::apply(2, 3) == 5 && op::mul::apply(2.5, 2.0) == 5.0 && op::min::apply(-1, 4) == -1 &&
      op::max::apply(-1.5f, 4.0f) == 4.0f && op::band::apply(6u, 3u) == 2u && op::bor::apply(6, 3) == 7 &&
      op::bxor::apply(6, 3) == 5 && op::land::apply(2, 3) == 1 && op::land::apply(2, 0) == 0 &&
      op::lor::apply(0.0, 0.5) == 1.0 && op::lor::apply(0, 0) == 0 && op::add::apply(true, true) == true &&
      op::max::apply(char(-3), char(5)) == char(5);
  report("op.apply", applies);
  report("grid_dim", hc::grid_dim(0, 0) == 1 && hc::grid_dim(-5, 1) == 1 &&
                         hc::grid_dim(7, 0) == 7 && hc::grid_dim(70000, 0) == 70000 &&
                         hc::grid_dim(70000, 1) == 65535 && hc::grid_dim(70000, 2) == 65535 &&
                         hc::grid_dim(1LL << 40, 0) == 2147483647u &&
                         hc::grid_dim(65535, 2) == 65535);
  report("view.trivially_copyable", std::is_trivially_copyable_v<hc::view<double, 3>> &&
                                        std::is_trivially_copyable_v<hc::view<char, 1>>);
}

// ------------------------------------------------------- child processes
__global__ void k_trap() { __trap(); }
__global__ void k_inc_int(hc::view<int, 1> v) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < v.size())
    v(i) += 1;
}
__global__ void k_out_of_range(hc::view<int, 1> v, long long i) { v[i] = 1; }
__global__ void k_wild(int *p) { *p = 1; } // an illegal address

static int irregular_child(const std::string &mode); // cuda_irregular_tests.cuh

static int child(const std::string &mode) {
  if (const int r = irregular_child(mode); r != -1)
    return r;
  if (mode == "use_gpu")
    return hc::use_gpu() ? 11 : 10;
  if (mode == "check") {
    hc::check(cudaErrorInvalidValue, "cudaMemcpy", "fw.cpp:42 (#pragma hy parallel for)");
    return 0;
  }
  if (mode == "stats") {
    if (!hc::use_gpu())
      return 3;
    hy::array<int, 1> a(100);
    for (int k = 0; k < 3; ++k) {
      auto v = hc::device(a, hc::read_write, WHERE);
      k_inc_int<<<1, 128>>>(v);
      hc::after_launch(WHERE);
    }
    hc::host(a, hc::read);
    return a(99) == 3 ? 0 : 4;
  }
  if (mode == "sync_trap") {
    if (!hc::use_gpu())
      return 3;
    k_trap<<<1, 1>>>();
    hc::after_launch("trap.cpp:7 (#pragma hy parallel for)");
    cudaDeviceSynchronize();
    return 0;
  }
  if (mode == "alias_same" || mode == "alias_distinct") {
    // A fetched array passed again under another name is an error; two
    // names for an array that is not fetched, or distinct arrays, are not.
    hy::array<int, 2> a(4, 4), b(4, 4);
    std::vector<float> v(8);
    hc::check_fetch_aliases({hc::span_of(a, "D", true), hc::span_of(b, "E", false),
                             hc::span_of(b, "G", false), hc::span_of(v, "v", true),
                             hc::span_of(mode == "alias_same" ? a : b, "F", false)},
                            "alias.cpp:5 (#pragma hy parallel for)");
    return 0;
  }
  // Runtime faults (faults.cuh): each message names the pragma and sizes.
  if (mode == "launch_too_big") {
    if (!hc::use_gpu())
      return 3;
    hy::array<int, 1> a(8);
    auto v = hc::device(a, hc::read_write, WHERE);
    k_inc_int<<<1, 2048>>>(v);
    hc::after_launch("big.cpp:5 (#pragma hy parallel for)", {dim3(1), dim3(2048), 0});
    return 0;
  }
  if (mode == "oom") {
    if (!hc::use_gpu())
      return 3;
    void *p = nullptr;
    const std::size_t bytes = std::size_t(1) << 46;
    hc::check_alloc(cudaMalloc(&p, bytes), "cudaMalloc", bytes, "oom.cpp:4 (#pragma hy parallel for)");
    return 0;
  }
  if (mode == "illegal_later" || mode == "illegal_at_exit") {
    if (!hc::use_gpu())
      return 3;
    hy::array<int, 1> a(8);
    auto v = hc::device(a, hc::read_write, WHERE);
    k_wild<<<3, 32>>>(reinterpret_cast<int *>(16));
    hc::after_launch("wild.cpp:8 (#pragma hy parallel for)", {dim3(3), dim3(32), 0});
    if (mode == "illegal_later")
      hc::host(a, hc::read); // the copy back finds the fault
    (void)v;
    std::printf("result 42\n"); // printed, but the exit status says it is not to be trusted
    return 0;
  }
  if (mode == "smem_too_big") {
    if (!hc::use_gpu())
      return 3;
    hc::set_dynamic_smem(reinterpret_cast<const void *>(&k_big_smem), 1 << 20,
                         "big.cpp:3 (#pragma hy parallel fetch)");
    return 0;
  }
  if (mode == "bounds") {
    if (!hc::use_gpu())
      return 3;
    hy::array<int, 1> a(4);
    auto v = hc::device(a, hc::read_write, WHERE);
    k_out_of_range<<<1, 1>>>(v, 4);
    hc::after_launch("oob.cpp:9 (#pragma hy parallel for)");
    return 0;
  }
  return 2;
}

struct child_result {
  int status = -1;
  std::string output;
};

static child_result run_child(const std::string &env, const std::string &mode) {
  char exe[4096];
  const ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
  child_result r;
  if (len <= 0)
    return r;
  exe[len] = 0;
  const std::string cmd = "env -u HY_DEVICE -u HY_STATS -u HY_SYNC " + env + " '" +
                          std::string(exe) + "' --child " + mode + " 2>&1";
  FILE *f = popen(cmd.c_str(), "r");
  if (!f)
    return r;
  char buf[512];
  std::size_t n;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0)
    r.output.append(buf, n);
  const int st = pclose(f);
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return r;
}

static bool contains(const std::string &s, const std::string &part) {
  return s.find(part) != std::string::npos;
}

// Worklists, minloc/maxloc, fetch_*, csr_row, reduction reuse, ...
#include "cuda_irregular_tests.cuh"
#include "cuda_device_loop_tests.cuh"

static void test_children(bool gpu) {
  {
    auto r = run_child("HY_DEVICE=cpu", "use_gpu");
    report("env.HY_DEVICE_cpu", r.status == 10 && r.output.empty(), r.output);
  }
  {
    auto r = run_child("HY_DEVICE=banana", "use_gpu");
    report("env.HY_DEVICE_invalid", r.status == 1 && contains(r.output, "HY_DEVICE='banana'") &&
                                        contains(r.output, "'cpu', 'gpu' and 'auto'"),
           r.output);
  }
  if (gpu) {
    auto a = run_child("", "use_gpu");
    auto b = run_child("HY_DEVICE=auto", "use_gpu");
    auto g = run_child("HY_DEVICE=gpu", "use_gpu");
    report("env.HY_DEVICE_auto_and_gpu_with_device",
           a.status == 11 && b.status == 11 && g.status == 11 && a.output.empty() &&
               g.output.empty(),
           a.output + g.output);
  } else {
    auto a = run_child("", "use_gpu");
    auto g = run_child("HY_DEVICE=gpu", "use_gpu");
    report("env.HY_DEVICE_auto_without_device",
           a.status == 10 && contains(a.output, "hy: no CUDA device available (") &&
               contains(a.output, "); running the OpenMP path on the CPU\n"),
           a.output);
    report("env.HY_DEVICE_gpu_without_device",
           g.status == 1 &&
               contains(g.output, "hy: error: HY_DEVICE=gpu but no CUDA device is available ("),
           g.output);
  }
  {
    auto r = run_child("", "check");
    const std::string want = std::string("hy: CUDA error: cudaMemcpy failed at fw.cpp:42 "
                                         "(#pragma hy parallel for): ") +
                             cudaGetErrorString(cudaErrorInvalidValue) + "\n";
    report("check.message", r.status == 1 && r.output == want, r.output);
  }
  {
    auto r = run_child("", "alias_same");
    report("check_fetch_aliases.same_array",
           r.status == 1 && contains(r.output, "hy: error: alias.cpp:5 (#pragma hy parallel for): "
                                               "'D' and 'F' are the same array"),
           r.output);
    auto q = run_child("", "alias_distinct");
    report("check_fetch_aliases.distinct", q.status == 0 && q.output.empty(), q.output);
  }
  if (!gpu)
    return;
  {
    auto r = run_child("HY_STATS=1", "stats");
    report("env.HY_STATS",
           r.status == 0 && contains(r.output, "hy stats: kernel launches 3, host->device 1 "
                                               "transfers (400 bytes), device->host 1 "
                                               "transfers (400 bytes), ") &&
               contains(r.output, " s in transfers\n"),
           r.output);
    auto q = run_child("", "stats");
    report("env.HY_STATS_off_is_silent", q.status == 0 && q.output.empty(), q.output);
  }
  {
    auto r = run_child("HY_SYNC=1", "sync_trap");
    report("env.HY_SYNC_names_pragma",
           r.status == 1 && contains(r.output, "hy: CUDA error: kernel execution failed at "
                                               "trap.cpp:7 (#pragma hy parallel for): "),
           r.output);
  }
  {
    auto r = run_child("", "launch_too_big");
    report("fault.launch_too_big",
           r.status == 1 && contains(r.output, "kernel launch failed at big.cpp:5 (#pragma hy parallel for): ") &&
               contains(r.output, "grid 1 x 1 x 1 blocks of 2048 x 1 x 1 threads") &&
               contains(r.output, "the device allows 1024 threads"),
           r.output);
    auto o = run_child("", "oom");
    report("fault.out_of_memory",
           o.status == 1 && contains(o.output, "cudaMalloc of 70368744177664 bytes failed at oom.cpp:4 ") &&
               contains(o.output, " bytes free)"),
           o.output);
    auto l = run_child("", "illegal_later");
    report("fault.illegal_address_names_last_kernel",
           l.status == 1 && contains(l.output, "the last kernel launched is wild.cpp:8 (#pragma hy parallel for) "
                                               "(grid 3 x 1 x 1 blocks of 32 x 1 x 1 threads"),
           l.output);
    auto e = run_child("", "illegal_at_exit");
    report("fault.illegal_address_at_exit",
           e.status == 1 && contains(e.output, "kernel execution (at exit) failed") &&
               contains(e.output, "wild.cpp:8"),
           e.output);
    auto s2 = run_child("HY_SYNC=1", "illegal_later");
    report("fault.illegal_address_HY_SYNC",
           s2.status == 1 && contains(s2.output, "kernel execution failed at wild.cpp:8 (#pragma hy parallel for): ") &&
               contains(s2.output, "(grid 3 x 1 x 1 blocks of 32 x 1 x 1 threads"),
           s2.output);
  }
  {
    auto r = run_child("", "smem_too_big");
    report("set_dynamic_smem.too_big",
           r.status == 1 && contains(r.output, "big.cpp:3 (#pragma hy parallel fetch)") &&
               contains(r.output, "1048576 bytes"),
           r.output);
  }
#ifdef HY_CHECK_BOUNDS
  {
    auto r = run_child("HY_SYNC=1", "bounds");
    report("view.bounds_check", r.status == 1 && contains(r.output, "index out of range") &&
                                    contains(r.output, "oob.cpp:9"),
           r.output);
  }
#endif
}

// ---------------------------------------------------------------------- main
template <class Op> void reductions_for_op() {
  test_block_reduce<Op, int>();
  test_block_reduce<Op, unsigned>();
  test_block_reduce<Op, long long>();
  test_block_reduce<Op, unsigned long long>();
  test_block_reduce<Op, bool>();
  test_block_reduce<Op, char>();
  test_cross_block<Op, int>();
  test_cross_block<Op, unsigned>();
  test_cross_block<Op, long long>();
  test_cross_block<Op, unsigned long long>();
  test_cross_block<Op, bool>();
  test_cross_block<Op, char>();
  if constexpr (!bitwise_v<Op>) {
    test_block_reduce<Op, float>();
    test_block_reduce<Op, double>();
    test_cross_block<Op, float>();
    test_cross_block<Op, double>();
  }
}

int main(int argc, char **argv) {
  if (argc >= 3 && std::strcmp(argv[1], "--child") == 0)
    return child(argv[2]);

  test_host_only();
  test_wait_hooks();
  test_irregular_host_only();
  const bool gpu = hc::use_gpu();
  test_children(gpu);
  if (!gpu) {
    report("gpu_available", false, "no CUDA device: the GPU tests did not run");
  } else {
    reductions_for_op<hc::op::add>();
    reductions_for_op<hc::op::mul>();
    reductions_for_op<hc::op::min>();
    reductions_for_op<hc::op::max>();
    reductions_for_op<hc::op::band>();
    reductions_for_op<hc::op::bor>();
    reductions_for_op<hc::op::bxor>();
    reductions_for_op<hc::op::land>();
    reductions_for_op<hc::op::lor>();
    test_cross_block_real_sum<float>();
    test_cross_block_real_sum<double>();

    test_atomics_for_type<int>();
    test_atomics_for_type<unsigned>();
    test_atomics_for_type<long long>();
    test_atomics_for_type<unsigned long long>();
    test_atomics_for_type<float>();
    test_atomics_for_type<double>();
    test_atomics_for_type<char>();
    test_atomics_for_type<short>();
    test_atomics_for_type<bool>();
    test_atomic_real_sum<float>();
    test_atomic_real_sum<double>();

    test_mirror_arrays();
    test_copies_and_containers();
    test_nested_scopes();
    test_parked_arrays();
    test_staged_transfers();
    test_view_layout();
    test_mirror_vectors();
    test_dynamic_smem();
    test_tile_copies();
    test_register_rows();
    test_irregular();
    test_device_loop();
  }
  std::printf("%d passed, %d failed\n", g_passed, g_failed);
  return g_failed ? 1 : 0;
}
