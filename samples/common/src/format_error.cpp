// The exception every reader throws: formats "file:line: problem".
#include "hy_graph/types.hpp"

namespace hy::graph {

static std::string format_message(const std::string& file, long line, const std::string& problem) {
  std::string s = file;
  if (line > 0) s += ":" + std::to_string(line);
  return s + ": " + problem;
}

format_error::format_error(const std::string& file, long line, const std::string& problem)
    : std::runtime_error(format_message(file, line, problem)),
      file_(file),
      line_(line),
      problem_(problem) {}

}  // namespace hy::graph
