// A progress indicator on stderr for long runs: redrawn in place with '\r'
// on a terminal, whole lines (at most one every 2 s) in a log; silent unless
// stderr is a terminal or the caller forces it (e.g. --progress).
#pragma once

#include <cstdint>
#include <ostream>
#include <string>

namespace hy::graph {

class progress {
 public:
  // redraw: "\r" + the line, up to 10 times a second, '\n' at the end (a
  // terminal); lines: one '\n'-terminated line at most every 2 s (a file).
  enum class style { redraw, lines };

  // enabled: show_progress(force) decides by default. The style follows
  // stderr: redraw on a terminal, lines otherwise.
  progress(std::string label, std::int64_t total, bool enabled);
  progress(const progress&) = delete;
  progress& operator=(const progress&) = delete;
  ~progress();

  // "<label>:  42.0% (420/1000) 3.1 s, ~4.3 s left".
  void update(std::int64_t done);
  void finish();
  bool enabled() const { return enabled_; }
  // Nothing is shown during the first `seconds`, and nothing at all for a
  // run that finishes sooner.
  void set_delay(double seconds) { delay_ = seconds; }
  // Output stream and style (std::cerr and stderr's style by default; tests
  // redirect them).
  void set_stream(std::ostream& os, style s) {
    out_ = &os;
    style_ = s;
  }

 private:
  std::string label_;
  std::int64_t total_;
  bool enabled_;
  bool finished_ = false;
  bool shown_ = false;
  style style_;
  double delay_ = 0;
  double start_, last_ = -1;
  std::int64_t last_done_ = -1;
  std::ostream* out_;
};

bool stderr_is_tty();
// True when forced or stderr is a terminal.
inline bool show_progress(bool force) { return force || stderr_is_tty(); }

}  // namespace hy::graph
