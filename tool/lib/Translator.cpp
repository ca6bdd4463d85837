// Runs the pipeline for one file: install the pragma handler, parse, run
// the checks (Checking.cpp: attach pragmas, build and check the model),
// print the requested target, and make the report. Each stage runs on the
// code earlier errors are not in, so that one run reports every
// independent error.
#include "hy/Translator.h"
#include "hy/Checking.h"
#include "hy/DepFile.h"
#include "hy/DriverSupport.h"
#include "hy/Headers.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <set>
#include <cstdlib>

using namespace clang;

namespace hy {

namespace {

class Consumer : public ASTConsumer {
public:
  Consumer(const TranslateOptions &opts, PragmaTable &table, TranslateResult &result,
           const std::vector<SourceLocation> &errors, const std::vector<Inclusion> &includes,
           std::vector<HeaderJob> &headerJobs)
      : opts(opts), table(table), result(result), errors(errors), includes(includes),
        headerJobs(headerJobs) {}

  // The checks (hy/Checking.h) run on the code earlier errors are not
  // in; nothing is written when any error was reported, and the printers
  // then run only to report their own.
  void HandleTranslationUnit(ASTContext &ctx) override {
    DiagnosticsEngine &DE = ctx.getDiagnostics();
    if (DE.hasFatalErrorOccurred())
      return;
    SM = &ctx.getSourceManager();
    // The annotated headers this file includes; a header's own translation
    // leaves the ones it includes to the source's.
    if (!opts.header)
      headerJobs = planHeaders(*SM, DE, table, includes);
    CheckOptions co;
    co.header = opts.header;
    co.target = opts.print.target;
    co.cudaArch = opts.print.cudaArch;
    CheckedUnit unit;
    checkUnit(ctx, table, errors, co, unit);
    const PragmaTable &usable = unit.pragmas;
    TranslationModel &model = unit.model;
    if (opts.inspect)
      opts.inspect(ctx, usable, model, !DE.hasErrorOccurred());
    PrintOptions po = opts.print;
    if (po.inputName.empty())
      po.inputName = SM->getFileEntryRefForID(SM->getMainFileID())->getName().str();
    std::vector<Remark> remarks;
    PrintInput in{ctx, usable, unit.att, model, po,
                  opts.report || opts.remarks ? &remarks : nullptr};
    std::string output;
    switch (po.target) {
    case Target::Serial:
      output = printSerial(in);
      break;
    case Target::OpenMP:
      output = printOpenMP(in);
      break;
    case Target::Cuda:
      printCuda(in, output);
      break;
    }
    if (DE.hasErrorOccurred())
      return;
    if (opts.header && po.target == Target::Cuda)
      guardCudaHeader(output, po.inputName);
    result.output = std::move(output);
    if (in.remarks)
      emitReport(ctx, kernelReport(in));
    result.ok = !DE.hasErrorOccurred();
  }

private:
  // A header's CUDA translation holds CUDA code: a plain C++ compile that
  // reaches it (a host source of the cuda variant including the header)
  // stops with a message that says why, after the translation's first two
  // lines (the name of its source and HY_TRANSLATED_BY_HYC).
  static void guardCudaHeader(std::string &output, const std::string &name) {
    size_t at = output.find('\n');
    at = at == std::string::npos ? at : output.find('\n', at + 1);
    at = at == std::string::npos ? 0 : at + 1;
    output.insert(at, "#ifndef __CUDACC__\n#error \"hyc's CUDA translation of " +
                          llvm::sys::path::filename(name).str() +
                          ": include this header from annotated sources of the cuda variant "
                          "(compiled by nvcc), not from plain C++\"\n#endif\n");
  }

  // The report: remarks on stderr (-Rhy) and/or lines of text for the file.
  void emitReport(ASTContext &ctx, const std::vector<Remark> &rs) {
    for (const Remark &r : rs) {
      if (opts.remarks)
        reportRemark(ctx.getDiagnostics(), r.loc, r.text);
      if (opts.report) {
        PresumedLoc p = SM->getPresumedLoc(SM->getExpansionLoc(r.loc));
        result.report += p.isValid() ? std::string(p.getFilename()) + ":" +
                                           std::to_string(p.getLine()) + ":" +
                                           std::to_string(p.getColumn())
                                     : std::string("?");
        result.report += ": remark: " + r.text + " [-Rhy]\n";
      }
    }
  }

  const TranslateOptions &opts;
  PragmaTable &table;
  TranslateResult &result;
  const std::vector<SourceLocation> &errors;
  const std::vector<Inclusion> &includes;
  std::vector<HeaderJob> &headerJobs;
  const SourceManager *SM = nullptr;
};

class Action : public ASTFrontendAction {
public:
  Action(const TranslateOptions &opts, TranslateResult &result,
         std::vector<HeaderJob> &headerJobs)
      : opts(opts), result(result), headerJobs(headerJobs) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    Preprocessor &PP = CI.getPreprocessor();
    prepareChecks(PP, table);
    installTranslatedInputCheck(PP);
    installIncludeRecorder(PP, includes);
    errors = &recordErrors(CI.getDiagnostics());
    deps.attachToPreprocessor(PP);
    return true;
  }

  void EndSourceFileAction() override {
    result.dependencies = deps.absolute(getCompilerInstance());
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    return std::make_unique<Consumer>(opts, table, result, *errors, includes, headerJobs);
  }

private:
  const TranslateOptions &opts;
  TranslateResult &result;
  PragmaTable table;
  const std::vector<SourceLocation> *errors = nullptr; // recordErrors'; the client owns it
  DepCollector deps; // the files read, for hyc -MD
  std::vector<Inclusion> includes;
  std::vector<HeaderJob> &headerJobs;
};

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(const TranslateOptions &opts, TranslateResult &result) : opts(opts), result(result) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(opts, result, headerJobs);
  }
  const TranslateOptions &opts;
  TranslateResult &result;
  std::vector<HeaderJob> headerJobs; // the annotated headers the file includes
};

// An annotated header is parsed with the flags of the source that includes
// it (the source's command, the header in its place), as a C++ header.
class HeaderDatabase : public tooling::CompilationDatabase {
public:
  HeaderDatabase(const tooling::CompilationDatabase &base, std::string source)
      : base(base), source(absolute(source, "")) {}
  std::vector<tooling::CompileCommand> getCompileCommands(StringRef file) const override {
    std::vector<tooling::CompileCommand> cmds = base.getCompileCommands(source);
    for (tooling::CompileCommand &c : cmds) {
      std::vector<std::string> line;
      bool replaced = false;
      for (size_t i = 0; i < c.CommandLine.size(); ++i) {
        const std::string &a = c.CommandLine[i];
        if (i && !replaced && !StringRef(a).starts_with("-") && absolute(a, c.Directory) == source) {
          line.push_back("-xc++-header");
          line.push_back(file.str());
          replaced = true;
        } else {
          line.push_back(a);
        }
      }
      if (!replaced) {
        line.push_back("-xc++-header");
        line.push_back(file.str());
      }
      c.CommandLine = std::move(line);
      c.Filename = file.str();
    }
    return cmds;
  }

private:
  static std::string absolute(StringRef p, StringRef dir) {
    llvm::SmallString<256> r(dir);
    if (llvm::sys::path::is_absolute(p) || dir.empty())
      r = p;
    else
      llvm::sys::path::append(r, p);
    llvm::sys::fs::make_absolute(r);
    llvm::sys::path::remove_dots(r, /*remove_dot_dot=*/true);
    return std::string(r);
  }

private:
  const tooling::CompilationDatabase &base;
  std::string source;
};

// hyc's warning options among the compiler flags (-Wno-hy-race after --,
// or in compile_commands.json) go to the warning policy, not to clang.
tooling::ArgumentsAdjuster takeHyWarnings(WarningPolicy &policy) {
  return [&policy](const tooling::CommandLineArguments &args, StringRef) {
    tooling::CommandLineArguments out;
    for (const std::string &a : args) {
      StringRef w(a);
      if (w.consume_front("-W") && w.contains("hy-") && policy.apply(w.str()))
        continue;
      out.push_back(a);
    }
    return out;
  };
}

} // namespace

// <prefix> of an installed hyc (<prefix>/bin/hyc) joined with `rel`, when
// `probe` exists there; else empty.
static std::string besideExecutable(std::initializer_list<llvm::StringRef> rel,
                                    std::initializer_list<llvm::StringRef> probe) {
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable("hyc", &anchor);
  if (exe.empty())
    return "";
  llvm::SmallString<256> dir(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
  for (llvm::StringRef r : rel)
    llvm::sys::path::append(dir, r);
  llvm::SmallString<256> at(dir);
  for (llvm::StringRef p : probe)
    llvm::sys::path::append(at, p);
  return llvm::sys::fs::exists(at) ? std::string(dir) : "";
}

std::string runtimeInclude() {
  if (const char *env = std::getenv("HY_RUNTIME_INCLUDE"))
    return env;
  std::string installed = besideExecutable({"include"}, {"hy", "hy.hpp"});
  return installed.empty() ? HY_RUNTIME_INCLUDE_DIR : installed;
}

std::string clangResourceDir() {
  std::string installed = besideExecutable({"lib", "hy", "clang"}, {"include", "stddef.h"});
  return installed.empty() ? HY_CLANG_RESOURCE_DIR : installed;
}

std::vector<std::string> defaultArgs() {
  // HY_HD (hy/config.hpp) marks a header's function for the device: in
  // hyc's parse it leaves a mark that the CUDA target's checks can see.
  return {"-resource-dir=" + clangResourceDir(), "-I" + runtimeInclude(),
          "-Wno-unknown-pragmas", "-D__HY__=1", "-DHY_HD=__attribute__((annotate(\"hy_hd\")))"};
}

TranslateResult translateFile(const tooling::CompilationDatabase &db,
                              const std::string &file, const TranslateOptions &given) {
  TranslateResult result;
  TranslateOptions opts = given;
  WarningPolicyScope scope(opts.warnings);
  tooling::ClangTool tool(db, {file});
  tool.setPrintErrorMessage(false); // the driver says what failed, and for which target
  if (opts.diagnostics)
    tool.setDiagnosticConsumer(opts.diagnostics);
  tool.appendArgumentsAdjuster(takeHyWarnings(opts.warnings));
  auto extra = defaultArgs();
  // Another consumer (the SARIF log) takes every diagnostic: no "N errors
  // generated." on standard error either (clang prints it only with carets).
  if (opts.diagnostics)
    extra.push_back("-fno-caret-diagnostics");
  tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      extra, tooling::ArgumentInsertPosition::END));
  tool.appendArgumentsAdjuster(parseOnlyAdjuster());
  tool.appendArgumentsAdjuster(tooling::getClangSyntaxOnlyAdjuster());
  Factory factory(opts, result);
  int rc = tool.run(&factory);
  if (rc != 0)
    result.ok = false;
  if (!result.ok || factory.headerJobs.empty())
    return result;
  // The annotated headers, each translated as a file of its own: the same
  // text for every source that includes it.
  HeaderDatabase hdb(db, file);
  std::set<std::string> seen(result.dependencies.begin(), result.dependencies.end());
  for (const HeaderJob &job : factory.headerJobs) {
    TranslateOptions hopts = given;
    hopts.header = true;
    hopts.print.inputName = job.path;
    TranslateResult h = translateFile(hdb, job.path, hopts);
    if (!h.ok) {
      if (!opts.diagnostics) // a summary for the text diagnostics above it
        llvm::errs() << "hyc: annotated header '" << job.path << "' (included by '" << file
                   << "') not translated (errors above)\n";
      result.ok = false;
      continue;
    }
    for (std::string &d : h.dependencies)
      if (seen.insert(d).second)
        result.dependencies.push_back(std::move(d));
    result.headers.push_back({job.path, job.out, std::move(h.output)});
  }
  return result;
}

TranslateResult translateCode(const std::string &code, const std::string &fileName,
                              const std::vector<std::string> &args,
                              const TranslateOptions &opts) {
  TranslateResult result;
  WarningPolicyScope scope(opts.warnings);
  std::vector<std::string> all = args;
  for (auto &a : defaultArgs())
    all.push_back(a);
  all.push_back("-fsyntax-only");
  std::vector<HeaderJob> headerJobs; // in-memory code includes no annotated header
  bool ok = tooling::runToolOnCodeWithArgs(std::make_unique<Action>(opts, result, headerJobs), code,
                                           all, fileName);
  if (!ok)
    result.ok = false;
  return result;
}

} // namespace hy
