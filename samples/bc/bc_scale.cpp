// Sources and scaling as NetworkX does them (see bc_scale.hpp).
#include "bc_scale.hpp"

#include <hy_graph/random.hpp>

#include <cmath>
#include <fstream>
#include <limits>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <unordered_set>

namespace bc {

namespace {

long long parseCount(const std::string &s, const std::string &what) {
  std::size_t used = 0;
  long long v = -1;
  try {
    v = std::stoll(s, &used);
  } catch (const std::exception &) {
    used = 0;
  }
  if (used != s.size() || s.empty() || v < 0)
    throw std::invalid_argument(what + ": '" + s + "' is not a non-negative integer");
  return v;
}

std::vector<int> parseList(std::istream &in, int n, const std::string &what) {
  std::vector<int> out;
  std::unordered_set<int> seen;
  for (std::string tok; std::getline(in, tok, ',');) {
    std::stringstream words(tok);
    for (std::string w; words >> w;) {
      const long long v = parseCount(w, what);
      if (v >= n)
        throw std::invalid_argument(what + ": vertex " + w + " out of range [0, " +
                                    std::to_string(n) + ")");
      if (seen.insert(static_cast<int>(v)).second)
        out.push_back(static_cast<int>(v));
    }
  }
  if (out.empty())
    throw std::invalid_argument(what + ": no vertex given");
  return out;
}

} // namespace

source_set choose_sources(const std::string &spec, int n, std::uint64_t seed) {
  source_set s;
  const std::string what = "--sources " + spec;
  if (spec == "all") {
    s.list.resize(n);
    std::iota(s.list.begin(), s.list.end(), 0);
    return s;
  }
  if (spec.rfind("list:", 0) == 0) {
    std::stringstream in(spec.substr(5));
    s.list = parseList(in, n, what);
  } else if (spec.rfind("file:", 0) == 0) {
    std::ifstream in(spec.substr(5));
    if (!in)
      throw std::invalid_argument(what + ": cannot read the file");
    std::stringstream text;
    text << in.rdbuf();
    std::string all = text.str();
    for (char &c : all)
      if (c == '\n')
        c = ',';
    std::stringstream commas(all);
    s.list = parseList(commas, n, what);
  } else {
    const std::string count = spec.rfind("random:", 0) == 0 ? spec.substr(7) : spec;
    const long long k = parseCount(count, what);
    if (k < 1 || k > n)
      throw std::invalid_argument(what + ": K must be in [1, " + std::to_string(n) + "]");
    // Partial Fisher-Yates over all vertices: k distinct, uniform.
    std::vector<int> all(n);
    std::iota(all.begin(), all.end(), 0);
    hy::graph::rng r(seed);
    for (long long i = 0; i < k; ++i)
      std::swap(all[i], all[i + r.below(static_cast<std::uint64_t>(n - i))]);
    s.list.assign(all.begin(), all.begin() + k);
  }
  s.sampled = static_cast<int>(s.list.size()) < n; // NetworkX: k == n is no sample
  return s;
}

void rescale(std::vector<double> &bc, int n, bool directed, bool normalized, bool endpoints,
             const source_set &sources) {
  // N counts the (s, t) pairs with s != t that could have a path through v;
  // without endpoints v may not be t.
  const double N = endpoints ? n : n - 1.0;
  if (N < 2)
    return;
  const double correction = directed ? 1 : 2; // undirected: unordered pairs
  if (!sources.sampled || endpoints) {
    const double k = sources.sampled ? static_cast<double>(sources.list.size()) : N;
    const double scale = normalized ? 1 / (k * (N - 1)) : N / (k * correction);
    if (scale != 1)
      for (double &x : bc)
        x *= scale;
    return;
  }
  const double k = static_cast<double>(sources.list.size());
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double atSource = k > 1 ? (normalized ? 1 / ((k - 1) * (N - 1)) : N / ((k - 1) * correction)) : nan;
  const double elsewhere = normalized ? 1 / (k * (N - 1)) : N / (k * correction);
  std::vector<char> isSource(bc.size(), 0);
  for (int s : sources.list)
    isSource[s] = 1;
  for (std::size_t v = 0; v < bc.size(); ++v)
    bc[v] *= isSource[v] ? atSource : elsewhere;
}

} // namespace bc
