// MPI_Bcast timings on this host, to check the communication term of the
// scaling model (bench/model/scaling.py) against something measured: for
// message sizes from 8 B to 64 MiB, the median over repeats of the time a
// broadcast from rank 0 takes until every rank has it (a barrier before
// each, the slowest rank's time kept). Prints "bytes ranks seconds" lines.
// Build: mpicxx -O2 -std=c++17 bench/model/bcast_time.cpp -o bcast_time
// Run:   mpirun -np P --oversubscribe ./bcast_time [max_bytes]
#include <mpi.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  const long max_bytes = argc > 1 ? std::atol(argv[1]) : 64L << 20;
  std::vector<char> buf(static_cast<std::size_t>(max_bytes), 1);
  for (long bytes = 8; bytes <= max_bytes; bytes *= 8) {
    const int reps = bytes <= (1 << 16) ? 200 : bytes <= (1 << 22) ? 20 : 5;
    std::vector<double> t;
    for (int r = 0; r < reps + 1; ++r) {  // the first one warms up
      MPI_Barrier(MPI_COMM_WORLD);
      const double t0 = MPI_Wtime();
      MPI_Bcast(buf.data(), static_cast<int>(bytes), MPI_BYTE, 0, MPI_COMM_WORLD);
      double dt = MPI_Wtime() - t0, slowest = 0;
      MPI_Reduce(&dt, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
      if (r > 0) t.push_back(slowest);
    }
    std::sort(t.begin(), t.end());
    if (rank == 0) std::printf("%ld %d %.9f\n", bytes, size, t[t.size() / 2]);
  }
  MPI_Finalize();
  return 0;
}
