// e2e (issue 26, outputs that did not compile): member swap of hy::array
// and hy::worklist between kernels (the device copies travel with the data:
// after a.swap(b) a kernel and the host see the swapped contents), container
// members in kernels (empty/front/back/at/range-for on std::vector and
// hy::worklist), pushes to a worklist of dependent type and through a helper,
// reductions of wchar_t and char32_t, and a static constexpr member array of
// a class template read in a kernel. Each result is checked against a
// plain host computation, and printed for the targets' comparison.
#include <hy/hy.hpp>
#include "e2e_support.hpp"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

static e2e::Checks expect("containers", e2e::Checks::stop);

template <class T> struct Coef {
  static constexpr T w[3] = {T(1), T(2), T(3)};
};
template <class W, class T> void add(W &w, T v) { w.push(v); }

// Jacobi steps with a.swap(b) between them: the kernel reads a, writes b.
template <class T>
void steps(hy::array<T, 1> &a, hy::array<T, 1> &b, int n, int k) {
  for (int s = 0; s < k; ++s) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i)
      b(i) = Coef<T>::w[0] * a(i) + Coef<T>::w[1] * a((i + 1) % n) + Coef<T>::w[2] * (T)s;
    a.swap(b);
  }
}

// Items of `in` above t go to `out` (a worklist of dependent type, pushed
// through a helper); then the lists swap.
template <class T>
void filter(hy::worklist<T> &in, hy::worklist<T> &out, T t) {
#pragma hy parallel for
  for (int i = 0; i < (int)in.size(); ++i)
    if (in(i) > t)
      add(out, in(i));
  in.swap(out);
  out.clear();
}

int main(int argc, char **argv) {
  uint32_t seed = argc > 1 ? static_cast<uint32_t>(std::strtoul(argv[1], nullptr, 10)) : 7u;
  const int n = 3000;
  hy::array<long long, 1> a(n), b(n);
  for (int i = 0; i < n; ++i)
    a(i) = static_cast<long long>(e2e::next(seed) >> 20);
  std::vector<long long> ra(n), rb(n);
  for (int i = 0; i < n; ++i)
    ra[i] = a(i);
  steps(a, b, n, 5);
  for (int s = 0; s < 5; ++s) {
    for (int i = 0; i < n; ++i)
      rb[i] = 1 * ra[i] + 2 * ra[(i + 1) % n] + 3 * s;
    ra.swap(rb);
  }
  long long check = 0;
  for (int i = 0; i < n; ++i) {
    expect(a(i) == ra[i], "array swap");
    check += a(i) % 1000;
  }
  std::printf("swap %lld\n", check);

  // Worklists: filter twice, swapping in between.
  hy::worklist<int> in(n), out(n);
  for (int i = 0; i < n; ++i)
    in.push(static_cast<int>(e2e::next(seed) >> 22));
  std::vector<int> ref(in.begin(), in.end());
  filter(in, out, 300);
  filter(in, out, 600);
  long long wsum = 0, rsum = 0;
  for (int x : in)
    wsum += x;
  std::size_t rn = 0;
  for (int x : ref)
    if (x > 600)
      rsum += x, ++rn;
  expect(in.size() == rn && wsum == rsum && out.empty(), "worklist swap");
  std::printf("worklist %zu %lld\n", in.size(), wsum);

  // Container members in a kernel.
  std::vector<int> v(64);
  for (int i = 0; i < 64; ++i)
    v[i] = static_cast<int>(e2e::next(seed) >> 24);
  const std::vector<int> &cv = v;
  // (The worklist's order differs between targets: its part is checked,
  // not printed.)
  hy::array<long long, 1> m(64), mw(64);
  const hy::worklist<int> &ci = in;
#pragma hy parallel for
  for (int i = 0; i < 64; ++i) {
    long long s = cv.empty() ? 0 : cv.front() - cv.back() + cv.at(i);
    for (int x : cv)
      s += x % 7;
    m(i) = s;
    mw(i) = ci.empty() ? 0 : ci.front() + ci.back() + ci.at(i % ci.size());
  }
  long long msum = 0;
  for (int i = 0; i < 64; ++i) {
    long long s = v.front() - v.back() + v[i];
    for (int x : v)
      s += x % 7;
    expect(m(i) == s, "vector members");
    expect(mw(i) == in.front() + in.back() + in(i % in.size()), "worklist members");
    msum += m(i);
  }
  std::printf("members %lld\n", msum);

  // Character reductions.
  hy::array<wchar_t, 1> wc(n);
  hy::array<char32_t, 1> c32(n);
  for (int i = 0; i < n; ++i) {
    wc(i) = static_cast<wchar_t>(e2e::next(seed) >> 24);
    c32(i) = static_cast<char32_t>(e2e::next(seed) >> 8);
  }
  wchar_t wsumc = 0, wmax = 0;
  char32_t cx = 0, cmin = 0xffffffffu;
#pragma hy parallel for reduction(+ : wsumc) reduction(max : wmax) reduction(^ : cx) \
    reduction(min : cmin)
  for (int i = 0; i < n; ++i) {
    wsumc += wc(i);
    wmax = wc(i) > wmax ? wc(i) : wmax;
    cx ^= c32(i);
    cmin = c32(i) < cmin ? c32(i) : cmin;
  }
  wchar_t rws = 0, rwm = 0;
  char32_t rcx = 0, rcm = 0xffffffffu;
  for (int i = 0; i < n; ++i) {
    rws += wc(i);
    rwm = wc(i) > rwm ? wc(i) : rwm;
    rcx ^= c32(i);
    rcm = c32(i) < rcm ? c32(i) : rcm;
  }
  expect(wsumc == rws && wmax == rwm && cx == rcx && cmin == rcm, "character reductions");
  std::printf("chars %ld %ld %lu %lu\n", (long)wsumc, (long)wmax, (unsigned long)cx,
              (unsigned long)cmin);
  return 0;
}
