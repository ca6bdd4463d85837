// Random edge weights: the "int:W" / "real" specification and the
// counter-based draw every generator uses.
#include <stdexcept>

#include "hy_graph/generators.hpp"
#include "hy_graph/random.hpp"
#include "instantiate.hpp"

namespace hy::graph {

weight_spec weight_spec::parse(const std::string& s) {
  weight_spec w;
  if (s == "real") {
    w.kind = real;
    return w;
  }
  if (s == "int") return w;
  if (s == "unit") {
    w.max = 1;
    return w;
  }
  if (s.rfind("int:", 0) == 0) {
    const std::string v = s.substr(4);
    std::size_t used = 0;
    long long m = 0;
    try {
      m = std::stoll(v, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != v.size() || v.empty() || m < 1 || m > (1 << 30) - 2)
      throw std::invalid_argument("bad weight bound in '" + s + "' (expected int:W, 1 <= W < 2^30)");
    w.max = m;
    return w;
  }
  throw std::invalid_argument("bad weight specification '" + s + "' (expected int:W, int, real or unit)");
}

std::string weight_spec::str() const {
  return kind == real ? "real" : "int:" + std::to_string(max);
}

template <class W>
W draw_weight(const weight_spec& ws, std::uint64_t seed, std::uint64_t index) {
  const std::uint64_t r = splitmix64(splitmix64(seed ^ 0x5eedc0ffee123457ull) + index * 0x9e3779b97f4a7c15ull);
  if (ws.kind == weight_spec::integer) {
    const auto k = static_cast<std::uint64_t>((static_cast<unsigned __int128>(r) * static_cast<std::uint64_t>(ws.max)) >> 64);
    return static_cast<W>(1 + k);
  }
  if constexpr (std::is_integral_v<W>) {
    throw std::invalid_argument("real weights need a floating-point weight type");
  } else if constexpr (std::is_same_v<W, float>) {
    return static_cast<float>(r >> 40) * 0x1.0p-24f;  // exactly representable, < 1
  } else {
    return static_cast<double>(r >> 11) * 0x1.0p-53;
  }
}

#define INST(W) template W draw_weight<W>(const weight_spec&, std::uint64_t, std::uint64_t);
HY_GRAPH_FOR_EACH_WEIGHT(INST)

}  // namespace hy::graph
