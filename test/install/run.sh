#!/bin/sh
# Installs the build tree to a temporary prefix and builds test/install as an
# outside project with find_package(hy), once with Ninja (with the cuda
# variant for CMAKE_CUDA_ARCHITECTURES=80 when the build has a CUDA compiler)
# and once with Makefiles (serial and openmp). Each run checks the binaries'
# output (the CUDA one on its OpenMP fallback), the -O3 of a build without a
# build type, the quoted include path, the GPU architecture; then edits the
# header the annotated source includes and checks that hyc translated again
# (and only then) and the binaries print the new values. Then builds
# docs/examples/hello as docs/getting-started.md does. A header-only
# library of template kernels (an annotated header included by two annotated
# sources of kernapp) is built for every variant and edited the same way:
# both sources are translated again and print the new values. Every binary must
# have been built: a missing one is a failure, not a skip. The prefix is
# moved after the install (relocatable), and hy::graph and hy_graph_tool
# are used from it, and hy's clang plugin (hy_clang_checks, with clang++-19).
# usage: run.sh BUILD_DIR SOURCE_DIR [CUDA_COMPILER]
set -eu
build=$1; src=$2; cuda=${3:-}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# step WHAT COMMAND...: runs it, its output in $log; shows the end on failure.
log=$tmp/log
step() { what=$1; shift; "$@" >"$log" 2>&1 || { tail -n 40 "$log"; fail "$what"; }; }
command -v ninja >/dev/null || fail "ninja not found (scripts/install-deps.sh installs ninja-build)"
step "install" cmake --install "$build" --prefix "$tmp/installed"
# The install is relocatable: everything below uses it after a move, and
# hyc finds its runtime headers and clang's headers inside the new prefix.
mv "$tmp/installed" "$tmp/prefix"
"$tmp/prefix/bin/hyc" --version >"$log" 2>&1 || fail "hyc --version: $(cat "$log")"
grep -q "runtime headers: $tmp/prefix/include\$" "$log" || fail "moved hyc: runtime headers not in the prefix: $(cat "$log")"
grep -q "clang resource directory: $tmp/prefix/lib/hy/clang\$" "$log" ||
  fail "moved hyc: clang's headers not in the prefix: $(cat "$log")"
# hy_graph_tool writes a graph, which a program built against hy::graph reads.
step "hy_graph_tool" "$tmp/prefix/bin/hy_graph_tool" --generate grid:rows=3,cols=4 --weights int:9 --write "$tmp/grid.gr"

# want ROWS COLS FACTOR: what scale_* prints.
want() { rc=$(($1 * $2)); echo "$(( (rc - 1) * rc / 2 * $3 )) $(( (rc - 1) * $3 ))"; }

check_run() { # dir exes expected
  for exe in $2; do
    [ -x "$1/$exe" ] || fail "$exe was not built"
    got=$("$1/$exe" 2>/dev/null) || fail "$exe exited with $?"
    [ "$got" = "$3" ] || fail "$exe printed '$got', want '$3'"
    echo "OK: $exe $got"
  done
}

for gen in Ninja "Unix Makefiles"; do
  proj="$tmp/proj-${gen% *}"; bin="$tmp/build-${gen% *}"
  cp -r "$src/test/install" "$proj"
  set -- -G "$gen" -DCMAKE_PREFIX_PATH="$tmp/prefix"
  exes="scale_serial scale_omp"
  if [ "$gen" = Ninja ] && [ -n "$cuda" ]; then
    set -- "$@" -DOUTSIDE_CUDA=ON -DCMAKE_CUDA_COMPILER="$cuda" -DCMAKE_CUDA_ARCHITECTURES=80
    exes="$exes scale_cuda"
  fi
  step "$gen: configure" cmake -S "$proj" -B "$bin" "$@"
  step "$gen: build" cmake --build "$bin" -j2
  check_run "$bin" "$exes" "$(want 100 37 3)"
  check_run "$bin" rowsum_app "rowsum 1 34050"
  kexes=$(echo "$exes" | sed 's/scale_/kernapp_/g')
  check_run "$bin" "$kexes" "kern 9900 90 18"
  for v in serial openmp $(echo "$exes" | grep -q cuda && echo cuda); do
    [ -f "$bin/hy/kernapp/include.$v/kern/ops.hpp" ] ||
      fail "$gen: the $v translation of kern/ops.hpp is not in hy/kernapp/include.$v"
  done
  grep "kernapp/a.openmp.cpp" "$bin/compile_commands.json" | grep -q -- "-I$bin/hy/kernapp/include.openmp .*-I$proj/kern/include" ||
    fail "$gen: a.openmp.cpp does not find the translated header before the original"
  got=$("$bin/graph_info" "$tmp/grid.gr") || fail "graph_info exited with $?"
  [ "$got" = "graph 12 34 4" ] || fail "graph_info printed '$got', want 'graph 12 34 4'"
  echo "OK: graph_info $got"
  # hy::zones_mpi, exported where hy was built with MPI: two ranks print
  # what one prints (sum of s^2 for s < 24, and of s^2 + 3).
  if [ -f "$tmp/prefix/lib/cmake/hy/hyZonesTargets.cmake" ]; then
    [ -x "$bin/zones_omp" ] || fail "zones_omp was not built (hy::zones_mpi is installed)"
    got=$(OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMP_NUM_THREADS=1 \
          mpiexec -n 2 --oversubscribe "$bin/zones_omp" 2>&1) || fail "zones_omp under mpiexec: $got"
    [ "$got" = "zones 4324 4396" ] || fail "zones_omp printed '$got', want 'zones 4324 4396'"
    echo "OK: zones_omp (2 ranks) $got"
  fi

  # No build type: the translations build optimised; quoted includes from
  # the annotated file's directory.
  grep -q -- "-O3.*-iquote$proj/src.*scale.openmp.cpp" "$bin/compile_commands.json" ||
    fail "$gen: scale.openmp.cpp is not compiled with -O3 and -iquote $proj/src"
  if echo "$exes" | grep -q cuda; then
    grep "scale.cuda.cu" "$bin/compile_commands.json" | grep -q "arch=compute_80" ||
      fail "scale.cuda.cu is not compiled for CMAKE_CUDA_ARCHITECTURES=80"
    grep -q -- "-O3.*-Xcompiler=-iquote$proj/src.*-std=c++20.*scale.cuda.cu" "$bin/compile_commands.json" ||
      fail "scale.cuda.cu is not compiled with -O3, -iquote $proj/src and the C++20 of the target"
  fi

  # Nothing changed: hyc does not run again.
  step "$gen: build again" cmake --build "$bin" -j2
  ! grep "hyc --target" "$log" || fail "$gen: a build with nothing changed ran hyc"


  # A constant in the included header changes: every translation of
  # scale.cpp is made again, the library's (which does not include it) is not.
  sed -i 's/kCols = 37/kCols = 41/' "$proj/src/scale_shape.h"
  step "$gen: build after the edit" cmake --build "$bin" -j2
  for v in serial.cpp openmp.cpp $(echo "$exes" | grep -q cuda && echo cuda.cu); do
    [ "$bin/hy/scale/scale.$v" -nt "$proj/src/scale_shape.h" ] ||
      fail "$gen: hy/scale/scale.$v was not translated again after the header changed"
  done
  [ "$bin/hy/rowsum/rowsum_kernels.openmp.cpp" -nt "$proj/src/scale_shape.h" ] &&
    fail "$gen: rowsum_kernels was translated again although it does not include the header"
  check_run "$bin" "$exes" "$(want 100 41 3)"

  # The annotated header changes: both sources that include it are
  # translated again, its translations change, and the programs print the
  # new values.
  sed -i 's/kGain = 2/kGain = 3/' "$proj/kern/include/kern/ops.hpp"
  step "$gen: build after the kernel header's edit" cmake --build "$bin" -j2
  for v in serial.cpp openmp.cpp $(echo "$exes" | grep -q cuda && echo cuda.cu); do
    for f in a b; do
      [ "$bin/hy/kernapp/$f.$v" -nt "$proj/kern/include/kern/ops.hpp" ] ||
        fail "$gen: hy/kernapp/$f.$v was not translated again after kern/ops.hpp changed"
    done
  done
  grep -q "kGain = 3" "$bin/hy/kernapp/include.openmp/kern/ops.hpp" ||
    fail "$gen: the translated kern/ops.hpp does not have the edit"
  check_run "$bin" "$kexes" "kern 14850 135 27"
  echo "OK: $gen"
done

# hy's clang plugin from the moved prefix (hy_clang_checks, plugin/): with
# clang 19 as the compiler, the annotated source builds as it is with
# -Werror (no warning for its pragmas) and prints what scale_serial prints;
# a source with a hy error fails its build with hyc's message.
[ -f "$tmp/prefix/lib/hy/libhyPlugin.so" ] || fail "the install has no lib/hy/libhyPlugin.so"
command -v clang++-19 >/dev/null || fail "clang++-19 not found (the plugin's compiler)"
cp -r "$src/test/install" "$tmp/proj-plugin"
step "plugin: configure" cmake -S "$tmp/proj-plugin/plugin" -B "$tmp/build-plugin" -G Ninja \
  -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_CXX_COMPILER=clang++-19
step "plugin: build" cmake --build "$tmp/build-plugin" -v
grep -q -- "-fplugin=$tmp/prefix/lib/hy/libhyPlugin.so" "$log" || fail "plugin: scale.cpp not compiled with the plugin"
check_run "$tmp/build-plugin" scale_checked "$(want 100 37 3)"
cmake --build "$tmp/build-plugin" --target broken_checked >"$log" 2>&1 &&
  fail "plugin: broken.cpp, which has a hy error, built"
grep -q "broken.cpp:11:5: error: 'last' is declared outside this 'parallel for' loop" "$log" ||
  { tail -n 20 "$log"; fail "plugin: the build of broken.cpp does not give hyc's error"; }
grep -q -- "-fplugin-arg-hy-Wno-hy-race.*-fplugin-arg-hy-cuda-arch=80" "$log" ||
  fail "plugin: HYC_FLAGS did not become plugin arguments"
echo "OK: plugin"

# docs/getting-started.md's CMake project, as a reader would build it.
set -- -G Ninja -DCMAKE_PREFIX_PATH="$tmp/prefix"
[ -n "$cuda" ] && set -- "$@" -DCMAKE_CUDA_COMPILER="$cuda"
step "hello: configure" cmake -S "$src/docs/examples/hello" -B "$tmp/hello" "$@"
step "hello: build" cmake --build "$tmp/hello" -j2
for exe in hello_serial hello_omp $([ -n "$cuda" ] && echo hello_cuda); do
  [ -x "$tmp/hello/$exe" ] || fail "hello: $exe was not built"
  "$tmp/hello/$exe" 2>/dev/null | grep -q "^sum = 348873.076" || fail "hello: $exe printed the wrong sum"
  echo "OK: hello: $exe"
done
