// A one-line progress indicator on stderr for long runs; silent unless
// stderr is a terminal or the caller forces it (e.g. --progress).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace hy::graph {

class progress {
 public:
  // enabled: show_progress(force) decides by default.
  progress(std::string label, std::int64_t total, bool enabled);
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;
  ~progress();

  // Redraws at most ~10 times a second (and always at done == total).
  void update(std::int64_t done);
  void finish();
  bool enabled() const { return enabled_; }
  // Output stream (std::cerr by default; tests redirect it).
  void set_stream(std::ostream& os) { out_ = &os; }

 private:
  std::string label_;
  std::int64_t total_;
  bool enabled_;
  bool finished_ = false;
  double start_, last_ = -1;
  std::ostream* out_;
};

bool stderr_is_tty();
// True when forced or stderr is a terminal.
inline bool show_progress(bool force) { return force || stderr_is_tty(); }

}  // namespace hy::graph
