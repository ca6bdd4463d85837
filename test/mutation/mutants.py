# The planted mutants of the mutation audit (issue 30, docs/testing.md
# "Mutation audit"): realistic, result-changing edits of the host-sync,
# atomics, privatize, zone, worklist and scan code, each with the tests
# that cover that code. test/mutation/run.py applies one at a time, builds,
# runs those tests and counts the mutant killed when one fails.
#
# Each entry: id, file (from the repository root), find (text that occurs
# exactly once), replace, what (the defect it stands for), targets (CMake
# targets to build), ctest (a ctest -R regex or None), lit (lit test paths
# under test/lit, or []).

# The OpenMP build of the CPU runtime tests (the serial build runs the same
# tests on other paths; one build keeps a mutant to a few minutes).
RUNTIME_CPU = ["hy_cpu_runtime_test"]
RUNTIME_CTEST = r"^runtime\.cpu\."
E2E_RED = ["e2e_reductions_serial", "e2e_reductions_openmp", "e2e_reductions_ordered"]

MUTANTS = [
    # --- CUDA host syncs (hyc) ---
    dict(id="sync-member-call-read", file="tool/lib/printers/cuda/CudaHost.cpp",
         find="note(me, md && md->isConst() ? Read : Read | Write);",
         replace="note(me, Read);",
         what="a non-const member called on a member array synced as a read",
         targets=["hyc"], ctest=None, lit=["cuda/member-sync.cpp"]),
    dict(id="sync-call-result-read", file="tool/lib/printers/cuda/CudaHost.cpp",
         find="    if ((md && md->isConst()) || x->getType().isConstQualified())\n      return UseRead;\n    return UseRead | UseWrite;",
         replace="    if ((md && md->isConst()) || x->getType().isConstQualified())\n      return UseRead;\n    return UseRead;",
         what="an array reached through a call or a member of this, written, synced as a read",
         targets=["hyc"], ctest=None, lit=["cuda/host-reads.cpp", "cuda/member-sync.cpp"]),
    dict(id="sync-access-write-dropped", file="tool/lib/printers/cuda/CudaHost.cpp",
         find="int u = (a.read ? UseRead : 0) | (a.write ? UseWrite : 0);",
         replace="int u = (a.read ? UseRead : 0);",
         what="a host write of an array element not marked as a write",
         targets=["hyc"], ctest=None, lit=["cuda/host-reads.cpp", "cuda/member-sync.cpp"]),
    # --- CPU atomics ---
    dict(id="atomic-max-as-min", file="runtime/include/hy/atomic.hpp",
         find="detail::atomic_apply(p, v, [](T a, T b) { return a < b ? b : a; });",
         replace="detail::atomic_apply(p, v, [](T a, T b) { return b < a ? b : a; });",
         what="atomic max keeps the smaller value",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    dict(id="atomic-sub-integer-adds", file="runtime/include/hy/atomic.hpp",
         find="    __atomic_fetch_sub(p, v, __ATOMIC_RELAXED);",
         replace="    __atomic_fetch_add(p, v, __ATOMIC_RELAXED);",
         what="integer atomic subtraction adds",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    dict(id="atomic-cas-gives-up", file="runtime/include/hy/atomic.hpp",
         find="    if (__atomic_compare_exchange(p, &expected, &desired, /*weak=*/true,\n                                  __ATOMIC_RELAXED, __ATOMIC_RELAXED))\n      return expected;",
         replace="    __atomic_compare_exchange(p, &expected, &desired, /*weak=*/true,\n                                  __ATOMIC_RELAXED, __ATOMIC_RELAXED);\n      return expected;",
         what="a compare-exchange loop that gives up after one lost race (lost updates)",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    dict(id="atomic-mul-as-add", file="runtime/include/hy/atomic.hpp",
         find="detail::atomic_apply(p, v, [](T a, T b) { return T(a * b); });",
         replace="detail::atomic_apply(p, v, [](T a, T b) { return T(a + b); });",
         what="atomic multiplication adds",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    # --- privatized array reductions ---
    dict(id="privatize-max-identity-zero", file="runtime/include/hy/privatize.hpp",
         find="HY_CPU_OP(max, max, smallest<T>(), if (a < v) a = T(v))",
         replace="HY_CPU_OP(max, max, T(0), if (a < v) a = T(v))",
         what="a privatized max starts from 0 (wrong when every value is negative)",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    dict(id="privatize-and-identity-zero", file="runtime/include/hy/privatize.hpp",
         find="HY_CPU_OP(band, and, T(~T(0)), a = T(a & v))",
         replace="HY_CPU_OP(band, and, T(0), a = T(a & v))",
         what="a privatized & starts from 0",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    dict(id="privatize-combine-skips-a-copy", file="runtime/include/hy/privatize.hpp",
         find="      for (T *c : copies_)\n        if (c)\n          Op::apply(base_[i], c[i]);",
         replace="      for (std::size_t k = 1; k < copies_.size(); ++k)\n        if (T *c = copies_[k])\n          Op::apply(base_[i], c[i]);",
         what="the combine leaves out thread 0's copy",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    dict(id="privatize-copies-not-cleared", file="runtime/include/hy/privatize.hpp",
         find="    std::fill(mine, mine + n_, Op::template identity<T>());",
         replace="    std::fill(mine, mine + n_ / 2, Op::template identity<T>());",
         what="a per-thread copy only half set to the identity",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    # --- zones ---
    dict(id="zones-and-identity-zero", file="runtime/include/hy/zones.hpp",
         find="case op::band: if constexpr (std::is_integral_v<T>) return T(~T(0)); else return T(0);",
         replace="case op::band: return T(0);",
         what="a zone's copy of an & reduction starts from 0",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    dict(id="zones-max-identity-highest", file="runtime/include/hy/zones.hpp",
         find="  case op::max: return hy::detail::lowest<T>();",
         replace="  case op::max: return T(0);",
         what="a zone's copy of a max reduction starts from 0",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    dict(id="zones-take-not-cyclic", file="runtime/include/hy/zones.hpp",
         find="inline int owner(long long k, int zones) { return static_cast<int>(k % zones); }",
         replace="inline int owner(long long k, int zones) { return static_cast<int>((k + 1) % zones); }",
         what="iterations owned by the wrong zone (zone 0's first row elsewhere)",
         targets=["hy_zones_test"], ctest=r"^runtime\.zones", lit=[]),
    # --- CPU worklist ---
    dict(id="worklist-flush-drops-last", file="runtime/include/hy/worklist.hpp",
         find="    for (int i = 0; i < l.n; ++i)\n      items_[first + i] = l.items[i];",
         replace="    for (int i = 0; i + 1 < l.n; ++i)\n      items_[first + i] = l.items[i];",
         what="a flushed buffer loses its last item (a stale slot)",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    dict(id="worklist-overflow-off-by-one", file="runtime/include/hy/worklist.hpp",
         find="    if (slot >= cap_)\n      overflow(slot + 1);",
         replace="    if (slot > cap_)\n      overflow(slot + 1);",
         what="one push past the capacity is not an overflow (writes out of bounds)",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    dict(id="worklist-drain-skips-thread0", file="runtime/include/hy/worklist.hpp",
         find="      for (int t = 0; t < nlanes_; ++t)\n        if (lanes_[t].n)\n          flush(lanes_[t]);",
         replace="      for (int t = 1; t < nlanes_; ++t)\n        if (lanes_[t].n)\n          flush(lanes_[t]);",
         what="the end of a region leaves thread 0's buffered pushes out",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    # --- BC sample: scaling of sampled sources ---
    dict(id="bc-sampled-scale", file="samples/bc/bc_scale.cpp",
         find="(normalized ? 1 / ((k - 1) * (N - 1)) : N / ((k - 1) * correction))",
         replace="(normalized ? 1 / ((k - 1) * (N - 1)) : N / (k * correction))",
         what="a sampled source's own value scaled as the other vertices' (unnormalized)",
         targets=["bc_serial"], ctest=r"^bc\.bc_serial\.networkx$", lit=[]),
    dict(id="bc-batched-heavy-assign", file="samples/bc/bc_batched.cpp",
         find="      for (long long e = off(v); e < off(v + 1); ++e)\n        pulled += passedBack(b, v, col(e), Weighted ? w(e) : W(1), d, sigma, delta);\n      delta(b, v) = sigma(b, v) * pulled;\n    }\n  }\n}",
         replace="      for (long long e = off(v); e < off(v + 1); ++e)\n        pulled = passedBack(b, v, col(e), Weighted ? w(e) : W(1), d, sigma, delta);\n      delta(b, v) = sigma(b, v) * pulled;\n    }\n  }\n}",
         what="the dependency of a vertex of degree >= 1024 assigned, not accumulated",
         targets=["bc_serial"], ctest=r"^bc\.bc_serial\.", lit=[]),
    # --- graph matching ---
    dict(id="gm-q-sum-float", file="samples/graph_matching/main.cpp",
         find="      double qsum = 0;\n      for (float x : q) qsum += x;",
         replace="      float qsum = 0;\n      for (float x : q) qsum += x;",
         what="the Q step's report sums Q in float (Q_sum loses digits)",
         targets=["gm_serial"], ctest=r"^gm\.q_sum\.gm_serial$", lit=[]),
    # --- scan ---
    dict(id="scan-exclusive-includes-own", file="runtime/include/hy/scan.hpp",
         find="      return Op::template identity<T>();",
         replace="      return T(1);",
         what="a thread's scan starts from 1 instead of the identity",
         targets=RUNTIME_CPU, ctest=RUNTIME_CTEST, lit=[]),
    # --- driver ---
    dict(id="driver-extra-args-swapped", file="tool/driver/hyc.cpp",
         find="      tooling::ArgumentInsertPosition::BEGIN));\n  adjusted->appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(\n      std::vector<std::string>(ArgsAfter.begin(), ArgsAfter.end()),\n      tooling::ArgumentInsertPosition::END));",
         replace="      tooling::ArgumentInsertPosition::END));\n  adjusted->appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(\n      std::vector<std::string>(ArgsAfter.begin(), ArgsAfter.end()),\n      tooling::ArgumentInsertPosition::BEGIN));",
         what="--extra-arg-before and --extra-arg swapped on the command line",
         targets=["hyc"], ctest=None, lit=["driver/extra-args.cpp"]),
]

# Device-side mutants: the CUDA runtime's worklist pushes and reduction
# identities, which only a GPU runs. test/mutation/gpu_mutants.py (part
# "mutants" of scripts/gpu-check.sh) plants each in a copy of
# runtime/include, builds the listed e2e programs
# (from the bundle, .gpu/e2e) against it, and counts the mutant killed when
# a program's output differs from its serial build (or, with rt=True, the
# CUDA runtime test fails too: a long compile, so off by default).
E2E_PUSHES = ["pushes", "graph_kernels", "array_helpers"]
E2E_REDUCE = ["reductions", "containers"]
DEVICE_MUTANTS = [
    dict(id="cuda-warp-push-slot", file="runtime/include/hy/cuda/worklist.cuh",
         find="const unsigned long long slot = first - base + g.thread_rank();",
         replace="const unsigned long long slot = first - base;",
         what="the warp form of push: every lane of a group writes the group's first slot",
         e2e=E2E_PUSHES, push="warp"),
    dict(id="cuda-block-push-slot", file="runtime/include/hy/cuda/block_push.cuh",
         find="const unsigned slot = g.shfl(first, 0) + g.thread_rank();",
         replace="const unsigned slot = g.shfl(first, 0);",
         what="the block form of push: every lane of a group takes the group's first buffer slot",
         e2e=E2E_PUSHES, push="block"),
    dict(id="cuda-block-push-reserve", file="runtime/include/hy/cuda/block_push.cuh",
         find="buf->first = n ? atomicAdd(list.count, static_cast<unsigned long long>(n)) : 0ull;",
         replace="buf->first = n ? atomicAdd(list.count, static_cast<unsigned long long>(n - 1)) : 0ull;",
         what="a block's flush reserves one slot too few in the list",
         e2e=E2E_PUSHES, push="block"),
    dict(id="cuda-max-identity", file="runtime/include/hy/cuda/reduce.cuh",
         find="      return hy::detail::lowest<T>();",
         replace="      return T(0);",
         what="reduction(max) starts from 0 (wrong when every value is negative)",
         e2e=E2E_REDUCE, push="block"),
    dict(id="cuda-min-identity", file="runtime/include/hy/cuda/reduce.cuh",
         find="      return hy::detail::highest<T>();",
         replace="      return T(0);",
         what="reduction(min) starts from 0 (wrong when every value is positive)",
         e2e=E2E_REDUCE, push="block"),
    dict(id="cuda-band-identity", file="runtime/include/hy/cuda/reduce.cuh",
         find="      return T(~T(0));",
         replace="      return T(~T(1));",
         what="reduction(&) starts with bit 0 clear",
         e2e=E2E_REDUCE, push="block"),
]
