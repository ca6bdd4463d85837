// Private helpers shared by the text readers/writers: whole-file input (with
// transparent gzip), a line cursor that counts lines, strict number parsing
// that reports "file:line: problem", and fast number formatting.
#pragma once

#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <ostream>
#include <utility>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "hy_graph/types.hpp"

namespace hy::graph::detail {

// Whole content of a file; gzip (detected by its magic bytes) is inflated.
// Throws format_error(path, 0, ...) if the file cannot be read.
std::string read_file(const std::string& path);
// Writes bytes to a file, gzip-compressed when the name ends in ".gz".
void write_file(const std::string& path, std::string_view bytes);
bool has_zlib();

class line_reader {
 public:
  line_reader(std::string_view text, std::string name) : text_(text), name_(std::move(name)) {}
  // Advances to the next line; false at end of input.
  bool next();
  std::string_view line() const { return line_; }
  long number() const { return number_; }
  const std::string& name() const { return name_; }
  // Whitespace-separated fields of the current line.
  const std::vector<std::string_view>& fields();
  [[noreturn]] void fail(const std::string& problem) const {
    throw format_error(name_, number_, problem);
  }

 private:
  std::string_view text_;
  std::string name_;
  std::size_t pos_ = 0;
  std::string_view line_;
  long number_ = 0;
  std::vector<std::string_view> fields_;
};

inline std::string quote(std::string_view s) { return "'" + std::string(s) + "'"; }

// Parses an integer field; `what` names it in errors ("vertex id", ...).
inline long long parse_int(const line_reader& r, std::string_view tok, const char* what) {
  long long v = 0;
  auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
  if (ec == std::errc::result_out_of_range)
    r.fail(std::string(what) + " " + quote(tok) + " is too large");
  if (ec != std::errc() || p != tok.data() + tok.size())
    r.fail(std::string("non-numeric ") + what + " " + quote(tok));
  return v;
}

// Parses a weight of type W. Integer weights must be integers in range;
// floating weights must be finite numbers.
template <class W>
W parse_weight(const line_reader& r, std::string_view tok) {
  if constexpr (std::is_integral_v<W>) {
    long long v = 0;
    auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec == std::errc() && p == tok.data() + tok.size()) {
      if (v < std::numeric_limits<W>::min() || v > std::numeric_limits<W>::max())
        r.fail("weight " + quote(tok) + " out of range for int32");
      return static_cast<W>(v);
    }
    double d = 0;
    auto [p2, ec2] = std::from_chars(tok.data(), tok.data() + tok.size(), d);
    if (ec2 == std::errc() && p2 == tok.data() + tok.size())
      r.fail("weight " + quote(tok) + " is not an integer (read it with a floating weight type)");
    if (ec == std::errc::result_out_of_range)
      r.fail("weight " + quote(tok) + " out of range for int32");
    r.fail("non-numeric weight " + quote(tok));
  } else {
    W v{};
    auto [p, ec] = std::from_chars(tok.data(), tok.data() + tok.size(), v);
    if (ec == std::errc::result_out_of_range) r.fail("weight " + quote(tok) + " out of range");
    if (ec != std::errc() || p != tok.data() + tok.size())
      r.fail("non-numeric weight " + quote(tok));
    if (!std::isfinite(v)) r.fail("weight " + quote(tok) + " is not finite");
    return v;
  }
}

// Appends the shortest text that reads back as exactly v.
template <class T>
void append_number(std::string& out, T v) {
  char buf[64];
  auto [p, ec] = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, p);
}

// Writes one line per edge: `prefix u v [w]` with 1-based (base 1) or
// 0-based ids, the weight only when `weights`; with `lower`, undirected
// edges are written as (max, min) (Matrix Market's lower triangle). The
// text goes out in chunks of about 1 MiB.
template <class EdgeList>
void write_edge_lines(std::ostream& out, const EdgeList& g, const char* prefix, vid base,
                      bool weights, bool lower) {
  std::string s;
  for (const auto& e : g.edges) {
    vid i = e.u, j = e.v;
    if (lower && i < j) std::swap(i, j);
    s += prefix;
    append_number(s, i + base);
    s += ' ';
    append_number(s, j + base);
    if (weights) {
      s += ' ';
      append_number(s, e.w);
    }
    s += '\n';
    if (s.size() > (1 << 20)) {
      out << s;
      s.clear();
    }
  }
  out << s;
}

}  // namespace hy::graph::detail
