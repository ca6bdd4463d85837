// A header without pragmas that includes an annotated one through the
// include path (lit: diag/headers.cpp): fine.
#pragma once
#include <lib/annot.hpp>
