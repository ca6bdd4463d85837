#!/usr/bin/env python3
"""The mutation audit (docs/testing.md): plants each mutant of mutants.py
in turn, builds its targets, runs the tests that cover its code and counts
it killed when one of them fails. The source is restored after every mutant
(also on Ctrl-C), and a file is rebuilt once more at the end so the build
directory holds the real code again.

  test/mutation/run.py BUILD_DIR [--only ID,ID] [--list] [--markdown FILE]

A mutant whose build fails is "stillborn" (not counted: the compiler, not a
test, caught it). Exit status 1 when any mutant survived.
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from mutants import MUTANTS  # noqa: E402

LIT = "/usr/lib/llvm-19/build/utils/lit/lit.py"


def sh(cmd, cwd, timeout):
    try:
        p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, timeout=timeout)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        return 124, (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")


def build(bdir, targets, jobs):
    return sh(["cmake", "--build", bdir, "-j", str(jobs), "--target"] + targets, ROOT, 3600)


def tests(bdir, m, jobs):
    """0 when every test passed; else the failing output's tail."""
    if m["ctest"]:
        rc, out = sh(["ctest", "-j", str(jobs), "-R", m["ctest"], "--timeout", "600"], bdir, 3600)
        if "No tests were found" in out:
            return 2, "no ctest matched " + m["ctest"]
        if rc:
            return rc, out[-600:]
    if m["lit"]:
        paths = [os.path.join(bdir, "test", "lit", t) for t in m["lit"]]
        rc, out = sh([sys.executable, LIT, "-q"] + paths, ROOT, 3600)
        if rc:
            return rc, out[-600:]
    return 0, ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--only", default="")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--markdown", default="")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    a = ap.parse_args()
    todo = [m for m in MUTANTS if not a.only or m["id"] in a.only.split(",")]
    if a.list:
        for m in todo:
            print(f"{m['id']:32} {m['file']}: {m['what']}")
        return 0
    bdir = os.path.abspath(a.build)
    rows, touched = [], set()
    for m in todo:
        path = os.path.join(ROOT, m["file"])
        with open(path) as f:
            text = f.read()
        if text.count(m["find"]) != 1:
            rows.append((m, "not applied", f"'find' occurs {text.count(m['find'])} times"))
            print(f"{m['id']}: not applied", flush=True)
            continue
        t0 = time.time()
        try:
            with open(path, "w") as f:
                f.write(text.replace(m["find"], m["replace"]))
            touched.add((path, tuple(m["targets"])))
            rc, out = build(bdir, m["targets"], a.jobs)
            if rc:
                verdict, why = "stillborn", out.strip().splitlines()[-1] if out.strip() else "build failed"
            else:
                rc, out = tests(bdir, m, a.jobs)
                verdict = "killed" if rc else "SURVIVED"
                why = " ".join(out.split())[-200:] if rc else ""
        finally:
            with open(path, "w") as f:
                f.write(text)
        rows.append((m, verdict, why))
        print(f"{m['id']}: {verdict} ({time.time() - t0:.0f} s) {why[:160]}", flush=True)
    # The build directory back to the real code.
    targets = sorted({t for _, ts in touched for t in ts})
    if targets:
        build(bdir, targets, a.jobs)
    counted = [r for r in rows if r[1] in ("killed", "SURVIVED")]
    killed = sum(r[1] == "killed" for r in counted)
    print(f"\nkilled {killed} of {len(counted)} mutants"
          f" ({len(rows) - len(counted)} stillborn or not applied)")
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write("| mutant | file | what it stands for | tests | result |\n|---|---|---|---|---|\n")
            for m, v, _ in rows:
                t = ", ".join(([f"ctest -R '{m['ctest']}'"] if m["ctest"] else []) +
                              [f"lit {x}" for x in m["lit"]])
                f.write(f"| {m['id']} | {m['file']} | {m['what']} | {t} | {v} |\n")
            f.write(f"\nKilled {killed} of {len(counted)}.\n")
    return 1 if killed < len(counted) else 0


if __name__ == "__main__":
    sys.exit(main())
