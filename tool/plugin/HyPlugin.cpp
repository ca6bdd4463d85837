// hy's clang plugin: `clang++ -fplugin=libhyPlugin.so` compiles an
// annotated source as it is (its serial meaning) with `#pragma hy`
// registered, so clang does not warn about unknown pragmas, and runs hyc's
// checks (hy/Checking.h) during the compile: the same errors and warnings,
// with the same text and warning names, as `hyc --target=serial`. An error
// fails the compile. Arguments (-fplugin-arg-hy-ARG): hyc's warning options
// (Wno-hy-race, Werror=hy-race, ...) and cuda-arch=LIST; hyc's warning
// options among clang's own -W flags count too, as in hyc.
//
// The plugin holds hy_core but not clang's libraries: it takes them from
// the clang process that loads it (Debian's clang-19 links libclang-cpp and
// libLLVM as shared libraries), so there is one copy of each.
#include "hy/Checking.h"
#include "hy/Diagnostics.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"

using namespace clang;

namespace {

class HyChecks : public ASTConsumer {
public:
  HyChecks(CompilerInstance &CI, hy::CheckOptions opts, hy::WarningPolicy policy)
      : opts(std::move(opts)), policy(std::move(policy)) {
    hy::prepareChecks(CI.getPreprocessor(), table);
    errors = &hy::recordErrors(CI.getDiagnostics());
  }

  void HandleTranslationUnit(ASTContext &ctx) override {
    if (ctx.getDiagnostics().hasFatalErrorOccurred())
      return;
    hy::WarningPolicyScope scope(policy);
    hy::CheckedUnit unit;
    hy::checkUnit(ctx, table, *errors, opts, unit);
  }

private:
  hy::CheckOptions opts;
  hy::WarningPolicy policy;
  hy::PragmaTable table;
  const std::vector<SourceLocation> *errors = nullptr; // owned by the diagnostics client
};

class HyPluginAction : public PluginASTAction {
public:
  bool ParseArgs(const CompilerInstance &CI, const std::vector<std::string> &args) override {
    DiagnosticsEngine &DE = CI.getDiagnostics();
    // hyc's warning options given to clang (-Wno-hy-race), as hyc takes
    // them among the compiler arguments.
    for (const std::string &w : CI.getDiagnosticOpts().Warnings)
      if (llvm::StringRef(w).contains("hy-"))
        policy.apply(w);
    bool ok = true;
    for (const std::string &a : args) {
      llvm::StringRef arg(a);
      if (arg.consume_front("cuda-arch=")) {
        opts.cudaArch = hy::smallestCudaArch(arg.str());
        if (opts.cudaArch.empty()) {
          hy::report(DE, SourceLocation(), hy::Diag::PluginCudaArch) << arg;
          ok = false;
        }
      } else if (!arg.consume_front("W") || !policy.apply(arg.str())) {
        hy::report(DE, SourceLocation(), hy::Diag::PluginArgument) << a;
        ok = false;
      }
    }
    return ok;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    // hy annotates C++ for the CPU; a CUDA compile (host and device
    // passes) or a C one is left alone.
    const LangOptions &LO = CI.getLangOpts();
    if (!LO.CPlusPlus || LO.CUDA)
      return std::make_unique<ASTConsumer>();
    return std::make_unique<HyChecks>(CI, opts, policy);
  }

  // Before the main action (code generation), which an error then stops.
  ActionType getActionType() override { return AddBeforeMainAction; }

private:
  hy::CheckOptions opts; // the serial meaning, budget for sm_90 unless told
  hy::WarningPolicy policy;
};

} // namespace

static FrontendPluginRegistry::Add<HyPluginAction> X("hy", "hy: #pragma hy and hyc's checks");
