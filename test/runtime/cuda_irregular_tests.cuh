// The GPU runtime for irregular kernels, tested: hy::minloc / hy::maxloc in
// block_reduce, block_combine and atomics (ties included); hy::fetch_* in
// device code; worklists (warp-aggregated pushes, overflow, coherence and
// its transfer counts in a BFS-shaped host loop); swap_mirrors and
// `overwrite`; csr_row; reduction reuse and its asynchrony; resident_grid.
// Included by cuda_runtime_test.cu, whose helpers it uses (report, CK, WHERE,
// dev_alloc, to_dev, from_dev, stats_snapshot arithmetic, run_child).
// References are computed here independently of the runtime's operators.
#pragma once

#include <algorithm>
#include <chrono>
#include <numeric>
#include <queue>

// ------------------------------------------------------------ minloc/maxloc
template <class L>
using loc_op = std::conditional_t<hy::detail::is_minloc_v<L>, hc::op::min, hc::op::max>;

template <class L> std::string lname() {
  return std::string(hy::detail::is_minloc_v<L> ? "minloc<" : "maxloc<") +
         tname<typename L::value_type>() + "," + tname<typename L::index_type>() + ">";
}

template <class L> bool same_loc(const L &a, const L &b) {
  return same_bits(a.value, b.value) && a.index == b.index;
}
template <class L> std::string show_loc(const L &a) {
  return "(" + show(a.value) + ", " + show(a.index) + ")";
}

// The best entry: smallest (minloc) or largest (maxloc) value, then the
// smallest index among equal values; entries equal to the identity are
// holes. The identity when there is nothing else.
template <class L> L ref_best(const L *xs, std::size_t n) {
  constexpr bool is_min = hy::detail::is_minloc_v<L>;
  const L none;
  bool any = false;
  typename L::value_type bv{};
  typename L::index_type bi{};
  for (std::size_t i = 0; i < n; ++i) {
    if (xs[i].index == none.index && same_bits(xs[i].value, none.value))
      continue;
    const auto v = xs[i].value;
    const bool better = is_min ? v < bv : bv < v;
    if (!any || better || (v == bv && xs[i].index < bi)) {
      any = true;
      bv = v;
      bi = xs[i].index;
    }
  }
  return any ? L(bv, bi) : none;
}

// n entries with few distinct values (so many ties), distinct shuffled
// indices (so the winner is not the first one met), and 10% holes.
template <class L> std::vector<L> loc_inputs(std::size_t n, unsigned long long seed, int values) {
  using V = typename L::value_type;
  using I = typename L::index_type;
  std::mt19937_64 rng(seed);
  std::vector<long long> perm(n);
  std::iota(perm.begin(), perm.end(), 0LL);
  std::shuffle(perm.begin(), perm.end(), rng);
  std::vector<L> xs(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (rng() % 10 == 0)
      continue; // hole: the identity
    const int k = static_cast<int>(rng() % values) - values / 2;
    const V v = std::is_floating_point_v<V> ? static_cast<V>(k * 0.5) : static_cast<V>(k);
    xs[i] = L(v, static_cast<I>(perm[i]));
  }
  return xs;
}

// Two block_reduce calls in a row (the second over the block's inputs in
// reverse order); every thread stores both results.
template <class L> __global__ void k_loc_block(const L *in, L *out) {
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const std::size_t base = std::size_t(blockIdx.x) * nt, r = rank_in_block();
  const L a = hc::block_reduce<loc_op<L>, L>(in[base + r]);
  const L b = hc::block_reduce<loc_op<L>, L>(in[base + (nt - 1 - r)]);
  out[2 * (base + r)] = a;
  out[2 * (base + r) + 1] = b;
}

template <class L> void test_loc_block_reduce() {
  const unsigned blocks = 5;
  std::string bad;
  unsigned long long seed = 300;
  for (const dim3 &b : kShapes) {
    const std::size_t nt = std::size_t(b.x) * b.y * b.z, n = nt * blocks;
    const std::vector<L> in = loc_inputs<L>(n, ++seed, 5);
    L *d_in = dev_alloc<L>(n), *d_out = dev_alloc<L>(2 * n);
    to_dev(d_in, in);
    CK(cudaMemset(d_out, 0xA5, 2 * n * sizeof(L)));
    k_loc_block<L><<<blocks, b>>>(d_in, d_out);
    hc::after_launch(WHERE);
    const std::vector<L> out = from_dev(d_out, 2 * n);
    for (unsigned blk = 0; blk < blocks && bad.empty(); ++blk) {
      const L want = ref_best(in.data() + blk * nt, nt);
      for (std::size_t t = 0; t < 2 * nt && bad.empty(); ++t)
        if (!same_loc(out[2 * blk * nt + t], want))
          bad = "block (" + std::to_string(b.x) + "," + std::to_string(b.y) + "," +
                std::to_string(b.z) + ") block " + std::to_string(blk) + " output " +
                std::to_string(t) + ": got " + show_loc(out[2 * blk * nt + t]) + ", want " +
                show_loc(want);
    }
    cudaFree(d_in);
    cudaFree(d_out);
  }
  report("block_reduce." + lname<L>(), bad.empty(), bad);
}

template <class L>
__global__ void k_loc_cross(const L *in, long long n, L uniform, L *global) {
  const unsigned nt = blockDim.x * blockDim.y * blockDim.z;
  const long long g = (long long)blockIdx.x * nt + rank_in_block();
  const L mine = g < n ? in[g] : L();
  hc::block_combine<loc_op<L>, L>(global, mine, blockIdx.x % 7 == 0 ? uniform : L());
}

// ~1000 blocks fold into one reduction object; two launches into one object;
// a fresh object (a pooled slot that held a result) starts at the identity.
template <class L> void test_loc_cross_block() {
  using V = typename L::value_type;
  using I = typename L::index_type;
  std::string bad;
  unsigned long long seed = 700;
  for (const dim3 &b : {dim3(256), dim3(33), dim3(8, 4, 2)}) {
    const long long nt = (long long)b.x * b.y * b.z;
    const unsigned blocks = 1000;
    const long long n = nt * blocks - nt / 3;
    const std::vector<L> in = loc_inputs<L>(std::size_t(n), ++seed, 4);
    L *d_in = dev_alloc<L>(n);
    to_dev(d_in, in);
    // The best value of the inputs at an index beyond all of them (loses the
    // tie), then at index -1 (wins it).
    const V best = ref_best(in.data(), std::size_t(n)).value;
    const L late(best, I(n + 5)), early(best, I(-1));
    std::vector<L> all(in);
    for (unsigned blk = 0; blk < blocks; blk += 7)
      all.push_back(late);
    hc::reduction<loc_op<L>, L> r(WHERE);
    k_loc_cross<L><<<blocks, b>>>(d_in, n, late, r.ptr());
    hc::after_launch(WHERE);
    const L got1 = r.result(), want1 = ref_best(all.data(), all.size());
    k_loc_cross<L><<<blocks, b>>>(d_in, n, early, r.ptr());
    hc::after_launch(WHERE);
    const L got2 = r.result();
    const std::string shape =
        "(" + std::to_string(b.x) + "," + std::to_string(b.y) + "," + std::to_string(b.z) + ")";
    if (!same_loc(got1, want1) && bad.empty())
        bad = shape + " one launch: got " + show_loc(got1) + ", want " + show_loc(want1);
    if (!same_loc(got2, early) && bad.empty())
      bad = shape + " second launch: got " + show_loc(got2) + ", want " + show_loc(early);
    cudaFree(d_in);
  }
  {
    hc::reduction<loc_op<L>, L> fresh(WHERE);
    const L got = fresh.result();
    if (!(got.empty() && same_loc(got, L())) && bad.empty())
      bad = "fresh reduction: got " + show_loc(got) + ", want the identity";
  }
  report("reduction." + lname<L>(), bad.empty(), bad);
}

// Element-wise updates under contention: atomic_combine (64- or 128-bit CAS)
// or, Locked, the lock that replaces the 128-bit CAS before sm_90.
template <class L, bool Locked>
__global__ void k_loc_atomic(L *slots, int k, const L *vals, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  if constexpr (Locked)
    hc::detail::locked_apply<loc_op<L>>(&slots[i % k], vals[i]);
  else
    hc::atomic_combine<loc_op<L>>(&slots[i % k], vals[i]);
}

template <class L, bool Locked> void test_loc_atomic() {
  using V = typename L::value_type;
  using I = typename L::index_type;
  const long long n = 1 << 16;
  std::string bad;
  for (int k : {1, 5}) {
    const std::vector<L> vals = loc_inputs<L>(std::size_t(n), 40 + k, 6);
    std::vector<L> init(k + 1);
    for (int s = 1; s < k; ++s)
      init[s] = L(V(0), I(1000000 + s)); // slot 0 starts at the identity
    const L canary(V(7), I(4242));
    init[k] = canary;
    L *d_slots = dev_alloc<L>(k + 1), *d_vals = dev_alloc<L>(n);
    to_dev(d_slots, init);
    to_dev(d_vals, vals);
    k_loc_atomic<L, Locked><<<unsigned(n / 256), 256>>>(d_slots, k, d_vals, n);
    hc::after_launch(WHERE);
    const std::vector<L> got = from_dev(d_slots, k + 1);
    for (int s = 0; s < k && bad.empty(); ++s) {
      std::vector<L> mine{init[s]};
      for (long long i = s; i < n; i += k)
        mine.push_back(vals[i]);
      const L want = ref_best(mine.data(), mine.size());
      if (!same_loc(got[s], want))
        bad = "k=" + std::to_string(k) + " slot " + std::to_string(s) + ": got " +
              show_loc(got[s]) + ", want " + show_loc(want);
    }
    if (bad.empty() && !same_loc(got[k], canary))
      bad = "canary changed: " + show_loc(got[k]);
    cudaFree(d_slots);
    cudaFree(d_vals);
  }
  report(std::string(Locked ? "locked_apply." : "atomic_combine.") + lname<L>(), bad.empty(),
         bad);
}

template <class L> void test_loc_all() {
  test_loc_block_reduce<L>();
  test_loc_cross_block<L>();
  test_loc_atomic<L, false>();
  if constexpr (sizeof(L) == 16)
    test_loc_atomic<L, true>();
}

// ---------------------------------------------------------------- fetch_*
enum fop { F_ADD, F_MIN, F_MAX, F_AND, F_OR, F_XOR };
static const char *fop_name(int f) {
  static const char *names[] = {"add", "min", "max", "and", "or", "xor"};
  return names[f];
}

template <int F, class T> __device__ T do_fetch(T &a, T v) {
  if constexpr (F == F_ADD) return hy::fetch_add(a, v);
  else if constexpr (F == F_MIN) return hy::fetch_min(a, v);
  else if constexpr (F == F_MAX) return hy::fetch_max(a, v);
  else if constexpr (F == F_AND) return hy::fetch_and(a, v);
  else if constexpr (F == F_OR) return hy::fetch_or(a, v);
  else return hy::fetch_xor(a, v);
}

// Thread i updates slot (i / div) % mod and records the value it replaced.
template <int F, class T>
__global__ void k_fetch(T *slots, int div, int mod, const T *vals, T *olds, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    olds[i] = do_fetch<F, T>(slots[(i / div) % mod], vals[i]);
}

template <int F, class T>
static void run_fetch(std::vector<T> &slots, int div, const std::vector<T> &vals,
                      std::vector<T> &olds) {
  const long long n = static_cast<long long>(vals.size());
  T *d_slots = dev_alloc<T>(slots.size()), *d_vals = dev_alloc<T>(n), *d_olds = dev_alloc<T>(n);
  to_dev(d_slots, slots);
  to_dev(d_vals, vals);
  CK(cudaMemset(d_olds, 0xA5, n * sizeof(T)));
  k_fetch<F, T><<<unsigned((n + 255) / 256), 256>>>(d_slots, div, int(slots.size()), d_vals,
                                                     d_olds, n);
  hc::after_launch(WHERE);
  slots = from_dev(d_slots, slots.size());
  olds = from_dev(d_olds, n);
  cudaFree(d_slots);
  cudaFree(d_vals);
  cudaFree(d_olds);
}

// fetch_add: slot s gets m adds of one value (+2 or -3, negative starts):
// the old values are exactly init, init + v, ..., init + (m-1) v.
template <class T> void test_fetch_add() {
  const int k = 64, m = 1024;
  std::vector<T> slots(k), vals(std::size_t(k) * m), olds;
  for (int s = 0; s < k; ++s)
    slots[s] = T(-500 + 3 * s);
  const std::vector<T> init = slots;
  for (std::size_t i = 0; i < vals.size(); ++i)
    vals[i] = (i % k) % 2 ? T(-3) : T(2);
  run_fetch<F_ADD, T>(slots, 1, vals, olds);
  std::string bad;
  for (int s = 0; s < k && bad.empty(); ++s) {
    std::vector<T> got, want;
    T acc = init[s];
    for (int j = 0; j < m; ++j) {
      got.push_back(olds[std::size_t(j) * k + s]);
      want.push_back(acc);
      acc = T(acc + vals[s]);
    }
    std::sort(got.begin(), got.end());
    std::sort(want.begin(), want.end());
    if (got != want)
      bad = "slot " + std::to_string(s) + ": the old values are not init + j*v";
    else if (!same_bits(slots[s], acc))
      bad = "slot " + std::to_string(s) + ": got " + show(slots[s]) + ", want " + show(acc);
  }
  report(std::string("fetch_add.") + tname<T>(), bad.empty(), bad);
}

// fetch_min / fetch_max with distinct values (negative ones too): the
// threads that improved the value (old worse than theirs) must form one
// chain, each replacing the previous one's value, starting from init; the
// others saw a value of that chain no worse than theirs.
template <bool Min, class T> void test_fetch_minmax() {
  const int k = 32, m = 2048;
  std::mt19937_64 rng(Min ? 11 : 12);
  std::vector<T> slots(k), vals(std::size_t(k) * m), olds;
  for (int s = 0; s < k; ++s)
    slots[s] = std::is_signed_v<T> ? T(0) : T(m / 2);
  const std::vector<T> init = slots;
  for (int s = 0; s < k; ++s) {
    std::vector<int> perm(m);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
    for (int j = 0; j < m; ++j) {
      const int x = std::is_signed_v<T> ? perm[j] - m / 2 : perm[j];
      vals[std::size_t(j) * k + s] = std::is_floating_point_v<T> ? T(x * 0.25) : T(x);
    }
  }
  if constexpr (Min)
    run_fetch<F_MIN, T>(slots, 1, vals, olds);
  else
    run_fetch<F_MAX, T>(slots, 1, vals, olds);
  auto better = [](T a, T b) { return Min ? a < b : b < a; };
  std::string bad;
  for (int s = 0; s < k && bad.empty(); ++s) {
    std::vector<std::size_t> claimed, others;
    T best = init[s];
    for (int j = 0; j < m; ++j) {
      const std::size_t i = std::size_t(j) * k + s;
      (better(vals[i], olds[i]) ? claimed : others).push_back(i);
      if (better(vals[i], best))
        best = vals[i];
    }
    // From the worst claim to the best one.
    std::sort(claimed.begin(), claimed.end(),
              [&](std::size_t a, std::size_t b) { return better(vals[b], vals[a]); });
    std::vector<T> chain{init[s]};
    for (std::size_t c : claimed) {
      if (!same_bits(olds[c], chain.back())) {
        bad = "slot " + std::to_string(s) + ": value " + show(vals[c]) + " replaced " +
              show(olds[c]) + ", but the chain was at " + show(chain.back());
        break;
      }
      chain.push_back(vals[c]);
    }
    for (std::size_t o : others)
      if (bad.empty() && std::find(chain.begin(), chain.end(), olds[o]) == chain.end())
        bad = "slot " + std::to_string(s) + ": thread saw " + show(olds[o]) +
              ", a value the slot never held";
    if (bad.empty() && !(same_bits(slots[s], best) && same_bits(chain.back(), best)))
      bad = "slot " + std::to_string(s) + ": final " + show(slots[s]) + ", want " + show(best);
  }
  report(std::string(Min ? "fetch_min." : "fetch_max.") + tname<T>(), bad.empty(), bad);
}

// fetch_and / fetch_or / fetch_xor: each slot is updated by one thread per
// bit (clear it, set it, toggle it). The bits changed before each thread
// (old ^ init) must be exactly the bits of the threads before it in one
// order: popcounts 0 .. B-1, each set the previous one plus its bit.
template <int F, class T> void test_fetch_bits() {
  using U = std::make_unsigned_t<T>;
  constexpr int B = int(sizeof(T) * 8);
  const int k = 512;
  const U pattern = static_cast<U>(0x5A5A5A5A5A5A5A5AULL);
  const U init_bits = F == F_AND ? static_cast<U>(~U(0)) : F == F_OR ? U(0) : pattern;
  std::vector<T> slots(k, static_cast<T>(init_bits)), vals(std::size_t(k) * B), olds;
  std::vector<int> bit(vals.size());
  for (std::size_t i = 0; i < vals.size(); ++i) {
    bit[i] = int((i % B) * 7 % B); // a permutation of the bits in each slot
    const U one = static_cast<U>(U(1) << bit[i]);
    vals[i] = static_cast<T>(F == F_AND ? static_cast<U>(~one) : one);
  }
  run_fetch<F, T>(slots, B, vals, olds);
  std::string bad;
  for (int s = 0; s < k && bad.empty(); ++s) {
    std::vector<std::pair<int, std::size_t>> order; // (popcount of old ^ init, thread)
    for (int t = 0; t < B; ++t) {
      const std::size_t i = std::size_t(s) * B + t;
      const U d = static_cast<U>(static_cast<U>(olds[i]) ^ init_bits);
      order.push_back({__builtin_popcountll(static_cast<unsigned long long>(d)), i});
    }
    std::sort(order.begin(), order.end());
    U seen = 0;
    for (int j = 0; j < B && bad.empty(); ++j) {
      const std::size_t i = order[j].second;
      if (order[j].first != j || static_cast<U>(static_cast<U>(olds[i]) ^ init_bits) != seen)
        bad = "slot " + std::to_string(s) + ": thread " + std::to_string(i) + " saw " +
              show(olds[i]) + ", not the slot after " + std::to_string(j) + " updates";
      seen = static_cast<U>(seen | (U(1) << bit[i]));
    }
    if (bad.empty() && static_cast<U>(slots[s]) != static_cast<U>(init_bits ^ static_cast<U>(~U(0))))
      bad = "slot " + std::to_string(s) + ": final " + show(slots[s]);
  }
  report(std::string("fetch_") + fop_name(F) + "." + tname<T>(), bad.empty(), bad);
}

// fetch_* on a thread's own variables (a local, an element of a per-thread
// array indexed at run time, both through do_fetch's reference): they live
// in local memory, where a device atomic faults and no other thread looks,
// so the update is the plain one (issue 26).
template <int F, class T> T ref_fetch_op(T a, T v) {
  if constexpr (F == F_ADD) return T(a + v);
  else if constexpr (F == F_MIN) return v < a ? v : a;
  else if constexpr (F == F_MAX) return a < v ? v : a;
  else if constexpr (F == F_AND) return T(a & v);
  else if constexpr (F == F_OR) return T(a | v);
  else return T(a ^ v);
}

template <int F, class T>
__global__ void k_fetch_local(const T *vals, const int *picks, T *out, long long n) {
  const long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  T x = T(i % 7 + 1);
  T own[3] = {T(1), T(2), T(3)};
  const int p = picks[i];
  const T o1 = do_fetch<F, T>(x, vals[i]);
  const T o2 = do_fetch<F, T>(own[p], vals[i]);
  out[4 * i] = o1;
  out[4 * i + 1] = x;
  out[4 * i + 2] = o2;
  out[4 * i + 3] = own[p];
}

template <int F, class T> void test_fetch_local() {
  const long long n = 4096;
  std::vector<T> vals(n);
  std::vector<int> picks(n);
  for (long long i = 0; i < n; ++i) {
    vals[i] = T((i * 37) % 23 - 11);
    picks[i] = int(i % 3);
  }
  T *d_vals = dev_alloc<T>(n), *d_out = dev_alloc<T>(4 * n);
  int *d_picks = dev_alloc<int>(n);
  to_dev(d_vals, vals);
  to_dev(d_picks, picks);
  k_fetch_local<F, T><<<unsigned((n + 255) / 256), 256>>>(d_vals, d_picks, d_out, n);
  hc::after_launch(WHERE);
  const std::vector<T> out = from_dev(d_out, 4 * n);
  cudaFree(d_vals);
  cudaFree(d_picks);
  cudaFree(d_out);
  std::string bad;
  for (long long i = 0; i < n && bad.empty(); ++i) {
    const T x = T(i % 7 + 1), e = T(picks[i] + 1);
    const T want[4] = {x, ref_fetch_op<F, T>(x, vals[i]), e, ref_fetch_op<F, T>(e, vals[i])};
    for (int c = 0; c < 4; ++c)
      if (!same_bits(out[4 * i + c], want[c]))
        bad = "thread " + std::to_string(i) + ", value " + std::to_string(c) + ": got " +
              show(out[4 * i + c]) + ", want " + show(want[c]);
  }
  report(std::string("fetch_") + fop_name(F) + "_local." + tname<T>(), bad.empty(), bad);
}

template <class T> void test_fetch_for_type() {
  test_fetch_add<T>();
  test_fetch_minmax<true, T>();
  test_fetch_minmax<false, T>();
  test_fetch_local<F_ADD, T>();
  test_fetch_local<F_MIN, T>();
  test_fetch_local<F_MAX, T>();
  if constexpr (std::is_integral_v<T>) {
    test_fetch_bits<F_AND, T>();
    test_fetch_bits<F_OR, T>();
    test_fetch_bits<F_XOR, T>();
    test_fetch_local<F_AND, T>();
    test_fetch_local<F_OR, T>();
    test_fetch_local<F_XOR, T>();
  }
}

// --------------------------------------------------------------- worklists
// Thread i pushes i when i % 3 != 0, then -(i * 4 + j) for j < i % 4: lanes
// of one warp push different numbers of items from different branches.
__global__ void k_push_divergent(hc::worklist_view<int> w, long long n) {
  for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (long long)gridDim.x * blockDim.x) {
    if (i % 3 != 0)
      w.push(int(i));
    for (int j = 0; j < int(i % 4); ++j)
      w.push(-int(i * 4 + j));
  }
}
static std::vector<int> divergent_reference(long long n) {
  std::vector<int> r;
  for (long long i = 0; i < n; ++i) {
    if (i % 3 != 0)
      r.push_back(int(i));
    for (int j = 0; j < int(i % 4); ++j)
      r.push_back(-int(i * 4 + j));
  }
  std::sort(r.begin(), r.end());
  return r;
}

static void test_worklist_push() {
  const long long n = 300 * 256 + 17;
  const std::vector<int> want = divergent_reference(n);
  hy::worklist<int> w(want.size() + 100);
  const auto s0 = hc::stats();
  auto v = hc::device(w, hc::read_write, WHERE);
  k_push_divergent<<<300, 256>>>(v, n);
  hc::after_launch(WHERE);
  hc::host(w, hc::read);
  const auto d = hc::stats() - s0;
  std::vector<int> got(w.begin(), w.end());
  std::sort(got.begin(), got.end());
  report("worklist.push_divergent.items", got == want,
         "got " + std::to_string(got.size()) + " items, want " + std::to_string(want.size()));
  // Up: nothing (a new list's counter is 0 already). Down: the count, then
  // the items.
  report("worklist.push_divergent.transfers",
         stats_are(d, 1, 0, 0, 2, 8 + want.size() * sizeof(int)), show(d));
}

// What is wrong with an overflowed list (empty if nothing): its device
// count `c` must count every pushed item of `all` (sorted), its first `cap`
// slots of `got` hold distinct pushed items and the slots after them
// (poisoned with 0x7F bytes) are untouched.
static std::string overflow_problem(unsigned long long c, const std::vector<int> &got,
                                    const std::vector<int> &all, long long cap) {
  if (c != all.size())
    return "count " + std::to_string(c) + ", want " + std::to_string(all.size());
  std::vector<int> kept(got.begin(), got.begin() + cap);
  std::sort(kept.begin(), kept.end());
  if (std::adjacent_find(kept.begin(), kept.end()) != kept.end())
    return "an item was stored twice";
  for (int x : kept)
    if (!std::binary_search(all.begin(), all.end(), x))
      return "item " + std::to_string(x) + " was never pushed";
  for (std::size_t i = cap; i < got.size(); ++i)
    if (got[i] != 0x7F7F7F7F)
      return "written past the capacity at " + std::to_string(i);
  return "";
}

// Overflow on the device, seen through a view of our own buffer: the count
// counts every push, the first `cap` slots hold distinct pushed items, and
// nothing is written past the capacity.
static void test_worklist_overflow_device() {
  const long long n = 5000, cap = 1000, spare = 64;
  int *items = dev_alloc<int>(cap + spare);
  unsigned long long *count = dev_alloc<unsigned long long>(1);
  CK(cudaMemset(items, 0x7F, (cap + spare) * sizeof(int)));
  CK(cudaMemset(count, 0, sizeof(unsigned long long)));
  hc::worklist_view<int> v{items, count, cap};
  k_push_divergent<<<20, 256>>>(v, n);
  hc::after_launch(WHERE);
  const unsigned long long c = from_dev(count, 1)[0];
  const std::vector<int> got = from_dev(items, cap + spare);
  const std::string bad = overflow_problem(c, got, divergent_reference(n), cap);
  report("worklist.overflow_counts_and_drops", bad.empty(), bad);
  cudaFree(items);
  cudaFree(count);
}

// Pushes aggregated per block (hy/cuda/block_push.cuh) in the shape hyc
// prints for a kernel of one iteration per thread: the grid loop walked a
// block at a time, the flush check at the top of each iteration, the flush
// at the end. Thread i pushes as in k_push_divergent, non-negative items to
// `a` and negative ones to `b` (two buffers, one flush); every `heavy`-th
// thread also pushes 700 items to `a`, more than the block's buffer holds,
// so that pushes spill to the warp form and flushes happen mid-kernel.
constexpr int kHeavyItems = 700;
template <int Threads>
__global__ void k_push_block(hc::worklist_view<int> a, hc::worklist_view<int> b, long long n,
                             long long heavy) {
  __shared__ hc::push_buffer<int, Threads> buf_a;
  __shared__ hc::push_buffer<int, Threads> buf_b;
  hc::block_push<int, Threads> pa{a, &buf_a}, pb{b, &buf_b};
  hc::push_start(pa, pb);
  const long long tid = threadIdx.x + (long long)blockDim.x * threadIdx.y;
  const long long threads = (long long)blockDim.x * blockDim.y;
  for (long long f = (long long)blockIdx.x * threads; f < n; f += (long long)gridDim.x * threads) {
    hc::push_flush_if_full(pa, pb);
    if (const long long i = f + tid; i < n) {
      if (i % 3 != 0)
        pa.push(int(i));
      for (int j = 0; j < int(i % 4); ++j)
        pb.push(-int(i * 4 + j));
      if (i % heavy == 0)
        for (int j = 0; j < kHeavyItems; ++j)
          pa.push(int(1 << 30) + int(i / heavy) * kHeavyItems + j);
    }
  }
  hc::push_flush(pa, pb);
  a.publish(); // the host's next read finds the counts here (device(w, append))
  b.publish();
}
static void block_reference(long long n, long long heavy, std::vector<int> &a,
                            std::vector<int> &b) {
  for (long long i = 0; i < n; ++i) {
    if (i % 3 != 0)
      a.push_back(int(i));
    for (int j = 0; j < int(i % 4); ++j)
      b.push_back(-int(i * 4 + j));
    if (i % heavy == 0)
      for (int j = 0; j < kHeavyItems; ++j)
        a.push_back(int(1 << 30) + int(i / heavy) * kHeavyItems + j);
  }
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
}

// Every item once, in two lists at once, for a 1-D block of 256 threads and
// a 2-D one of 32 x 4, with few blocks (many iterations and flushes each)
// and with a block per 256 items; and the same lists published to the host.
template <int Threads>
static void test_worklist_push_block(const char *name, dim3 block, int grid, long long heavy) {
  const long long n = 60000 + 17;
  std::vector<int> want_a, want_b;
  block_reference(n, heavy, want_a, want_b);
  hy::worklist<int> a(want_a.size() + 10), b(want_b.size() + 10);
  a.push(-7); // a list that holds items already: new items go after them
  want_a.insert(want_a.begin(), -7);
  auto va = hc::device(a, hc::append, WHERE);
  auto vb = hc::device(b, hc::append, WHERE);
  k_push_block<Threads><<<grid, block>>>(va, vb, n, heavy);
  hc::after_launch(WHERE);
  hc::host(a, hc::read);
  hc::host(b, hc::read);
  std::vector<int> got_a(a.begin(), a.end()), got_b(b.begin(), b.end());
  std::sort(got_a.begin(), got_a.end());
  std::sort(got_b.begin(), got_b.end());
  report(std::string("worklist.push_block.") + name + (hc::block_pushes ? "" : ".as_warp"),
         got_a == want_a && got_b == want_b,
         "got " + std::to_string(got_a.size()) + " + " + std::to_string(got_b.size()) +
             " items, want " + std::to_string(want_a.size()) + " + " +
             std::to_string(want_b.size()));
}

// Overflow through the block form: the count counts every push, the first
// `cap` slots hold distinct pushed items, nothing is written past them.
static void test_worklist_push_block_overflow() {
  const long long n = 5000, heavy = 997, cap = 1000, spare = 64;
  std::vector<int> all_a, all_b;
  block_reference(n, heavy, all_a, all_b);
  int *items = dev_alloc<int>(cap + spare);
  unsigned long long *count = dev_alloc<unsigned long long>(2);
  int *items_b = dev_alloc<int>(all_b.size());
  CK(cudaMemset(items, 0x7F, (cap + spare) * sizeof(int)));
  CK(cudaMemset(count, 0, 2 * sizeof(unsigned long long)));
  hc::worklist_view<int> va{items, count, cap}, vb{items_b, count + 1, (long long)all_b.size()};
  k_push_block<256><<<4, 256>>>(va, vb, n, heavy);
  hc::after_launch(WHERE);
  const std::vector<unsigned long long> c = from_dev(count, 2);
  const std::vector<int> got = from_dev(items, cap + spare);
  std::string bad = overflow_problem(c[0], got, all_a, cap);
  if (bad.empty() && c[1] != all_b.size())
    bad = "list b: count " + std::to_string(c[1]) + ", want " + std::to_string(all_b.size());
  report("worklist.push_block.overflow_counts_and_drops", bad.empty(), bad);
  cudaFree(items);
  cudaFree(items_b);
  cudaFree(count);
}

// BFS over the graph x -> 2x+1, 2x+2, x+1 in the shape hyc gives it:
//   while (host_size(q), q.size() > 0) { kernel; swap(q, next); host(next, overwrite); next.clear(); }
// with claims through hy::fetch_min. Per level after the first: one launch
// and one 8-byte read (q's count) — copied, or, when the kernel appends
// (device(next, append), next.publish() at its end), published by the
// kernel into host-mapped memory. Clearing next moves nothing: the host
// knows its device counter.
template <bool Publish>
__global__ void k_bfs_level(hc::worklist_view<int> q, hc::worklist_view<int> next,
                            hc::view<int, 1> dist, int level, int n) {
  for (long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x; t < q.size();
       t += (long long)gridDim.x * blockDim.x) {
    const int x = q(t);
    const int nb[3] = {2 * x + 1, 2 * x + 2, x + 1};
    for (int c : nb)
      if (c < n && hy::fetch_min(dist(c), level + 1) > level + 1)
        next.push(c);
  }
  if (Publish)
    next.publish();
}

static std::vector<int> bfs_reference(int n) {
  std::vector<int> dist(n, INT_MAX);
  std::queue<int> fifo;
  dist[0] = 0;
  fifo.push(0);
  while (!fifo.empty()) {
    const int x = fifo.front();
    fifo.pop();
    for (int c : {2 * x + 1, 2 * x + 2, x + 1})
      if (c < n && dist[c] == INT_MAX) {
        dist[c] = dist[x] + 1;
        fifo.push(c);
      }
  }
  return dist;
}

template <bool Publish>
static void test_worklist_bfs_loop(const char *name) {
  const int n = 1 << 20;
  const std::vector<int> want = bfs_reference(n);
  std::vector<long long> level_size(64, 0);
  for (int d : want)
    ++level_size[d];
  hy::worklist<int> q(n), next(n);
  hy::array<int, 1> dist(n);
  dist.fill(INT_MAX);
  dist(0) = 0;
  q.push(0);
  const unsigned grid = std::min(
      hc::grid_dim(n / 256, 0),
      hc::resident_grid(reinterpret_cast<const void *>(&k_bfs_level<Publish>), 256, 0));
  const auto s0 = hc::stats();
  std::string bad;
  int level = 0;
  auto mark = hc::stats();
  for (;;) {
    hc::host_size(q);
    if (q.size() == 0)
      break;
    if (static_cast<long long>(q.size()) != level_size[level] && bad.empty())
      bad = "level " + std::to_string(level) + " has " + std::to_string(q.size()) +
            " items, want " + std::to_string(level_size[level]);
    auto vq = hc::device(q, hc::read, WHERE);
    auto vn = hc::device(next, Publish ? hc::append : hc::read_write, WHERE);
    auto vd = hc::device(dist, hc::read_write, WHERE);
    k_bfs_level<Publish><<<grid, 256>>>(vq, vn, vd, level, n);
    hc::after_launch(WHERE);
    std::swap(q, next);
    hc::swap_mirrors(q, next);
    hc::host(next, hc::overwrite);
    next.clear();
    const auto now = hc::stats();
    const auto d = now - mark;
    mark = now;
    // Level 0 uploads the first item and dist; from level 1 on, only the
    // read of q's count (counted in this level) moves.
    if (level > 0 && !stats_are(d, 1, 0, 0, 1, 8) && bad.empty())
      bad = "level " + std::to_string(level) + ": " + show(d);
    ++level;
  }
  hc::host(dist, hc::read);
  const auto total = hc::stats() - s0;
  const unsigned long long dist_bytes = n * sizeof(int);
  for (int i = 0; i < n && bad.empty(); ++i)
    if (dist(i) != want[i])
      bad = "dist(" + std::to_string(i) + ") = " + std::to_string(dist(i)) + ", want " +
            std::to_string(want[i]);
  report(std::string("worklist.bfs_loop.") + name + ".values_and_per_level_transfers",
         bad.empty(), bad);
  // h2d: q's item, dist. d2h: one count per level after the first, the
  // final empty count, dist.
  const unsigned long long L = level;
  report(std::string("worklist.bfs_loop.") + name + ".total_transfers",
         stats_are(total, L, 2, 4 + dist_bytes, L + 1, 8 * L + dist_bytes),
         show(total) + ", levels " + std::to_string(level));
}

// The count and the items move separately; overwrite downloads nothing;
// host pushes go up with their count; moves keep the device copy.
static void test_worklist_states() {
  hy::worklist<int> w(4096);
  auto v = hc::device(w, hc::read_write, WHERE);
  k_push_divergent<<<8, 256>>>(v, 1000);
  hc::after_launch(WHERE);
  const std::vector<int> want = divergent_reference(1000);
  const unsigned long long items = want.size() * sizeof(int);
  auto s0 = hc::stats();
  hc::host_size(w);
  hc::host_size(w); // already known: nothing
  auto d = hc::stats() - s0;
  report("worklist.host_size_reads_only_the_count",
         w.size() == want.size() && stats_are(d, 0, 0, 0, 1, 8), show(d));
  s0 = hc::stats();
  auto vr = hc::device(w, hc::read, WHERE); // device holds the items: nothing
  (void)vr;
  hc::host(w, hc::read); // the items only: the count is known
  d = hc::stats() - s0;
  std::vector<int> got(w.begin(), w.end());
  std::sort(got.begin(), got.end());
  report("worklist.host_after_host_size_reads_only_items",
         got == want && stats_are(d, 0, 0, 0, 1, items), show(d));
  // Host appends two items: the next device() uploads count and items.
  hc::host(w, hc::read_write);
  w.push(123456);
  w.push(-123456);
  s0 = hc::stats();
  auto vw = hc::device(w, hc::read_write, WHERE);
  k_push_divergent<<<1, 32>>>(vw, 2); // pushes 1 and -(4)
  hc::after_launch(WHERE);
  // A moved worklist keeps its device copy and state.
  hy::worklist<int> moved(std::move(w));
  hc::host(moved, hc::read);
  d = hc::stats() - s0;
  std::vector<int> after(moved.begin(), moved.end());
  std::vector<int> want2 = want;
  for (int x : {123456, -123456, 1, -4})
    want2.push_back(x);
  std::sort(after.begin(), after.end());
  std::sort(want2.begin(), want2.end());
  report("worklist.host_push_uploads_count_and_items.values", after == want2);
  // The host knows the device counter: only the items go up.
  report("worklist.host_push_uploads_count_and_items.transfers",
         stats_are(d, 1, 1, items + 8, 2, 8 + items + 16), show(d));
  // overwrite + clear: nothing down, nothing up (the counter is known).
  s0 = hc::stats();
  hc::host(moved, hc::overwrite);
  moved.clear();
  auto vz = hc::device(moved, hc::read_write, WHERE);
  k_push_divergent<<<1, 32>>>(vz, 3); // 1, 2, -4, -8, -9
  hc::after_launch(WHERE);
  hc::host(moved, hc::read);
  d = hc::stats() - s0;
  std::vector<int> small(moved.begin(), moved.end());
  std::sort(small.begin(), small.end());
  report("worklist.overwrite_clear",
         small == std::vector<int>({-9, -8, -4, 1, 2}) && stats_are(d, 1, 0, 0, 2, 8 + 20),
         show(d));
  // A worklist never used on the device: host(), host_size() do nothing.
  hy::worklist<int> never(10);
  never.push(3);
  s0 = hc::stats();
  hc::host_size(never);
  hc::host(never, hc::read_write);
  report("worklist.never_on_device",
         never.size() == 1 && never[0] == 3 && stats_are(hc::stats() - s0, 0, 0, 0, 0, 0));
}

// An asynchronous count reset must not wait for a running kernel.
__global__ void k_spin(long long cycles) {
  const long long t0 = clock64();
  while (clock64() - t0 < cycles) {
  }
}
static long long spin_cycles(int ms) {
  int dev = 0, khz = 0;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, dev));
  return (long long)khz * ms;
}
static double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

static void test_no_wait_paths() {
  hy::worklist<int> w(16);
  (void)hc::device(w, hc::read_write, WHERE); // allocate first
  const auto start = std::chrono::steady_clock::now();
  k_spin<<<1, 1>>>(spin_cycles(300));
  hc::after_launch(WHERE);
  auto t0 = std::chrono::steady_clock::now();
  hc::host(w, hc::overwrite);
  w.clear();
  (void)hc::device(w, hc::read_write, WHERE);
  const double reset_ms = ms_since(t0);
  t0 = std::chrono::steady_clock::now();
  hc::reduction<hc::op::add, int> r(WHERE);
  const double ctor_ms = ms_since(t0);
  const int zero = r.result(); // waits for the spin
  const double total_ms = ms_since(start);
  report("worklist.count_reset_does_not_wait", reset_ms < 50 && total_ms > 150,
         "reset " + std::to_string(reset_ms) + " ms, spin " + std::to_string(total_ms) + " ms");
  report("reduction.constructor_does_not_wait", ctor_ms < 50 && zero == 0 && total_ms > 150,
         "constructor " + std::to_string(ctor_ms) + " ms, spin " + std::to_string(total_ms) +
             " ms");
}

// ------------------------------------------------ swap_mirrors, overwrite
static void test_swap_and_overwrite() {
  std::vector<int> a(1000), b(1000);
  for (int i = 0; i < 1000; ++i) {
    a[i] = i;
    b[i] = -i;
  }
  auto va = hc::device(a, hc::read_write, WHERE);
  auto vb = hc::device(b, hc::read_write, WHERE);
  k_add1d<int><<<4, 256>>>(va, 1);
  hc::after_launch(WHERE);
  k_add1d<int><<<4, 256>>>(vb, 2);
  hc::after_launch(WHERE);
  std::swap(a, b);
  hc::swap_mirrors(a, b);
  auto s0 = hc::stats();
  (void)hc::device(a, hc::read, WHERE);
  (void)hc::device(b, hc::read, WHERE);
  auto d = hc::stats() - s0;
  report("swap_mirrors.vector_no_transfer", stats_are(d, 0, 0, 0, 0, 0), show(d));
  hc::host(a, hc::read);
  hc::host(b, hc::read);
  bool ok = true;
  for (int i = 0; i < 1000; ++i)
    ok = ok && a[i] == -i + 2 && b[i] == i + 1;
  report("swap_mirrors.vector_values", ok);
  hc::forget(a);
  hc::forget(b);
  // hy::array: the overload does nothing, the mirror moves with the data.
  hy::array<float, 2> A(30, 40), B(30, 40);
  fill_2d(A);
  fill_2d(B);
  auto vA = hc::device(A, hc::read_write, WHERE);
  k_add2d<<<8, 256>>>(vA, 1.0f);
  hc::after_launch(WHERE);
  std::swap(A, B);
  hc::swap_mirrors(A, B);
  s0 = hc::stats();
  hc::host(B, hc::read);
  hc::host(A, hc::read);
  d = hc::stats() - s0;
  std::string why;
  report("swap_mirrors.array", check_2d(B, 1.0f, why) && check_2d(A, 0.0f, why) &&
                                   stats_are(d, 0, 0, 0, 1, 30 * 40 * 4),
         why + show(d));
  // overwrite: the device's newer data is not downloaded; the host's goes up.
  auto vB = hc::device(B, hc::read_write, WHERE);
  k_add2d<<<8, 256>>>(vB, 5.0f);
  hc::after_launch(WHERE);
  s0 = hc::stats();
  hc::host(B, hc::overwrite);
  fill_2d(B);
  auto vB2 = hc::device(B, hc::read_write, WHERE);
  k_add2d<<<8, 256>>>(vB2, 2.0f);
  hc::after_launch(WHERE);
  hc::host(B, hc::read);
  d = hc::stats() - s0;
  why.clear();
  report("overwrite.array", check_2d(B, 2.0f, why) &&
                                stats_are(d, 1, 1, 30 * 40 * 4, 1, 30 * 40 * 4),
         why + show(d));
  // device(..., overwrite): the kernel replaces everything, nothing goes up.
  hc::host(B, hc::write);
  B(0, 0) = -1.0f;
  s0 = hc::stats();
  auto vB3 = hc::device(B, hc::overwrite, WHERE);
  auto vA3 = hc::device(A, hc::read, WHERE);
  k_copy2d<<<8, 256>>>(vB3, vA3);
  hc::after_launch(WHERE);
  hc::host(B, hc::read);
  d = hc::stats() - s0;
  why.clear();
  report("overwrite.device", check_2d(B, 0.0f, why) &&
                                 stats_are(d, 1, 1, 30 * 40 * 4, 1, 30 * 40 * 4),
         why + show(d));
}

// ------------------------------------------------------------------ csr_row
// Random offsets with many empty rows (leading and trailing ones included).
static std::vector<int> random_offsets(int rows, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<int> off(rows + 1, 0);
  for (int r = 0; r < rows; ++r) {
    const bool empty = r < 3 || r >= rows - 3 || rng() % 10 < 4;
    off[r + 1] = off[r] + (empty ? 0 : int(1 + rng() % 20));
  }
  return off;
}

__global__ void k_csr_rows(hc::view<int, 1> off, hc::view<long long, 1> row) {
  for (long long e = (long long)blockIdx.x * blockDim.x + threadIdx.x; e < row.size();
       e += (long long)gridDim.x * blockDim.x)
    row(e) = hy::csr_row(off, e);
}

// The edge-parallel pattern: chunks of K edges, one search per chunk, then
// walk forward; counts the edges of each row.
__global__ void k_csr_chunks(hc::view<int, 1> off, hc::view<int, 1> deg, int K) {
  const long long m = off(off.size() - 1);
  for (long long c = (long long)blockIdx.x * blockDim.x + threadIdx.x; c * K < m;
       c += (long long)gridDim.x * blockDim.x) {
    const long long first = c * K, last = first + K < m ? first + K : m;
    long long r = hy::csr_row(off, first);
    for (long long e = first; e < last; ++e) {
      while (e >= off(r + 1))
        ++r;
      hc::atomic_add(&deg(r), 1);
    }
  }
}

static void test_csr_row() {
  const int rows = 20000;
  const std::vector<int> offv = random_offsets(rows, 5);
  const int m = offv.back();
  std::vector<long long> want(m);
  for (int r = 0; r < rows; ++r)
    for (int e = offv[r]; e < offv[r + 1]; ++e)
      want[e] = r;
  hy::array<int, 1> off(rows + 1);
  for (int i = 0; i <= rows; ++i)
    off(i) = offv[i];
  hy::array<long long, 1> row(m);
  row.fill(-7);
  auto vo = hc::device(off, hc::read, WHERE);
  auto vr = hc::device(row, hc::write, WHERE);
  k_csr_rows<<<64, 256>>>(vo, vr);
  hc::after_launch(WHERE);
  hc::host(row, hc::read);
  std::string bad;
  for (int e = 0; e < m && bad.empty(); ++e)
    if (row(e) != want[e])
      bad = "device: edge " + std::to_string(e) + " in row " + std::to_string(row(e)) +
            ", want " + std::to_string(want[e]);
  // The host: hy::array and std::vector (instantiated by nvcc here).
  for (int e = 0; e < m && bad.empty(); ++e)
    if (hy::csr_row(off, e) != want[e] || hy::csr_row(offv, (long long)e) != want[e])
      bad = "host: edge " + std::to_string(e);
  report("csr_row.random_offsets_with_empty_rows", bad.empty() && m > 0, bad);
  hy::array<int, 1> deg(rows);
  for (int K : {1, 7, 64}) {
    hc::host(deg, hc::write);
    deg.fill(0);
    auto vd = hc::device(deg, hc::read_write, WHERE);
    k_csr_chunks<<<16, 128>>>(vo, vd, K);
    hc::after_launch(WHERE);
    hc::host(deg, hc::read);
    bool ok = true;
    for (int r = 0; r < rows; ++r)
      ok = ok && deg(r) == offv[r + 1] - offv[r];
    report("csr_row.edge_chunks.K" + std::to_string(K), ok);
  }
}

// ---------------------------------------------------------- reduction reuse
__global__ void k_add_per_block(long long *global, long long per_block) {
  hc::block_combine<hc::op::add, long long>(global, 0, per_block);
}

static void test_reduction_reuse() {
  std::string bad;
  // One object per launch, 300 times (pooled slots re-initialised).
  for (int k = 0; k < 300 && bad.empty(); ++k) {
    hc::reduction<hc::op::add, long long> r(WHERE);
    k_add_per_block<<<50, 64>>>(r.ptr(), k + 1);
    hc::after_launch(WHERE);
    const long long got = r.result();
    if (got != 50LL * (k + 1))
      bad = "launch " + std::to_string(k) + ": got " + std::to_string(got);
  }
  // Several alive at once; results read in another order; result() twice
  // and again after another launch into the same object.
  if (bad.empty()) {
    hc::reduction<hc::op::add, long long> a(WHERE), b(WHERE);
    hc::reduction<hc::op::max, int> c(WHERE);
    k_add_per_block<<<10, 32>>>(a.ptr(), 3);
    hc::after_launch(WHERE);
    k_add_per_block<<<20, 32>>>(b.ptr(), 5);
    hc::after_launch(WHERE);
    const long long rb = b.result(), ra = a.result(), ra2 = a.result();
    k_add_per_block<<<1, 32>>>(a.ptr(), 1);
    hc::after_launch(WHERE);
    const long long ra3 = a.result();
    if (rb != 100 || ra != 30 || ra2 != 30 || ra3 != 31 || c.result() != INT_MIN)
      bad = "interleaved: " + std::to_string(ra) + " " + std::to_string(rb) + " " +
            std::to_string(ra2) + " " + std::to_string(ra3);
  }
  // An object destroyed without result(): the next one starts at 0 again.
  if (bad.empty()) {
    {
      hc::reduction<hc::op::add, long long> lost(WHERE);
      k_add_per_block<<<10, 32>>>(lost.ptr(), 1000);
      hc::after_launch(WHERE);
    }
    // 150 alive at once: more than two batches of pooled slots.
    std::vector<std::unique_ptr<hc::reduction<hc::op::add, long long>>> many;
    for (int k = 0; k < 150; ++k) {
      many.push_back(std::make_unique<hc::reduction<hc::op::add, long long>>(WHERE));
      k_add_per_block<<<1, 32>>>(many.back()->ptr(), k);
      hc::after_launch(WHERE);
    }
    for (int k = 0; k < 150 && bad.empty(); ++k)
      if (many[k]->result() != k)
        bad = "object " + std::to_string(k) + " of 150 (after an unread one): got " +
              std::to_string(many[k]->result());
  }
  report("reduction.reuse_across_launches", bad.empty(), bad);
}

// ------------------------------------------------------------ resident_grid
__global__ void k_small(int *p) {
  if (p)
    p[threadIdx.x] = 0;
}
static void test_resident_grid() {
  const void *k = reinterpret_cast<const void *>(&k_small);
  int dev = 0, sms = 0, per_sm = 0;
  CK(cudaGetDevice(&dev));
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, k, 256, 0));
  const unsigned a = hc::resident_grid(k, 256, 0), b = hc::resident_grid(k, 256, 0);
  const unsigned big = hc::resident_grid(k, 1024, 0);
  report("resident_grid", a == unsigned(sms * per_sm) && a == b && a >= unsigned(sms) &&
                              big >= unsigned(sms) && big <= a,
         std::to_string(a) + " " + std::to_string(b) + " " + std::to_string(big) +
             ", SMs " + std::to_string(sms) + " x " + std::to_string(per_sm));
}

// ------------------------------------------------------- host-only checks
static void test_irregular_host_only() {
  using M = hy::minloc<float, int>;
  using X = hy::maxloc<double, long long>;
  const M mi = hc::op::min::identity<M>();
  const X xi = hc::op::max::identity<X>();
  report("op.identity.minloc_maxloc",
         mi.empty() && mi.value == INFINITY && mi.index == INT_MAX && xi.empty() &&
             xi.value == -INFINITY && xi.index == LLONG_MAX);
  report("op.apply.minloc_maxloc_ties",
         hc::op::min::apply(M(1.0f, 5), M(1.0f, 3)).index == 3 &&
             hc::op::min::apply(M(1.0f, 3), M(1.0f, 5)).index == 3 &&
             hc::op::min::apply(M(0.5f, 9), M(1.0f, 3)).index == 9 &&
             hc::op::max::apply(X(2.0, 8), X(2.0, 4)).index == 4 &&
             hc::op::max::apply(X(2.0, 4), X(2.0, 8)).index == 4 &&
             hc::op::max::apply(X(3.0, 8), X(2.0, 4)).index == 8 &&
             hc::op::min::apply(mi, M(INFINITY, 7)).index == 7 &&
             hc::op::max::apply(xi, X(-INFINITY, 7)).index == 7);
  report("minloc.layout", sizeof(hy::minloc<float, int>) == 8 &&
                              alignof(hy::minloc<float, int>) == 8 &&
                              sizeof(hy::minloc<double, long long>) == 16 &&
                              alignof(hy::minloc<double, long long>) == 16 &&
                              sizeof(hy::maxloc<int, long long>) == 16 &&
                              std::is_trivially_copyable_v<hy::maxloc<double, int>>);
  // A worklist view of host memory follows the device's rules.
  int items[4] = {0, 0, 0, 0};
  unsigned long long count = 0;
  hc::worklist_view<int> v{items, &count, 3};
  for (int i = 1; i <= 5; ++i)
    v.push(i * 10);
  report("worklist_view.host_push_overflow_counts",
         count == 5 && items[0] == 10 && items[2] == 30 && items[3] == 0 && v.capacity() == 3);
  report("worklist_view.trivially_copyable",
         std::is_trivially_copyable_v<hc::worklist_view<double>>);
}

// ------------------------------------------------------------ child modes
__global__ void k_push_n(hc::worklist_view<int> w, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    w.push(i);
}
__global__ void k_read_size(hc::worklist_view<int> w, long long *out) { *out = w.size(); }

// Returns -1 when `mode` is not one of these.
static int irregular_child(const std::string &mode) {
  if (mode.rfind("worklist_overflow", 0) != 0)
    return -1;
  if (!hc::use_gpu())
    return 3;
  hy::worklist<int> w(100);
  auto v = hc::device(w, hc::read_write, WHERE);
  k_push_n<<<4, 256>>>(v, 1000);
  hc::after_launch(WHERE);
  if (mode == "worklist_overflow_size")
    hc::host_size(w);
  else if (mode == "worklist_overflow_host")
    hc::host(w, hc::read);
  else if (mode == "worklist_overflow_kernel") {
    long long *out = dev_alloc<long long>(1);
    auto vr = hc::device(w, hc::read, WHERE);
    k_read_size<<<1, 1>>>(vr, out);
    hc::after_launch("bfs.cpp:12 (#pragma hy parallel for)");
  } else
    return 2;
  return 0;
}

static void test_irregular_children() {
  for (const char *m : {"worklist_overflow_size", "worklist_overflow_host"}) {
    auto r = run_child("", m);
    report(std::string("worklist.") + m,
           r.status == 1 &&
               contains(r.output, "hy: error: worklist overflow: 1000 items pushed into a "
                                  "worklist of capacity 100"),
           r.output);
  }
  auto r = run_child("HY_SYNC=1", "worklist_overflow_kernel");
  report("worklist.overflow_read_in_kernel",
         r.status == 1 && contains(r.output, "worklist overflow: 1000 items pushed") &&
             contains(r.output, "bfs.cpp:12"),
         r.output);
}

// Member swap (a.swap(b)) of arrays and worklists that kernels wrote: the
// device copies travel with the storage, so nothing is copied by the swap,
// the host then reads the swapped contents, and a kernel that reads after
// it gets them without an upload.
__global__ void k_push_range(hc::worklist_view<int> w, int from, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    w.push(from + i);
}
static void test_member_swap() {
  hy::array<int, 1> a(1000), b(1000);
  for (int i = 0; i < 1000; ++i) {
    a(i) = i;
    b(i) = -i;
  }
  auto va = hc::device(a, hc::read_write, WHERE);
  auto vb = hc::device(b, hc::read_write, WHERE);
  k_add1d<int><<<4, 256>>>(va, 1);
  hc::after_launch(WHERE);
  k_add1d<int><<<4, 256>>>(vb, 2);
  hc::after_launch(WHERE);
  a.swap(b);
  auto s0 = hc::stats();
  auto va2 = hc::device(a, hc::read_write, WHERE);
  auto d = hc::stats() - s0;
  report("member_swap.array_no_transfer", stats_are(d, 0, 0, 0, 0, 0), show(d));
  k_add1d<int><<<4, 256>>>(va2, 10); // a now holds b's data
  hc::after_launch(WHERE);
  hc::host(a, hc::read);
  hc::host(b, hc::read);
  bool ok = true;
  for (int i = 0; i < 1000; ++i)
    ok = ok && a(i) == -i + 12 && b(i) == i + 1;
  report("member_swap.array_values", ok);

  hy::worklist<int> w(100), x(50);
  auto vw = hc::device(w, hc::read_write, WHERE);
  k_push_range<<<1, 64>>>(vw, 0, 30);
  hc::after_launch(WHERE);
  auto vx = hc::device(x, hc::read_write, WHERE);
  k_push_range<<<1, 64>>>(vx, 1000, 7);
  hc::after_launch(WHERE);
  w.swap(x);
  hc::host(w, hc::read);
  hc::host(x, hc::read);
  long long sw = 0, sx = 0;
  for (int v : w)
    sw += v;
  for (int v : x)
    sx += v;
  report("member_swap.worklist_values",
         w.size() == 7 && w.capacity() == 50 && x.size() == 30 && x.capacity() == 100 &&
             sw == 7 * 1000 + 21 && sx == 435);
}

static void test_irregular() {
  test_loc_all<hy::minloc<float, int>>();
  test_loc_all<hy::minloc<double, long long>>();
  test_loc_all<hy::maxloc<int, int>>();
  test_loc_all<hy::maxloc<double, int>>();
  test_loc_all<hy::minloc<int, long long>>();
  test_fetch_for_type<int>();
  test_fetch_for_type<unsigned>();
  test_fetch_for_type<long long>();
  test_fetch_for_type<float>();
  test_fetch_for_type<double>();
  test_worklist_push();
  test_worklist_overflow_device();
  test_worklist_push_block<256>("threads256_few_blocks", dim3(256), 6, 1000);
  test_worklist_push_block<256>("threads256_block_per_256", dim3(256), 235, 5000);
  test_worklist_push_block<128>("threads32x4", dim3(32, 4), 9, 777);
  test_worklist_push_block_overflow();
  test_worklist_states();
  test_worklist_bfs_loop<false>("copied_count");
  test_worklist_bfs_loop<true>("published_count");
  test_no_wait_paths();
  test_swap_and_overwrite();
  test_member_swap();
  test_csr_row();
  test_reduction_reuse();
  test_resident_grid();
  test_irregular_children();
}
