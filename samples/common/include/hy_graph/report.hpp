// Result printer shared by the samples: ordered key/value results printed
// either as aligned human-readable text or as one JSON object on one line.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <variant>
#include <vector>

#include "hy_graph/timing.hpp"

namespace hy::graph {

class report {
 public:
  using value = std::variant<std::string, double, std::int64_t, bool, std::vector<double>>;

  explicit report(std::string title = "") : title_(std::move(title)) {}
  // Setting a key again replaces its value (keeps its position).
  report& set_value(const std::string& key, value v);
  report& set(const std::string& key, const std::string& s) { return set_value(key, s); }
  report& set(const std::string& key, const char* s) { return set_value(key, std::string(s)); }
  report& set(const std::string& key, double v) { return set_value(key, v); }
  report& set(const std::string& key, float v) { return set_value(key, static_cast<double>(v)); }
  report& set(const std::string& key, bool v) { return set_value(key, v); }
  report& set(const std::string& key, int v) { return set_value(key, static_cast<std::int64_t>(v)); }
  report& set(const std::string& key, long v) { return set_value(key, static_cast<std::int64_t>(v)); }
  report& set(const std::string& key, long long v) { return set_value(key, static_cast<std::int64_t>(v)); }
  report& set(const std::string& key, unsigned v) { return set_value(key, static_cast<std::int64_t>(v)); }
  report& set(const std::string& key, unsigned long v) { return set_value(key, static_cast<std::int64_t>(v)); }
  report& set(const std::string& key, std::vector<double> v) { return set_value(key, std::move(v)); }
  // Adds <prefix>_median_s, _min_s, _max_s, _repeats.
  report& set_timing(const std::string& prefix, const timing_result& t);

  void print_text(std::ostream& os) const;
  void print_json(std::ostream& os) const;  // one line, ends with '\n'
  void print(std::ostream& os, bool json) const { json ? print_json(os) : print_text(os); }
  std::string json() const;

 private:
  std::string title_;
  std::vector<std::pair<std::string, value>> items_;
};

// JSON string literal of s (quotes and escapes).
std::string json_quote(const std::string& s);

}  // namespace hy::graph
