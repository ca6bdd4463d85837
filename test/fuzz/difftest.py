#!/usr/bin/env python3
# Differential test of hyc on generated programs (test/fuzz/hygen.py): each
# program is compiled as plain C++ with the pragmas ignored (its serial
# meaning, the reference), translated by hyc for every configuration,
# compiled, run and compared exactly with the reference. A program holds
# several units; a failing program is split into its units to name the ones
# that fail. Failures listed in test/fuzz/known.txt are reported separately
# (XFAIL) and do not fail the run. See test/fuzz/README.md.
import argparse
import concurrent.futures as cf
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from gen.program import program  # noqa: E402
from gen.shapes import DEFAULT, SHAPES, parse  # noqa: E402

# name -> (hyc arguments, compiler, thread counts to run with)
CONFIGS = {
    "serial": (["--target=serial"], "cxx", [None]),
    "openmp": (["--target=openmp"], "omp", ["1", "2", "3", "4"]),
    "openmp-nosimd": (["--target=openmp", "--no-simd-lanes"], "omp", ["3"]),
    "check-fetch": (["--target=serial", "--check-fetch"], "cxx", [None]),
    "cuda": (["--target=cuda"], "nvcc", ["2"]),
}


def run(cmd, timeout, env=None, cwd=None):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout,
                           env=env, cwd=cwd)
        return p.returncode, p.stdout.decode(errors="replace"), p.stderr.decode(errors="replace")
    except subprocess.TimeoutExpired:
        return 124, "", "timeout after %ds" % timeout


def units_line(out, ref, seeds):
    """`units: S...`: the units whose output lines differ from the
    reference (every line starts with its unit's seed); for a program that
    stopped, the first unit with missing lines."""
    got, want = {}, {}
    for text, into in ((out, got), (ref, want)):
        for line in text.splitlines():
            into.setdefault(line.split(" ", 1)[0], []).append(line)
    bad = [s for s in seeds if got.get(str(s), []) != want.get(str(s), [])]
    return "units: " + " ".join(str(s) for s in bad)


def attribute(cat, detail, src, group):
    """The units a failure belongs to: from `units:` (run, wrong) or from
    the source lines that error messages name (refused, compile); None when
    it cannot tell (an error in the prelude or a runtime header)."""
    for line in detail.splitlines():
        if line.startswith("units: "):
            units = [int(x) for x in line[7:].split()]
            return units[:1] if cat == "run" else units or None
    ranges, start = [], None
    for n, line in enumerate(open(src), 1):
        m = re.match(r"namespace hyf_(\d+) \{", line)
        if m:
            start = (int(m.group(1)), n)
        elif line.startswith("} // namespace hyf_") and start:
            ranges.append((start[0], start[1], n))
    units = []
    for line in detail.splitlines():
        if "error" not in line.lower():
            continue
        for m in re.finditer(r"prog\.cpp(?:\((\d+)\)|:(\d+):)", line):
            ln = int(m.group(1) or m.group(2))
            for seed, lo, hi in ranges:
                if lo <= ln <= hi and seed not in units:
                    units.append(seed)
    return units or None


class Runner:
    def __init__(self, a):
        self.a = a
        inc = os.path.join(ROOT, "runtime", "include")
        self.cxx = ["g++", "-std=c++17", "-O1", "-w", "-I" + inc]
        self.omp = ["g++", "-std=c++17", "-O2", "-march=native", "-fopenmp", "-w", "-I" + inc]
        self.nvcc = [a.nvcc, "-x", "cu", "-arch=sm_90", "-std=c++17", "--expt-relaxed-constexpr",
                     "-Xcompiler", "-fopenmp", "-w", "-I" + inc] if a.nvcc else None

    def compile(self, kind, src, exe):
        cc = {"cxx": self.cxx, "omp": self.omp, "nvcc": self.nvcc}[kind]
        return run(cc + [src, "-o", exe], self.a.compile_timeout)

    def check(self, seeds, work, configs=None):
        """Runs one program made of `seeds`; returns {config: (category,
        detail)} for the configurations that failed, {"ref": ...} if the
        reference itself failed."""
        os.makedirs(work, exist_ok=True)
        src = os.path.join(work, "prog.cpp")
        with open(src, "w") as f:
            f.write(program(seeds, self.a.families or None, self.a.shapes))
        rc, out, err = self.compile("cxx", src, os.path.join(work, "ref"))
        if rc:
            return {"ref": ("generator", "reference does not compile: " + err[-2000:])}
        rc, ref, err = run([os.path.join(work, "ref")], self.a.run_timeout)
        if rc:
            return {"ref": ("generator", "reference exits %d: %s" % (rc, err[-2000:]))}
        with open(os.path.join(work, "ref.txt"), "w") as f:
            f.write(ref)
        fails = {}
        for name in configs if configs is not None else self.a.configs:
            args, kind, threads = CONFIGS[name]
            if kind == "nvcc" and not self.nvcc:
                continue
            gen = os.path.join(work, "prog.%s.%s" % (name, "cu" if kind == "nvcc" else "cpp"))
            rc, out, err = run([self.a.hyc] + args + [src, "-o", gen, "--", "-std=c++17"],
                               self.a.compile_timeout)
            if rc:
                cat = "refused" if rc == 1 and "error:" in err else "hyc-crash"
                fails[name] = (cat, err[-3000:])
                continue
            exe = os.path.join(work, "exe." + name)
            rc, out, err = self.compile(kind, gen, exe)
            if rc:
                fails[name] = ("compile", err[-3000:])
                continue
            for t in threads:
                env = dict(os.environ)
                env.pop("HY_DEVICE", None)
                if t:
                    env["OMP_NUM_THREADS"] = t
                rc, out, err = run([exe], self.a.run_timeout, env=env)
                if rc:
                    fails[name] = ("run", "threads %s: exit %d: %s\n%s" % (t, rc, err[-2000:],
                                                                      units_line(out, ref, seeds)))
                    break
                if out != ref:
                    diff = [l for l in out.splitlines() if l not in set(ref.splitlines())][:5]
                    fails[name] = ("wrong", "threads %s: %s\n%s" % (t, "; ".join(diff),
                                                                  units_line(out, ref, seeds)))
                    break
        return fails


def load_known(path):
    """known.txt: `CONFIG CATEGORY REGEX  # note` per line; a failure of
    that configuration and category whose details match REGEX (Python
    syntax, searched) is known."""
    known = []
    if path and os.path.exists(path):
        for line in open(path):
            line = line.split(" #", 1)[0].strip()
            if line and not line.startswith("#"):
                config, cat, pattern = line.split(None, 2)
                known.append((config, cat, re.compile(pattern)))
    return known


def is_known(known, config, cat, detail):
    """Matches the first error and the two lines after it (the source line
    nvcc or g++ quotes)."""
    lines = detail.splitlines()
    first = next((i for i, l in enumerate(lines) if "error" in l.lower()), 0)
    text = "\n".join(lines[first:first + 3])
    return any(c in (config, "*") and k == cat and p.search(text) for c, k, p in known)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hyc", required=True)
    ap.add_argument("--start", type=int, default=1, help="first unit seed")
    ap.add_argument("--count", type=int, default=20, help="number of units")
    ap.add_argument("--units", type=int, default=10, help="units per program")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--nvcc", default=shutil.which("nvcc") or
                    ("/usr/local/cuda/bin/nvcc" if os.path.exists("/usr/local/cuda/bin/nvcc") else ""))
    ap.add_argument("--families", default="")
    ap.add_argument("--shapes", default="default",
                    help="host shapes around kernels (gen/shapes.py): %s; 'default' (%s), 'all' or 'none'"
                    % (", ".join(SHAPES), ",".join(DEFAULT)))
    ap.add_argument("--known", default=os.path.join(HERE, "known.txt"))
    ap.add_argument("--work", default="", help="keep the files of failing programs here")
    ap.add_argument("--gpu-bundle", default="",
                    help="write programs of the passing units here for scripts/gpu-check.sh")
    ap.add_argument("--bundle-units", type=int, default=0, help="at most this many units (0: all)")
    ap.add_argument("--progress", action="store_true", help="a line per finished program")
    ap.add_argument("--compile-timeout", type=int, default=300)
    ap.add_argument("--run-timeout", type=int, default=60)
    a = ap.parse_args()
    a.configs = [c for c in a.configs.split(",") if c]
    a.families = [f for f in a.families.split(",") if f]
    a.shapes = parse(a.shapes)
    if "cuda" in a.configs and not a.nvcc:
        print("difftest: no nvcc: skipping the cuda configuration")
    r = Runner(a)
    known = load_known(a.known)
    work = a.work or tempfile.mkdtemp(prefix="hy-fuzz-")
    seeds = list(range(a.start, a.start + a.count))
    groups = [seeds[i:i + a.units] for i in range(0, len(seeds), a.units)]
    t0 = time.time()
    unit_fails = {}  # seed -> {config: (cat, detail)}

    def resolve(config, fail, group, d, depth=0):
        """{unit: {config: fail}} for one failing configuration of the
        program of `group` (in directory d): the units the messages name;
        the others, untested when the program did not compile or stopped,
        are run again without them. Units that cannot be told apart are
        run one by one."""
        cat, det = fail
        units = attribute(cat, det, os.path.join(d, "prog.cpp"), group) if depth < 4 else None
        if units is None:
            per = {}
            for s in group:
                u = os.path.join(work, "u%d" % s)
                f = r.check([s], u, [config])
                if config in f:
                    per[s] = {config: f[config]}
                elif not a.work:
                    shutil.rmtree(u, ignore_errors=True)
            return per or {group[0]: {config: (cat, "only in program %s: %s" % (group, det))}}
        out = {u: {config: fail} for u in units}
        rest = [s for s in group if s not in units]
        if rest and cat != "wrong":
            d2 = "%s.%d" % (d, depth + 1)
            f2 = r.check(rest, d2, [config])
            if config in f2:
                for u, f in resolve(config, f2[config], rest, d2, depth + 1).items():
                    out.setdefault(u, {}).update(f)
            elif not a.work:
                shutil.rmtree(d2, ignore_errors=True)
        return out

    def one(group):
        d = os.path.join(work, "p%d" % group[0])
        fails = r.check(group, d)
        per = {}
        if "ref" in fails:  # the generator's bug: find the unit
            for s in group:
                f = r.check([s], os.path.join(work, "u%d" % s), [])
                if f:
                    per[s] = f
            return per or {group[0]: fails}
        for config, fail in fails.items():
            for u, f in resolve(config, fail, group, d).items():
                per.setdefault(u, {}).update(f)
        if not per and not a.work:
            shutil.rmtree(d, ignore_errors=True)
        return per

    with cf.ThreadPoolExecutor(max_workers=a.jobs) as ex:
        for i, fails in enumerate(ex.map(one, groups)):
            unit_fails.update(fails)
            if a.progress:
                print("difftest: %d of %d programs done, %.0f s, units with failures so far: %s"
                      % (i + 1, len(groups), time.time() - t0, sorted(unit_fails) or "none"), flush=True)
    if a.gpu_bundle:
        passing = [s for s in seeds if s not in unit_fails]
        bundle(a, r, passing[:a.bundle_units] if a.bundle_units else passing, a.gpu_bundle)
    report(a, seeds, unit_fails, known, time.time() - t0, work)


def bundle(a, r, seeds, dest):
    """Programs of the units that passed every configuration, for the GPU
    check (scripts/gpu-check.sh part 6): pN.cu (hyc --target=cuda) and pN.ref
    (the serial meaning's output)."""
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    groups = [seeds[i:i + a.units] for i in range(0, len(seeds), a.units)]
    for g in groups:
        d = tempfile.mkdtemp(prefix="hy-bundle-")
        src = os.path.join(d, "prog.cpp")
        with open(src, "w") as f:
            f.write(program(g, a.families or None, a.shapes))
        rc, ref = r.compile("cxx", src, os.path.join(d, "ref"))[0], ""
        if not rc:
            rc, ref, _ = run([os.path.join(d, "ref")], a.run_timeout)
        cu = os.path.join(dest, "p%d.cu" % g[0])
        rc = rc or run([a.hyc, "--target=cuda", src, "-o", cu, "--", "-std=c++17"], a.compile_timeout)[0]
        if rc:
            print("difftest: bundle: program of units %s left out" % g)
            continue
        with open(os.path.join(dest, "p%d.ref" % g[0]), "w") as f:
            f.write(ref)
        shutil.rmtree(d, ignore_errors=True)
    n = len([f for f in os.listdir(dest) if f.endswith(".cu")])
    with open(os.path.join(dest, "units"), "w") as f:
        f.write("%d\n" % len(seeds))
    print("difftest: bundled %d programs (%d units that passed every configuration) in %s"
          % (n, len(seeds), dest))


def first_error(detail):
    for line in detail.splitlines():
        if "error" in line.lower() or "differs" in line or "exit" in line:
            return line.strip()[:300]
    return detail.strip().splitlines()[0][:300] if detail.strip() else ""


def report(a, seeds, unit_fails, known, secs, work):
    configs = [c for c in a.configs if CONFIGS[c][1] != "nvcc" or a.nvcc]
    new, xfail = [], []
    for s, fails in sorted(unit_fails.items()):
        for c, (cat, det) in sorted(fails.items()):
            (xfail if is_known(known, c, cat, det) else new).append((s, c, cat, det))
    with open(os.path.join(work, "report.txt"), "w") as f:
        for s, c, cat, det in new + xfail:
            f.write("=== unit %d %s %s\n%s\n" % (s, c, cat, det))
    print("difftest: %d units (seeds %d..%d) in %d programs, %.0f s" %
          (len(seeds), seeds[0], seeds[-1], (len(seeds) + a.units - 1) // a.units, secs))
    for c in ["ref"] + configs:
        bad = sum(1 for s in seeds if c in unit_fails.get(s, {}))
        xf = sum(1 for s, cc, _, _ in xfail if cc == c)
        if c == "ref" and not bad:
            continue
        print("  %-14s %d passed, %d known failures, %d new failures" % (c, len(seeds) - bad, xf, bad - xf))
    for s, c, cat, det in xfail:
        print("XFAIL %d %s %s: %s" % (s, c, cat, first_error(det)))
    for s, c, cat, det in new:
        print("FAIL %d %s %s: %s" % (s, c, cat, first_error(det)))
    if new or xfail:
        print("details: %s; one unit alone: python3 %s SEED -o prog.cpp" %
              (os.path.join(work, "report.txt"), os.path.join(HERE, "hygen.py")))
    print("%d passed, %d failed" % (len(seeds) * len(configs) - len(new) - len(xfail), len(new)))
    sys.exit(1 if new else 0)


if __name__ == "__main__":
    main()
