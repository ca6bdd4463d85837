// A source with a hy error for the plugin part of the install test
// (plugin/CMakeLists.txt): compiled with hy_clang_checks, its build fails
// with hyc's message.
#include <hy/hy.hpp>

int main() {
  hy::array<float, 1> a(8);
  float last = 0;
#pragma hy parallel for
  for (int i = 0; i < 8; ++i)
    last = a(i);
  return last > 0;
}
