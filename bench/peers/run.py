#!/usr/bin/env python3
"""hy against its peers in ONE run, on ONE graph file, from the same sources
(issues 27 and 28): GAP (CPU, 16 threads) and Gardenia (GPU) against hy's
Δ-stepping and BC samples (CUDA and OpenMP builds of the hyc outputs in
.gpu/), every result checked against the others.

    bench/peers/run.py OUTDIR --gap GAPBS_CHECKOUT --gardenia GARDENIA_CHECKOUT
        [--scale 22] [--sources 16] [--bundle .gpu] [--build DIR] [--threads N]
        [--quick] [--compile-gpu] [--deadline 420]

1. The graph, once: hy_graph_tool writes `rmat:scale=S,ef=16,seed=1
   --undirected --weights int:255` as .hyg (hy reads it); peer_export writes
   the same CSR as GAP's .wel (each undirected edge once) and Gardenia's
   binary CSR plus a weight file; GAP's converter turns the .wel into .wsg
   (sssp) and .sg (bc, bfs) once.
2. The peers, built from the given checkouts in copies under --build (their
   checkouts stay clean): GAP with its Makefile, plus our drivers around its
   DeltaStep and Brandes (per-source times and checksums); Gardenia's
   linear_lb SSSP and BC with nvcc -arch=sm_90 after a one-line patch for
   CUDA 13 (below), plus our drivers (real weights, warm-up, every source).
3. The sources: GAP's own (its SourcePicker), read back from the "Source:"
   lines its unmodified bc prints with -l, and given to hy and Gardenia.
4. Runs and checks: per-source distance checksums of every SSSP run against
   the toolkit's Dijkstra (peer_reference); BC scores of every tool against
   GAP's, vertex by vertex, as ratios to one vertex (GAP normalises), and the
   top 10; path-count overflow for Gardenia's int32 counts.
5. OUTDIR/peers.md: the table; OUTDIR/run.log: every command and its output.

--quick: scale 14, 2 sources. Without a GPU (or nvcc) the GPU rows are left
out; --compile-gpu still compiles them (to catch compile errors on a machine
without a GPU).

Gardenia's patch (applied with sed to the copy): CUDA 13 removed
cudaDeviceProp::memoryClockRate, which include/cutil_subset.h only prints;
it becomes 0. Gardenia's bundled cub/ is not put on the include path: CUDA
13's own CUB (CCCL) is used.
"""
import argparse
import array
import concurrent.futures as cf
import datetime
import heapq
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "bench", "peers")
LOG = None
HARD_STOP = None  # no command runs past this time (time.time()): the run's --deadline + 60 s


def sh(cmd, env=None, timeout=None, check=True, cwd=None):
    """Runs cmd (a list), returns stdout+stderr; raises with the output on failure."""
    if HARD_STOP and timeout:
        timeout = max(10, min(timeout, HARD_STOP - time.time()))
    e = dict(os.environ)
    e.update(env or {})
    t0 = time.time()
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, env=e, timeout=timeout, cwd=cwd)
        out, rc = r.stdout + r.stderr, r.returncode
    except subprocess.TimeoutExpired as x:
        out, rc = f"timed out after {timeout} s\n" + (x.stdout or b"").decode(errors="replace")[-3000:], 124
    except OSError as x:
        out, rc = str(x), 127
    dt = time.time() - t0
    print(f"  [{dt:6.1f} s] {' '.join(cmd)[:200]}", flush=True)
    if LOG:
        LOG.write(f"$ {' '.join(cmd)}  [{dt:.1f} s, exit {rc}]\n{out[-20000:]}\n")
        LOG.flush()
    if check and rc != 0:
        raise RuntimeError(f"{os.path.basename(cmd[0])} exited {rc}: {out[-1500:]}")
    return out


def git_head(path):
    """The checkout's HEAD commit: git, else its .git files (the GPU machine may lack git)."""
    try:
        r = subprocess.run(["git", "-C", path, "rev-parse", "HEAD"], capture_output=True, text=True)
        if r.returncode == 0:
            return r.stdout.strip()
    except OSError:
        pass
    gd = os.path.join(path, ".git")
    try:
        head = open(os.path.join(gd, "HEAD")).read().strip()
        if not head.startswith("ref: "):
            return head
        ref = head[5:]
        if os.path.exists(os.path.join(gd, ref)):
            return open(os.path.join(gd, ref)).read().strip()
        for line in open(os.path.join(gd, "packed-refs")):
            if line.strip().endswith(" " + ref):
                return line.split()[0]
    except OSError:
        pass
    return "unknown"


def machine():
    cpu = "unknown CPU"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    gpu = None
    if shutil.which("nvidia-smi"):
        r = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total", "--format=csv,noheader"],
                           capture_output=True, text=True)
        if r.returncode == 0 and r.stdout.strip():
            gpu = r.stdout.strip().splitlines()[0]
    return cpu, gpu


# --------------------------------------------------------------------------
# Building
# --------------------------------------------------------------------------
class Build:
    def __init__(self, args, gpu_build):
        self.a, self.dir, self.gpu = args, os.path.abspath(args.build), gpu_build
        self.nvcc = shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
        inc = [f"-I{ROOT}/runtime/include", f"-I{ROOT}/samples/common/include"]
        self.cxx = ["g++", "-std=c++17", "-O3", "-march=native", "-fopenmp", "-DHY_GRAPH_HAVE_ZLIB=0"] + inc
        self.nv = [self.nvcc, "-arch=sm_90", "-std=c++17", "-O3", "--expt-relaxed-constexpr",
                   "-Xcompiler", "-fopenmp", "-DHY_GRAPH_HAVE_ZLIB=0"] + inc
        self.bundle = os.path.abspath(args.bundle)
        for d in ("tk", "hy", "graph"):
            os.makedirs(self.p(d), exist_ok=True)

    def p(self, *names):
        return os.path.join(self.dir, *names)

    def toolkit(self, ex):
        """The toolkit's objects, then hy_graph_tool, peer_export, peer_reference."""
        srcs = sorted(f for f in os.listdir(f"{ROOT}/samples/common/src") if f.endswith(".cpp"))
        list(ex.map(lambda s: sh(self.cxx + ["-c", f"{ROOT}/samples/common/src/{s}", "-o", self.p("tk", s[:-4] + ".o")]),
                    srcs))
        self.tk = [self.p("tk", s[:-4] + ".o") for s in srcs]
        jobs = [(f"{ROOT}/samples/common/tools/hy_graph_tool.cpp", "hy_graph_tool"),
                (f"{HERE}/peer_export.cpp", "peer_export"), (f"{HERE}/peer_reference.cpp", "peer_reference")]
        list(ex.map(lambda j: sh(self.cxx + [j[0]] + self.tk + ["-o", self.p(j[1])]), jobs))

    def hy_jobs(self):
        """Shell chains building delta_omp, bc_omp (and delta_cuda, bc_cuda)."""
        b, tk = self.bundle, " ".join(self.tk)
        cxx, nv = " ".join(self.cxx), " ".join(self.nv)
        dinc, binc = f"-I{ROOT}/samples/delta_stepping", f"-I{ROOT}/samples/bc"
        bc_drv = " ".join(self.p("hy", f"bc_{s}.o") for s in ("main", "bc_memory", "bc_scale", "bc_workspace"))
        jobs = [f"{cxx} {dinc} {b}/delta/delta_kernels.openmp.cpp {ROOT}/samples/delta_stepping/main.cpp {tk} "
                f"-o {self.p('delta_omp')}",
                " && ".join(f"{cxx} {binc} -c {ROOT}/samples/bc/{s}.cpp -o {self.p('hy', 'bc_' + s + '.o')}"
                            for s in ("main", "bc_memory", "bc_scale", "bc_workspace"))
                + f" && {cxx} {binc} {b}/bc/bc_*.openmp.cpp {bc_drv} {tk} -o {self.p('bc_omp')}"]
        if self.gpu:
            jobs.append(f"{nv} {dinc} -c {b}/delta/delta_kernels.cuda.cu -o {self.p('hy', 'delta_k.o')} && "
                        f"{cxx} {dinc} -c {ROOT}/samples/delta_stepping/main.cpp -o {self.p('hy', 'delta_main.o')} && "
                        f"{self.nvcc} -arch=sm_90 -Xcompiler -fopenmp {self.p('hy', 'delta_k.o')} "
                        f"{self.p('hy', 'delta_main.o')} {tk} -o {self.p('delta_cuda')}")
        return jobs

    def bc_cuda_jobs(self):
        """bc's CUDA objects, one job each (the slowest compiles of the run)."""
        if not self.gpu:
            return []
        import glob
        return [f"{' '.join(self.nv)} -I{ROOT}/samples/bc -c {f} -o {self.p('hy', os.path.basename(f)[:-3] + '.o')}"
                for f in sorted(glob.glob(f"{self.bundle}/bc/bc_*.cuda.cu"))]

    def bc_cuda_link(self):
        if not self.gpu:
            return
        import glob
        objs = sorted(glob.glob(self.p("hy", "bc_*.cuda.o")))
        drv = [self.p("hy", f"bc_{s}.o") for s in ("main", "bc_memory", "bc_scale", "bc_workspace")]
        sh([self.nvcc, "-arch=sm_90", "-Xcompiler", "-fopenmp"] + objs + drv + self.tk + ["-o", self.p("bc_cuda")])

    def gap(self):
        """GAP in a copy of the checkout (its Makefile), and our drivers around its kernels."""
        src = os.path.abspath(self.a.gap)
        dst = self.p("gapbs")
        shutil.rmtree(dst, ignore_errors=True)
        shutil.copytree(src, dst, ignore=shutil.ignore_patterns(".git"))
        sh(["make", "-C", dst, "-j4", "sssp", "bc", "bfs", "converter"])
        for d in ("gap_sssp_driver", "gap_bc_driver"):
            sh(["g++", "-std=c++11", "-O3", "-Wall", "-fopenmp", f"-I{dst}/src", f"{HERE}/{d}.cc", "-o", self.p(d)])

    def gardenia_jobs(self):
        """Gardenia's linear_lb SSSP and BC in a patched copy, each linked with our driver."""
        if not self.gpu:
            return []
        src = os.path.abspath(self.a.gardenia)
        dst = self.p("gardenia")
        shutil.rmtree(dst, ignore_errors=True)
        os.makedirs(os.path.join(dst, "src"))
        shutil.copytree(os.path.join(src, "include"), os.path.join(dst, "include"))
        for k in ("sssp", "bc"):
            shutil.copytree(os.path.join(src, "src", k), os.path.join(dst, "src", k))
        # The CUDA 13 patch: cudaDeviceProp::memoryClockRate is gone (only printed there).
        sh(["sed", "-i", "s/prop\\.memoryClockRate/0/g", os.path.join(dst, "include", "cutil_subset.h")])
        nv = [self.nvcc, "-arch=sm_90", "-O3", "-w", "-std=c++17", f"-I{dst}/include", f"-I{HERE}"]
        jobs = []
        for k in ("sssp", "bc"):
            o1, o2 = self.p("gardenia", f"{k}_linear_lb.o"), self.p("gardenia", f"{k}_driver.o")
            jobs.append(" ".join(nv + [f"-I{dst}/src/{k}", "-c", f"{dst}/src/{k}/linear_lb.cu", "-o", o1]) + " && "
                        + " ".join(nv + [f"-I{dst}/src/{k}", "-c", f"{HERE}/gardenia_{k}_driver.cu", "-o", o2]) + " && "
                        + " ".join([self.nvcc, "-arch=sm_90", o1, o2, "-lgomp", "-o", self.p(f"gardenia_{k}")]))
        return jobs


# --------------------------------------------------------------------------
# Parsing
# --------------------------------------------------------------------------
PER_SOURCE = re.compile(r"^source (\d+): delta ([0-9.e+-]+), ([0-9.e+-]+) s, reached (\d+), checksum ([0-9.e+-]+)", re.M)
GARDENIA_SSSP = re.compile(r"^source (\d+): ([0-9.e+-]+) ms, reached (\d+), checksum ([0-9.e+-]+)", re.M)
GARDENIA_BC = re.compile(r"^source (\d+): ([0-9.e+-]+) ms, max_score ([^,]+), depth (-?\d+), non-finite scores (\d+)", re.M)
REFERENCE = re.compile(r"^source (\d+): reached (\d+), checksum ([0-9.e+-]+), max paths ([0-9.e+-]+|inf) "
                       r"\(over int32: (yes|no)\), depth (\d+)", re.M)


def per_delta(out):
    """{delta: [(source, seconds, reached, checksum)]} from per-source lines."""
    res = {}
    for m in PER_SOURCE.finditer(out):
        res.setdefault(float(m[2]), []).append((int(m[1]), float(m[3]), int(m[4]), float(m[5])))
    return res


def check_sssp(rows, ref):
    """'k/k sources = Dijkstra' or the first mismatches."""
    bad = [f"{s} ({c:.0f} vs {ref[s][1]:.0f})" for s, _, r, c in rows if s not in ref or (r, c) != ref[s]]
    if bad:
        return f"MISMATCH at {len(bad)} of {len(rows)} sources: " + ", ".join(bad[:3])
    return f"{len(rows)}/{len(rows)} sources = Dijkstra"


def read_hy_scores(path, n):
    x = array.array("d", bytes(8 * n))
    with open(path) as f:
        for line in f:
            p = line.split()
            if len(p) == 2 and not line.startswith("#"):
                x[int(p[0])] = float(p[1])
    return x


def read_bin(path, code):
    x = array.array(code)
    with open(path, "rb") as f:
        x.frombytes(f.read())
    return x


def compare_bc(base, other, sources):
    """Scores as ratios to GAP's top vertex that is no source (GAP and
    Gardenia also add a source's own dependency to its score; hy does not,
    so sources are left out): the largest difference, and the top 10s."""
    skip = set(sources)
    n = min(len(base), len(other))
    keep = [v for v in range(n) if v not in skip]
    top_b = heapq.nlargest(10, keep, key=lambda v: base[v])
    ref = top_b[0]
    if not other[ref] > 0:
        return None, [], top_b
    b0, o0 = base[ref], other[ref]
    worst = 0.0
    for v in keep:
        d = abs(base[v] / b0 - other[v] / o0)
        if not d <= worst:  # also a NaN, which stops the search
            worst = d
            if d != d:
                break
    top_o = heapq.nlargest(10, keep, key=lambda v: other[v])
    return worst, top_o, top_b


def bc_verdict(worst, top_o, top_b):
    """The check column of a BC row compared with GAP's scores (float32:
    1e-4 of the top score is far above their rounding)."""
    if worst is None:
        return "MISMATCH: no score at GAP's top vertex (zero or NaN)"
    if worst != worst or worst > 1e-4:
        return f"MISMATCH: scores differ from GAP's by up to {worst:.2g} of the top score"
    top = ("top 10 = GAP's" if top_o == top_b else "top 10 = GAP's as a set (order differs within rounding)"
           if set(top_o) == set(top_b) else "top 10 DIFFER from GAP's: " + " ".join(map(str, top_o)))
    return f"{top}; scores within {worst:.1e} of GAP's (as ratios to the top non-source vertex)"


# --------------------------------------------------------------------------
# The run
# --------------------------------------------------------------------------
def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("outdir")
    ap.add_argument("--gap", required=True, help="a gapbs checkout (github.com/sbeamer/gapbs)")
    ap.add_argument("--gardenia", default="", help="a gardenia checkout (github.com/chenxuhao/gardenia)")
    ap.add_argument("--scale", type=int, default=None, help="R-MAT scale (default 22; --quick: 14)")
    ap.add_argument("--sources", type=int, default=None, help="sources (default 16; --quick: 2)")
    ap.add_argument("--bundle", default=os.path.join(ROOT, ".gpu"))
    ap.add_argument("--build", default="/tmp/hy-peers-build")
    ap.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--compile-gpu", action="store_true", help="compile the GPU parts even without a GPU")
    ap.add_argument("--deadline", type=int, default=420,
                    help="seconds after the start past which the remaining measurements are skipped (default 420)")
    args = ap.parse_args()
    scale = args.scale or (14 if args.quick else 22)
    k = args.sources or (2 if args.quick else 16)
    os.makedirs(args.outdir, exist_ok=True)
    global LOG, HARD_STOP
    LOG = open(os.path.join(args.outdir, "run.log"), "w")
    t_start = time.time()
    HARD_STOP = t_start + args.deadline + 60
    cpu, gpu = machine()
    have_gpu = gpu is not None and subprocess.run(["nvidia-smi", "-L"], capture_output=True).returncode == 0
    nvcc_ok = bool(shutil.which("nvcc") or os.path.exists("/usr/local/cuda/bin/nvcc"))
    gpu_build = nvcc_ok and (have_gpu or args.compile_gpu)
    if args.gardenia and not os.path.isdir(os.path.join(args.gardenia, "src", "sssp")):
        sys.exit(f"run.py: {args.gardenia} is not a gardenia checkout")
    if not os.path.exists(os.path.join(args.gap, "src", "sssp.cc")):
        sys.exit(f"run.py: {args.gap} is not a gapbs checkout")
    b = Build(args, gpu_build)
    omp_env = {"OMP_NUM_THREADS": str(args.threads), "OMP_PROC_BIND": "close", "OMP_PLACES": "cores"}
    failures = []

    def attempt(what, f, *a):
        try:
            return f(*a)
        except Exception as e:  # a failed tool is a row that says so, not a lost run
            failures.append(f"{what}: {str(e)[:600]}")
            print(f"!! {what} failed: {str(e)[:600]}", flush=True)
            return None

    # ---- build, and generate the graph as soon as the toolkit is there ----
    print("== building", flush=True)
    ex = cf.ThreadPoolExecutor(max(4, os.cpu_count() or 4))
    slow = [ex.submit(sh, ["sh", "-c", j]) for j in b.bc_cuda_jobs() + (b.gardenia_jobs() if args.gardenia else [])]
    gap_built = ex.submit(b.gap)
    b.toolkit(ex)
    hy_built = [ex.submit(sh, ["sh", "-c", j]) for j in b.hy_jobs()]
    print("== the graph", flush=True)
    spec = f"rmat:scale={scale},ef=16,seed=1"
    gen_cmd = ["--generate", spec, "--undirected", "--weights", "int:255"]
    hyg, wel, gprefix = b.p("graph", f"kron{scale}.hyg"), b.p("graph", f"kron{scale}.wel"), b.p("graph", f"kron{scale}")
    info = sh([b.p("hy_graph_tool")] + gen_cmd + ["--type", "int", "--write", hyg, "--info"], timeout=240)
    exp = sh([b.p("peer_export"), hyg, "--wel", wel] + (["--gardenia", gprefix] if args.gardenia else []), timeout=180)
    m = re.search(r"^graph: n (\d+), (\d+) arcs", exp, re.M)
    n_nodes, arcs = int(m[1]), int(m[2])
    gap_built.result()
    gb = b.p("gapbs")
    conv = [ex.submit(sh, [f"{gb}/converter", "-f", wel, "-s", "-w", "-b", b.p("graph", "g.wsg")], omp_env, 240),
            ex.submit(sh, [f"{gb}/converter", "-f", wel, "-s", "-b", b.p("graph", "g.sg")], omp_env, 240)]
    conv_out = [c.result() for c in conv]
    gap_graphs = re.findall(r"Graph has (\d+) nodes and (\d+) undirected edges", "\n".join(conv_out))
    gap_same = len(gap_graphs) == 2 and all(2 * int(e) == arcs for _, e in gap_graphs)

    # ---- GAP's sources ----
    print("== GAP's sources", flush=True)
    out = sh([f"{gb}/bc", "-f", b.p("graph", "g.sg"), "-i", str(k), "-n", "1", "-l"], omp_env, 180)
    sources = [int(x) for x in re.findall(r"^Source:\s+(\d+)", out, re.M)]
    gap_bc_trial = float(re.search(r"Trial Time:\s+([0-9.]+)", out)[1])
    if len(sources) != k:
        sys.exit(f"run.py: expected {k} 'Source:' lines from GAP's bc -l, got {len(sources)}")
    src_csv = ",".join(map(str, sources))
    print(f"   sources: {src_csv}", flush=True)
    for f in hy_built + slow:
        attempt("build", f.result)
    attempt("build bc_cuda", b.bc_cuda_link)

    # ---- the reference ----
    print("== reference (toolkit's Dijkstra, path counts)", flush=True)
    ref, overflow = {}, {}
    out = sh([b.p("peer_reference"), hyg, src_csv], omp_env, timeout=180)
    for mm in REFERENCE.finditer(out):
        ref[int(mm[1])] = (int(mm[2]), float(mm[3]))
        overflow[int(mm[1])] = (float(mm[4]), mm[5] == "yes", int(mm[6]))

    rows = []  # dict(workload, tool, kind, commit, ms, note, check, cmd)
    bundle_commit = open(os.path.join(b.bundle, "commit")).read().strip() if os.path.exists(
        os.path.join(b.bundle, "commit")) else "unknown"
    # The bundle names the commit its outputs (and the runtime sent with
    # them) come from; a checkout's .git may be older than its files (a
    # copy of a working tree).
    hy_commit = bundle_commit if bundle_commit != "unknown" else git_head(ROOT)
    gap_commit, gard_commit = git_head(args.gap), (git_head(args.gardenia) if args.gardenia else "")
    wsg, sg = b.p("graph", "g.wsg"), b.p("graph", "g.sg")

    def sssp_row(tool, kind, commit, per, cmd, note=""):
        """The best Δ of per ({delta: rows}) by median time; every Δ is checked."""
        checks = {d: check_sssp(r, ref) for d, r in per.items()}
        best = min(per, key=lambda d: statistics.median(x[1] for x in per[d]))
        others = ", ".join(f"Δ {d:g}: {statistics.median(x[1] for x in per[d]) * 1e3:.1f}" for d in sorted(per) if d != best)
        bad = [f"Δ {d:g}: {c}" for d, c in checks.items() if "MISMATCH" in c]
        rows.append(dict(workload="SSSP", tool=tool, kind=kind, commit=commit,
                         ms=statistics.median(x[1] for x in per[best]) * 1e3,
                         note=f"Δ {best:g}" + (f" (ms at {others})" if others else "") + note,
                         check="; ".join(bad) if bad else checks[best] + (" (every Δ)" if len(per) > 1 else ""), cmd=cmd))

    # ---- the measurements, most wanted first (a step past --deadline is skipped) ----
    gap = {"scores": None, "top": []}

    def gap_sssp():
        gap_deltas = "2,4,8,16,32" if not args.quick else "1,2,8"
        cmd = [b.p("gap_sssp_driver"), gap_deltas, "-f", wsg, "-n", str(k)]
        per = per_delta(sh(cmd, omp_env, 240))
        drv_sources = [s for s, *_ in next(iter(per.values()))]
        best = min(per, key=lambda d: statistics.median(x[1] for x in per[d]))
        own = attempt("GAP sssp binary", sh, [f"{gb}/sssp", "-f", wsg, "-n", str(k), "-d", f"{best:g}"], omp_env, 120)
        avg = re.search(r"Average Time:\s+([0-9.]+)", own or "")
        sssp_row("GAP sssp (DeltaStep, our driver)", "CPU", gap_commit, per, "gap_sssp_driver " + " ".join(cmd[1:]),
                 (f"; GAP's own `sssp -d {best:g}`: average {float(avg[1]) * 1e3:.1f} ms" if avg else "")
                 + ("" if drv_sources == sources else "; SOURCES DIFFER from bc -l's"))

    def gap_bc():
        cmd = [b.p("gap_bc_driver"), b.p("gap_bc.bin"), "-f", sg, "-i", str(k)]
        out = sh(cmd, omp_env, 180)
        t = float(re.search(r"^time: ([0-9.]+) s", out, re.M)[1])
        same = [int(x) for x in re.findall(r"^source: (\d+)", out, re.M)] == sources
        gap["scores"] = read_bin(b.p("gap_bc.bin"), "f")
        skip = set(sources)
        gap["top"] = heapq.nlargest(10, (v for v in range(len(gap["scores"])) if v not in skip),
                                    key=lambda v: gap["scores"][v])
        rows.append(dict(workload="BC", tool="GAP bc (Brandes, our driver)", kind="CPU", commit=gap_commit,
                         ms=t / k * 1e3, note=f"sources one after another: time / {k}; GAP's own `bc -i {k} -l` (one "
                         f"cold trial, no warm-up): {gap_bc_trial / k * 1e3:.1f} ms" + ("" if same else "; SOURCES DIFFER"),
                         check="the reference for BC; its top 10 (no sources): " + " ".join(map(str, gap["top"])),
                         cmd="gap_bc_driver " + " ".join(cmd[1:])))

    def gap_bfs():
        out = sh([f"{gb}/bfs", "-f", sg, "-n", str(k), "-l"], omp_env, 120)
        bfs_sources = [int(x) for x in re.findall(r"^Source:\s+(\d+)", out, re.M)]
        times = [float(x) for x in re.findall(r"Trial Time:\s+([0-9.]+)", out)]
        rows.append(dict(workload="BFS", tool="GAP bfs (direction-optimising)", kind="CPU", commit=gap_commit,
                         ms=statistics.median(times) * 1e3, note="",
                         check="same sources as bc -l" if bfs_sources == sources else "SOURCES DIFFER",
                         cmd=f"bfs -f g.sg -n {k} -l"))

    src_opt = ["--sources", src_csv] if k > 1 else ["--source", src_csv]
    hy_runs = {"cuda": ("GPU", {"HY_DEVICE": "gpu"}, "16,32,64,128", "3", "CUDA"),
               "omp": ("CPU", omp_env, "8,16,32", "1", f"OpenMP {args.threads} threads")}

    def hy_delta(build):
        kind, env, deltas, _, label = hy_runs[build]
        cmd = [b.p(f"delta_{build}"), "--input", hyg] + src_opt + ["--delta-sweep", deltas, "--repeat", "1",
                                                                  "--per-source"]
        sssp_row(f"hy Δ-stepping, {label}", kind, hy_commit, per_delta(sh(cmd, env, 240)),
                 f"delta_{build} " + " ".join(cmd[1:]))

    def hy_bc(build):
        kind, env, _, rep, label = hy_runs[build]
        scores = b.p(f"hy_bc_{build}.txt")
        cmd = [b.p(f"bc_{build}"), "--input", hyg, "--sources", "list:" + src_csv, "--algorithm", "batched",
               "--repeat", rep, "--top", "10", "--output", scores, "--json"]
        out = sh(cmd, env, 180)
        js = json.loads(next(line for line in out.splitlines() if line.startswith("{")))
        rows.append(dict(workload="BC", tool=f"hy BC batched, {label}", kind=kind, commit=hy_commit,
                         ms=js["per_source_s"] * 1e3,
                         note=f"batch {js.get('batch')}, {js.get('device')}; time of all sources / {k}"
                              + (f", median of {rep} runs" if rep != "1" else ""),
                         check="", cmd=f"bc_{build} " + " ".join(cmd[1:]), scores=scores))

    def gardenia_sssp():
        cmd = [b.p("gardenia_sssp"), gprefix, src_csv]
        out = sh(cmd, None, 150)
        per = [(int(mm[1]), float(mm[2]) / 1e3, int(mm[3]), float(mm[4])) for mm in GARDENIA_SSSP.finditer(out)]
        sssp_row("Gardenia SSSP linear_lb (our driver, real weights)", "GPU", gard_commit, {0.0: per},
                 "gardenia_sssp " + " ".join(cmd[1:]))
        rows[-1]["note"] = "worklist Bellman-Ford, no Δ; its own timer"

    def gardenia_bc():
        cmd = [b.p("gardenia_bc"), gprefix, src_csv, b.p("gardenia_bc.bin")]
        row = dict(workload="BC", tool="Gardenia BC linear_lb (our driver)", kind="GPU", commit=gard_commit, ms=None,
                   note="", check="", cmd="gardenia_bc " + " ".join(cmd[1:]))
        try:
            out = sh(cmd, None, 150)
        except RuntimeError as e:
            row["check"] = "FAILED: " + str(e)[:200].replace("\n", " ")
            rows.append(row)
            raise
        per = [float(mm[2]) for mm in GARDENIA_BC.finditer(out)]
        nonfinite = sum(int(mm[5]) for mm in GARDENIA_BC.finditer(out))
        row.update(ms=statistics.median(per), scores_bin=b.p("gardenia_bc.bin"),
                   note="its own timer, per source" + (f"; {nonfinite} non-finite scores" if nonfinite else ""))
        rows.append(row)

    steps = []
    if have_gpu:
        steps += [("hy delta_cuda", hy_delta, "cuda"), ("hy bc_cuda", hy_bc, "cuda")]
        if args.gardenia:
            steps += [("Gardenia sssp", gardenia_sssp), ("Gardenia bc", gardenia_bc)]
    steps += [("GAP sssp", gap_sssp), ("GAP bc", gap_bc), ("hy delta_omp", hy_delta, "omp"),
              ("hy bc_omp", hy_bc, "omp"), ("GAP bfs", gap_bfs)]
    for what, f, *a in steps:
        print(f"== {what}", flush=True)
        if time.time() - t_start > args.deadline:
            failures.append(f"{what}: skipped, the run passed its --deadline of {args.deadline} s")
            continue
        attempt(what, f, *a)
    gap_scores = gap["scores"]

    # ---- BC checks against GAP ----
    print("== BC checks", flush=True)
    for r in rows:
        if r["workload"] != "BC" or r.get("check") or gap_scores is None:
            continue
        try:
            other = read_hy_scores(r["scores"], n_nodes) if "scores" in r else read_bin(r["scores_bin"], "d")
            r["check"] = bc_verdict(*compare_bc(gap_scores, other, sources))
        except Exception as e:
            r["check"] = f"not checked: {e}"
    ovf = [s for s in sources if overflow.get(s, (0, False))[1]]
    worst_paths = max((overflow[s][0] for s in sources if s in overflow), default=0)

    # ---- the table ----
    hy_ms = {(r["workload"], r["kind"]): r["ms"] for r in rows if r["tool"].startswith("hy") and r["ms"]}
    lines = [f"# hy against GAP and Gardenia: one graph file, GAP's {k} sources", "",
             f"- date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')}; run took "
             f"{time.time() - t_start:.0f} s",
             f"- hy: HEAD {hy_commit} (hyc outputs in {os.path.relpath(b.bundle, ROOT)} from {bundle_commit}); "
             f"GAP (gapbs) {gap_commit}" + (f"; Gardenia {gard_commit}" if args.gardenia else ""),
             f"- GPU: {gpu or 'none'}; CPU: {cpu}, {os.cpu_count()} hardware threads, OMP_NUM_THREADS={args.threads}",
             f"- graph: `hy_graph_tool {' '.join(gen_cmd)}` ({n_nodes} vertices, {arcs} arcs); GAP's converter: "
             + (f"{gap_graphs[0][0]} nodes, {gap_graphs[0][1]} undirected edges "
                f"({'= arcs / 2 in .wsg and .sg' if gap_same else 'DIFFERENT from the .hyg'})" if gap_graphs else "?")
             + f"; the sources (GAP's SourcePicker, from `bc -l`): {src_csv}",
             f"- command: `bench/peers/run.py {' '.join(sys.argv[1:])}`", "",
             "Time per source: the median of the sources' times, except where the tool runs all sources in one "
             "call (BC of GAP and hy: that time / sources). MTEPS: arcs / time per source. hy ÷ tool: hy's time of "
             "the same kind (GPU or CPU) over the tool's (> 1: the tool is faster).", "",
             "| workload | tool | kind | commit | time per source | MTEPS | hy ÷ tool | check | notes |",
             "|---|---|---|---|---:|---:|---:|---|---|"]
    rows.sort(key=lambda r: ["SSSP", "BC", "BFS"].index(r["workload"]))
    for r in rows:
        ms = r["ms"]
        hyr = hy_ms.get((r["workload"], r["kind"]))
        lines.append(f"| {r['workload']} | {r['tool']} | {r['kind']} | {r['commit'][:10]} | "
                     + (f"{ms:.2f} ms | {arcs / (ms / 1e3) / 1e6:.0f} | " if ms else "- | - | ")
                     + (f"{hyr / ms:.2f}x" if ms and hyr else "-") + f" | {r['check']} | {r['note']} |")
    lines += ["", "Commands (in the build directory; `g.*`/`kron*` are the graph files):", ""]
    lines += [f"- {r['tool']}: `{r['cmd']}`" for r in rows]
    lines += ["", f"Path counts (BC counts shortest paths by hops): the largest over the sources is {worst_paths:.4g}; "
              + (f"over int32 (2^31 - 1) at {len(ovf)} of {k} sources, so Gardenia's int path counts overflow there."
                 if ovf else "within int32 at every source, so Gardenia's int path counts do not overflow here.")]
    if failures:
        lines += ["", "Failures:", ""] + [f"- {f}".replace("\n", " ") for f in failures]
    text = "\n".join(lines) + "\n"
    open(os.path.join(args.outdir, "peers.md"), "w").write(text)
    print(text, flush=True)
    ex.shutdown()
    bad = failures or any("MISMATCH" in r["check"] + r["note"] or "DIFFER" in r["check"] + r["note"] for r in rows)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
