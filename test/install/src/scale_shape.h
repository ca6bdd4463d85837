// The shape of the outside project's matrix. run.sh changes kCols between
// two builds: the translations must be made again (the CUDA one's block shape
// depends on it).
#pragma once
constexpr int kRows = 100;
constexpr int kCols = 37;
