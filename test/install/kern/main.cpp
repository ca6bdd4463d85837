// kernapp's plain driver: calls the annotated sources' functions (it does
// not include the kernel header itself).
#include <cstdio>

int sum_a(int n);
int sum_b(int n, int *peak);

int main() {
  int peak = 0;
  int b = sum_b(10, &peak);
  std::printf("kern %d %d %d\n", sum_a(100), b, peak);
}
