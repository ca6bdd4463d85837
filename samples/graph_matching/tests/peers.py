#!/usr/bin/env python3
"""Graduated assignment (the sample's gm) against pygmtools' solvers on the
same pairs and sets: accuracy (fraction of correspondences recovered) and
time, side by side, over a sweep of noise.

Two-graph solvers: pygmtools' RRWM and IPFP (numpy backend) on the affinity
matrix of the same objective gm maximises: K[(a,i),(b,j)] = 1 - 3|W1(a,b) -
W2(i,j)| where both edges exist (0 otherwise), K[(a,i),(a,i)] = alpha (1 -
3|X1(a) - X2(i)|); each result made discrete by pygmtools' Hungarian. The
multi-graph solver: pygmtools' GAMGM (graduated assignment for multi-graph
matching) on the weighted adjacency and the same node affinities, against
gm --mode labels. Graphs come from gm --generate ... --write-graphs, so both
sides read the same files.

  peers.py GM_BINARY [--pairs K] [--noise "0 0.02 0.05 0.1"] [--n N] [--check]

--check (ctest gm.peers): a small sweep, and fails unless gm's accuracy at
the lowest noise is at least RRWM's minus 0.05. Exit 77 (skip) when
pygmtools is not installed (pip install pygmtools).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

try:
    import numpy as np
    import pygmtools as pygm
except ImportError:
    print("pygmtools/numpy not installed: skipped (pip install pygmtools)")
    sys.exit(77)

pygm.set_backend("numpy")


def read_ag(path):
    n, x, ids, edges = 0, None, None, []
    for line in open(path):
        line = line.split("#")[0].split()
        if not line:
            continue
        if line[0] == "graph":
            n = int(line[1])
            x = np.zeros(n, np.float32)
            ids = np.full(n, -1)
            w = np.full((n, n), -1.0, np.float32)
        elif line[0] == "node":
            v = int(line[1])
            x[v] = float(line[2])
            if len(line) > 3:
                ids[v] = int(line[3])
        elif line[0] == "edge":
            a, b, wt = int(line[1]), int(line[2]), float(line[3])
            w[a, b] = w[b, a] = wt
    return x, w, ids


def affinity(g1, g2, alpha):
    x1, w1, _ = g1
    x2, w2, _ = g2
    n1, n2 = len(x1), len(x2)
    e1 = w1 >= 0
    e2 = w2 >= 0
    # c[a, b, i, j] for all four indices at once (n <= ~30 here)
    c = 1 - 3 * np.abs(w1[:, :, None, None] - w2[None, None, :, :])
    c = c * (e1[:, :, None, None] & e2[None, None, :, :])
    # pygmtools' K is indexed by the column-major vectorisation of X (n1 x n2):
    # row (a, i) -> i * n1 + a.
    K = c.transpose(2, 0, 3, 1).reshape(n1 * n2, n1 * n2)
    node = alpha * (1 - 3 * np.abs(x1[:, None] - x2[None, :]))
    K[np.arange(n1 * n2), np.arange(n1 * n2)] = node.T.reshape(-1)
    return K.astype(np.float32)


def accuracy(match, ids1, ids2):
    where = {v: i for i, v in enumerate(ids2)}
    ok = tot = 0
    for a, v in enumerate(ids1):
        if v in where:
            tot += 1
            ok += match[a] == where[v]
    return ok, tot


def gm_run(gm, args):
    out = subprocess.run([gm] + args + ["--json", "--quiet"], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("gm")
    ap.add_argument("--pairs", type=int, default=20)
    ap.add_argument("--n", type=int, default=20)
    ap.add_argument("--noise", default="0 0.02 0.05 0.1")
    ap.add_argument("--graphs", type=int, default=8, help="graphs of the multi-graph set")
    ap.add_argument("--alpha", type=float, default=1.0)
    ap.add_argument("--check", action="store_true")
    o = ap.parse_args()
    if o.check:
        o.pairs, o.n, o.noise, o.graphs = 4, 12, "0.02", 4
    rows = []
    first = None
    with tempfile.TemporaryDirectory() as tmp:
        for noise in [float(s) for s in o.noise.split()]:
            # a set of `pairs + 1` noisy copies: pairs (0, 1), (0, 2), ...
            spec = f"n={o.n},graphs={o.pairs + 1},density=0.3,delete={noise},add={noise},noise={noise},seed=11"
            subprocess.run([o.gm, "--generate", spec, "--write-graphs", tmp], check=True, capture_output=True)
            gs = [read_ag(os.path.join(tmp, f"g{k}.ag")) for k in range(o.pairs + 1)]
            acc = {"gm": [0, 0, 0.0], "rrwm": [0, 0, 0.0], "ipfp": [0, 0, 0.0]}
            for k in range(1, o.pairs + 1):
                t0 = time.perf_counter()
                r = gm_run(o.gm, [os.path.join(tmp, "g0.ag"), os.path.join(tmp, f"g{k}.ag"),
                                  "--alpha", str(o.alpha)])
                acc["gm"][2] += time.perf_counter() - t0
                acc["gm"][0] += r.get("correct", 0)
                acc["gm"][1] += r.get("with_truth", 0)
                K = affinity(gs[0], gs[k], o.alpha)
                n1, n2 = len(gs[0][0]), len(gs[k][0])
                for name, solve in (("rrwm", pygm.rrwm), ("ipfp", pygm.ipfp)):
                    t0 = time.perf_counter()
                    X = solve(K, n1, n2)
                    X = pygm.hungarian(X)
                    acc[name][2] += time.perf_counter() - t0
                    ok, tot = accuracy(X.argmax(axis=1), gs[0][2], gs[k][2])
                    acc[name][0] += ok
                    acc[name][1] += tot
            # multi-graph: gm --mode labels against pygmtools' GAMGM
            m = min(o.graphs, o.pairs + 1)
            lst = os.path.join(tmp, "multi.txt")
            with open(lst, "w") as f:
                f.write("".join(f"g{k}.ag\n" for k in range(m)))
            t0 = time.perf_counter()
            r = gm_run(o.gm, ["--list", lst, "--mode", "labels", "--alpha", str(o.alpha)])
            t_lab = time.perf_counter() - t0
            lab_acc = r.get("accuracy", 0.0)
            n = o.n
            A = np.stack([np.maximum(gs[k][1], 0) for k in range(m)])
            W = np.zeros((m, m, n, n), np.float32)
            for k in range(m):
                for l in range(m):
                    W[k, l] = o.alpha * (1 - 3 * np.abs(gs[k][0][:, None] - gs[l][0][None, :]))
            t0 = time.perf_counter()
            X = pygm.gamgm(A, W)
            t_ga = time.perf_counter() - t0
            ok = tot = 0
            for k in range(m):
                for l in range(k + 1, m):
                    a, b = accuracy(np.asarray(X[k, l]).argmax(axis=1), gs[k][2], gs[l][2])
                    ok += a
                    tot += b
            row = dict(noise=noise, **{f"{k}_acc": v[0] / max(1, v[1]) for k, v in acc.items()},
                       **{f"{k}_s": v[2] for k, v in acc.items()}, labels_acc=lab_acc, labels_s=t_lab,
                       gamgm_acc=ok / max(1, tot), gamgm_s=t_ga)
            rows.append(row)
            if first is None:
                first = row
    print(f"two graphs: {o.pairs} pairs of n = {o.n} (times: all pairs, gm including its process start);"
          f" multi-graph: {min(o.graphs, o.pairs + 1)} graphs")
    print("| noise | gm (GA) acc | time s | RRWM acc | time s | IPFP acc | time s |"
          " gm labels acc | time s | GAMGM acc | time s |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['noise']} | {r['gm_acc']:.3f} | {r['gm_s']:.3f} | {r['rrwm_acc']:.3f} | {r['rrwm_s']:.3f} |"
              f" {r['ipfp_acc']:.3f} | {r['ipfp_s']:.3f} | {r['labels_acc']:.3f} | {r['labels_s']:.3f} |"
              f" {r['gamgm_acc']:.3f} | {r['gamgm_s']:.3f} |")
    if o.check and first["gm_acc"] < first["rrwm_acc"] - 0.05:
        print(f"FAILED: gm accuracy {first['gm_acc']:.3f} below RRWM's {first['rrwm_acc']:.3f} - 0.05")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
