// Timing summaries, rate helpers, the result printer and the progress line.
#include <algorithm>
#include <sstream>

#include "hy_graph/progress.hpp"
#include "hy_graph/report.hpp"
#include "hy_graph/timing.hpp"
#include "test_util.hpp"

using namespace hy::graph;

TEST(Timing, Summaries) {
  auto t = summarize({3, 1, 2});
  EXPECT_EQ(t.median, 2);
  EXPECT_EQ(t.min, 1);
  EXPECT_EQ(t.max, 3);
  EXPECT_EQ(t.mean, 2);
  EXPECT_EQ(t.seconds, (std::vector<double>{3, 1, 2}));
  EXPECT_EQ(summarize({4, 1, 2, 10}).median, 3);
  EXPECT_EQ(summarize({}).median, 0);
}

TEST(Timing, RepeatsAndWarmup) {
  int calls = 0;
  auto t = time_repeated([&] { ++calls; }, 5, 2);
  EXPECT_EQ(calls, 7);
  EXPECT_EQ(t.seconds.size(), 5u);
  EXPECT_LE(t.min, t.median);
  EXPECT_LE(t.median, t.max);
  EXPECT_GE(t.min, 0);
}

TEST(Timing, Rates) {
  EXPECT_EQ(teps(1e9, 2), 5e8);
  EXPECT_EQ(mteps(1e9, 2), 500);
  EXPECT_EQ(relaxations_per_second(8e6, 0.5), 1.6e7);
  EXPECT_EQ(rate(10, 0), 0);
}

TEST(Report, JsonAndText) {
  report r("floyd-warshall");
  r.set("n", 1024).set("verified", true).set("time_s", 0.25).set("graph", "a \"b\"\n");
  r.set("n", 2048);  // replaces, keeps position
  r.set("mteps", std::vector<double>{1.5, 2});
  r.set_timing("fw", summarize({1, 2, 3}));
  EXPECT_EQ(r.json(),
            "{\"title\":\"floyd-warshall\",\"n\":2048,\"verified\":true,\"time_s\":0.25,"
            "\"graph\":\"a \\\"b\\\"\\n\",\"mteps\":[1.5,2],\"fw_median_s\":2,\"fw_min_s\":1,"
            "\"fw_max_s\":3,\"fw_repeats\":3}");
  std::ostringstream os;
  r.print(os, false);
  EXPECT_NE(os.str().find("floyd-warshall\n  n            2048\n"), std::string::npos) << os.str();
  report inf;
  inf.set("x", infinity<double>());
  EXPECT_EQ(inf.json(), "{\"x\":null}");
}

// What a progress line writes for update(1), ..., update(updates) and the
// end of its scope.
std::string progress_output(const std::string& label, std::int64_t total, std::int64_t updates,
                            bool enabled, progress::style style, double delay = 0) {
  std::ostringstream os;
  {
    progress p(label, total, enabled);
    p.set_stream(os, style);
    p.set_delay(delay);
    for (std::int64_t k = 1; k <= updates; ++k) p.update(k);
  }
  return os.str();
}

TEST(Progress, OnlyWhenEnabled) {
  const std::string out = progress_output("fw", 10, 5, true, progress::style::redraw);
  EXPECT_NE(out.find("\rfw:  10.0% (1/10)"), std::string::npos) << out;
  EXPECT_NE(out.find("s left"), std::string::npos) << out;
  EXPECT_NE(out.find("100.0% (10/10)"), std::string::npos);
  EXPECT_EQ(out.back(), '\n');
  EXPECT_EQ(progress_output("fw", 10, 5, false, progress::style::redraw), "");
  EXPECT_TRUE(show_progress(true));
}

// In a log (not a terminal): whole lines, no '\r', rate-limited, the end once.
TEST(Progress, LinesInALog) {
  const std::string out = progress_output("verify", 1000, 1000, true, progress::style::lines);
  const std::string end = "verify: 100.0% (1000/1000)";
  EXPECT_EQ(out.find('\r'), std::string::npos) << out;
  ASSERT_NE(out.find(end), std::string::npos) << out;
  EXPECT_EQ(out.find(end, out.find(end) + 1), std::string::npos) << "shown twice: " << out;
  EXPECT_LE(std::count(out.begin(), out.end(), '\n'), 3) << out;
  EXPECT_EQ(out.back(), '\n');
}

// A delay hides a run that ends before it.
TEST(Progress, DelayHidesShortRuns) {
  EXPECT_EQ(progress_output("fw", 10, 10, true, progress::style::redraw, 60), "");
}
