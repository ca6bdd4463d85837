// hyc: the command-line driver. Parses options, finds the compiler flags
// (after --, from -p BUILD_DIR, or from the compile_commands.json found in
// the input's directory or a parent, as clang-tidy does), calls the hy
// library, writes the output only on success (removing a stale one on
// failure), and the dependency file (-MD/-MF/-MT) for build systems.
#include "hy/DepFile.h"
#include "hy/DriverSupport.h"
#include "hy/Sarif.h"
#include "hy/Translator.h"
#include <algorithm>
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CommonOptionsParser.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cstring>
#include <memory>

using namespace llvm;
namespace tooling = clang::tooling;

// hyc's options. A new one goes into kOwnOptions below as well (the
// misspelling suggestions read only those).
static cl::OptionCategory Cat("hyc options");
static cl::list<std::string> Inputs(cl::Positional, cl::desc("<input.cpp>"), cl::cat(Cat));
static cl::opt<std::string> TargetOpt("target", cl::desc("Output: serial, openmp or cuda"),
                                      cl::init("openmp"), cl::cat(Cat));
static cl::opt<std::string> Output("o", cl::desc("Output file (default: standard output)"),
                                   cl::value_desc("file"), cl::cat(Cat));
static cl::opt<std::string> BuildDir("p", cl::desc("Build directory with compile_commands.json"),
                                     cl::value_desc("dir"), cl::cat(Cat));
static cl::list<std::string> ArgsAfter("extra-arg",
                                       cl::desc("Compiler argument to append"), cl::cat(Cat));
static cl::list<std::string> ArgsBefore("extra-arg-before",
                                        cl::desc("Compiler argument to prepend"), cl::cat(Cat));
static cl::opt<bool> NoLines("no-line-directives",
                             cl::desc("Do not emit #line directives"), cl::cat(Cat));
static cl::opt<bool> CheckFetch("check-fetch",
                                cl::desc("Bounds-check every access redirected to a fetch tile"),
                                cl::cat(Cat));
static cl::opt<bool> NoSimdLanes("no-simd-lanes",
                                 cl::desc("CPU targets: run thread loops in order instead of as SIMD lanes"),
                                 cl::cat(Cat));
static cl::opt<std::string> CudaArch("cuda-arch",
                                     cl::desc("GPU whose shared memory limits fetch tiles (default sm_90)"),
                                     cl::value_desc("sm_XY"), cl::init("sm_90"), cl::cat(Cat));
static cl::opt<std::string> ReportFile("report", cl::ValueOptional,
                                       cl::desc("Write the report of the target built to this file "
                                                "(no value or '-': remarks on standard error)"),
                                       cl::value_desc("file"), cl::cat(Cat));
static cl::opt<bool> Remarks("Rhy", cl::desc("The report as remarks on standard error"),
                             cl::cat(Cat));
static cl::opt<bool> DepBeside("MD", cl::desc("Also write a dependency file beside -o FILE (FILE with .d for its extension)"),
                               cl::cat(Cat));
static cl::opt<std::string> DepFile("MF", cl::desc("Write the dependency file (make syntax) to this file"),
                                    cl::value_desc("file"), cl::cat(Cat));
static cl::opt<std::string> HeaderDir("header-dir",
                                      cl::desc("Where the translations of annotated headers go "
                                               "(default: the directory of -o FILE)"),
                                      cl::value_desc("dir"), cl::cat(Cat));
static cl::opt<std::string> DiagFormat("diagnostics-format",
                                       cl::desc("text (default), or sarif: the diagnostics as one "
                                                "SARIF 2.1.0 document on standard error"),
                                       cl::value_desc("text|sarif"), cl::init("text"), cl::cat(Cat));
static cl::opt<std::string> DepTarget("MT", cl::desc("Target named in the dependency file (default: the -o file)"),
                                      cl::value_desc("name"), cl::cat(Cat));

static const char *kOverview =
    "hy source-to-source compiler\n\n"
    "  hyc [options] <input.cpp> [-- <compiler arguments>]\n\n"
    "Translates one annotated C++ file. Compiler arguments (-I, -D, -std=...) come after '--';\n"
    "without '--' they come from -p BUILD_DIR/compile_commands.json, else from the\n"
    "compile_commands.json found in the input's directory or a parent, else -std=c++17.\n\n"
    "  -W<name>, -Wno-<name>, -Werror, -Werror=<name>, -Wno-error=<name>: hyc's named\n"
    "  warnings (hy-race, hy-host-sync, hy-fetch-bounds, hy-shared-memory,\n"
    "  hy-unused-clause), as clang's.\n";

// A compiler flag given among hyc's options: the usual mistake is leaving
// out the '--' (cl would suggest an unrelated option, e.g. -std=c++20 ->
// --o=c++20).
static bool compilerFlag(StringRef a) {
  for (const char *p : {"-std=", "--std=", "-I", "-isystem", "-iquote", "-include", "-D", "-U",
                        "-f", "-m", "-O", "-x", "-stdlib", "--gcc-toolchain", "-nostdinc", "-g"})
    if (a.starts_with(p))
      return true;
  if (a.starts_with("-W") && !a.contains("hy-") && a != "-Werror" && a != "-Wno-error")
    return true;
  return a == "-w" || a == "-pedantic" || a == "-c";
}

// hyc's own options. The suggestions below read only these: the other
// registered options are libLLVM's objects, and reading their fields from
// this file is what UBSan's vptr check reports (their vtables are not
// ours), so they are told apart by address, never dereferenced. (A
// cl::list's & gives its vector, hence std::addressof.)
static cl::Option *const kOwnOptions[] = {
    &TargetOpt, &Output,  &BuildDir,    std::addressof(ArgsAfter), std::addressof(ArgsBefore),
    &NoLines,   &CheckFetch, &NoSimdLanes, &CudaArch, &ReportFile, &Remarks, &DepBeside,
    &DepFile,   &DepTarget, &HeaderDir, &DiagFormat};

// An option before '--' that hyc does not have: cl would suggest its
// nearest option however far it is (--frob -> -o). The error suggests one
// only when it is a likely misspelling (at most a third of the name's
// letters differ), with the value given (--taget=cuda -> --target=cuda).
// "" when `a` is an option of hyc (or one cl itself has: --help, LLVM's
// hidden options) or not an option. `takesValue` says that the next
// argument is the option's value.
static std::string unknownOption(StringRef a, bool &takesValue) {
  takesValue = false;
  if (!a.starts_with("-") || a == "-" || a == "--")
    return "";
  StringRef name = a.ltrim('-'), value;
  std::tie(name, value) = name.split('=');
  bool hasValue = a.contains('=');
  StringMap<cl::Option *> &opts = cl::getRegisteredOptions();
  if (auto it = opts.find(name); it != opts.end()) {
    for (cl::Option *o : kOwnOptions)
      if (o == it->second)
        takesValue = !hasValue && o->getValueExpectedFlag() == cl::ValueRequired;
    return "";
  }
  std::vector<std::string> names = {"help", "version"};
  for (cl::Option *o : kOwnOptions)
    names.push_back(o->ArgStr.str());
  std::string best;
  unsigned bestDistance = ~0u;
  for (const std::string &key : names) {
    unsigned d = name.edit_distance(key, /*AllowReplacements=*/true);
    if (d < bestDistance)
      best = key, bestDistance = d;
  }
  std::string msg = "unknown option '" + a.str() + "'";
  if (!best.empty() && bestDistance <= std::max<size_t>(1, std::max(name.size(), best.size()) / 3)) {
    std::string dashes = best.size() == 1 || best == "MD" || best == "MF" || best == "MT" ||
                                 best == "Rhy"
                             ? "-"
                             : "--";
    msg += "; did you mean '" + dashes + best + (hasValue ? "=" + value.str() : "") + "'?";
  } else {
    msg += " ('hyc --help' lists hyc's options; compiler arguments go after '--')";
  }
  return msg;
}

// The header directory given by --header-dir is the translated source's
// include path, not the parse's: an -I, -iquote or -isystem that names it
// (CMake gives the target that include directory, and hyc the target's
// flags) is left out of the parse, which reads the annotated headers
// themselves. (The default one, the output's directory, may hold other
// headers the parse needs.)
static tooling::ArgumentsAdjuster dropHeaderDir(const std::string &dir) {
  SmallString<256> own(dir);
  sys::fs::make_absolute(own);
  sys::path::remove_dots(own, /*remove_dot_dot=*/true);
  auto isOwn = [own](StringRef d) {
    SmallString<256> p(d);
    sys::fs::make_absolute(p);
    sys::path::remove_dots(p, /*remove_dot_dot=*/true);
    return p == own;
  };
  return [isOwn](const tooling::CommandLineArguments &args, StringRef) {
    tooling::CommandLineArguments out;
    for (size_t i = 0; i < args.size(); ++i) {
      StringRef a(args[i]);
      bool dropped = false;
      for (StringRef flag : {"-I", "-iquote", "-isystem"})
        if (a == flag && i + 1 < args.size() && isOwn(args[i + 1])) {
          ++i, dropped = true;
        } else if (a.size() > flag.size() && a.starts_with(flag) &&
                   isOwn(a.drop_front(flag.size()))) {
          dropped = true;
        }
      if (!dropped)
        out.push_back(args[i]);
    }
    return out;
  };
}

static std::unique_ptr<tooling::CompilationDatabase>
loadDatabase(const std::string &file, bool dashdash, const std::vector<std::string> &compilerArgs,
             const std::string &headerDir, std::string &err) {
  std::unique_ptr<tooling::CompilationDatabase> db;
  if (dashdash)
    db = std::make_unique<tooling::FixedCompilationDatabase>(".", compilerArgs);
  else if (!BuildDir.empty()) {
    db = tooling::CompilationDatabase::autoDetectFromDirectory(BuildDir, err);
    if (!db) {
      err = "no compilation database in '" + BuildDir + "' or its parents (" + err + ")";
      return nullptr;
    }
  } else {
    std::string ignored;
    db = tooling::CompilationDatabase::autoDetectFromSource(file, ignored);
    if (!db)
      db = std::make_unique<tooling::FixedCompilationDatabase>(
          ".", std::vector<std::string>{"-std=c++17"});
  }
  auto adjusted = std::make_unique<tooling::ArgumentsAdjustingCompilations>(std::move(db));
  adjusted->appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      std::vector<std::string>(ArgsBefore.begin(), ArgsBefore.end()),
      tooling::ArgumentInsertPosition::BEGIN));
  adjusted->appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      std::vector<std::string>(ArgsAfter.begin(), ArgsAfter.end()),
      tooling::ArgumentInsertPosition::END));
  if (!headerDir.empty())
    adjusted->appendArgumentsAdjuster(dropHeaderDir(headerDir));
  return adjusted;
}

int main(int argc, const char **argv) {
  cl::SetVersionPrinter([](raw_ostream &os) {
    os << "hyc (hy) " HY_VERSION " built with LLVM " LLVM_VERSION_STRING "\n"
       << "  runtime headers: " << hy::runtimeInclude() << "\n"
       << "  clang resource directory: " << hy::clangResourceDir() << "\n";
  });
  cl::HideUnrelatedOptions(Cat);
  // hyc's own arguments end at '--'; the rest are the compiler's.
  int own = argc;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "--")) {
      own = i;
      break;
    }
  std::vector<std::string> compilerArgs(argv + std::min(own + 1, argc), argv + argc);
  std::vector<const char *> mine = {argv[0]};
  std::vector<std::string> warnings; // -W... without the -W
  for (int i = 1; i < own; ++i) {
    if (compilerFlag(argv[i])) {
      errs() << "hyc: error: '" << argv[i]
             << "' is a compiler argument; give it after '--' (hyc [options] <input.cpp> -- "
             << argv[i] << ")\n";
      return 2;
    }
    if (!std::strncmp(argv[i], "-W", 2)) {
      warnings.push_back(argv[i] + 2);
      continue;
    }
    bool takesValue = false;
    if (std::string e = unknownOption(argv[i], takesValue); !e.empty()) {
      errs() << "hyc: error: " << e << "\n";
      return 2;
    }
    mine.push_back(argv[i]);
    if (takesValue && i + 1 < own)
      mine.push_back(argv[++i]);
  }
  if (!cl::ParseCommandLineOptions(static_cast<int>(mine.size()), mine.data(), kOverview, &errs()))
    return 2;
  if (Inputs.size() != 1) {
    errs() << "hyc: error: " << (Inputs.empty() ? "no input file" : "more than one input file")
           << "; hyc translates one file per run (hyc [options] <input.cpp> [-- <compiler "
              "arguments>])\n";
    return 2;
  }
  const std::string input = Inputs.front();
  hy::TranslateOptions opts;
  if (TargetOpt == "serial") opts.print.target = hy::Target::Serial;
  else if (TargetOpt == "openmp") opts.print.target = hy::Target::OpenMP;
  else if (TargetOpt == "cuda") opts.print.target = hy::Target::Cuda;
  else {
    errs() << "hyc: error: unknown target '" << TargetOpt << "' (expected serial, openmp or cuda)\n";
    return 2;
  }
  std::string arch = hy::smallestCudaArch(CudaArch);
  if (arch.empty()) {
    errs() << "hyc: error: unknown CUDA architecture '" << CudaArch
           << "' (expected sm_XY, e.g. sm_80 or sm_90, or a list as CUDA_ARCHITECTURES)\n";
    return 2;
  }
  for (const std::string &w : warnings)
    if (!opts.warnings.apply(w)) {
      errs() << "hyc: error: unknown warning option '-W" << w << "'; hyc's warnings are";
      for (const std::string &n : hy::warningNames())
        errs() << " " << n;
      errs() << " (compiler warnings go after '--')\n";
      return 2;
    }
  opts.print.lineDirectives = !NoLines;
  opts.print.checkFetch = CheckFetch;
  opts.print.simdLanes = !NoSimdLanes;
  opts.print.cudaArch = arch;
  bool reportToFile = ReportFile.getNumOccurrences() && !ReportFile.empty() && ReportFile != "-";
  opts.report = reportToFile;
  opts.remarks = Remarks || (ReportFile.getNumOccurrences() && !reportToFile);
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
  if (std::string e = hy::checkOutputPaths(input, outputs); !e.empty()) {
    errs() << "hyc: error: " << e << "\n";
    return 2;
  }
  if (DiagFormat != "text" && DiagFormat != "sarif") {
    errs() << "hyc: error: unknown diagnostics format '" << DiagFormat
           << "' (expected text or sarif)\n";
    return 2;
  }
  // From here on every message is about the translation: with
  // --diagnostics-format=sarif they all go into the one SARIF document.
  auto translate = [&]() -> int {
    if (!sys::fs::exists(input)) {
      hy::driverError("no such file: '" + input + "'");
      hy::removeOutputs(input, outputs);
      return 1;
    }
    // Compiler modes after '--' (-E, -M) would make the parse something else.
    compilerArgs = hy::parseOnlyAdjuster()(compilerArgs, "");
    std::string err;
    // Annotated headers' translations: under --header-dir, else beside -o FILE.
    std::string headerDir = HeaderDir;
    if (headerDir.empty() && !Output.empty() && Output != "-") {
      headerDir = sys::path::parent_path(Output).str();
      if (headerDir.empty())
        headerDir = ".";
    }
    auto db = loadDatabase(input, own < argc, compilerArgs, HeaderDir, err);
    if (!db) {
      hy::driverError(err);
      return 2;
    }
    hy::TranslateResult r = hy::translateFile(*db, input, opts);
    if (!r.ok) {
      // A build translates each source once per target: this line says which
      // run the errors above came from.
      if (!opts.diagnostics)
        errs() << "hyc: '" << input << "' not translated for --target=" << TargetOpt
               << " (errors above)\n";
      hy::removeOutputs(input, outputs);
      return 1;
    }
    // The annotated headers' translations first (a source's translation is
    // written only with the headers it includes). A translation that is
    // already there as it is stays untouched: the other sources that include
    // the header are not compiled again for nothing.
    if (!r.headers.empty()) {
      if (headerDir.empty()) {
        hy::driverError("'" + input + "' includes '" + r.headers.front().path +
                        "', which holds '#pragma hy'; its translation is written to a file: give "
                        "-o FILE or --header-dir=DIR");
        hy::removeOutputs(input, outputs);
        return 1;
      }
      std::vector<hy::OutputFile> headerFiles;
      for (const hy::TranslateResult::Header &h : r.headers) {
        SmallString<256> path(headerDir);
        sys::path::append(path, h.out);
        if (auto old = MemoryBuffer::getFile(path); old && (*old)->getBuffer() == h.text)
          continue;
        if (std::error_code ec = sys::fs::create_directories(sys::path::parent_path(path))) {
          hy::driverError("cannot write '" + path.str().str() + "': " + ec.message());
          hy::removeOutputs(input, outputs);
          return 1;
        }
        // Never over the header itself (-o beside the sources, no --header-dir).
        if (std::string e = hy::checkOutputPaths(h.path, {{std::string(path), &h.text}});
            !e.empty()) {
          hy::driverError("the translation of the annotated header '" + h.path +
                          "' would replace it; give --header-dir=DIR (or -o FILE in another "
                          "directory)");
          hy::removeOutputs(input, outputs);
          return 1;
        }
        headerFiles.push_back({std::string(path), &h.text});
      }
      if (std::string e = hy::checkOutputPaths(input, headerFiles); !e.empty()) {
        hy::driverError(e);
        hy::removeOutputs(input, outputs);
        return 1;
      }
      if (!hy::writeOutputs(headerFiles)) {
        hy::removeOutputs(input, outputs);
        return 1;
      }
    }
    // Written together: all of them, or none.
    std::string depText = hy::depFileText(depTarget, r.dependencies);
    outputs[0].text = &r.output;
    if (opts.report)
      outputs[1].text = &r.report;
    if (!depPath.empty())
      outputs.back().text = &depText;
    return hy::writeOutputs(outputs) ? 0 : 1;
  };
  if (DiagFormat == "sarif") {
    hy::SarifLog log(HY_VERSION);
    opts.diagnostics = &log;
    int rc;
    {
      hy::DriverErrorSink sink([&log](const std::string &e) { log.driverError(e); });
      rc = translate();
    }
    log.write(errs(), rc);
    return rc;
  }
  return translate();
}
