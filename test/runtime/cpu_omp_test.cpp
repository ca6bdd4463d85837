// GoogleTest for the OpenMP defaults of the runtime: the threshold below
// which a kernel runs on the calling thread (hy::omp_worth, hy/omp_work.hpp)
// and the environment an OpenMP program restarts with when the user chose
// no waiting policy (hy/omp_wait.hpp).
#include <hy/hy.hpp>

#include <gtest/gtest.h>

#include <strings.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

TEST(OmpWork, ThresholdIsIterationsTimesWork) {
  EXPECT_FALSE(hy::omp_worth(1000, 4, 65536));
  EXPECT_FALSE(hy::omp_worth(16383, 4, 65536));
  EXPECT_TRUE(hy::omp_worth(16384, 4, 65536));
  EXPECT_TRUE(hy::omp_worth(512, 128, 65536));
  EXPECT_FALSE(hy::omp_worth(511, 128, 65536));
  // One iteration (or none) never goes to the team; a threshold of 0 sends
  // everything there, as before the threshold existed.
  EXPECT_FALSE(hy::omp_worth(1, 1LL << 40, 65536));
  EXPECT_FALSE(hy::omp_worth(0, 100, 65536));
  EXPECT_FALSE(hy::omp_worth(-5, 100, 65536));
  EXPECT_TRUE(hy::omp_worth(0, 1, 0));
  // No overflow for huge counts.
  EXPECT_TRUE(hy::omp_worth(1LL << 62, 1LL << 40, 1LL << 62));
}

TEST(OmpWork, DefaultFromEnvironment) {
  const char *e = std::getenv("HY_OMP_MIN_WORK");
  if (!e)
    EXPECT_EQ(hy::omp_min_work(), 65536);
  else
    EXPECT_EQ(hy::omp_min_work(), std::atoll(e));
}

#if defined(_OPENMP) && defined(__linux__) && !defined(HY_NO_OMP_WAIT) && \
    (defined(__PIE__) || !defined(__PIC__))
std::vector<std::string> envOf(char **env) {
  std::vector<std::string> v;
  for (; env && *env; ++env)
    v.push_back(*env);
  return v;
}

TEST(OmpWait, PassiveAddedWhenNothingChosen) {
  char a[] = "PATH=/bin", b[] = "HOME=/x";
  char *envp[] = {a, b, nullptr};
  char **env = hy::detail::omp_wait_environment(envp);
  ASSERT_NE(env, nullptr);
  EXPECT_EQ(envOf(env), (std::vector<std::string>{"PATH=/bin", "HOME=/x",
                                                  "OMP_WAIT_POLICY=passive"}));
  std::free(env);
}

TEST(OmpWait, UserChoiceKept) {
  for (const char *chosen : {"OMP_WAIT_POLICY=active", "GOMP_SPINCOUNT=1000", "KMP_BLOCKTIME=0",
                             "HY_OMP_WAIT=keep"}) {
    std::string c = chosen;
    char a[] = "PATH=/bin";
    char *envp[] = {a, c.data(), nullptr};
    EXPECT_EQ(hy::detail::omp_wait_environment(envp), nullptr) << chosen;
  }
  // Threads bound to places: no restart (it would inherit the initial
  // thread's one place for every thread).
  for (const char *bound : {"OMP_PROC_BIND=close", "OMP_PROC_BIND=TRUE", "OMP_PLACES=cores",
                            "GOMP_CPU_AFFINITY=0-3", "KMP_AFFINITY=compact"}) {
    std::string c = bound;
    char a[] = "PATH=/bin";
    char *envp[] = {a, c.data(), nullptr};
    EXPECT_EQ(hy::detail::omp_wait_environment(envp), nullptr) << bound;
  }
  {
    char a[] = "OMP_PROC_BIND=false";
    char *envp[] = {a, nullptr};
    char **env = hy::detail::omp_wait_environment(envp);
    EXPECT_NE(env, nullptr);
    std::free(env);
  }
  // A name that only starts like one is not a choice.
  char a[] = "OMP_WAIT_POLICYX=1";
  char *envp[] = {a, nullptr};
  char **env = hy::detail::omp_wait_environment(envp);
  ASSERT_NE(env, nullptr);
  std::free(env);
}

// This test program itself was restarted with passive waiting unless its
// environment chose something.
TEST(OmpWait, ThisProgramWaitsPassivelyByDefault) {
  if (std::getenv("GOMP_SPINCOUNT") || std::getenv("KMP_BLOCKTIME") || std::getenv("HY_OMP_WAIT"))
    GTEST_SKIP() << "the environment chose a waiting policy";
  if (std::getenv("OMP_PLACES") || std::getenv("GOMP_CPU_AFFINITY") || std::getenv("KMP_AFFINITY") ||
      (std::getenv("OMP_PROC_BIND") && strcasecmp(std::getenv("OMP_PROC_BIND"), "false") != 0))
    GTEST_SKIP() << "threads bound to places: the program keeps the runtime's default";
  const char *p = std::getenv("OMP_WAIT_POLICY");
  ASSERT_NE(p, nullptr);
}

// Run by the ctest runtime.cpu.bound_places with OMP_PROC_BIND=close
// OMP_PLACES=threads: the program was not run again (no OMP_WAIT_POLICY
// added), so its threads keep every hardware thread as a place (a restart
// inherited the first place only).
TEST(OmpWait, BoundThreadsKeepTheirPlaces) {
  if (!std::getenv("OMP_PLACES"))
    GTEST_SKIP() << "run with OMP_PLACES set (ctest runtime.cpu.bound_places)";
  EXPECT_EQ(std::getenv("OMP_WAIT_POLICY"), nullptr);
  const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  if (cpus < 2)
    GTEST_SKIP() << "one CPU: one place either way";
  EXPECT_GE(omp_get_num_places(), 2) << cpus << " CPUs online";
}
#endif

// The frame a team function shares with its team (hy/omp_region.hpp):
// slots and a value every thread sees, the frame of the calls it makes
// (made once, whichever thread asks first), one kept exception along the
// chain, and the frame passed through team_call to the function only.
TEST(TeamFrame, SharedSlotsValueAndChain) {
  hy::region_error err;
  hy::team_frame f(err);
  f.local<long long>(0) = 5;
  f.local<double>(1) = 2.5;
  f.value<int>() = 7;
  EXPECT_EQ(f.local<long long>(0), 5);
  EXPECT_EQ(f.local<double>(1), 2.5);
  EXPECT_EQ(f.value<int>(), 7);
  hy::team_frame *seen[8] = {};
#if defined(_OPENMP)
#pragma omp parallel for num_threads(4)
#endif
  for (int t = 0; t < 8; ++t)
    seen[t] = &f.next();
  for (hy::team_frame *p : seen)
    EXPECT_EQ(p, seen[0]);
  EXPECT_FALSE(err);
  try {
    throw 3;
  } catch (...) {
    f.next().err().keep();
  }
  EXPECT_TRUE(err); // the region's, through the chain
  EXPECT_THROW(err.rethrow(), int);
}

TEST(TeamFrame, TakenOnlyByTheCalledFunction) {
  hy::team_frame f;
  EXPECT_EQ(hy::team_call::take_frame(), nullptr);
  {
    hy::team_call call(f);
    EXPECT_EQ(hy::team_call::take_frame(), &f);
    EXPECT_EQ(hy::team_call::take_frame(), nullptr); // calls it makes are not the team's
  }
  {
    hy::team_call call;
    EXPECT_EQ(hy::team_call::take_frame(), nullptr); // a call without a frame
  }
  EXPECT_FALSE(hy::team_call::take());
}

} // namespace
