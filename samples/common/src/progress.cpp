// Progress on stderr: "\r<label>: 42.0% (420/1000) 3.1 s, ~4.3 s left" on a
// terminal, the same as rate-limited lines in a log.
#include "hy_graph/progress.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "hy_graph/timing.hpp"

namespace hy::graph {

bool stderr_is_tty() { return isatty(STDERR_FILENO) != 0; }

progress::progress(std::string label, std::int64_t total, bool enabled)
    : label_(std::move(label)),
      total_(total),
      enabled_(enabled),
      style_(stderr_is_tty() ? style::redraw : style::lines),
      start_(now_seconds()),
      out_(&std::cerr) {}

progress::~progress() { finish(); }

void progress::update(std::int64_t done) {
  if (!enabled_ || finished_) return;
  const double t = now_seconds(), since = t - start_;
  const bool last = done >= total_;
  if (last && last_done_ >= total_) return;  // the end is shown once
  if (since < delay_ && !(last && shown_)) return;
  if (last && !shown_ && delay_ > 0) return;  // a short run shows nothing
  const double every = style_ == style::redraw ? 0.1 : 2.0;
  if (!last && last_ >= 0 && t - last_ < every) return;
  last_ = t;
  char buf[200];
  const double pct = total_ > 0 ? 100.0 * static_cast<double>(done) / static_cast<double>(total_) : 100.0;
  int len = std::snprintf(buf, sizeof buf, ": %5.1f%% (%lld/%lld) %.1f s", pct,
                          static_cast<long long>(done), static_cast<long long>(total_), since);
  if (done > 0 && !last && len > 0 && len < static_cast<int>(sizeof buf))
    std::snprintf(buf + len, sizeof buf - len, ", ~%.1f s left",
                  since * static_cast<double>(total_ - done) / static_cast<double>(done));
  if (style_ == style::redraw)
    *out_ << '\r' << label_ << buf << "   " << std::flush;
  else
    *out_ << label_ << buf << '\n' << std::flush;
  shown_ = true;
  last_done_ = done;
}

void progress::finish() {
  if (!enabled_ || finished_) return;
  update(total_);
  finished_ = true;
  if (shown_ && style_ == style::redraw) *out_ << '\n' << std::flush;
}

}  // namespace hy::graph
