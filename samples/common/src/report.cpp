// Text and JSON rendering of sample results.
#include "hy_graph/report.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace hy::graph {

report& report::set_value(const std::string& key, value v) {
  for (auto& kv : items_)
    if (kv.first == key) {
      kv.second = std::move(v);
      return *this;
    }
  items_.emplace_back(key, std::move(v));
  return *this;
}

report& report::set_timing(const std::string& prefix, const timing_result& t) {
  set(prefix + "_median_s", t.median);
  set(prefix + "_min_s", t.min);
  set(prefix + "_max_s", t.max);
  set(prefix + "_repeats", static_cast<std::int64_t>(t.seconds.size()));
  return *this;
}

std::string json_quote(const std::string& s) {
  std::string r = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': r += "\\\""; break;
      case '\\': r += "\\\\"; break;
      case '\n': r += "\\n"; break;
      case '\t': r += "\\t"; break;
      case '\r': r += "\\r"; break;
      default:
        if (c < 0x20) {
          char b[8];
          std::snprintf(b, sizeof b, "\\u%04x", c);
          r += b;
        } else {
          r += static_cast<char>(c);
        }
    }
  }
  return r + "\"";
}

static std::string number(double d, bool json) {
  if (!std::isfinite(d)) return json ? "null" : (std::isnan(d) ? "nan" : d > 0 ? "inf" : "-inf");
  char b[64];
  if (!json) {  // people read 6 significant digits; JSON keeps every bit
    std::snprintf(b, sizeof b, "%.6g", d);
    return b;
  }
  auto [p, ec] = std::to_chars(b, b + sizeof b, d);
  return std::string(b, p);
}

static std::string render(const report::value& v, bool json) {
  struct visitor {
    bool json;
    std::string operator()(const std::string& s) const { return json ? json_quote(s) : s; }
    std::string operator()(double d) const { return number(d, json); }
    std::string operator()(std::int64_t i) const { return std::to_string(i); }
    std::string operator()(bool b) const { return b ? "true" : "false"; }
    std::string operator()(const std::vector<double>& a) const {
      std::string r = "[";
      for (std::size_t i = 0; i < a.size(); ++i) r += (i ? json ? "," : ", " : "") + number(a[i], json);
      return r + "]";
    }
  };
  return std::visit(visitor{json}, v);
}

void report::print_text(std::ostream& os) const {
  if (!title_.empty()) os << title_ << '\n';
  std::size_t w = 0;
  for (const auto& kv : items_) w = std::max(w, kv.first.size());
  for (const auto& kv : items_)
    os << "  " << kv.first << std::string(w - kv.first.size(), ' ') << "  " << render(kv.second, false)
       << '\n';
}

std::string report::json() const {
  std::string r = "{";
  bool first = true;
  if (!title_.empty()) {
    r += "\"title\":" + json_quote(title_);
    first = false;
  }
  for (const auto& kv : items_) {
    if (!first) r += ',';
    first = false;
    r += json_quote(kv.first) + ":" + render(kv.second, true);
  }
  return r + "}";
}

void report::print_json(std::ostream& os) const { os << json() << '\n'; }

}  // namespace hy::graph
