// Counts the bytes each MPI rank moves through MPI_Bcast and MPI_Ibcast (the
// MPI profiling interface: this library's MPI_Bcast wraps PMPI_Bcast), to
// check the scaling model's communication volume (bench/model/scaling.py
// `bytes`) against what a run hands to MPI, independently of the runtime's
// own counter. At MPI_Finalize each rank prints to stderr
//   count_bcast: rank R: N calls, B bytes
// (a broadcast counts its message size once in every rank that takes part).
// Build: mpicxx -O2 -std=c++17 -shared -fPIC bench/model/count_bcast.cpp -o libcount_bcast.so
// Run:   mpirun -np P -x LD_PRELOAD=$PWD/libcount_bcast.so PROGRAM ...
#include <mpi.h>

#include <cstdio>

namespace {
long long calls = 0;
long long bytes = 0;
void add(int count, MPI_Datatype type) {
  int size = 0;
  PMPI_Type_size(type, &size);
  ++calls;
  bytes += static_cast<long long>(count) * size;
}
}  // namespace

extern "C" {
int MPI_Bcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm) {
  add(count, type);
  return PMPI_Bcast(buf, count, type, root, comm);
}
int MPI_Ibcast(void* buf, int count, MPI_Datatype type, int root, MPI_Comm comm, MPI_Request* req) {
  add(count, type);
  return PMPI_Ibcast(buf, count, type, root, comm, req);
}
int MPI_Finalize() {
  int rank = 0;
  PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::fprintf(stderr, "count_bcast: rank %d: %lld calls, %lld bytes\n", rank, calls, bytes);
  return PMPI_Finalize();
}
}
