// Progress line on stderr: "\r<label>: 42% (420/1000) 3.1 s", rate-limited.
#include "hy_graph/progress.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include "hy_graph/timing.hpp"

namespace hy::graph {

bool stderr_is_tty() { return isatty(STDERR_FILENO) != 0; }

progress::progress(std::string label, std::int64_t total, bool enabled)
    : label_(std::move(label)), total_(total), enabled_(enabled), start_(now_seconds()),
      out_(&std::cerr) {}

progress::~progress() { finish(); }

void progress::update(std::int64_t done) {
  if (!enabled_ || finished_) return;
  const double t = now_seconds();
  if (done < total_ && last_ >= 0 && t - last_ < 0.1) return;
  last_ = t;
  char buf[160];
  const double pct = total_ > 0 ? 100.0 * static_cast<double>(done) / static_cast<double>(total_) : 100.0;
  std::snprintf(buf, sizeof buf, ": %5.1f%% (%lld/%lld) %.1f s", pct, static_cast<long long>(done),
                static_cast<long long>(total_), t - start_);
  *out_ << '\r' << label_ << buf << std::flush;
}

void progress::finish() {
  if (!enabled_ || finished_) return;
  update(total_);
  finished_ = true;
  *out_ << '\n' << std::flush;
}

}  // namespace hy::graph
