#!/usr/bin/env python3
"""Shortest-path benchmarks of issue 13 (docs/perf/delta_stepping.md,
docs/perf/johnson.md): builds the Δ-stepping and Johnson samples from the
hyc outputs that scripts/gpu-bundle.sh put in .gpu/, the hand-written CUDA
Δ-stepping baseline (delta_ref.cu) and the Floyd-Warshall sample; generates
the graphs once (binary .hyg through hy_graph_tool); times every variant and
the baselines in this one run; checks that every variant of a workload gives
the same checksum; writes the tables with the commit, GPU, CPU and command.

Peers that are not part of hy run only when given: --gap-sssp BIN (the GAP
benchmark suite's sssp, built by the caller; it generates its own Kronecker
graph of the same scale, degree and weight range, said so in the table),
SciPy's csgraph.johnson and NetworKit when importable.

    bench/shortest_paths/run.py OUTDIR [--part delta|johnson|all] [--quick]
        [--bundle .gpu] [--build DIR] [--gap-sssp BIN] [--threads N]

--quick: small graphs (a smoke test of the script, any machine).
Runs from the repository root; needs g++ with OpenMP, nvcc and a GPU for
the CUDA rows (without them the CPU rows still run).
"""
import argparse
import concurrent.futures as cf
import datetime
import glob
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "bench", "shortest_paths")


LOG = None  # every command and its output, for the record (OUTDIR/run.log)


def sh(cmd, env=None, timeout=None, check=True):
    """Runs cmd (a list), returns stdout+stderr; raises with the output on failure."""
    e = dict(os.environ)
    e.update(env or {})
    t0 = time.time()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, env=e, timeout=timeout)
        out, rc = r.stdout + r.stderr, r.returncode
    except subprocess.TimeoutExpired as x:
        out, rc = f"timed out after {timeout} s\n" + str(x.stdout or ""), 124
    except OSError as x:
        out, rc = str(x), 127
    print(f"  [{time.time() - t0:6.1f} s] {' '.join(cmd)[:160]}", flush=True)
    if LOG and not cmd[0].endswith(("g++", "nvcc", "sh")):
        LOG.write(f"$ {' '.join(cmd)}  [{time.time() - t0:.1f} s, exit {rc}]\n{out}\n")
        LOG.flush()
    if check and rc != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {rc}:\n{out[-3000:]}")
    if check and r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {r.returncode}:\n{out[-3000:]}")
    return out


class Build:
    def __init__(self, bundle, build, have_gpu):
        self.bundle, self.dir, self.gpu = bundle, build, have_gpu
        self.nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
        inc = [f"-I{ROOT}/runtime/include", f"-I{ROOT}/samples/common/include"]
        self.cxx = ["g++", "-std=c++17", "-O3", "-march=native", "-fopenmp", "-DHY_GRAPH_HAVE_ZLIB=1"] + inc
        self.nv = [self.nvcc, "-arch=sm_90", "-std=c++17", "-O3", "--expt-relaxed-constexpr",
                   "-Xcompiler", "-fopenmp", "-DHY_GRAPH_HAVE_ZLIB=1"] + inc
        os.makedirs(os.path.join(build, "graph"), exist_ok=True)

    def p(self, name):
        return os.path.join(self.dir, name)

    def all(self):
        srcs = sorted(glob.glob(f"{ROOT}/samples/common/src/*.cpp"))
        with cf.ThreadPoolExecutor(os.cpu_count() or 4) as ex:
            list(ex.map(lambda s: sh(self.cxx + ["-c", s, "-o", self.p(f"graph/{os.path.basename(s)[:-4]}.o")]), srcs))
        graph = sorted(glob.glob(self.p("graph/*.o")))
        jobs = [self.cxx + [f"{ROOT}/samples/common/tools/hy_graph_tool.cpp"] + graph + ["-lz", "-o", self.p("hy_graph_tool")]]
        for s, d, extra in (("delta", "delta_stepping", []), ("johnson", "johnson", []),
                            ("fw", "floyd_warshall", [f"{ROOT}/samples/floyd_warshall/fw_cli.cpp"])):
            kern = {"delta": "delta_kernels", "johnson": "johnson_kernels", "fw": "fw_kernels"}[s]
            inc = [f"-I{ROOT}/samples/{d}"]
            jobs.append(self.cxx + inc + [f"{self.bundle}/{s}/{kern}.openmp.cpp", f"{ROOT}/samples/{d}/main.cpp"]
                        + extra + graph + ["-lz", "-o", self.p(f"{s}_omp")])
            if self.gpu:
                jobs.append(["sh", "-c", " ".join(
                    self.nv + inc + ["-c", f"{self.bundle}/{s}/{kern}.cuda.cu", "-o", self.p(f"{s}_k.o"), "&&"]
                    + self.cxx + inc + ["-c", f"{ROOT}/samples/{d}/main.cpp", "-o", self.p(f"{s}_main.o")]
                    + (["&&"] + self.cxx + inc + ["-c", extra[0], "-o", self.p("fw_cli.o")] if extra else [])
                    + ["&&", self.nvcc, "-Xcompiler", "-fopenmp", self.p(f"{s}_k.o"), self.p(f"{s}_main.o")]
                    + ([self.p("fw_cli.o")] if extra else []) + graph + ["-lz", "-o", self.p(f"{s}_cuda")])])
        if self.gpu:
            jobs.append(self.nv + [f"-I{ROOT}/bench/irregular", f"{HERE}/delta_ref.cu"] + graph + ["-lz", "-o", self.p("delta_ref")])
        with cf.ThreadPoolExecutor(4) as ex:
            list(ex.map(sh, jobs))


def machine():
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    gpu = "no GPU"
    if shutil.which("nvidia-smi"):
        r = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total", "--format=csv,noheader"],
                           capture_output=True, text=True)
        if r.returncode == 0 and r.stdout.strip():
            gpu = r.stdout.strip().splitlines()[0]
    return cpu, gpu


def header(title, args, bundle, cpu, gpu, threads):
    commit = open(os.path.join(bundle, "commit")).read().strip() if os.path.exists(os.path.join(bundle, "commit")) else "unknown"
    return [f"# {title}", "",
            f"- date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')}, commit {commit} (hy outputs)",
            f"- GPU: {gpu}; CPU: {cpu}, {threads} OpenMP threads",
            f"- command: `bench/shortest_paths/run.py {' '.join(args)}`", ""]


# --------------------------------------------------------------------------
# Δ-stepping
# --------------------------------------------------------------------------
SAMPLE = re.compile(r"^(\w+), delta ([0-9.e+-]+): (\d+) source\(s\), ([0-9.e+-]+) s per source, ([0-9.]+) MTEPS.*"
                    r"last source: (\d+) buckets, (\d+) light phases.*checksum ([0-9.e+-]+)", re.M)
REF = re.compile(r"delta_ref: delta ([0-9.e+-]+), (\d+) source\(s\), mean ([0-9.]+) ms.*?([0-9.]+) MTEPS.*"
                 r"last source (\d+) phases, checksum ([0-9.e+-]+)(.*)")


def sample_rows(out):
    return [dict(alg=m[0], delta=float(m[1]), ms=float(m[3]) * 1e3, mteps=float(m[4]), buckets=int(m[5]),
                 phases=int(m[6]), checksum=m[7]) for m in SAMPLE.findall(out)]


def delta_part(b, args, threads, cpu, gpu):
    lines = header("Δ-stepping single-source shortest paths (issue 13, seed 002): measured speed", sys.argv[1:],
                   args.bundle, cpu, gpu, threads)
    kron_scale = 14 if args.quick else 22
    rmat_scales = [12, 13] if args.quick else [17, 19, 21, 23]
    sources = 4 if args.quick else 16
    omp_env = {"OMP_NUM_THREADS": str(threads), "OMP_PROC_BIND": "close", "OMP_PLACES": "cores"}
    tool = b.p("hy_graph_tool")
    kron = b.p(f"kron{kron_scale}.hyg")
    sh([tool, "--generate", f"rmat:scale={kron_scale},ef=16,seed=1", "--undirected", "--weights", "int:255",
        "--type", "int", "--write", kron, "--info"])
    gpu_deltas = [32, 64, 128, 256, 512]
    cpu_deltas = [32, 128]
    rows = []  # (workload, variant, delta, ms, mteps, phases, checksum, note)
    common = ["--input", kron, "--sources", str(sources), "--repeat", "3"]
    best = {}
    if b.gpu:
        out = sh([b.p("delta_cuda")] + common + ["--delta-sweep", ",".join(map(str, gpu_deltas))], env={"HY_DEVICE": "gpu"})
        sweep = sample_rows(out)
        best["hy"] = min(sweep, key=lambda r: r["ms"])
        out = sh([b.p("delta_cuda")] + common + ["--algorithm", "buckets", "--delta", str(int(best["hy"]["delta"]))],
                 env={"HY_DEVICE": "gpu"})
        best["hy_buckets"] = sample_rows(out)[0]
        refs = []
        for i, d in enumerate(gpu_deltas):
            out = sh([b.p("delta_ref"), "--input", kron, "--sources", str(sources), "--delta", str(d)]
                     + (["--verify"] if i == 0 else []))
            m = REF.search(out)
            refs.append(dict(delta=float(m[1]), ms=float(m[3]), mteps=float(m[4]), phases=int(m[5]), checksum=m[6],
                             ok="FAILED" not in m[7]))
        best["ref"] = min(refs, key=lambda r: r["ms"])
        lines += [f"GPU Δ sweep, R-MAT (Graph500 Kronecker) scale {kron_scale}, edge factor 16, undirected, "
                  f"int weights [1, 255], {sources} sources (ms per source):", "",
                  "| Δ | " + " | ".join(str(d) for d in gpu_deltas) + " |",
                  "|---|" + "---:|" * len(gpu_deltas),
                  "| hy worklist | " + " | ".join(f"{r['ms']:.3f}" for r in sweep) + " |",
                  "| hand-written CUDA | " + " | ".join(f"{r['ms']:.3f}" for r in refs) + " |", ""]
    out = sh([b.p("delta_omp"), "--input", kron, "--sources", str(min(4, sources)), "--delta-sweep",
              ",".join(map(str, cpu_deltas))], env=omp_env)
    cpu_sweep = sample_rows(out)
    best["omp"] = min(cpu_sweep, key=lambda r: r["ms"])
    gap = None
    if args.gap_sssp:
        times = []
        for d in (1, 2):
            o = sh([args.gap_sssp, "-g", str(kron_scale), "-k", "16", "-n", str(sources), "-d", str(d)], env=omp_env,
                   check=False)
            m = re.search(r"Average Time:\s+([0-9.]+)", o)
            if m:
                times.append((float(m[1]) * 1e3, d))
        gap = min(times) if times else None
    lines += [f"Kronecker scale {kron_scale}, edge factor 16, int weights [1, 255] (GAP's setting), per source "
              f"(mean of {sources} sources, each the median of 3 runs after a warm-up; best Δ of the sweep):", "",
              "| variant | Δ | time per source | MTEPS (arcs/time) | phases | vs hand-written CUDA | checksum |",
              "|---|---:|---:|---:|---:|---:|---|"]
    base = best.get("ref", {}).get("ms")
    for key, name in (("hy", "hy CUDA, worklist form"), ("hy_buckets", "hy CUDA, seed 002's bucket form"),
                      ("ref", "hand-written CUDA near-far (delta_ref.cu)"),
                      ("omp", f"hy OpenMP, {threads} threads, worklist form")):
        if key not in best:
            continue
        r = best[key]
        ratio = f"{r['ms'] / base:.2f}x" if base else "-"
        lines.append(f"| {name} | {r['delta']:g} | {r['ms']:.3f} ms | {r.get('mteps', 0):.0f} | "
                     f"{r.get('phases', 0)} | {ratio} | {r['checksum']} |")
    if gap:
        lines.append(f"| GAP sssp (`--gap-sssp`), {threads} threads, its own Kronecker graph of the same "
                     f"scale/degree/weights | {gap[1]} | {gap[0]:.3f} ms | - | - | "
                     f"{gap[0] / base:.2f}x | - |" if base else f"| GAP sssp | {gap[1]} | {gap[0]:.3f} ms | - | - | - | - |")
    checks = {r["checksum"] for k, r in best.items() if k != "omp"}  # omp: fewer sources
    lines += ["", f"Checksums (sum over sources of the finite distances plus the reached vertices) of the "
              f"{sources}-source rows: {'all equal' if len(checks) == 1 else 'DIFFER: ' + ', '.join(sorted(checks))}.", ""]

    # High diameter: a 2-D grid (road-like), where Δ-stepping needs many
    # buckets and the GPU sees small frontiers.
    side = 256 if args.quick else 2048
    grid = b.p("grid.hyg")
    sh([tool, "--generate", f"grid:rows={side},cols={side},seed=3", "--weights", "int:255", "--type", "int",
        "--write", grid])
    lines += [f"High diameter: {side} x {side} grid, int weights [1, 255], 4 sources, ms per source by Δ:", "",
              "| variant | Δ=64 | Δ=256 | Δ=1024 | Δ=4096 |", "|---|---:|---:|---:|---:|"]
    for name, exe, env in ([("hy CUDA worklist", b.p("delta_cuda"), {"HY_DEVICE": "gpu"})] if b.gpu else []) + \
            [(f"hy OpenMP {threads} threads", b.p("delta_omp"), omp_env)]:
        out = sh([exe, "--input", grid, "--sources", "4", "--delta-sweep", "64,256,1024,4096"], env=env, timeout=300,
                 check=False)
        rs = sample_rows(out)
        lines.append(f"| {name} | " + " | ".join(f"{r['ms']:.2f} ({r['phases']} phases)" for r in rs) + " |")
    if b.gpu:
        out = sh([b.p("delta_ref"), "--input", grid, "--sources", "4", "--delta", "1024"], timeout=300, check=False)
        m = REF.search(out)
        if m:
            lines.append(f"| hand-written CUDA, Δ=1024 | - | - | {float(m[3]):.2f} ({m[5]} phases) | - |")
    lines.append("")

    # Seed 002's experiment: R-MAT degree 32, U[0,1] weights, MTEPS per Δ.
    deltas = [0.01, 0.02, 0.04, 0.1, 0.25, 0.5, 1.0, 2.0]
    lines += ["Seed 002's experiment: R-MAT, degree 32 (edge factor 16, undirected), weights U[0, 1), "
              "MTEPS (arcs / time per source) by Δ:", "",
              "| scale | target | sources | " + " | ".join(f"Δ={d:g}" for d in deltas) + " | best Δ |",
              "|---|---|---:|" + "---:|" * (len(deltas) + 1)]
    for sc in rmat_scales:
        g = b.p(f"rmat{sc}.hyg")
        sh([tool, "--generate", f"rmat:scale={sc},ef=16,seed=2", "--undirected", "--weights", "real",
            "--type", "double", "--write", g])
        targets = [("GPU", b.p("delta_cuda"), {"HY_DEVICE": "gpu"}, 16)] if b.gpu else []
        if sc <= 19:
            targets.append((f"CPU {threads} thr", b.p("delta_omp"), omp_env, 4))
        for name, exe, env, k in targets:
            if args.quick:
                k = 4
            out = sh([exe, "--input", g, "--weights", "real", "--sources", str(k), "--delta-sweep",
                      ",".join(map(str, deltas))], env=env)
            rs = sample_rows(out)
            bestd = max(rs, key=lambda r: r["mteps"])
            lines.append(f"| {sc} | {name} | {k} | " + " | ".join(f"{r['mteps']:.0f}" for r in rs)
                         + f" | {bestd['delta']:g} ({bestd['mteps'] / 1e3:.2f} GTEPS) |")
        os.remove(g)
    lines.append("")
    return lines


# --------------------------------------------------------------------------
# Johnson
# --------------------------------------------------------------------------
JOHNSON = re.compile(r"sources: (\d+) in batches of (\d+), ([0-9.e+-]+) s .*?at most (\d+) (?:phases|rounds|vertices settled)[^(\n]*\((.*?)\)\n"
                     r"reachable pairs: (\d+);.*?checksum ([0-9.e+-]+)")
FWLINE = re.compile(r"unreachable pairs: (\d+) of (\d+); sum of the finite distances ([0-9.e+-]+)")
FWTIME = re.compile(r"^time: ([0-9.]+) s", re.M)


def splitmix64(x):
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


# SciPy's johnson from one source, in a process of its own: ARCS_FILE N.
# The arcs' weights are shifted by the potentials of the sample's --negative 30.
SCIPY_JOHNSON_FIXED = r"""
import sys, time, numpy as np, scipy.sparse
from scipy.sparse import csgraph
sys.path.insert(0, %r)
from run import read_arcs
el, n = sys.argv[1], int(sys.argv[2])
u, v, w = read_arcs(el, n, np, negative=True)
mat = scipy.sparse.csr_matrix((w, (u, v)), shape=(n, n))
t0 = time.time()
csgraph.johnson(mat, directed=True, indices=[0])
print("johnson one source: %%.3f s" %% (time.time() - t0))
""" % HERE


def read_arcs(el, n, np, negative=False):
    """The arcs of an edge list written by hy_graph_tool, zero-based; with
    negative, the weights shifted as the sample's --negative 30 shifts them
    (w + p[u] - p[v], p[v] = splitmix64(0x5EED + v) % 31)."""
    a = np.loadtxt(el, comments=["#", "%"], dtype=np.int64, ndmin=2)
    u, v, w = a[:, 0], a[:, 1], a[:, 2]
    if u.min() >= 1 and u.max() == n:  # one-based ids
        u, v = u - 1, v - 1
    if negative:
        p = np.array([splitmix64(0x5EED + x) % 31 for x in range(n)], dtype=np.int64)
        w = w + p[u] - p[v]
    return u, v, w


def johnson_part(b, args, threads, cpu, gpu):
    lines = header("Johnson all-pairs shortest paths (issue 13, seed 001): measured speed", sys.argv[1:],
                   args.bundle, cpu, gpu, threads)
    n = 2048 if args.quick else 65536
    spec = ["--generate", f"er:n={n},m={16 * n},directed=1,seed=1", "--directed", "--weights", "int:100"]
    neg = ["--negative", "30"]
    omp_env = {"OMP_NUM_THREADS": str(threads), "OMP_PROC_BIND": "close", "OMP_PLACES": "cores"}
    rows = []

    def johnson(exe, env, extra, timeout=150):
        out = sh([exe] + spec + neg + extra, env=env, timeout=timeout)
        m = JOHNSON.search(out)
        return dict(k=int(m[1]), s=float(m[3]), rounds=int(m[4]), how=m[5], pairs=int(m[6]), sum=float(m[7]))

    full = None
    bounds = []  # runs cut at their limit, said under the table
    # SciPy's johnson runs Bellman-Ford for its potentials: n rounds over
    # every arc whatever the sources (minutes at n = 65536). That fixed part
    # is timed once, in a process of its own on one core while the GPU rows
    # run (they keep the host's other cores idle); the CPU rows wait for it.
    el = b.p("johnson.el")
    sh([b.p("hy_graph_tool")] + spec + ["--type", "int", "--write", el])
    scipy_fixed, scipy_out = None, ""
    try:
        import scipy  # noqa: F401 (only whether it is there)
        if not b.gpu:  # nothing to overlap it with: left out, the SciPy row is a lower bound
            raise ImportError
        scipy_fixed = subprocess.Popen([sys.executable, "-c", SCIPY_JOHNSON_FIXED, el, str(n)],
                                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    except ImportError:
        pass
    if b.gpu:
        full = johnson(b.p("johnson_cuda"), {"HY_DEVICE": "gpu"},
                       ["--all-sources", "--algorithm", "frontier", "--budget", str(16 << 30)])
        rows.append(("hy CUDA, frontier form, all sources", full["s"], full, "measured"))
        # The inner loop is n^2 per source (n rounds of an n-vertex minimum):
        # a few sources, cut at inner_limit s; a cut run gives a lower bound.
        inner_limit = 40
        for alg, k in (("outer", 4096 if not args.quick else 256), ("inner", 2)):
            try:
                r = johnson(b.p("johnson_cuda"), {"HY_DEVICE": "gpu"}, ["--sources", str(k), "--algorithm", alg],
                            timeout=inner_limit if alg == "inner" else 150)
            except RuntimeError as e:
                if alg != "inner" or "exited 124" not in str(e):
                    raise
                bounds.append(f"hy CUDA, seed 001's inner loop: {k} sources (one block each, run side by side) "
                              f"did not finish in {inner_limit} s, so all {n} sources take more than "
                              f"{inner_limit * n // k} s at this block count")
                continue
            rows.append((f"hy CUDA, seed 001's {alg} loop, block per source", r["s"] * n / k, r,
                         f"{k} sources, x{n // k}"))
        out = sh([b.p("fw_cuda")] + spec + neg, env={"HY_DEVICE": "gpu"}, timeout=400)
        m, t = FWLINE.search(out), FWTIME.search(out)
        fw = dict(pairs=int(m[2]) - int(m[1]), sum=float(m[3]), s=float(t[1]), how="FW", k=n, rounds=0)
        rows.append(("hy CUDA Floyd-Warshall (the FW sample)", fw["s"], fw, "measured"))
    if scipy_fixed:
        scipy_out = scipy_fixed.communicate(timeout=1200)[0]
        LOG.write(f"$ SciPy's johnson from one source (its fixed part)\n{scipy_out}\n")
    k_cpu = 1024
    r = johnson(b.p("johnson_omp"), omp_env, ["--sources", str(k_cpu)])
    rows.append((f"hy OpenMP {threads} threads, heap form (auto on CPUs)", r["s"] * n / k_cpu, r,
                 f"{k_cpu} sources, x{n // k_cpu}"))
    # SciPy (one core) and NetworKit on the same arcs and weights.
    peers = []
    try:
        import numpy as np
        import scipy.sparse
        from scipy.sparse import csgraph
        u, v, w = read_arcs(el, n, np)
        m = re.search(r"johnson one source: ([0-9.]+) s", scipy_out)
        if scipy_fixed and not m:
            raise ImportError(f"SciPy's johnson from one source failed: {scipy_out[-300:]}")
        one = float(m[1]) if m else None
        # The rest of johnson is Dijkstra from each source on the reweighted
        # (non-negative) arcs: SciPy's dijkstra on the same arcs with their
        # own weights [1, 100], timed on two source counts (all sources = the
        # fixed part + n x per source).
        mat = scipy.sparse.csr_matrix((w, (u, v)), shape=(n, n))
        ts, ks = [], (8, 40 if not args.quick else 520)  # quick: enough sources to see the per-source cost
        for k_sp in ks:
            t0 = time.time()
            csgraph.dijkstra(mat, directed=True, indices=np.arange(k_sp))
            ts.append(time.time() - t0)
        per = max(0.0, (ts[1] - ts[0]) / (ks[1] - ks[0]))
        if one is not None:
            peers.append((f"SciPy {scipy.__version__} csgraph.johnson, 1 core", max(0.0, one - per) + n * per,
                          f"johnson from one source {one:.1f} s (its Bellman-Ford), + {per * 1e3:.2f} ms per "
                          f"further source (dijkstra, {ks[0]} and {ks[1]} sources)", None))
        else:
            peers.append((f"SciPy {scipy.__version__} csgraph.johnson, 1 core, at least (lower bound)", n * per,
                          f"{per * 1e3:.2f} ms per source (dijkstra, {ks[0]} and {ks[1]} sources) x {n}; its "
                          "Bellman-Ford (n rounds over every arc) not timed (it runs beside the GPU rows, and there are none)", None))
        try:
            import networkit as nk
            nk.setNumberOfThreads(threads)
            G = nk.Graph(n, weighted=True, directed=True)
            for x, y, z in zip(u.tolist(), v.tolist(), w.tolist()):
                G.addEdge(x, y, float(z))
            k_nk = 256 if not args.quick else 64
            t0 = time.time()
            sp = nk.distance.SPSP(G, list(range(k_nk)))
            sp.run()
            t = time.time() - t0
            peers.append((f"NetworKit {nk.__version__} SPSP (Dijkstra), {threads} threads, weights without "
                          "the negative shift (it has no Johnson)", t * n / k_nk, f"{k_nk} sources, x{n // k_nk}", None))
        except ImportError as e:
            peers.append((f"NetworKit: not run ({e})", None, "", None))
    except ImportError as e:
        peers.append((f"SciPy: not run ({e})", None, "", None))

    lines += [f"Sparse random digraph (Erdős-Rényi, n = {n}, {16 * n} arcs, average out-degree 16), weights "
              f"[1, 100] shifted by vertex potentials in [0, 30] (negative arcs, no negative cycle), all {n} "
              "sources. Rows marked xK ran K-th of the sources and are scaled up (the sources are independent).", "",
              "| variant | time (all sources) | how | reachable pairs | sum of distances | vs FW |", "|---|---:|---|---:|---:|---:|"]
    fw_s = next((r[1] for r in rows if "Floyd" in r[0]), None)
    for name, t, r, how in rows:
        same = "" if not full or r["k"] != n else (" (= frontier)" if (r["pairs"], r["sum"]) == (full["pairs"], full["sum"]) else " (DIFFERS)")
        lines.append(f"| {name} | {t:.3f} s | {how} | {r['pairs'] if r['k'] == n else '-'} | "
                     f"{('%.17g' % r['sum']) + same if r['k'] == n else '-'} | {fw_s / t:.1f}x |" if fw_s else
                     f"| {name} | {t:.3f} s | {how} | - | - | - |")
    for name, t, how, s in peers:
        lines.append(f"| {name} | {'%.3f s' % t if t else '-'} | {how} | - | - | "
                     f"{'%.1fx' % (fw_s / t) if fw_s and t else '-'} |")
    lines.append("")
    lines += [f"* {x}." for x in bounds] + ([""] if bounds else [])
    return lines


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--part", default="all", choices=["delta", "johnson", "all"])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--bundle", default=os.path.join(ROOT, ".gpu"))
    ap.add_argument("--build", default="/tmp/hy-sp-build")
    ap.add_argument("--gap-sssp", default="")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--no-build", action="store_true", help="reuse the binaries of an earlier run in --build")
    ap.add_argument("--cpu-only", action="store_true", help="the CPU rows alone, even with a GPU")
    args = ap.parse_args()
    os.makedirs(args.outdir, exist_ok=True)
    global LOG
    LOG = open(os.path.join(args.outdir, "run.log"), "a")
    have_gpu = not args.cpu_only and bool(shutil.which("nvidia-smi")) and subprocess.run(["nvidia-smi", "-L"], capture_output=True).returncode == 0
    b = Build(os.path.abspath(args.bundle), args.build, have_gpu)
    if not args.no_build:
        print("== building", flush=True)
        b.all()
    cpu, gpu = machine()
    for part, fn, name in (("delta", delta_part, "delta_stepping.md"), ("johnson", johnson_part, "johnson.md")):
        if args.part in (part, "all"):
            print(f"== {part}", flush=True)
            lines = fn(b, args, args.threads, cpu, gpu)
            text = "\n".join(lines) + "\n"
            open(os.path.join(args.outdir, name), "w").write(text)
            print(text, flush=True)


if __name__ == "__main__":
    main()
