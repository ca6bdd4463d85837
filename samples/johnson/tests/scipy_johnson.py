#!/usr/bin/env python3
"""Cross-check of the Johnson sample against SciPy's johnson: random directed
graphs with negative integer weights (vertex potentials, so no negative
cycle) are written as Matrix Market files; the sample solves all sources and
prints the reachable pairs and the sum of the finite distances (exact in
double for these sizes); scipy.sparse.csgraph.johnson computes the same.
Each of the three parallelisations (--algorithm frontier, outer, inner)
must also write the same matrix (--output, the FW sample's format) and the
same per-source summaries (--summary: reachable vertices, sum,
eccentricity, Wasserman-Faust closeness) as computed from SciPy's matrix.
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


def solve(path, *extra):
    r = subprocess.run([EXE, "--input", path, "--all-sources", *extra], capture_output=True, text=True)
    return r.returncode, r.stdout + r.stderr


INF32 = (1 << 30) - 1


def read_matrix(path, n):
    with open(path, "rb") as f:
        head = f.read(24)
        assert head[:8] == b"HYFWDIST", head[:8]
        version, kind, nn = np.frombuffer(head[8:16], "<u4").tolist() + [int(np.frombuffer(head[16:24], "<u8")[0])]
        assert (version, kind, nn) == (1, 1, n), (version, kind, nn)
        m = np.frombuffer(f.read(), "<i4").reshape(n, n).astype(float)
    m[m >= INF32] = np.inf
    return m


def summaries_match(path, d):
    n = d.shape[0]
    rows = [line.split() for line in open(path) if not line.startswith("#")]
    if len(rows) != n:
        return f"{len(rows)} summary lines for {n} sources"
    for src, reach, total, ecc, clo in rows:
        s = int(src) - 1
        fin = d[s][np.isfinite(d[s])]
        r, t = len(fin), float(fin.sum())
        c = (r - 1) / t * (r - 1) / (n - 1) if r > 1 and t > 0 else 0.0
        if int(reach) != r or float(total) != t or float(ecc) != float(fin.max()) or \
                abs(float(clo) - c) > 1e-5 * max(1.0, abs(c)):
            return f"source {s + 1}: got {reach} {total} {ecc} {clo}, want {r} {t} {fin.max()} {c:.6g}"
    return None


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
        for alg in ("frontier", "heap", "outer", "inner"):
            mat, summ = os.path.join(tmp, f"m{trial}{alg}.bin"), os.path.join(tmp, f"s{trial}{alg}.txt")
            rc, out = solve(path, "--algorithm", alg, "--output", mat, "--summary", summ)
            why = f"exit {rc}: {out}" if rc != 0 else None
            if not why and not np.array_equal(read_matrix(mat, n), d):
                why = "--output differs from SciPy's matrix"
            why = why or summaries_match(summ, d)
            print(f"{'ok  ' if not why else 'FAIL'} n={n} --algorithm {alg}: matrix and summaries"
                  + (f": {why}" if why else ""))
            failures += why is not None
    # A negative cycle: 0 -> 1 -> 2 -> 0 of weight -1.
    path = os.path.join(tmp, "cycle.mtx")
    write_mtx(path, 4, [(0, 1, 2), (1, 2, -4), (2, 0, 1), (2, 3, 5)])
    rc, out = solve(path)
    ok = rc == 3 and "negative cycle: 3 vertices" in out
    print(f"{'ok  ' if ok else 'FAIL'} negative cycle refused (exit {rc})")
    failures += not ok
sys.exit(1 if failures else 0)
