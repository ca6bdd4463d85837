#!/usr/bin/env python3
"""Cross-check of the Johnson sample against SciPy's johnson: random directed
graphs with negative integer weights (vertex potentials, so no negative
cycle) are written as Matrix Market files; the sample solves all sources and
prints the reachable pairs and the sum of the finite distances (exact in
double for these sizes); scipy.sparse.csgraph.johnson computes the same.
Also a graph with a negative cycle must be refused (exit status 3).
Exit status 77 (ctest SKIP_RETURN_CODE) when SciPy is missing.
Usage: scipy_johnson.py PATH/TO/johnson_BINARY
"""
import os
import random
import re
import subprocess
import sys
import tempfile

try:
    import numpy as np
    import scipy.sparse
    from scipy.sparse import csgraph
except ImportError as e:  # pragma: no cover
    print(f"SKIP: {e} (pip install scipy)")
    sys.exit(77)

EXE = sys.argv[1]


def write_mtx(path, n, arcs):
    with open(path, "w") as f:
        f.write("%%MatrixMarket matrix coordinate integer general\n")
        f.write(f"{n} {n} {len(arcs)}\n")
        for u, v, w in arcs:
            f.write(f"{u + 1} {v + 1} {w}\n")


def random_graph(rng, n, m, spread):
    p = [rng.randint(0, spread) for _ in range(n)]
    arcs = {}
    while len(arcs) < m:
        u, v = rng.randrange(n), rng.randrange(n)
        if u != v and (u, v) not in arcs:
            arcs[(u, v)] = rng.randint(1, 40) + p[u] - p[v]
    return [(u, v, w) for (u, v), w in arcs.items()]


def solve(path):
    r = subprocess.run([EXE, "--input", path, "--all-sources"], capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


failures = 0
rng = random.Random(2026)
with tempfile.TemporaryDirectory() as tmp:
    for trial, (n, m, spread) in enumerate([(60, 300, 20), (150, 900, 35), (400, 1600, 10)]):
        arcs = random_graph(rng, n, m, spread)
        path = os.path.join(tmp, f"g{trial}.mtx")
        write_mtx(path, n, arcs)
        rc, out = solve(path)
        got = re.search(r"reachable pairs: (\d+);.*checksum ([-0-9.e+]+)", out)
        a = scipy.sparse.coo_matrix(([w for _, _, w in arcs], ([u for u, _, _ in arcs], [v for _, v, _ in arcs])),
                                    shape=(n, n)).tocsr()
        d = csgraph.johnson(a, directed=True)
        finite = np.isfinite(d)
        want_pairs, want_sum = int(finite.sum()), float(d[finite].sum())
        if rc != 0 or not got:
            print(f"FAIL n={n}: exit {rc}\n{out}")
            failures += 1
            continue
        pairs, total = int(got.group(1)), float(got.group(2))
        ok = pairs == want_pairs and total == want_sum
        print(f"{'ok  ' if ok else 'FAIL'} n={n} m={m}: pairs {pairs} (scipy {want_pairs}), "
              f"sum {total:.0f} (scipy {want_sum:.0f})")
        failures += not ok
    # A negative cycle: 0 -> 1 -> 2 -> 0 of weight -1.
    path = os.path.join(tmp, "cycle.mtx")
    write_mtx(path, 4, [(0, 1, 2), (1, 2, -4), (2, 0, 1), (2, 3, 5)])
    rc, out = solve(path)
    ok = rc == 3 and "negative cycle: 3 vertices" in out
    print(f"{'ok  ' if ok else 'FAIL'} negative cycle refused (exit {rc})")
    failures += not ok
sys.exit(1 if failures else 0)
