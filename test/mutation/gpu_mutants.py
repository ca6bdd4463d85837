#!/usr/bin/env python3
# The device half of the mutation audit (issue 30, docs/testing.md
# "Mutation audit"): plants each of mutants.py's DEVICE_MUTANTS in a copy of
# runtime/include, builds the mutant's e2e programs (hyc's outputs in the
# GPU bundle, .gpu/e2e; with rt=True also the CUDA runtime test) against the
# copy with nvcc, runs them on the GPU, and counts the mutant killed when an
# e2e program's output differs from its serial build's (or the runtime
# test fails).
# Runs on the GPU machine, from the repository root, after
# scripts/gpu-bundle.sh: scripts/gpu-check.sh's part "mutants" calls it.
#   test/mutation/gpu_mutants.py [--only ID,...] [--build DIR] [--list]
import argparse
import concurrent.futures as cf
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from mutants import DEVICE_MUTANTS  # noqa: E402

NVCC = ["nvcc", "-arch=sm_90", "-std=c++17", "-O3", "--expt-relaxed-constexpr",
        "-Xcompiler", "-fopenmp"]
CXX = ["g++", "-std=c++17", "-O3", "-fopenmp", "-Iruntime/include"]
SEEDS = ["11", "12345"]


def sh(cmd, timeout=900, env=None):
    p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, timeout=timeout, env=env)
    return p.returncode, p.stdout


def plant(m, tree):
    """A copy of runtime/include under tree with the mutant applied; None if
    its text is not found exactly once."""
    inc = os.path.join(tree, "include")
    shutil.rmtree(tree, ignore_errors=True)
    shutil.copytree(os.path.join(ROOT, "runtime", "include"), inc)
    rel = os.path.relpath(os.path.join(ROOT, m["file"]), os.path.join(ROOT, "runtime", "include"))
    path = os.path.join(inc, rel)
    with open(path) as f:
        text = f.read()
    if text.count(m["find"]) != 1:
        return None
    with open(path, "w") as f:
        f.write(text.replace(m["find"], m["replace"]))
    return inc


def run_gpu(exe, seed):
    env = dict(os.environ, HY_DEVICE="gpu", HY_SYNC="1")
    try:
        return sh([exe, seed] if seed else [exe], timeout=120, env=env)
    except subprocess.TimeoutExpired:
        return 124, "timed out"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--build", default="/tmp/hy-gpu-mutants")
    ap.add_argument("--list", action="store_true")
    a = ap.parse_args()
    todo = [m for m in DEVICE_MUTANTS if not a.only or m["id"] in a.only.split(",")]
    if a.list:
        for m in todo:
            print(f"{m['id']:28} {m['file']}: {m['what']}")
        return 0
    os.makedirs(a.build, exist_ok=True)
    # Every build at once (nvcc is the time): the serial references and, per
    # mutant, the runtime test and its e2e programs against the planted copy.
    jobs, planted = [], {}
    progs = sorted({p for m in todo for p in m["e2e"]})
    for p in progs:
        jobs.append((f"{p}.serial", CXX + [f".gpu/e2e/{p}.serial.cpp", "-I.gpu/e2e", "-o",
                                          os.path.join(a.build, f"{p}.serial")]))
    for m in todo:
        tree = os.path.join(a.build, m["id"])
        inc = plant(m, tree)
        if inc is None:
            planted[m["id"]] = None
            continue
        planted[m["id"]] = tree
        flags = NVCC + [f"-DHY_PUSH={m['push']}", "-I" + inc]
        if m.get("rt"):
            jobs.append((f"{m['id']}/rt", flags + ["test/runtime/cuda_runtime_test.cu", "-o",
                                                   os.path.join(tree, "rt")]))
        for p in m["e2e"]:
            jobs.append((f"{m['id']}/{p}", flags + ["-I.gpu/e2e", f".gpu/e2e/{p}.cuda.cu", "-o",
                                                   os.path.join(tree, p)]))
    t0 = time.time()
    built = {}
    with cf.ThreadPoolExecutor(max_workers=os.cpu_count() or 4) as ex:
        for (name, _), (rc, out) in zip(jobs, ex.map(lambda j: sh(j[1]), jobs)):
            built[name] = rc == 0
            if rc:
                print(f"build {name} failed:\n{out[-800:]}", flush=True)
    print(f"[{time.time() - t0:.0f}s] built {sum(built.values())} of {len(jobs)}", flush=True)
    killed = 0
    for m in todo:
        tree = planted[m["id"]]
        if tree is None:
            print(f"MUTANT {m['id']}: not applied ('find' not found once)", flush=True)
            continue
        why = []
        if not m.get("rt"):
            pass  # the e2e programs alone (the runtime test is a long nvcc compile)
        elif not built.get(f"{m['id']}/rt"):
            why.append("the runtime test does not build")
        else:
            rc, out = run_gpu(os.path.join(tree, "rt"), None)
            if rc:
                fails = [l for l in out.splitlines() if "FAIL" in l]
                why.append(f"runtime test exit {rc}: " + (fails[0] if fails else out[-160:]).strip())
        for p in m["e2e"]:
            if not built.get(f"{m['id']}/{p}") or not built.get(f"{p}.serial"):
                why.append(f"e2e {p} does not build")
                continue
            for seed in SEEDS:
                _, want = sh([os.path.join(a.build, f"{p}.serial"), seed], timeout=120)
                rc, got = run_gpu(os.path.join(tree, p), seed)
                if rc or got != want:
                    why.append(f"e2e {p} (seed {seed}) " + (f"exit {rc}" if rc else "output differs"))
                    break
        killed += bool(why)
        print(f"MUTANT {m['id']}: {'killed' if why else 'SURVIVED'}"
              f"{' (' + '; '.join(why)[:300] + ')' if why else ''}", flush=True)
    print(f"{killed} of {len(todo)} device mutants killed", flush=True)
    return 0 if killed == len(todo) else 1


if __name__ == "__main__":
    sys.exit(main())
