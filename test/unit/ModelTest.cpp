// Model building: kernels, block-loop depth, thread nests, fetch nodes,
// reductions resolved, captures classified.
#include "TranslateTest.h"

using namespace hy;
using namespace hy::test;

namespace {

int countKind(const Node *n, NodeKind k) {
  if (!n)
    return 0;
  int c = n->kind == k;
  for (auto &ch : n->children)
    c += countKind(ch.get(), k);
  return c;
}

const Node *findKind(const Node *n, NodeKind k) {
  if (!n)
    return nullptr;
  if (n->kind == k)
    return n;
  for (auto &ch : n->children)
    if (const Node *f = findKind(ch.get(), k))
      return f;
  return nullptr;
}

const char *kFloydPhase = R"(
void phase(hy::array<int, 2> &D, int nb, int k) {
  const int B = 8;
  int sum = 0;
  long long biggest = 0;
#pragma hy parallel for reduction(+ : sum) reduction(max : biggest)
  for (int bi = 0; bi < nb; ++bi)
#pragma hy parallel for
    for (int bj = 0; bj < nb; ++bj) {
      int ko = k * B;
#pragma hy parallel fetch(D : B, B : ko, bj * B : i, j)
#pragma hy parallel fetch(D : B, B : bi * B, ko : i, j)
      {
#pragma hy parallel for into(threads)
        for (int i = 0; i < B; ++i)
#pragma hy parallel for into(threads)
          for (int j = 0; j < B; ++j) {
            sum += D(ko + i, bj * B + j) + D(bi * B + i, ko + j);
            biggest = std::max<long long>(biggest, D(ko + i, bj * B + j));
          }
      }
#pragma hy parallel for into(threads)
      for (int t = 0; t < 4; ++t)
        D(bi, bj) += t;
    }
}
)";

TEST(Model, FloydWarshallPhase) {
  int kernels = -1;
  size_t blockLoops = 0, fetches = 0, reductions = 0, nests = 0, fetchNodes = 0;
  std::vector<std::string> tileOrigins;
  std::vector<std::string> captures;
  size_t matched = 0;
  Result r = translate(std::string(kHeader) + kFloydPhase, Target::OpenMP,
                    [&](clang::ASTContext &, const TranslationModel &m) {
                      kernels = m.kernels.size();
                      if (m.kernels.empty())
                        return;
                      const Kernel &k = *m.kernels[0];
                      blockLoops = k.blockLoops.size();
                      fetches = k.fetches.size();
                      reductions = k.reductions.size();
                      nests = countKind(k.body.get(), NodeKind::ThreadNest);
                      fetchNodes = countKind(k.body.get(), NodeKind::FetchNode);
                      matched = k.tileOf.size();
                      for (const Capture &c : k.captures)
                        captures.push_back(c.var->getName().str() +
                                           (c.array.kind == ArrayKind::HyArray ? ":array" + std::to_string(c.array.rank) : ":scalar") +
                                           (c.reduction ? ":red" : "") + (c.written ? ":w" : ""));
                    });
  ASSERT_TRUE(r.ok) << r.diags;
  EXPECT_EQ(kernels, 1);
  EXPECT_EQ(blockLoops, 2u);
  EXPECT_EQ(fetches, 2u);
  EXPECT_EQ(fetchNodes, 2);
  EXPECT_EQ(nests, 2); // the (i, j) nest and the t nest
  EXPECT_EQ(reductions, 2u);
  EXPECT_EQ(matched, 3u); // three element accesses of D under the fetches
  // B, a constant of the function, is no capture: the CUDA kernel gets
  // its declaration.
  EXPECT_EQ(captures, (std::vector<std::string>{"D:array2:w", "nb:scalar", "k:scalar", "sum:scalar:red:w",
                                                "biggest:scalar:red:w"}));
}

TEST(Model, ThreadNestDimensionsAndFetchDetails) {
  size_t dims = 0;
  bool fixedShape = true;
  std::vector<int> perm;
  bool written = true;
  std::vector<std::optional<int64_t>> sizes;
  std::string thread;
  Result r = translate(std::string(kHeader) + R"(
void tr(const hy::array<int, 2> &a, hy::array<int, 2> &t, int nb, int w) {
#pragma hy parallel for
  for (int b = 0; b < nb; ++b) {
#pragma hy parallel fetch(a : 8, w : 0, b * 4 : r : 1, 0)
#pragma hy parallel for into(threads)
    for (int r = 0; r < 4; ++r)
#pragma hy parallel for into(threads)
      for (int c = 0; c < 8; ++c)
        t(b * 4 + r, c) = a(c, b * 4 + r);
  }
}
)",
                    Target::OpenMP, [&](clang::ASTContext &, const TranslationModel &m) {
                      const Kernel &k = *m.kernels.at(0);
                      const Node *nest = findKind(k.body.get(), NodeKind::ThreadNest);
                      if (nest) {
                        dims = nest->loops.size();
                        fixedShape = nest->fixedShape;
                      }
                      const Fetch &f = *k.fetches.at(0);
                      perm = f.perm;
                      written = f.written;
                      sizes = f.constSizes;
                      thread = f.threads.at(0)->getName().str();
                    });
  ASSERT_TRUE(r.ok) << r.diags;
  EXPECT_EQ(dims, 2u);
  EXPECT_FALSE(fixedShape); // the fetch covers the nest, it is not inside it
  EXPECT_EQ(perm, (std::vector<int>{1, 0}));
  EXPECT_FALSE(written);
  ASSERT_EQ(sizes.size(), 2u);
  EXPECT_EQ(sizes[0], 8);
  EXPECT_FALSE(sizes[1].has_value()); // runtime size
  EXPECT_EQ(thread, "r");
}

TEST(Model, SeveralKernelsAndHostCode) {
  size_t kernels = 0;
  std::vector<std::string> names;
  Result r = translate(std::string(kHeader) + R"(
void a(hy::array<int, 1> &x, int n) {
  for (int rep = 0; rep < 3; ++rep) {
#pragma hy parallel for
    for (int i = 0; i < n; ++i) x(i) += rep;
  }
#pragma hy parallel for
  for (int i = 0; i < n; ++i) x(i) *= 2;
}
template <class T> void b(std::vector<T> &v) {
#pragma hy parallel for
  for (int i = 0; i < (int)v.size(); ++i) v[i] = T(i);
}
)",
                    Target::OpenMP, [&](clang::ASTContext &, const TranslationModel &m) {
                      kernels = m.kernels.size();
                      for (auto &k : m.kernels)
                        names.push_back(k->name);
                    });
  ASSERT_TRUE(r.ok) << r.diags;
  EXPECT_EQ(kernels, 3u);
  EXPECT_EQ(names, (std::vector<std::string>{"hy_a_L8", "hy_a_L11", "hy_b_L15"}));
}

TEST(Model, ArrayReductionsBecomeUpdates) {
  size_t updates = 0;
  bool isArray = false;
  Result r = translate(std::string(kHeader) + R"(
void h(hy::array<int, 1> &key, hy::array<int, 1> &lo, int n) {
#pragma hy parallel for reduction(min : lo)
  for (int i = 0; i < n; ++i) {
    lo(key(i)) = std::min(lo(key(i)), i);
    lo(0) = std::min(i, lo(0));
  }
}
)",
                    Target::OpenMP, [&](clang::ASTContext &, const TranslationModel &m) {
                      updates = m.kernels.at(0)->arrayUpdates.size();
                      isArray = m.kernels.at(0)->reductions.at(0).isArray;
                    });
  ASSERT_TRUE(r.ok) << r.diags;
  EXPECT_TRUE(isArray);
  EXPECT_EQ(updates, 2u);
  // Only updated: per-thread copies on OpenMP (or atomics, chosen at run time).
  EXPECT_NE(r.output.find("hy_priv_lo.update(&(lo(key(i))), i)"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("hy_priv_lo.update(&(lo(0)), i)"), std::string::npos) << r.output;
}

} // namespace
