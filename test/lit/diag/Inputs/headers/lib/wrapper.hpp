// A header without pragmas that includes an annotated one from its own
// directory (lit: diag/headers.cpp): the compile of the translated source
// would find the original there, not the translation.
#pragma once
// BESIDE: wrapper.hpp:[[@LINE+1]]:10: error: 'annot.hpp' holds '#pragma hy' and is included by 'wrapper.hpp' from wrapper.hpp's own directory, where the compiler would read the original and not hyc's translation: include it through an include directory (<...>) or from the annotated source
#include "annot.hpp"
