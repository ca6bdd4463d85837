#!/usr/bin/env python3
# Checks gm's Q_sum (the --q-steps report's sum of Q) against a sum of its
# own: gm writes Q with --write-q, this script adds the floats in double in
# the same order (which must give Q_sum exactly) and with math.fsum (which
# must agree to 1e-12). On a pair of 128-vertex graphs Q has 16,384
# entries, so a sum held in float (7 digits) differs (the mutation audit's
# "GM Q sum held in float", test/mutation/mutants.py).
#
#   q_sum.py GM_BINARY [extra gm arguments]
import json
import math
import os
import struct
import subprocess
import sys
import tempfile


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: q_sum.py GM_BINARY [extra gm arguments]")
    with tempfile.TemporaryDirectory() as tmp:
        qfile = os.path.join(tmp, "q.bin")
        cmd = [sys.argv[1], "--generate", "n=128,graphs=2,density=0.3,noise=0.05,seed=5",
               "--mode", "pair", "--q-steps", "1", "--json", "--quiet", "--write-q", qfile]
        cmd += sys.argv[2:]
        run = subprocess.run(cmd, capture_output=True, text=True)
        if run.returncode != 0:
            sys.exit("q_sum: %s failed (%d): %s" % (" ".join(cmd), run.returncode, run.stderr))
        rep = json.loads(run.stdout.strip().splitlines()[-1])
        data = open(qfile, "rb").read()
    count = len(data) // 4
    if count != 128 * 128:
        sys.exit("q_sum: Q has %d entries, expected %d" % (count, 128 * 128))
    q = struct.unpack("=%df" % count, data)
    ordered = 0.0
    for x in q:
        ordered += x
    exact = math.fsum(q)
    got = rep["Q_sum"]
    print("Q_sum %r, in order %r, fsum %r" % (got, ordered, exact))
    if got != ordered:
        sys.exit("q_sum: Q_sum %r differs from the double sum of Q in order %r" % (got, ordered))
    if abs(got - exact) > 1e-12 * max(1.0, abs(exact)):
        sys.exit("q_sum: Q_sum %r differs from the exact sum %r" % (got, exact))
    # The check can fail: a sum held in float loses digits on this input.
    single = struct.unpack("=f", struct.pack("=f", 0.0))[0]
    for x in q:
        single = struct.unpack("=f", struct.pack("=f", single + x))[0]
    if single == ordered:
        sys.exit("q_sum: the input does not tell a float sum (%r) from a double one" % single)
    print("q_sum: matches (a float sum would give %r)" % single)


if __name__ == "__main__":
    main()
