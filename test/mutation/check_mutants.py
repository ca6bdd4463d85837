#!/usr/bin/env python3
# Keeps the mutation audit's list in step with the code (ctest
# mutation.list): every mutant's file exists and its 'find' text occurs in it
# exactly once, so that a later edit of the code cannot turn a mutant into one
# that test/mutation/run.py or gpu_mutants.py silently reports "not applied".
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
from mutants import DEVICE_MUTANTS, MUTANTS  # noqa: E402

bad = 0
ids = set()
for m in MUTANTS + DEVICE_MUTANTS:
    if m["id"] in ids:
        print(f"{m['id']}: the id is used twice")
        bad += 1
    ids.add(m["id"])
    path = os.path.join(ROOT, m["file"])
    if not os.path.isfile(path):
        print(f"{m['id']}: no file {m['file']}")
        bad += 1
        continue
    with open(path) as f:
        n = f.read().count(m["find"])
    if n != 1:
        print(f"{m['id']}: its 'find' text occurs {n} times in {m['file']} (must be once)")
        bad += 1
    if m["find"] == m["replace"]:
        print(f"{m['id']}: 'replace' equals 'find'")
        bad += 1
print(f"{len(MUTANTS)} host and {len(DEVICE_MUTANTS)} device mutants, {bad} problem(s)")
sys.exit(1 if bad else 0)
