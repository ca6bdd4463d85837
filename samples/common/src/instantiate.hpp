// Private helper: explicit instantiation of the toolkit's templates for the
// three weight types, so that template bodies can live in .cpp files.
#pragma once

#include <cstdint>

#define HY_GRAPH_FOR_EACH_WEIGHT(M) M(std::int32_t) M(float) M(double)
