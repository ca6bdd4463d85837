#!/usr/bin/env python3
"""Cross-check of the hy_graph reference algorithms against independent
implementations: SciPy's scipy.sparse.csgraph (Dijkstra, Bellman-Ford,
Floyd-Warshall) and NetworkX (BFS, betweenness centrality).

hy_graph_tool generates (or reads) a graph, writes it in one of the toolkit's
formats and prints its reference results; this script reads the written file
with its own parser (scipy.io.mmread for .mtx), computes the same results and
compares. Exit status 77 (ctest SKIP_RETURN_CODE) when scipy/networkx are
missing. Usage: crosscheck.py PATH/TO/hy_graph_tool
"""
import math
import os
import random
import subprocess
import sys
import tempfile

try:
    import numpy as np
    import scipy.io
    import scipy.sparse
    from scipy.sparse import csgraph
    import networkx as nx
except ImportError as e:  # pragma: no cover
    print(f"SKIP: {e} (pip install scipy networkx)")
    sys.exit(77)

TOOL = sys.argv[1] if len(sys.argv) > 1 else "hy_graph_tool"
failures = 0
checks = 0


def run_tool(*args):
    r = subprocess.run([TOOL, *args], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{TOOL} {' '.join(args)} failed: {r.stderr}")
    return r.stdout.split()


def parse_values(tokens):
    return [math.inf if t == "inf" else float(t) for t in tokens]


def read_graph(path):
    """Independent readers -> (n, directed, [(u, v, w)])."""
    if path.endswith(".mtx"):
        with open(path) as f:
            banner = f.readline().split()
        m = scipy.io.mmread(path).tocoo()
        directed = banner[4].lower() == "general"
        edges = [(int(i), int(j), float(w)) for i, j, w in zip(m.row, m.col, m.data)]
        if not directed:  # mmread expands symmetric files: keep each edge once
            edges = [(i, j, w) for i, j, w in edges if i >= j]
        return m.shape[0], directed, edges
    if path.endswith(".gr"):
        n, edges = 0, []
        for line in open(path):
            f = line.split()
            if f and f[0] == "p":
                n = int(f[2])
            elif f and f[0] == "a":
                edges.append((int(f[1]) - 1, int(f[2]) - 1, float(f[3])))
        return n, True, edges
    if path.endswith(".txt"):
        n, directed, edges = 0, True, []
        for line in open(path):
            if line.startswith("#"):
                for t in line.split():
                    if t.startswith("n="):
                        n = int(t[2:])
                    if t == "undirected":
                        directed = False
                continue
            f = line.split()
            if f:
                edges.append((int(f[0]), int(f[1]), float(f[2]) if len(f) > 2 else 1.0))
        return n, directed, edges
    raise ValueError(path)


def matrix(n, directed, edges):
    rows = [u for u, v, w in edges] + ([] if directed else [v for u, v, w in edges])
    cols = [v for u, v, w in edges] + ([] if directed else [u for u, v, w in edges])
    data = [w for u, v, w in edges] * (1 if directed else 2)
    return scipy.sparse.csr_matrix((data, (rows, cols)), shape=(n, n))


def nx_graph(n, directed, edges):
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(n))
    for u, v, w in edges:
        g.add_edge(u, v, weight=w)
    return g


def compare(name, ours, theirs, rel=1e-9):
    global failures, checks
    checks += 1
    if len(ours) != len(theirs):
        print(f"FAIL {name}: {len(ours)} values vs {len(theirs)}")
        failures += 1
        return
    for i, (a, b) in enumerate(zip(ours, theirs)):
        if math.isinf(a) or math.isinf(b):
            ok = a == b
        else:
            ok = math.isclose(a, b, rel_tol=rel, abs_tol=rel)
        if not ok:
            print(f"FAIL {name}: index {i}: hy_graph {a} vs reference {b}")
            failures += 1
            return
    print(f"ok   {name} ({len(ours)} values)")


def check_generated(tmp, spec, ext, extra, wtype="double", rel=1e-9):
    path = os.path.join(tmp, "g" + ext)
    common = ["--generate", spec, "--write", path, "--type", wtype, *extra]
    src = 0
    dij = parse_values(run_tool(*common, "--algo", "dijkstra", "--source", str(src)))
    n, directed, edges = read_graph(path)
    label = f"{spec} {' '.join(extra)} via {ext} ({wtype})"
    a = matrix(n, directed, edges)
    compare(f"dijkstra   {label}", dij, list(csgraph.dijkstra(a, directed=True, indices=src)), rel)
    bf = parse_values(run_tool(*common, "--algo", "bellman-ford", "--source", str(src)))
    compare(f"bellman-ford {label}", bf, list(csgraph.bellman_ford(a, directed=True, indices=src)), rel)
    # DIMACS is a directed format: an undirected graph is written as both
    # arcs, so NetworkX must be told the graph is undirected (BC halves).
    g = nx_graph(n, directed and "--undirected" not in extra, edges)
    lv = nx.single_source_shortest_path_length(g, src)
    bfs = parse_values(run_tool(*common, "--algo", "bfs", "--source", str(src)))
    compare(f"bfs        {label}", bfs, [lv.get(v, -1) for v in range(n)])
    if n <= 400:
        fw = parse_values(run_tool(*common, "--algo", "fw"))
        compare(f"fw         {label}", fw, list(csgraph.floyd_warshall(a, directed=True).ravel()), rel)
        bc = parse_values(run_tool(*common, "--algo", "bc"))
        ref = nx.betweenness_centrality(g, normalized=False)
        compare(f"bc         {label}", bc, [ref[v] for v in range(n)], 1e-9)
        bcw = parse_values(run_tool(*common, "--algo", "bc-weighted"))
        ref = nx.betweenness_centrality(g, normalized=False, weight="weight")
        compare(f"bc-weighted {label}", bcw, [ref[v] for v in range(n)], 1e-9)


def check_negative(tmp, seed, with_cycle):
    """Bellman-Ford/Floyd-Warshall with negative weights: a random graph
    reweighted by a potential (no negative cycle), optionally plus one."""
    rnd = random.Random(seed)
    n = 60
    pot = [rnd.randint(0, 50) for _ in range(n)]
    edges = {}
    while len(edges) < 300:
        u, v = rnd.randrange(n), rnd.randrange(n)
        if u != v:
            edges[(u, v)] = rnd.randint(1, 30) + pot[u] - pot[v]
    if with_cycle:
        edges[(0, 1)] = -40
        edges[(1, 0)] = 10
    path = os.path.join(tmp, f"neg{seed}.gr")
    with open(path, "w") as f:
        f.write(f"c negative weights\np sp {n} {len(edges)}\n")
        for (u, v), w in edges.items():
            f.write(f"a {u + 1} {v + 1} {w}\n")
    a = matrix(n, True, [(u, v, float(w)) for (u, v), w in edges.items()])
    ours = run_tool("--input", path, "--type", "int", "--algo", "bellman-ford", "--source", "0")
    fw = run_tool("--input", path, "--type", "int", "--algo", "fw")
    global failures, checks
    try:
        ref = list(csgraph.bellman_ford(a, directed=True, indices=0))
        ref_fw = list(csgraph.floyd_warshall(a, directed=True).ravel())
    except csgraph.NegativeCycleError:
        ref = ref_fw = None
    if ref is None or with_cycle:
        checks += 1
        if ref is None and with_cycle and ours == ["negative-cycle"] and fw == ["negative-cycle"]:
            print(f"ok   negative cycle detected (seed {seed})")
        else:
            print(f"FAIL negative cycle (seed {seed}): hy_graph {ours[:1]} {fw[:1]}, scipy {'cycle' if ref is None else 'none'}")
            failures += 1
        return
    compare(f"bellman-ford negative weights seed {seed}", parse_values(ours), ref)
    compare(f"fw negative weights seed {seed}", parse_values(fw), ref_fw)


def main():
    with tempfile.TemporaryDirectory() as tmp:
        check_generated(tmp, "er:n=120,p=0.04,seed=1", ".mtx", ["--weights", "int:20"])
        check_generated(tmp, "er:n=150,p=0.03,seed=2,directed=1", ".gr", ["--weights", "int:100"], "int")
        check_generated(tmp, "ba:n=200,m=2,seed=3", ".txt", ["--weights", "real"])
        check_generated(tmp, "rmat:scale=8,ef=4,seed=4", ".mtx", ["--weights", "int:9"])
        check_generated(tmp, "rmat:scale=8,ef=4,seed=5", ".gr", ["--weights", "real", "--undirected"])
        check_generated(tmp, "grid:rows=12,cols=15,diag=1,seed=6", ".mtx", ["--weights", "int:5"])
        check_generated(tmp, "dense:n=50,density=0.2,seed=7", ".gr", ["--weights", "real"], "float", 1e-5)
        check_generated(tmp, "er:n=3000,m=12000,seed=8", ".gr", ["--weights", "int:1000"])
        for seed in (11, 12):
            check_negative(tmp, seed, False)
        check_negative(tmp, 13, True)
    print(f"{checks - failures} of {checks} cross-checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
