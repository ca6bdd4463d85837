#!/bin/sh
# Smoke test of bench/irregular/ on a machine without a GPU: the hy programs
# are translated by this build's hyc (so a change that breaks them shows
# here, not on the GPU machine), then run.sh --cpu-only builds the
# hand-written references with nvcc, builds the hyc outputs and runs their
# CPU path and the serial programs on small inputs, checking every result.
# usage: irregular_cpu.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1 src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
HYC=$build/tool/hyc IRREGULAR_OUT=$tmp/hy bash "$src/bench/irregular/bundle.sh" >"$tmp/log" 2>&1 ||
  { cat "$tmp/log"; exit 1; }
bash "$src/bench/irregular/run.sh" --cpu-only --hy-dir "$tmp/hy" --build "$tmp/b" >>"$tmp/log" 2>&1 ||
  { cat "$tmp/log"; exit 1; }
tail -5 "$tmp/log"
