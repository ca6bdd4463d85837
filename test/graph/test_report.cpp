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

TEST(Progress, OnlyWhenEnabled) {
  std::ostringstream os;
  {
    progress p("fw", 10, true);
    p.set_stream(os, progress::style::redraw);
    p.update(5);
  }
  EXPECT_NE(os.str().find("\rfw:  50.0% (5/10)"), std::string::npos) << os.str();
  EXPECT_NE(os.str().find("s left"), std::string::npos) << os.str();
  EXPECT_NE(os.str().find("100.0% (10/10)"), std::string::npos);
  EXPECT_EQ(os.str().back(), '\n');
  std::ostringstream quiet;
  {
    progress p("fw", 10, false);
    p.set_stream(quiet, progress::style::redraw);
    p.update(5);
  }
  EXPECT_EQ(quiet.str(), "");
  EXPECT_TRUE(show_progress(true));
}

// In a log (not a terminal): whole lines, no '\r', rate-limited.
TEST(Progress, LinesInALog) {
  std::ostringstream os;
  {
    progress p("verify", 1000, true);
    p.set_stream(os, progress::style::lines);
    for (int k = 1; k <= 1000; ++k) p.update(k);
  }
  const std::string out = os.str(), end = "verify: 100.0% (1000/1000)";
  EXPECT_EQ(out.find('\r'), std::string::npos) << out;
  ASSERT_NE(out.find(end), std::string::npos) << out;
  EXPECT_EQ(out.find(end, out.find(end) + 1), std::string::npos) << "shown twice: " << out;
  EXPECT_LE(std::count(out.begin(), out.end(), '\n'), 3) << out;
  EXPECT_EQ(out.back(), '\n');
}

// A delay hides a run that ends before it.
TEST(Progress, DelayHidesShortRuns) {
  std::ostringstream os;
  {
    progress p("fw", 10, true);
    p.set_stream(os, progress::style::redraw);
    p.set_delay(60);
    for (int k = 1; k <= 10; ++k) p.update(k);
  }
  EXPECT_EQ(os.str(), "");
}
