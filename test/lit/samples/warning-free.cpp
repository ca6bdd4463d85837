// The samples are the showcase of the language: every annotated source of
// samples/ translates for every target without one warning (a race warning
// in a sample is either a real race or a missing `disjoint`/`reduction`).
// -Werror turns any warning into a failure of this test.
// RUN: for t in serial openmp cuda; do \
// RUN:   for f in floyd_warshall/fw_kernels johnson/johnson_kernels delta_stepping/delta_kernels \
// RUN:            graph_matching/gm_kernels bc/bc_shi bc/bc_jia bc/bc_sriram bc/bc_batched bc/bc_common; do \
// RUN:     d=$(dirname $f); \
// RUN:     %hyc --target=$t -Werror %S/../../../samples/$f.cpp -o %t.out -- -std=c++17 \
// RUN:       -I%S/../../../samples/$d -I%S/../../../samples/common/include -I%hy_inc || exit 1; \
// RUN:   done; \
// RUN: done
