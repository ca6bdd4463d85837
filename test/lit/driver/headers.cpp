// Kernels in headers: a source that includes an annotated header (one with
// '#pragma hy', here kern/ops.hpp, which includes kern/detail.hpp from its
// own directory) gets the header translated for the same target, written
// under the header directory (--header-dir, default: beside -o FILE) at the
// path the #include names it by; the translated source keeps its #include,
// and an include path with that directory first finds the translation.
// Two sources that include the header get the same text (written once;
// the second run leaves it untouched), and link into one program whose
// result equals the serial one on every target.
// RUN: rm -rf %t && mkdir -p %t/serial %t/omp %t/cuda
// RUN: %hyc --target=serial %s -o %t/serial/main.cpp -MD -- -std=c++17 -I%S/Inputs/headers
// RUN: %hyc --target=serial %S/Inputs/headers-second.cpp -o %t/serial/second.cpp -- -std=c++17 -I%S/Inputs/headers
// RUN: %cxx -std=c++17 -I%t/serial -I%S/Inputs/headers -I%hy_inc %t/serial/main.cpp %t/serial/second.cpp -o %t/serial.exe
// RUN: %t/serial.exe > %t/ref.txt
// RUN: FileCheck %s -check-prefix=OUT --input-file=%t/ref.txt
// RUN: FileCheck %s -check-prefix=SERIAL --input-file=%t/serial/kern/ops.hpp
// RUN: FileCheck %s -check-prefix=DEP --input-file=%t/serial/main.d
//
// RUN: %hyc --target=openmp %s -o %t/omp/main.cpp -- -std=c++17 -I%S/Inputs/headers
// RUN: touch -t 200001010000 %t/omp/kern/ops.hpp %t/omp/kern/detail.hpp
// RUN: %hyc --target=openmp %S/Inputs/headers-second.cpp --header-dir=%t/omp -o %t/omp/second.cpp -- -std=c++17 -I%S/Inputs/headers -I%t/omp
// RUN: test %t/omp/kern/ops.hpp -ot %t/omp/second.cpp
// RUN: FileCheck %s -check-prefix=OMP --input-file=%t/omp/kern/ops.hpp
// RUN: FileCheck %s -check-prefix=OMPD --input-file=%t/omp/kern/detail.hpp
// RUN: FileCheck %s -check-prefix=MAIN --input-file=%t/omp/main.cpp
// RUN: %cxx -std=c++17 -fopenmp -Wall -Werror -I%t/omp -I%S/Inputs/headers -I%hy_inc %t/omp/main.cpp %t/omp/second.cpp -o %t/omp.exe
// RUN: env OMP_NUM_THREADS=2 %t/omp.exe | diff %t/ref.txt -
// RUN: %clangxx -std=c++17 -fopenmp -Wall -Werror -fsyntax-only -I%t/omp -I%S/Inputs/headers -I%hy_inc %t/omp/main.cpp
//
// RUN: %hyc --target=cuda %s -o %t/cuda/main.cu -- -std=c++17 -I%S/Inputs/headers
// RUN: %hyc --target=cuda %S/Inputs/headers-second.cpp -o %t/cuda/second.cu -- -std=c++17 -I%S/Inputs/headers
// RUN: FileCheck %s -check-prefix=CUDA --input-file=%t/cuda/kern/ops.hpp
// RUN: %if nvcc %{ %nvcc -Werror all-warnings -I%t/cuda -I%S/Inputs/headers -I%hy_inc %t/cuda/main.cu %t/cuda/second.cu -o %t/cuda.exe %}
// RUN: %if nvcc %{ env HY_DEVICE=cpu OMP_NUM_THREADS=2 %t/cuda.exe | diff %t/ref.txt - %}
//
// Flags from a compilation database (relative -I and file, taken against
// its directory): the header is parsed with the source's command.
// RUN: mkdir -p %t/db && echo '[{"directory": "%S", "file": "headers.cpp", "command": "c++ -std=c++17 -IInputs/headers -c headers.cpp -o x.o"}]' > %t/db/compile_commands.json
// RUN: %hyc --target=openmp -p %t/db %s -o %t/db/out/main.cpp
// RUN: FileCheck %s -check-prefix=OMP --input-file=%t/db/out/kern/ops.hpp
//
// An -I naming --header-dir is left out of hyc's parse: a stale or broken
// file there is not read.
// RUN: mkdir -p %t/hd/kern && echo 'broken' > %t/hd/kern/ops.hpp
// RUN: %hyc --target=serial %s --header-dir=%t/hd -o %t/hd.cpp -- -std=c++17 -I%t/hd -I%S/Inputs/headers
// RUN: FileCheck %s -check-prefix=SERIAL --input-file=%t/hd/kern/ops.hpp
#include <kern/ops.hpp>
#include <cstdio>

float part(int n); // headers-second.cpp

int main() {
  hy::array<float, 1> a(100);
  kern::detail::fill(a, 0.5f);
  kern::scale(a, 3.0f);
  std::printf("%g %g\n", kern::Summer<float>::sum(a), part(50));
}
// OUT: 14850 4900

// The translation of a header points back at it, keeps its #pragma once,
// and its own #include of detail.hpp (the translation beside it).
// SERIAL: #line 1 "{{.*}}kern{{/|\\}}ops.hpp"
// SERIAL-NEXT: // A header-only library
// SERIAL: #pragma once
// SERIAL-NEXT: #include "detail.hpp"
// SERIAL-NOT: #pragma hy
//
// The dependency file names the headers the parse read.
// DEP-DAG: {{^  .*}}kern{{/|\\}}ops.hpp
// DEP-DAG: {{^  .*}}kern{{/|\\}}detail.hpp
//
// OMP: #pragma once
// OMP: void scale(hy::array<T, 1> &a, T f) {
// OMP-NEXT: _Pragma("omp parallel for firstprivate(f, a)
// OMP: static T sum(const hy::array<T, 1> &a) {
// OMP: _Pragma("omp parallel for reduction(+ : s)
// OMPD: #ifndef KERN_DETAIL_HPP
// OMPD: _Pragma("omp parallel for
// OMPD: #endif
// MAIN: #include <kern/ops.hpp>
//
// A plain C++ compile that reaches the CUDA translation stops with a reason.
// CUDA: #ifndef __CUDACC__
// CUDA-NEXT: #error "hyc's CUDA translation of ops.hpp: include this header from annotated sources of the cuda variant (compiled by nvcc), not from plain C++"
// CUDA: #pragma once
// CUDA: template <class T>
// CUDA-NEXT: __global__ void __launch_bounds__(256) hy_scale_L13(hy::cuda::view<T, 1> a, T f, long long hy_trip0) {
// CUDA: #line 14 "{{.*}}kern{{/|\\}}ops.hpp"
// CUDA-NEXT: a(i) = detail::twice(a(i)) * f;
// CUDA: hy_scale_L13<T><<<
