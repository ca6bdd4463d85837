// LD_PRELOAD counter of libgomp entry points (docs/perf/cpu.md, "One region per host
// loop"): parallel regions, those with a team, and the barriers thread 0 of a team
// of more than one thread passes. gcc -shared -fPIC -O2 gomp_count.c -o gomp_count.so -lgomp
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdatomic.h>
extern int omp_get_num_threads(void);
extern int omp_get_thread_num(void);
static atomic_long regions, team_regions, barriers, team_barriers;
typedef void (*par_t)(void (*)(void *), void *, unsigned, unsigned);
void GOMP_parallel(void (*fn)(void *), void *data, unsigned n, unsigned flags) {
  static par_t real; if (!real) real = (par_t)dlsym(RTLD_NEXT, "GOMP_parallel");
  regions++; if (n != 1) team_regions++;
  real(fn, data, n, flags);
}
typedef void (*bar_t)(void);
void GOMP_barrier(void) {
  static bar_t real; if (!real) real = (bar_t)dlsym(RTLD_NEXT, "GOMP_barrier");
  barriers++; if (omp_get_num_threads() > 1 && omp_get_thread_num() == 0) team_barriers++; real();
}
__attribute__((destructor)) static void report(void) {
  fprintf(stderr, "gomp: regions %ld (team %ld) team-barriers %ld\n", (long)regions, (long)team_regions, (long)team_barriers);
}
