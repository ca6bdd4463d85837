// Where a sample's graph comes from: the "--generate kind:k=v,..." grammar,
// the generator dispatch, loading files with the common options applied, and
// the choice of source vertices.
#include <algorithm>
#include <map>
#include <set>

#include "hy_graph/cli.hpp"
#include "hy_graph/random.hpp"
#include "instantiate.hpp"

namespace hy::graph {

namespace {
struct kind_info {
  std::set<std::string> known;
  std::vector<std::string> required;  // in the order they are reported
};
const std::map<std::string, kind_info>& kinds() {
  static const std::map<std::string, kind_info> k = {
      {"rmat", {{"scale", "ef", "a", "b", "c", "seed", "permute"}, {"scale"}}},
      {"ba", {{"n", "m", "seed"}, {"n", "m"}}},
      {"er", {{"n", "p", "m", "seed", "directed"}, {"n"}}},
      {"grid", {{"rows", "cols", "diag", "seed"}, {"rows", "cols"}}},
      {"dense", {{"n", "density", "seed"}, {"n"}}},
  };
  return k;
}
}  // namespace

generator_spec generator_spec::parse(const std::string& s) {
  generator_spec g;
  const auto colon = s.find(':');
  g.kind = s.substr(0, colon);
  auto it = kinds().find(g.kind);
  if (it == kinds().end())
    throw std::invalid_argument("unknown generator '" + g.kind +
                                "' (expected rmat, ba, er, grid or dense)");
  if (colon != std::string::npos) {
    std::string rest = s.substr(colon + 1);
    std::size_t pos = 0;
    while (pos <= rest.size() && !rest.empty()) {
      std::size_t comma = rest.find(',', pos);
      if (comma == std::string::npos) comma = rest.size();
      const std::string kv = rest.substr(pos, comma - pos);
      const auto eq = kv.find('=');
      if (eq == std::string::npos || eq == 0 || eq + 1 == kv.size())
        throw std::invalid_argument("expected key=value in '" + kv + "'");
      const std::string key = kv.substr(0, eq);
      if (!it->second.known.count(key)) {
        std::string known;
        for (const auto& k : it->second.known) known += (known.empty() ? "" : ", ") + k;
        throw std::invalid_argument("unknown parameter '" + key + "' for " + g.kind +
                                    " (known: " + known + ")");
      }
      if (g.has(key)) throw std::invalid_argument("parameter '" + key + "' given twice");
      g.params.emplace_back(key, kv.substr(eq + 1));
      pos = comma + 1;
    }
  }
  for (const auto& r : it->second.required)
    if (!g.has(r)) throw std::invalid_argument(g.kind + " needs parameter '" + r + "'");
  if (g.kind == "er" && g.has("p") == g.has("m"))
    throw std::invalid_argument("er needs exactly one of p=PROBABILITY and m=EDGES");
  return g;
}

bool generator_spec::has(const std::string& key) const {
  return std::any_of(params.begin(), params.end(), [&](const auto& kv) { return kv.first == key; });
}

std::string generator_spec::get(const std::string& key, const std::string& fallback) const {
  for (const auto& kv : params)
    if (kv.first == key) return kv.second;
  return fallback;
}

namespace {
std::int64_t int_param(const generator_spec& g, const std::string& key, const std::string& dflt,
                       std::int64_t lo, std::int64_t hi) {
  const std::string v = g.get(key, dflt);
  std::int64_t x;
  try {
    x = parse_int_value(v);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument(g.kind + ": " + key + "='" + v + "' is not an integer");
  }
  if (x < lo || x > hi)
    throw std::invalid_argument(g.kind + ": " + key + "=" + v + " out of range [" +
                                std::to_string(lo) + ", " + std::to_string(hi) + "]");
  return x;
}
double real_param(const generator_spec& g, const std::string& key, const std::string& dflt) {
  const std::string v = g.get(key, dflt);
  try {
    return parse_double_value(v);
  } catch (const std::invalid_argument&) {
    throw std::invalid_argument(g.kind + ": " + key + "='" + v + "' is not a number");
  }
}
constexpr std::int64_t kMaxN = (std::int64_t{1} << 31) - 2;
std::uint64_t seed_param(const generator_spec& g) {
  return static_cast<std::uint64_t>(int_param(g, "seed", "1", 0, INT64_MAX));
}
}  // namespace

template <class W>
edge_list<W> generate(const generator_spec& g, const weight_spec& ws) {
  if (g.kind == "rmat") {
    rmat_params p;
    p.scale = static_cast<int>(int_param(g, "scale", "16", 1, 30));
    p.edge_factor = static_cast<int>(int_param(g, "ef", "16", 1, 1 << 20));
    p.a = real_param(g, "a", "0.57");
    p.b = real_param(g, "b", "0.19");
    p.c = real_param(g, "c", "0.19");
    p.seed = seed_param(g);
    p.permute = int_param(g, "permute", "1", 0, 1) == 1;
    return generate_rmat<W>(p, ws);
  }
  if (g.kind == "ba")
    return generate_ba<W>(static_cast<vid>(int_param(g, "n", "", 1, kMaxN)),
                          static_cast<int>(int_param(g, "m", "", 1, 1 << 20)), seed_param(g), ws);
  if (g.kind == "er") {
    const auto n = static_cast<vid>(int_param(g, "n", "", 0, kMaxN));
    const bool directed = int_param(g, "directed", "0", 0, 1) == 1;
    if (g.has("p")) return generate_er_p<W>(n, real_param(g, "p", ""), directed, seed_param(g), ws);
    return generate_er_m<W>(n, int_param(g, "m", "", 0, INT64_MAX), directed, seed_param(g), ws);
  }
  if (g.kind == "grid")
    return generate_grid<W>(static_cast<vid>(int_param(g, "rows", "", 1, kMaxN)),
                            static_cast<vid>(int_param(g, "cols", "", 1, kMaxN)),
                            int_param(g, "diag", "0", 0, 1) == 1, seed_param(g), ws);
  if (g.kind == "dense")
    return generate_dense<W>(static_cast<vid>(int_param(g, "n", "", 0, 1 << 20)),
                             real_param(g, "density", "1"), seed_param(g), ws);
  throw std::invalid_argument("unknown generator '" + g.kind + "'");
}

namespace {
template <class W>
edge_list<W> apply_direction(edge_list<W> g, const std::optional<bool>& directed) {
  if (!directed) return g;
  if (*directed) return to_arcs(g);  // undirected source -> both arcs
  return make_undirected(std::move(g));
}
}  // namespace

template <class W>
edge_list<W> load_edge_list(const graph_options& o) {
  if (!o.generate.empty())
    return apply_direction(generate<W>(generator_spec::parse(o.generate), o.weights), o.directed);
  read_options ro;
  ro.format = parse_format(o.format);
  ro.edgelist.one_based = o.one_based;
  edge_list<W> g = read_edge_list<W>(o.input, ro);
  if (!g.weighted && o.weights_given) {
    for (std::size_t i = 0; i < g.edges.size(); ++i)
      g.edges[i].w = draw_weight<W>(o.weights, o.seed, i);
    g.weighted = true;
  }
  return apply_direction(std::move(g), o.directed);
}

template <class W>
csr<W> load_csr(const graph_options& o) {
  // A binary cache loads directly when nothing needs changing.
  if (o.generate.empty() && !o.directed && !o.weights_given) {
    read_options ro;
    ro.format = parse_format(o.format);
    if ((ro.format == file_format::automatic ? format_from_path(o.input) : ro.format) ==
        file_format::binary)
      return read_csr<W>(o.input, ro, o.policy);
  }
  return to_csr(load_edge_list<W>(o), o.policy);
}

template <class W>
std::optional<dense_entries<W>> dense_source(const graph_options& o) {
  if (!o.generate.empty() && o.directed.value_or(true)) {
    const generator_spec g = generator_spec::parse(o.generate);
    if (g.kind == "dense")
      return dense_entries<W>(static_cast<vid>(int_param(g, "n", "", 0, 1 << 20)),
                              real_param(g, "density", "1"), seed_param(g), o.weights);
  }
  return std::nullopt;
}

template <class W>
dense_matrix<W> load_dense(const graph_options& o) {
  if (const std::optional<dense_entries<W>> e = dense_source<W>(o)) return generate_dense_matrix(*e);
  return to_dense(load_edge_list<W>(o), o.policy.self_loops);
}

template <class W>
std::vector<vid> pick_sources(const csr<W>& g, std::int64_t k, std::uint64_t seed) {
  std::vector<vid> cand;
  for (vid u = 0; u < g.n; ++u)
    if (g.degree(u) > 0) cand.push_back(u);
  rng r(seed ^ 0x50c4ce5ull);
  const auto want = static_cast<std::size_t>(std::min<std::int64_t>(k, static_cast<std::int64_t>(cand.size())));
  for (std::size_t i = 0; i < want; ++i)  // partial Fisher-Yates
    std::swap(cand[i], cand[i + r.below(cand.size() - i)]);
  cand.resize(want);
  return cand;
}

template <class W>
std::vector<vid> pick_sources(const csr<W>& g, const graph_options& o) {
  if (o.source_list.empty()) return pick_sources(g, o.sources, o.seed);
  std::vector<vid> out;
  for (std::int64_t v : o.source_list) {
    if (v >= g.n)
      throw usage_error("--sources: " + std::to_string(v) + " is not a vertex (n = " + std::to_string(g.n) +
                        ", vertices are 0-based)");
    out.push_back(static_cast<vid>(v));
  }
  return out;
}

#define INST(W)                                                                    \
  template edge_list<W> generate<W>(const generator_spec&, const weight_spec&);   \
  template edge_list<W> load_edge_list<W>(const graph_options&);                  \
  template csr<W> load_csr<W>(const graph_options&);                              \
  template dense_matrix<W> load_dense<W>(const graph_options&);                   \
  template std::optional<dense_entries<W>> dense_source<W>(const graph_options&); \
  template std::vector<vid> pick_sources<W>(const csr<W>&, std::int64_t, std::uint64_t); \
  template std::vector<vid> pick_sources<W>(const csr<W>&, const graph_options&);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph
