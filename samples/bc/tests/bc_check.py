#!/usr/bin/env python3
"""Checks the bc sample against NetworkX's betweenness_centrality (and, with
--networkit, NetworKit's parallel Brandes) to 1e-9 relative, value by value.

Graphs are Barabasi-Albert graphs from NetworkX (seed 003's experiment: n
vertices, each new one joined to beta = d / 2 earlier ones, so an undirected
edge per beta and d = m / n arcs per vertex), written as edge lists that the
sample reads; each run writes the whole vector (--output) and every value is
compared. A sampled run (NetworkX's k=, seed=) passes NetworkX's own sample
to the sample as --sources list:..., so both sum over the same sources and
both scale by n / k.

  bc_check.py BIN                 the quick set (ctest): small graphs, every
                                  mode, every design
  bc_check.py BIN --sweep         seed 003's sweep: n = 500 .. 30000, d = 2 .. 60
                                  (exact where NetworkX is quick enough,
                                  else --sample sources), the batched design
  bc_check.py BIN --networkit     larger graphs against NetworKit (exact BC)
  options: --sizes 500,1000 --densities 2,10 --sample 16 --algorithms a,b
           --exact-limit ARCS*SOURCES --networkit-sizes 20000,50000

Exit status 77 (ctest's skip) when NetworkX (or NetworKit) is missing, 1 on
a difference.
"""
import argparse
import math
import os
import random
import subprocess
import sys
import tempfile
import time

try:
    import networkx as nx
except ImportError as e:  # pragma: no cover
    print(f"SKIP: {e} (pip install networkx)")
    sys.exit(77)

TOL = 1e-9
DESIGNS = ["shi", "jia", "sriram", "batched"]


def write_graph(path, G, weight=None):
    n, directed = G.number_of_nodes(), G.is_directed()
    with open(path, "w") as f:
        f.write(f"# hy_graph edge list: n={n} m={G.number_of_edges()} "
                f"{'directed' if directed else 'undirected'}\n")
        for u, v, data in G.edges(data=True):
            f.write(f"{u} {v} {data[weight]}\n" if weight else f"{u} {v}\n")


def run_sample(exe, graph, args, out):
    cmd = [exe, "--input", graph, "--output", out, "--top", "0"] + args
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: exit {r.returncode}\n{r.stdout}{r.stderr}")
    values = {}
    with open(out) as f:
        for line in f:
            v, x = line.split()
            values[int(v)] = float(x)
    return values, r.stdout


def worst_difference(got, want):
    worst, at = 0.0, None
    for v, w in want.items():
        g = got[v]
        if math.isnan(w) or math.isnan(g):
            rel = 0.0 if math.isnan(w) and math.isnan(g) else math.inf
        else:
            scale = max(abs(g), abs(w))
            rel = abs(g - w) / scale if scale > 0 else 0.0
        if rel > worst:
            worst, at = rel, v
    return worst, at


class Checker:
    def __init__(self, exe, tmp):
        self.exe, self.tmp = exe, tmp
        self.passed = self.failed = 0

    def case(self, name, G, want, args, designs, weight=None):
        path = os.path.join(self.tmp, "g.txt")
        write_graph(path, G, weight)
        for d in designs:
            t0 = time.time()
            # "batched:pull": a design and the batched BFS's --direction
            algo, _, direction = d.partition(":")
            extra = ["--direction", direction] if direction else []
            try:
                got, _ = run_sample(self.exe, path, args + ["--algorithm", algo] + extra,
                                    os.path.join(self.tmp, "bc.txt"))
                worst, at = worst_difference(got, want)
                ok = worst <= TOL
                detail = f"max relative difference {worst:.2g}" + ("" if ok else f" at vertex {at}: "
                                                                   f"{got[at]!r} vs {want[at]!r}")
            except RuntimeError as e:
                ok, detail = False, str(e)
            print(f"{'PASS' if ok else 'FAIL'} {name} [{d}] {detail} ({time.time() - t0:.1f} s)", flush=True)
            self.passed += ok
            self.failed += not ok


def quick(c, algorithms):
    # Undirected unweighted graphs: the batched BFS also with every level a
    # pull step and every level a push step (auto mixes them).
    both = algorithms + (["batched:pull", "batched:push"] if "batched" in algorithms else [])
    G = nx.barabasi_albert_graph(200, 2, seed=1)
    for normalized in (False, True):
        for endpoints in (False, True):
            want = nx.betweenness_centrality(G, normalized=normalized, endpoints=endpoints)
            args = (["--normalized"] if normalized else []) + (["--endpoints"] if endpoints else [])
            c.case(f"ba:n=200,beta=2 normalized={normalized} endpoints={endpoints}", G, want, args, both)
    # A sample of k sources, NetworkX's estimate (its sample passed to bc),
    # in every mode: each scales sources and other vertices differently.
    G = nx.barabasi_albert_graph(250, 4, seed=2)
    D = nx.gnp_random_graph(200, 0.015, seed=3, directed=True)
    for name, graph in (("ba:n=250,beta=4", G), ("gnp:n=200,p=0.015 directed", D)):
        for normalized in (False, True):
            for endpoints in (False, True):
                k, seed = 25, 7
                want = nx.betweenness_centrality(graph, k=k, seed=seed, normalized=normalized,
                                                 endpoints=endpoints)
                chosen = random.Random(seed).sample(list(graph.nodes()), k)
                args = (["--normalized"] if normalized else []) + (["--endpoints"] if endpoints else [])
                c.case(f"{name} k={k} normalized={normalized} endpoints={endpoints}", graph, want,
                       args + ["--sources", "list:" + ",".join(map(str, chosen))],
                       algorithms if graph.is_directed() else both)
    # Directed, with vertices that reach nothing and are reached by nobody.
    want = nx.betweenness_centrality(D, normalized=False)
    c.case("gnp:n=200,p=0.015 directed", D, want, [], algorithms)
    # Weighted (integer weights: exact ties), undirected and directed.
    W = nx.barabasi_albert_graph(200, 3, seed=4)
    rnd = random.Random(5)
    for u, v in W.edges():
        W[u][v]["weight"] = rnd.randint(1, 4)
    want = nx.betweenness_centrality(W, weight="weight")
    c.case("ba:n=200,beta=3 weighted int", W, want, ["--weighted", "--normalized"], ["batched"], "weight")
    WD = nx.gnp_random_graph(200, 0.03, seed=6, directed=True)
    for u, v in WD.edges():
        WD[u][v]["weight"] = round(rnd.uniform(0.1, 2.0), 3)
    want = nx.betweenness_centrality(WD, weight="weight", normalized=False)
    c.case("gnp:n=200,p=0.03 directed weighted real", WD, want, ["--weighted", "--weights", "real"],
           ["batched"], "weight")


def sweep(c, sizes, densities, sample, exact_limit, algorithms):
    # seed 003: d = m / n arcs per vertex, m about 2 beta n: beta = d / 2.
    for n in sizes:
        for d in densities:
            beta = max(1, d // 2)
            if beta >= n:
                continue
            G = nx.barabasi_albert_graph(n, beta, seed=n + d)
            arcs = 2 * G.number_of_edges()
            if arcs * n <= exact_limit:
                want = nx.betweenness_centrality(G, normalized=False)
                args, what = [], "exact"
            else:
                want = nx.betweenness_centrality(G, k=sample, seed=d, normalized=False)
                chosen = random.Random(d).sample(list(G.nodes()), sample)
                args, what = ["--sources", "list:" + ",".join(map(str, chosen))], f"k={sample}"
            c.case(f"ba:n={n},d={d} ({arcs} arcs, {what})", G, want, args, algorithms)


def networkit(c, sizes, algorithms):
    try:
        import networkit as nk
    except ImportError as e:
        print(f"SKIP: {e} (pip install networkit)")
        return False
    for n in sizes:
        G = nx.barabasi_albert_graph(n, 4, seed=n)
        H = nk.Graph(n)
        for u, v in G.edges():
            H.addEdge(u, v)
        t0 = time.time()
        b = nk.centrality.Betweenness(H, normalized=True)
        b.run()
        scores = b.scores()
        print(f"networkit: n={n}, {2 * G.number_of_edges()} arcs, {time.time() - t0:.1f} s "
              f"on {nk.getMaxNumberOfThreads()} threads", flush=True)
        c.case(f"ba:n={n},beta=4 vs NetworKit", G, dict(enumerate(scores)), ["--normalized"], algorithms)
    return True


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("exe")
    p.add_argument("--sweep", action="store_true")
    p.add_argument("--networkit", action="store_true")
    p.add_argument("--sizes", default="500,1000,2000,5000,10000,20000,30000")
    p.add_argument("--densities", default="2,4,10,20,40,60")
    p.add_argument("--sample", type=int, default=16)
    p.add_argument("--exact-limit", type=float, default=2e8, help="arcs x n up to which NetworkX runs exact BC")
    p.add_argument("--networkit-sizes", default="20000,50000")
    p.add_argument("--algorithms", default=None)
    a = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        c = Checker(a.exe, tmp)
        if a.sweep or a.networkit:
            algorithms = (a.algorithms or "batched").split(",")
            if a.sweep:
                sweep(c, [int(x) for x in a.sizes.split(",")], [int(x) for x in a.densities.split(",")],
                      a.sample, a.exact_limit, algorithms)
            if a.networkit and not networkit(c, [int(x) for x in a.networkit_sizes.split(",")], algorithms):
                if not a.sweep:
                    sys.exit(77)
        else:
            quick(c, (a.algorithms or ",".join(DESIGNS)).split(","))
        print(f"{c.passed} passed, {c.failed} failed")
        sys.exit(1 if c.failed else 0)


if __name__ == "__main__":
    main()
