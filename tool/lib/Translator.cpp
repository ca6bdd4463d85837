// Runs the pipeline for one file: install the pragma handler, parse,
// attach pragmas, build and check the model, print the requested target,
// and make the report. Each stage runs on the code earlier errors are not
// in, so that one run reports every independent error.
#include "hy/Translator.h"
#include "hy/DepFile.h"
#include "hy/DriverSupport.h"
#include "hy/ModelBuilder.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <algorithm>
#include <cstdlib>

using namespace clang;

namespace hy {

namespace {

// Forwards every diagnostic to the printer it wraps and remembers where the
// errors were, so that later stages can leave out the code they are in.
class ErrorRecorder : public DiagnosticConsumer {
public:
  ErrorRecorder(DiagnosticConsumer *next, std::unique_ptr<DiagnosticConsumer> owned,
                std::vector<SourceLocation> &errors)
      : next(next), owned(std::move(owned)), errors(errors) {}
  void BeginSourceFile(const LangOptions &LO, const Preprocessor *PP) override {
    next->BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { next->EndSourceFile(); }
  void finish() override { next->finish(); }
  bool IncludeInDiagnosticCounts() const override { return next->IncludeInDiagnosticCounts(); }
  void HandleDiagnostic(DiagnosticsEngine::Level level, const Diagnostic &info) override {
    if (level >= DiagnosticsEngine::Error)
      errors.push_back(info.getLocation());
    DiagnosticConsumer::HandleDiagnostic(level, info);
    next->HandleDiagnostic(level, info);
  }

private:
  DiagnosticConsumer *next;
  std::unique_ptr<DiagnosticConsumer> owned;
  std::vector<SourceLocation> &errors;
};

// The bodies of the main file's functions (for finding the code an error is in).
class Bodies : public RecursiveASTVisitor<Bodies> {
public:
  explicit Bodies(const SourceManager &SM) : SM(SM) {}
  bool VisitFunctionDecl(FunctionDecl *fd) {
    if (fd->doesThisDeclarationHaveABody() && fd->getBody() &&
        SM.isInMainFile(SM.getExpansionLoc(fd->getLocation())))
      ranges.push_back({SM.getExpansionLoc(fd->getBeginLoc()),
                        SM.getExpansionLoc(fd->getBody()->getEndLoc())});
    return true;
  }
  const SourceManager &SM;
  std::vector<SourceRange> ranges;
};

class Consumer : public ASTConsumer {
public:
  Consumer(const TranslateOptions &opts, PragmaTable &table, TranslateResult &result,
           std::vector<SourceLocation> &errors)
      : opts(opts), table(table), result(result), errors(errors) {}

  // Every stage runs even when an earlier one reported errors, on the code
  // those errors are not in: a function clang could not parse is left out
  // (its pragmas are not attached), and so is a kernel that an error points
  // into, from the stage after that error on. Nothing is written when any
  // error was reported; the printers then run only to report their own.
  void HandleTranslationUnit(ASTContext &ctx) override {
    DiagnosticsEngine &DE = ctx.getDiagnostics();
    if (DE.hasFatalErrorOccurred())
      return;
    SM = &ctx.getSourceManager();
    PragmaTable usable = table;
    Attachment att;
    if (!errors.empty()) {
      Bodies b(*SM);
      b.TraverseDecl(ctx.getTranslationUnitDecl());
      for (const SourceRange &r : b.ranges)
        if (errorIn(r))
          broken.push_back(r);
      for (PragmaDirective &d : usable.pragmas)
        if (inBroken(d.loc))
          d.valid = false;
    }
    attachPragmas(ctx, usable, att);
    for (auto it = att.probePragma.begin(); it != att.probePragma.end();)
      if (inBroken(it->second->loc)) {
        att.fetchProbes.erase(it->second->id);
        it = att.probePragma.erase(it);
      } else {
        ++it;
      }
    checkConditionals(ctx, usable, att);
    TranslationModel model;
    buildModel(ctx, usable, att, model);
    dropKernelsWithErrors(ctx, model);
    checkModel(ctx, model);
    dropKernelsWithErrors(ctx, model);
    if (opts.inspect)
      opts.inspect(ctx, usable, model, !DE.hasErrorOccurred());
    PrintOptions po = opts.print;
    if (po.inputName.empty())
      po.inputName = SM->getFileEntryRefForID(SM->getMainFileID())->getName().str();
    std::vector<Remark> remarks;
    PrintInput in{ctx, usable, att, model, po, opts.report || opts.remarks ? &remarks : nullptr};
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
    result.output = std::move(output);
    if (in.remarks)
      emitReport(ctx, kernelReport(in));
    result.ok = !DE.hasErrorOccurred();
  }

private:
  bool before(SourceLocation a, SourceLocation b) const {
    return SM->isBeforeInTranslationUnit(a, b);
  }
  bool within(SourceLocation l, SourceRange r) const {
    l = SM->getExpansionLoc(l);
    return l.isValid() && !before(l, r.getBegin()) && !before(r.getEnd(), l);
  }
  bool errorIn(SourceRange r) const {
    for (SourceLocation e : errors)
      if (within(e, r))
        return true;
    return false;
  }
  bool inBroken(SourceLocation l) const {
    for (const SourceRange &r : broken)
      if (within(l, r))
        return true;
    return false;
  }

  void dropKernelsWithErrors(ASTContext &ctx, TranslationModel &model) {
    auto &ks = model.kernels;
    ks.erase(std::remove_if(ks.begin(), ks.end(),
                            [&](const std::unique_ptr<Kernel> &k) {
                              const LoopInfo &outer = k->blockLoops.front();
                              return errorIn({SM->getExpansionLoc(outer.pragma->loc),
                                              stmtEndLoc(ctx, outer.loop)});
                            }),
             ks.end());
  }
  SourceLocation stmtEndLoc(ASTContext &ctx, const Stmt *s) const {
    return SM->getExpansionLoc(s->getEndLoc());
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
  std::vector<SourceLocation> &errors;
  const SourceManager *SM = nullptr;
  std::vector<SourceRange> broken; // functions with C++ errors
};

class Action : public ASTFrontendAction {
public:
  Action(const TranslateOptions &opts, TranslateResult &result)
      : opts(opts), result(result) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    Preprocessor &PP = CI.getPreprocessor();
    installPragmaHandler(PP, table);
    installConditionalRecorder(PP, table);
    installTranslatedInputCheck(PP);
    PP.setPredefines(PP.getPredefines() + probeDeclarations());
    DiagnosticsEngine &DE = CI.getDiagnostics();
    DiagnosticConsumer *next = DE.getClient();
    std::unique_ptr<DiagnosticConsumer> owned = DE.ownsClient() ? DE.takeClient() : nullptr;
    DE.setClient(new ErrorRecorder(next, std::move(owned), errors), /*ShouldOwnClient=*/true);
    deps.attachToPreprocessor(PP);
    return true;
  }

  void EndSourceFileAction() override {
    result.dependencies = deps.absolute(getCompilerInstance());
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    return std::make_unique<Consumer>(opts, table, result, errors);
  }

private:
  const TranslateOptions &opts;
  TranslateResult &result;
  PragmaTable table;
  std::vector<SourceLocation> errors;
  DepCollector deps; // the files read, for hyc -MD
};

class Factory : public tooling::FrontendActionFactory {
public:
  Factory(const TranslateOptions &opts, TranslateResult &result) : opts(opts), result(result) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<Action>(opts, result);
  }
  const TranslateOptions &opts;
  TranslateResult &result;
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
  tool.appendArgumentsAdjuster(takeHyWarnings(opts.warnings));
  auto extra = defaultArgs();
  tool.appendArgumentsAdjuster(tooling::getInsertArgumentAdjuster(
      extra, tooling::ArgumentInsertPosition::END));
  tool.appendArgumentsAdjuster(parseOnlyAdjuster());
  tool.appendArgumentsAdjuster(tooling::getClangSyntaxOnlyAdjuster());
  Factory factory(opts, result);
  int rc = tool.run(&factory);
  if (rc != 0)
    result.ok = false;
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
  bool ok = tooling::runToolOnCodeWithArgs(std::make_unique<Action>(opts, result), code,
                                           all, fileName);
  if (!ok)
    result.ok = false;
  return result;
}

} // namespace hy
