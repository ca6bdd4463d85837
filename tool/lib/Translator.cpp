// Runs the pipeline for one file: install the pragma handler, parse,
// attach pragmas, build and check the model, print the requested target.
#include "hy/Translator.h"
#include "hy/DepFile.h"
#include "hy/DriverSupport.h"
#include "hy/ModelBuilder.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include <cstdlib>

using namespace clang;

namespace hy {

namespace {

class Consumer : public ASTConsumer {
public:
  Consumer(const TranslateOptions &opts, PragmaTable &table, TranslateResult &result)
      : opts(opts), table(table), result(result) {}

  void HandleTranslationUnit(ASTContext &ctx) override {
    DiagnosticsEngine &DE = ctx.getDiagnostics();
    if (DE.hasErrorOccurred())
      return;
    Attachment att;
    if (!attachPragmas(ctx, table, att) || !checkConditionals(ctx, table, att))
      return;
    TranslationModel model;
    bool built = buildModel(ctx, table, att, model) && checkModel(ctx, model);
    if (opts.inspect)
      opts.inspect(ctx, table, model, built && !DE.hasErrorOccurred());
    if (!built)
      return;
    if (DE.hasErrorOccurred())
      return;
    PrintOptions po = opts.print;
    if (po.inputName.empty()) {
      const SourceManager &SM = ctx.getSourceManager();
      po.inputName = SM.getFileEntryRefForID(SM.getMainFileID())->getName().str();
    }
    PrintInput in{ctx, table, att, model, po};
    switch (po.target) {
    case Target::Serial:
      result.output = printSerial(in);
      break;
    case Target::OpenMP:
      result.output = printOpenMP(in);
      break;
    case Target::Cuda:
      if (!printCuda(in, result.output))
        return;
      break;
    }
    if (opts.report)
      result.report = kernelReport(in);
    result.ok = !DE.hasErrorOccurred();
  }

private:
  const TranslateOptions &opts;
  PragmaTable &table;
  TranslateResult &result;
};

class Action : public ASTFrontendAction {
public:
  Action(const TranslateOptions &opts, TranslateResult &result)
      : opts(opts), result(result) {}

  bool BeginSourceFileAction(CompilerInstance &CI) override {
    Preprocessor &PP = CI.getPreprocessor();
    installPragmaHandler(PP, table);
    installConditionalRecorder(PP, table);
    PP.setPredefines(PP.getPredefines() + probeDeclarations());
    deps.attachToPreprocessor(PP);
    return true;
  }

  void EndSourceFileAction() override {
    result.dependencies = deps.absolute(getCompilerInstance());
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &, StringRef) override {
    return std::make_unique<Consumer>(opts, table, result);
  }

private:
  const TranslateOptions &opts;
  TranslateResult &result;
  PragmaTable table;
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

} // namespace

// The runtime headers: $HY_RUNTIME_INCLUDE, else <prefix>/include next to an
// installed hyc (<prefix>/bin/hyc), else the source tree hyc was built from.
static std::string runtimeInclude() {
  if (const char *env = std::getenv("HY_RUNTIME_INCLUDE"))
    return env;
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable("hyc", &anchor);
  if (!exe.empty()) {
    llvm::SmallString<256> dir(llvm::sys::path::parent_path(llvm::sys::path::parent_path(exe)));
    llvm::sys::path::append(dir, "include");
    llvm::SmallString<256> probe(dir);
    llvm::sys::path::append(probe, "hy", "hy.hpp");
    if (llvm::sys::fs::exists(probe))
      return std::string(dir);
  }
  return HY_RUNTIME_INCLUDE_DIR;
}

std::vector<std::string> defaultArgs() {
  // HY_HD (hy/config.hpp) marks a header's function for the device: in
  // hyc's parse it leaves a mark that the CUDA target's checks can see.
  return {"-resource-dir=" HY_CLANG_RESOURCE_DIR, "-I" + runtimeInclude(),
          "-Wno-unknown-pragmas", "-D__HY__=1", "-DHY_HD=__attribute__((annotate(\"hy_hd\")))"};
}

TranslateResult translateFile(const tooling::CompilationDatabase &db,
                              const std::string &file, const TranslateOptions &opts) {
  TranslateResult result;
  tooling::ClangTool tool(db, {file});
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
