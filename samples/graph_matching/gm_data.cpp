// Attributed graphs: generator, .ag reader and writer, lists, accuracy
// (see gm_data.hpp).
#include "gm_data.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#include <hy_graph/random.hpp>

namespace gm {

long long attr_graph::edges() const {
  long long m = 0;
  for (int a = 0; a < n; ++a)
    for (int b = directed ? 0 : a + 1; b < n; ++b)
      if (weight(a, b) >= 0) ++m;
  return m;
}

gen_spec gen_spec::parse(const std::string& s) {
  gen_spec g;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) {
    const auto eq = item.find('=');
    if (eq == std::string::npos) throw std::invalid_argument("expected key=value, got '" + item + "'");
    const std::string k = item.substr(0, eq), v = item.substr(eq + 1);
    size_t used = 0;
    double d = 0;
    try {
      d = std::stod(v, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != v.size() || v.empty()) throw std::invalid_argument("bad number for '" + k + "': '" + v + "'");
    auto whole = [&](int lo) {
      if (d != std::floor(d) || d < lo || d > 1e9) throw std::invalid_argument("'" + k + "' must be an integer >= " + std::to_string(lo));
      return static_cast<int>(d);
    };
    auto prob = [&] {
      if (!(d >= 0 && d <= 1)) throw std::invalid_argument("'" + k + "' must be in [0, 1]");
      return d;
    };
    if (k == "n") g.n = whole(1);
    else if (k == "graphs") g.graphs = whole(1);
    else if (k == "classes") g.classes = whole(1);
    else if (k == "density") g.density = prob();
    else if (k == "delete") g.del = prob();
    else if (k == "add") g.add = prob();
    else if (k == "noise") { if (d < 0) throw std::invalid_argument("'noise' must be >= 0"); g.noise = d; }
    else if (k == "levels") g.levels = whole(1);
    else if (k == "seed") g.seed = static_cast<std::uint64_t>(whole(0));
    else throw std::invalid_argument("unknown key '" + k + "' (n, graphs, classes, density, delete, add, noise, levels, seed)");
  }
  if (g.classes > g.graphs) throw std::invalid_argument("classes > graphs");
  return g;
}

namespace {

float clamp01(double v) { return static_cast<float>(std::min(1.0, std::max(0.0, v))); }

double gaussian(hy::graph::rng& r) {  // Box-Muller
  const double u1 = 1.0 - r.uniform(), u2 = r.uniform();
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
}

}  // namespace

std::vector<attr_graph> generate(const gen_spec& s) {
  const int n = s.n;
  std::vector<attr_graph> base(s.classes);
  for (int c = 0; c < s.classes; ++c) {
    hy::graph::rng r(hy::graph::splitmix64(s.seed * 1000003ull + c));
    attr_graph& b = base[c];
    b.n = n;
    b.x.resize(n);
    b.w.assign(static_cast<size_t>(n) * n, -1.0f);
    for (int a = 0; a < n; ++a) b.x[a] = static_cast<float>(r.uniform());
    for (int a = 0; a < n; ++a)
      for (int v = a + 1; v < n; ++v)
        if (r.uniform() < s.density) b.w[static_cast<size_t>(a) * n + v] = b.w[static_cast<size_t>(v) * n + a] = static_cast<float>(r.uniform());
  }
  std::vector<attr_graph> out(s.graphs);
  for (int g = 0; g < s.graphs; ++g) {
    const int c = g % s.classes;
    const attr_graph& b = base[c];
    attr_graph& o = out[g];
    o.name = "g" + std::to_string(g);
    o.n = n;
    o.x.resize(n);
    o.id.resize(n);
    o.w.assign(static_cast<size_t>(n) * n, -1.0f);
    std::vector<int> perm(n);  // base vertex v is vertex perm[v] of the copy
    for (int v = 0; v < n; ++v) perm[v] = v;
    const bool clean = g < s.classes;
    hy::graph::rng r(hy::graph::splitmix64(s.seed * 7919ull + 0x51ed + g));
    if (!clean)
      for (int v = n - 1; v > 0; --v) std::swap(perm[v], perm[r.below(v + 1)]);
    for (int v = 0; v < n; ++v) {
      o.id[perm[v]] = c * n + v;
      o.x[perm[v]] = clean ? b.x[v] : clamp01(b.x[v] + s.noise * gaussian(r));
    }
    const long long m = b.edges();
    const double pairs = 0.5 * n * (n - 1.0);
    const double padd = pairs > m ? std::min(1.0, s.add * m / (pairs - m)) : 0.0;
    for (int u = 0; u < n; ++u)
      for (int v = u + 1; v < n; ++v) {
        const float bw = b.weight(u, v);
        float w = -1.0f;
        if (clean) w = bw;
        else if (bw >= 0) w = r.uniform() < s.del ? -1.0f : clamp01(bw + s.noise * gaussian(r));
        else if (r.uniform() < padd) w = static_cast<float>(r.uniform());
        if (w >= 0 && s.levels > 0)
          w = (std::min(std::floor(w * s.levels), s.levels - 1.0f) + 0.5f) / s.levels;
        o.w[static_cast<size_t>(perm[u]) * n + perm[v]] = o.w[static_cast<size_t>(perm[v]) * n + perm[u]] = w;
      }
  }
  return out;
}

attr_graph read_graph(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open");
  attr_graph g;
  g.name = path;
  std::string line;
  int lineno = 0;
  bool header = false;
  std::vector<char> seen;
  auto fail = [&](const std::string& what) { throw std::runtime_error(path + ":" + std::to_string(lineno) + ": " + what); };
  while (std::getline(in, line)) {
    ++lineno;
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.resize(hash);
    std::istringstream ls(line);
    std::string kind;
    if (!(ls >> kind)) continue;
    auto vertex = [&](long long v) {
      if (v < 0 || v >= g.n) fail("vertex " + std::to_string(v) + " out of range [0, " + std::to_string(g.n) + ")");
      return static_cast<int>(v);
    };
    auto unit = [&](double v, const char* what) {
      if (!(v >= 0 && v <= 1)) fail(std::string(what) + " must be in [0, 1]");
      return static_cast<float>(v);
    };
    std::string extra;
    if (kind == "graph") {
      long long n;
      std::string dir = "undirected";
      if (header) fail("a second 'graph' line");
      if (!(ls >> n) || n < 1 || n > 1000000) fail("expected 'graph N [undirected|directed]', N >= 1");
      ls >> dir;
      if (dir != "undirected" && dir != "directed") fail("expected undirected or directed, got '" + dir + "'");
      g.n = static_cast<int>(n);
      g.directed = dir == "directed";
      g.x.assign(g.n, 0.0f);
      g.w.assign(static_cast<size_t>(g.n) * g.n, -1.0f);
      seen.assign(g.n, 0);
      header = true;
    } else if (!header) {
      fail("'" + kind + "' before the 'graph' line");
    } else if (kind == "node") {
      long long v, id;
      double x;
      if (!(ls >> v >> x)) fail("expected 'node V ATTR [ID]'");
      const int a = vertex(v);
      g.x[a] = unit(x, "an attribute");
      if (ls >> id) {
        if (g.id.empty()) g.id.assign(g.n, -1);
        g.id[a] = static_cast<int>(id);
      }
      if (seen[a]++) fail("node " + std::to_string(a) + " given twice");
    } else if (kind == "edge") {
      long long u, v;
      double w;
      if (!(ls >> u >> v >> w)) fail("expected 'edge U V WEIGHT'");
      const int a = vertex(u), b = vertex(v);
      if (a == b) fail("self-loop on vertex " + std::to_string(a));
      const float wf = unit(w, "a weight");
      g.w[static_cast<size_t>(a) * g.n + b] = wf;
      if (!g.directed) g.w[static_cast<size_t>(b) * g.n + a] = wf;
    } else {
      fail("unknown line '" + kind + "' (graph, node, edge)");
    }
    if (ls >> extra) fail("unexpected '" + extra + "' at the end of the line");
  }
  if (!header) throw std::runtime_error(path + ": no 'graph N' line");
  return g;
}

void write_graph(const attr_graph& g, const std::string& path) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error(path + ": cannot write");
  out << "# hy graph matching: attributed graph (" << g.edges() << " edges)\n";
  out << "graph " << g.n << (g.directed ? " directed" : " undirected") << "\n";
  out.precision(9);
  for (int a = 0; a < g.n; ++a) {
    out << "node " << a << " " << g.x[a];
    if (!g.id.empty()) out << " " << g.id[a];
    out << "\n";
  }
  for (int a = 0; a < g.n; ++a)
    for (int b = g.directed ? 0 : a + 1; b < g.n; ++b)
      if (g.weight(a, b) >= 0) out << "edge " << a << " " << b << " " << g.weight(a, b) << "\n";
}

std::vector<std::string> read_list(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::stringstream buf;
  buf << in.rdbuf();
  const std::string text = buf.str();
  const auto slash = path.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "" : path.substr(0, slash + 1);
  auto resolve = [&](const std::string& f) { return f.empty() || f[0] == '/' ? f : dir + f; };
  std::vector<std::string> files;
  const bool json = path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
  if (json) {
    // {"graphs": ["a.ag", "b.ag"]}: the strings of the array after "graphs".
    const auto key = text.find("\"graphs\"");
    const auto open = key == std::string::npos ? key : text.find('[', key);
    const auto close = open == std::string::npos ? open : text.find(']', open);
    if (close == std::string::npos) throw std::runtime_error(path + ": expected {\"graphs\": [\"file\", ...]}");
    for (size_t p = open; (p = text.find('"', p + 1)) < close;) {
      const auto q = text.find('"', p + 1);
      if (q > close) throw std::runtime_error(path + ": unterminated string");
      files.push_back(resolve(text.substr(p + 1, q - p - 1)));
      p = q;
    }
  } else {
    std::istringstream ls(text);
    std::string line;
    while (std::getline(ls, line)) {
      const auto hash = line.find('#');
      if (hash != std::string::npos) line.resize(hash);
      const auto b = line.find_first_not_of(" \t\r"), e = line.find_last_not_of(" \t\r");
      if (b != std::string::npos) files.push_back(resolve(line.substr(b, e - b + 1)));
    }
  }
  if (files.empty()) throw std::runtime_error(path + ": lists no graph");
  return files;
}

void score(const attr_graph& g1, const attr_graph& g2, const std::vector<int>& match,
           long long* correct, long long* total) {
  if (g1.id.empty() || g2.id.empty()) return;
  std::map<int, int> where;
  for (int i = 0; i < g2.n; ++i) where[g2.id[i]] = i;
  for (int a = 0; a < g1.n; ++a) {
    const auto it = where.find(g1.id[a]);
    if (it == where.end()) continue;
    ++*total;
    if (a < static_cast<int>(match.size()) && match[a] == it->second) ++*correct;
  }
}

}  // namespace gm
