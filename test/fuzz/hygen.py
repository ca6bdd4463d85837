#!/usr/bin/env python3
# Random valid hy programs (in the spirit of Csmith/YARPGen) for
# differential testing: `hygen.py SEED [-n UNITS] [-o FILE]` writes one
# program made of the units SEED .. SEED+UNITS-1. The same seed always gives
# the same program. See test/fuzz/README.md.
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from gen.program import FAMILIES, program  # noqa: E402
from gen.shapes import DEFAULT, SHAPES, parse  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("seed", type=int)
    ap.add_argument("-n", "--units", type=int, default=1, help="units in the program")
    ap.add_argument("-o", "--output", default="-")
    ap.add_argument("--families", default="", help="comma-separated subset of: " + ", ".join(FAMILIES))
    ap.add_argument("--shapes", default="default",
                    help="host shapes around kernels, comma-separated from: %s; 'default' (%s), "
                    "'all' or 'none' (the programs of earlier runs)" % (", ".join(SHAPES), ",".join(DEFAULT)))
    a = ap.parse_args()
    fams = [f for f in a.families.split(",") if f]
    text = program(range(a.seed, a.seed + a.units), fams or None, parse(a.shapes))
    if a.output == "-":
        sys.stdout.write(text)
    else:
        with open(a.output, "w") as f:
            f.write(text)


if __name__ == "__main__":
    main()
