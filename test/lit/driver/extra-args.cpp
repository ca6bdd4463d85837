// Where --extra-arg-before and --extra-arg land on the compiler's command
// line: before and after the arguments given after `--` (and those of a
// compilation database), so the later of -D/-U decides. A swap of the two
// lists makes one of the #errors below fire.
// RUN: %hyc --target=serial --extra-arg-before=-DBEFORE=1 --extra-arg=-DAFTER=1 %s -o %t.cpp -- -std=c++17 -UBEFORE -UAFTER
// RUN: FileCheck %s --input-file=%t.cpp
// RUN: not %hyc --target=serial --extra-arg=-DBEFORE=1 %s -o %t.bad.cpp -- -std=c++17 -UAFTER 2>&1 | FileCheck %s -check-prefix=BAD
#ifdef BEFORE
#error "--extra-arg-before came after the command's -UBEFORE"
#endif
#ifndef AFTER
// BAD: [[@LINE+1]]:2: error: "--extra-arg came before the command's -UAFTER"
#error "--extra-arg came before the command's -UAFTER"
#endif

// CHECK: int answer() { return 42; }
int answer() { return 42; }
