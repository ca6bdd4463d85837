// The waiting policy of OpenMP builds, chosen when the user chose none.
// libgomp's default lets a thread that waits at a barrier or for the next
// parallel region spin for about 300,000 iterations before it sleeps. On
// a machine whose cores other processes also use (a laptop, a CI runner,
// a shared node), the spinning threads take the cores from the threads
// that have work, and every barrier waits for a thread the kernel
// scheduler has put aside: on a 2-core machine with one other busy
// process the Δ-stepping and BC samples ran 4x to 14x slower than their
// serial builds, and 0.5x to 0.9x of the serial time with passive waiting
// (docs/perf/cpu.md, "Waiting").
//
// libgomp reads its environment once, when it is loaded, before any code
// of the program runs, and offers no call to change the policy later. So
// an OpenMP program that includes this header and whose environment sets
// neither OMP_WAIT_POLICY nor GOMP_SPINCOUNT (nor KMP_BLOCKTIME, LLVM's
// spelling) runs itself again, at start-up, before its own constructors,
// with OMP_WAIT_POLICY=passive added to its environment. Whatever the user
// sets wins: OMP_WAIT_POLICY=active (or GOMP_SPINCOUNT=N) for spinning;
// HY_OMP_WAIT=keep (or building with -DHY_NO_OMP_WAIT) leaves the runtime's
// own default, and so does binding threads to places (OMP_PROC_BIND other
// than false, OMP_PLACES, GOMP_CPU_AFFINITY, KMP_AFFINITY): libgomp binds
// the initial thread when it is loaded, and the program run again would
// inherit that one place for every thread (the Δ-stepping sample on 16
// cores with OMP_PROC_BIND=close OMP_PLACES=cores ran 9x slower). Only Linux executables (not shared libraries, whose code
// must not restart the program that loads them), and not set-user-ID ones.
// A tool that runs the program must follow the exec (valgrind needs
// --trace-children=yes; or set OMP_WAIT_POLICY under it).
#pragma once

#if defined(_OPENMP) && defined(__linux__) && !defined(__CUDA_ARCH__) && !defined(HY_NO_OMP_WAIT) && \
    (defined(__PIE__) || !defined(__PIC__))
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <strings.h>
#include <sys/auxv.h>
#include <unistd.h>

namespace hy::detail {

/// The environment to run with, or null when the user (or an earlier run
/// of this same code) chose already. `envp` is the program's.
inline char **omp_wait_environment(char **envp) {
  if (!envp || getauxval(AT_SECURE))
    return nullptr;
  size_t n = 0;
  for (; envp[n]; ++n) {
    static const char *const chosen[] = {"OMP_WAIT_POLICY=", "GOMP_SPINCOUNT=", "KMP_BLOCKTIME=",
                                         "HY_OMP_WAIT=",
                                         // Threads bound to places: libgomp has bound this
                                         // (initial) thread to the first place when it was
                                         // loaded, and a program run again would inherit
                                         // that one place for all its threads (16 threads
                                         // on one core). Binding also says the cores are
                                         // the program's own, where spinning is right.
                                         "OMP_PLACES=", "GOMP_CPU_AFFINITY=", "KMP_AFFINITY="};
    for (const char *c : chosen)
      if (std::strncmp(envp[n], c, std::strlen(c)) == 0)
        return nullptr;
    static const char bind[] = "OMP_PROC_BIND=";
    if (std::strncmp(envp[n], bind, sizeof bind - 1) == 0 &&
        strcasecmp(envp[n] + sizeof bind - 1, "false") != 0)
      return nullptr;
  }
  char **env = static_cast<char **>(std::malloc((n + 2) * sizeof(char *)));
  if (!env)
    return nullptr;
  std::memcpy(env, envp, n * sizeof(char *));
  static char passive[] = "OMP_WAIT_POLICY=passive";
  env[n] = passive;
  env[n + 1] = nullptr;
  return env;
}

/// Runs the program again with passive waiting (see above); returns when
/// that is not needed or not possible, and the program then goes on as it
/// was started. glibc passes argc, argv and the environment to the
/// functions of .init_array.
inline void omp_wait_restart(int, char **argv, char **envp) {
  if (!argv || !argv[0])
    return;
  char **env = omp_wait_environment(envp);
  if (!env)
    return;
  std::fflush(nullptr);
  execve("/proc/self/exe", argv, env);
  std::free(env); // no /proc: keep the runtime's default
}

} // namespace hy::detail

// One entry per translation unit that includes this header; the first one
// to run restarts the program, the others then find the policy chosen.
// Priority 101: before the program's own constructors (C++ static objects
// included), so that nothing of it has run twice.
__attribute__((constructor(101), used)) static void hy_omp_wait_restart(int argc, char **argv,
                                                                        char **envp) {
  hy::detail::omp_wait_restart(argc, argv, envp);
}
#endif
