// hyc: the command-line driver. Parses options, loads the compilation
// database (-p, or flags after --), calls the hy library, writes the output
// only on success (removing a stale one on failure).
#include "hy/DepFile.h"
#include "hy/DriverSupport.h"
#include "hy/Translator.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>

using namespace llvm;

static cl::OptionCategory Cat("hyc options");
static cl::opt<std::string> TargetOpt("target", cl::desc("Output: serial, openmp or cuda"),
                                      cl::init("openmp"), cl::cat(Cat));
static cl::opt<std::string> Output("o", cl::desc("Output file (default: standard output)"),
                                   cl::value_desc("file"), cl::cat(Cat));
static cl::opt<bool> NoLines("no-line-directives",
                             cl::desc("Do not emit #line directives"), cl::cat(Cat));
static cl::opt<bool> CheckFetch("check-fetch",
                                cl::desc("Bounds-check every access redirected to a fetch tile"),
                                cl::cat(Cat));
static cl::opt<bool> NoSimdLanes("no-simd-lanes",
                                 cl::desc("CPU targets: run thread loops in order instead of as SIMD lanes"),
                                 cl::cat(Cat));
static cl::opt<std::string> ReportFile("report",
                                       cl::desc("Write the kernel report to this file ('-': stderr)"),
                                       cl::value_desc("file"), cl::cat(Cat));
static cl::opt<bool> DepBeside("MD", cl::desc("Also write a dependency file beside -o FILE (FILE with .d for its extension)"),
                               cl::cat(Cat));
static cl::opt<std::string> DepFile("MF", cl::desc("Write the dependency file (make syntax) to this file"),
                                    cl::value_desc("file"), cl::cat(Cat));
static cl::opt<std::string> DepTarget("MT", cl::desc("Target named in the dependency file (default: the -o file)"),
                                      cl::value_desc("name"), cl::cat(Cat));

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](raw_ostream &os) {
    os << "hyc (hy) " HY_VERSION " built with LLVM " LLVM_VERSION_STRING "\n";
  });
  // Without -p or --, parse as plain C++17 instead of searching for a database.
  std::vector<const char *> args(argv, argv + argc);
  bool hasDb = false;
  for (int i = 1; i < argc; ++i)
    hasDb |= !std::strcmp(argv[i], "--") || !std::strncmp(argv[i], "-p", 2);
  // Compiler modes after '--' (-E, -M) would make that database fail to load.
  if (auto dd = std::find_if(args.begin(), args.end(), [](const char *a) { return !std::strcmp(a, "--"); });
      dd != args.end()) {
    std::vector<std::string> rest(dd + 1, args.end());
    static std::vector<std::string> kept;
    kept = hy::parseOnlyAdjuster()(rest, "");
    args.erase(dd + 1, args.end());
    for (const std::string &a : kept)
      args.push_back(a.c_str());
  }
  if (!hasDb) {
    args.push_back("--");
    args.push_back("-std=c++17");
  }
  int n = static_cast<int>(args.size());
  auto parser = clang::tooling::CommonOptionsParser::create(n, args.data(), Cat, cl::Required,
                                                            "hy source-to-source compiler\n");
  if (!parser) {
    errs() << toString(parser.takeError());
    return 2;
  }
  hy::TranslateOptions opts;
  if (TargetOpt == "serial") opts.print.target = hy::Target::Serial;
  else if (TargetOpt == "openmp") opts.print.target = hy::Target::OpenMP;
  else if (TargetOpt == "cuda") opts.print.target = hy::Target::Cuda;
  else {
    errs() << "hyc: error: unknown target '" << TargetOpt << "' (expected serial, openmp or cuda)\n";
    return 2;
  }
  opts.print.lineDirectives = !NoLines;
  opts.print.checkFetch = CheckFetch;
  opts.print.simdLanes = !NoSimdLanes;
  opts.report = !ReportFile.empty();
  const auto &files = parser->getSourcePathList();
  if (files.size() != 1) {
    errs() << "hyc: error: expected exactly one input file\n";
    return 2;
  }
  std::string depPath = !DepFile.empty() ? std::string(DepFile)
                        : DepBeside && !Output.empty() ? hy::depFileBeside(Output) : "";
  std::string depTarget = !DepTarget.empty() ? std::string(DepTarget) : std::string(Output);
  if ((DepBeside || !DepFile.empty()) && (depPath.empty() || depTarget.empty() || depTarget == "-")) {
    errs() << "hyc: error: -MD/-MF need -o FILE (or -MF FILE -MT NAME)\n";
    return 2;
  }
  std::vector<hy::OutputFile> outputs{{Output.empty() ? "-" : std::string(Output), nullptr}};
  if (opts.report)
    outputs.push_back({ReportFile, nullptr, /*toStderr=*/true});
  if (!depPath.empty())
    outputs.push_back({depPath, nullptr});
  if (std::string e = hy::checkOutputPaths(files[0], outputs); !e.empty()) {
    errs() << "hyc: error: " << e << "\n";
    return 2;
  }
  if (!sys::fs::exists(files[0])) {
    errs() << "hyc: error: no such file: '" << files[0] << "'\n";
    hy::removeOutputs(files[0], outputs);
    return 1;
  }
  hy::TranslateResult r = hy::translateFile(parser->getCompilations(), files[0], opts);
  if (!r.ok) {
    hy::removeOutputs(files[0], outputs);
    return 1;
  }
  // Written together: all of them, or none.
  std::string depText = hy::depFileText(depTarget, r.dependencies);
  outputs[0].text = &r.output;
  if (opts.report)
    outputs[1].text = &r.report;
  if (!depPath.empty())
    outputs.back().text = &depText;
  return hy::writeOutputs(outputs) ? 0 : 1;
}
