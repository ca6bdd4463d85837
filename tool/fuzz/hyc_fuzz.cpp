// In-process coverage-guided fuzzing of the hy front end (libFuzzer): each
// input is a C++ source translated by hy::translateCode for one target
// (chosen from the input's hash). Besides crashes and sanitizer reports the
// harness checks the rule of docs/language.md, "every input gets either a
// clear error or output that compiles":
//   * a refused input must have printed an `error:` diagnostic;
//   * an accepted input's serial or OpenMP output must parse and type-check
//     with clang (-fsyntax-only, -fopenmp for OpenMP);
//   * an accepted input's CUDA output (clang 19 cannot read CUDA 13's
//     headers) is saved under $HY_FUZZ_CUDA_DIR, when set, for nvcc to
//     compile after the run (test/fuzz/libfuzzer.sh does).
// A violation aborts, so libFuzzer saves the input as a crash.
#include "hy/Translator.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <functional>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace {

// Runs `f` with stderr going to a memory file; returns what it printed.
std::string captureStderr(const std::function<void()> &f) {
  static int mem = memfd_create("hyc_fuzz_stderr", 0);
  std::fflush(stderr);
  llvm::errs().flush();
  int saved = dup(2);
  ftruncate(mem, 0);
  lseek(mem, 0, SEEK_SET);
  dup2(mem, 2);
  f();
  std::fflush(stderr);
  llvm::errs().flush();
  dup2(saved, 2);
  close(saved);
  std::string text;
  char buf[4096];
  lseek(mem, 0, SEEK_SET);
  for (ssize_t n; (n = read(mem, buf, sizeof buf)) > 0;)
    text.append(buf, static_cast<size_t>(n));
  return text;
}

[[noreturn]] void violation(const char *what, const std::string &input, const std::string &detail) {
  std::fprintf(stderr, "hyc_fuzz: %s\n--- input ---\n%s\n--- detail ---\n%s\n", what,
               input.c_str(), detail.substr(0, 20000).c_str());
  std::abort();
}

// The output must be a valid C++ (OpenMP) translation unit.
void checkOutput(const std::string &input, const std::string &output, hy::Target t) {
  std::vector<std::string> args = {"-std=c++17", "-Wno-unknown-pragmas"};
  if (t == hy::Target::OpenMP)
    args.push_back("-fopenmp");
  for (auto &a : hy::defaultArgs())
    args.push_back(a);
  bool ok = false;
  std::string diags = captureStderr([&] {
    ok = clang::tooling::runToolOnCodeWithArgs(std::make_unique<clang::SyntaxOnlyAction>(),
                                                output, args, "output.cpp");
  });
  if (!ok)
    violation("accepted input whose output does not compile", input, diags + "\n--- output ---\n" + output);
}

void saveCuda(const std::string &input, const std::string &output) {
  const char *dir = std::getenv("HY_FUZZ_CUDA_DIR");
  if (!dir)
    return;
  const size_t h = std::hash<std::string>()(output);
  char name[64];
  std::snprintf(name, sizeof name, "/%016zx", h);
  std::string base = std::string(dir) + name;
  if (FILE *f = std::fopen((base + ".cu").c_str(), "wx")) {
    std::fwrite(output.data(), 1, output.size(), f);
    std::fclose(f);
    if (FILE *g = std::fopen((base + ".input.cpp").c_str(), "w")) {
      std::fwrite(input.data(), 1, input.size(), g);
      std::fclose(g);
    }
  }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 16384)
    return -1; // keep the inputs readable and the runs fast
  const std::string input(reinterpret_cast<const char *>(data), size);
  if (input.find('\0') != std::string::npos)
    return -1; // not a source file
  static const hy::Target targets[] = {hy::Target::Serial, hy::Target::OpenMP, hy::Target::Cuda};
  const hy::Target t = targets[std::hash<std::string>()(input) % 3];
  hy::TranslateOptions opts;
  opts.print.target = t;
  opts.print.checkFetch = (size % 5) == 0;
  opts.print.simdLanes = (size % 7) != 0;
  hy::TranslateResult r;
  std::string diags = captureStderr(
      [&] { r = hy::translateCode(input, "fuzz.cpp", {"-std=c++17"}, opts); });
  if (!r.ok) {
    if (diags.find("error:") == std::string::npos)
      violation("refused input without an error message", input, diags);
    return 0;
  }
  if (t == hy::Target::Cuda)
    saveCuda(input, r.output);
  else
    checkOutput(input, r.output, t);
  return 0;
}
