// The checking half of the pipeline (hy/Checking.h), shared by hyc's
// translation and the clang plugin: attach pragmas, build and check the
// model. Each stage runs on the code earlier errors are not in, so that one
// run reports every independent error.
#include "hy/Checking.h"
#include "hy/Diagnostics.h"
#include "hy/ModelBuilder.h"
#include "PrintUtil.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <algorithm>
#include <iterator>
#include <set>

using namespace clang;

namespace hy {

namespace {

// Forwards every diagnostic to the client it wraps and remembers where the
// errors were, so that later stages can leave out the code they are in.
class ErrorRecorder : public DiagnosticConsumer {
public:
  ErrorRecorder(DiagnosticConsumer *next, std::unique_ptr<DiagnosticConsumer> owned)
      : next(next), owned(std::move(owned)) {}
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
  std::vector<SourceLocation> errors;

private:
  DiagnosticConsumer *next;
  std::unique_ptr<DiagnosticConsumer> owned;
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

// Which code the errors reported so far are in. The errors of clauses the
// parser left out of a pragma it kept (PragmaDirective::clauseErrors) do
// not count: the loop is checked without the clause.
class ErrorPlaces {
public:
  ErrorPlaces(const SourceManager &SM, const std::vector<SourceLocation> &errors,
              const PragmaTable &table)
      : SM(SM), errors(errors) {
    for (const PragmaDirective &d : table.pragmas)
      if (d.valid)
        recovered.insert(d.clauseErrors.begin(), d.clauseErrors.end());
  }
  bool within(SourceLocation l, SourceRange r) const {
    l = SM.getExpansionLoc(l);
    return l.isValid() && !SM.isBeforeInTranslationUnit(l, r.getBegin()) &&
           !SM.isBeforeInTranslationUnit(r.getEnd(), l);
  }
  bool errorIn(SourceRange r) const {
    for (SourceLocation e : errors)
      if (!recovered.count(e) && within(e, r))
        return true;
    return false;
  }
  bool inBroken(SourceLocation l) const {
    for (const SourceRange &r : broken)
      if (within(l, r))
        return true;
    return false;
  }
  // The functions with errors (C++ errors: before any stage of hy ran).
  void findBroken(ASTContext &ctx) {
    Bodies b(SM);
    b.TraverseDecl(ctx.getTranslationUnitDecl());
    for (const SourceRange &r : b.ranges)
      if (errorIn(r))
        broken.push_back(r);
  }
  // The kernels an error points into leave the model; after the checks
  // they go to `rejected` (their model is whole), before them they go.
  void dropKernelsWithErrors(TranslationModel &model,
                             std::vector<std::unique_ptr<Kernel>> *rejected) const {
    auto &ks = model.kernels;
    auto kept = std::stable_partition(ks.begin(), ks.end(), [&](const std::unique_ptr<Kernel> &k) {
      const LoopInfo &outer = k->blockLoops.front();
      return !errorIn({SM.getExpansionLoc(outer.pragma->loc),
                       SM.getExpansionLoc(outer.loop->getEndLoc())});
    });
    if (rejected)
      std::move(kept, ks.end(), std::back_inserter(*rejected));
    ks.erase(kept, ks.end());
  }

private:
  const SourceManager &SM;
  const std::vector<SourceLocation> &errors;
  std::set<SourceLocation> recovered;
  std::vector<SourceRange> broken;
};

// A header's kernels are in templates: a header's plain (inline)
// function is defined in every source that includes it, and so would be
// the kernel made of its loop (one __global__ function per source).
void checkHeaderKernels(ASTContext &ctx, const TranslationModel &model) {
  for (const std::unique_ptr<Kernel> &k : model.kernels)
    if (k->function && !k->function->isTemplated())
      report(ctx.getDiagnostics(), k->blockLoops.front().pragma->loc,
             Diag::HeaderKernelNotTemplate)
          << k->function->getQualifiedNameAsString();
}

} // namespace

void prepareChecks(Preprocessor &PP, PragmaTable &table) {
  installPragmaHandler(PP, table);
  installConditionalRecorder(PP, table);
  PP.setPredefines(PP.getPredefines() + probeDeclarations());
}

const std::vector<SourceLocation> &recordErrors(DiagnosticsEngine &DE) {
  DiagnosticConsumer *next = DE.getClient();
  std::unique_ptr<DiagnosticConsumer> owned = DE.ownsClient() ? DE.takeClient() : nullptr;
  auto *rec = new ErrorRecorder(next, std::move(owned));
  DE.setClient(rec, /*ShouldOwnClient=*/true);
  return rec->errors;
}

bool checkUnit(ASTContext &ctx, const PragmaTable &table,
               const std::vector<SourceLocation> &errors, const CheckOptions &opts,
               CheckedUnit &out) {
  DiagnosticsEngine &DE = ctx.getDiagnostics();
  unsigned before = DE.getNumErrors();
  ErrorPlaces places(ctx.getSourceManager(), errors, table);
  out.pragmas = table;
  if (!errors.empty()) {
    places.findBroken(ctx);
    for (PragmaDirective &d : out.pragmas.pragmas)
      if (places.inBroken(d.loc))
        d.valid = false;
  }
  Attachment &att = out.att;
  attachPragmas(ctx, out.pragmas, att);
  for (auto it = att.probePragma.begin(); it != att.probePragma.end();)
    if (places.inBroken(it->second->loc)) {
      att.fetchProbes.erase(it->second->id);
      it = att.probePragma.erase(it);
    } else {
      ++it;
    }
  checkConditionals(ctx, out.pragmas, att);
  buildModel(ctx, out.pragmas, att, out.model);
  if (opts.header)
    checkHeaderKernels(ctx, out.model);
  places.dropKernelsWithErrors(out.model, nullptr);
  checkModel(ctx, out.model);
  // A kernel the checks rejected is not printed; the checks of its fetch
  // tiles' shared memory (here) and of its device code (the CUDA printer)
  // rest on the model builder's work only and still run over it.
  places.dropKernelsWithErrors(out.model, &out.model.rejected);
  // Tiles over the GPU's shared memory: the CPU targets warn (the same
  // source is meant to build for the GPU too); the CUDA printer stops, and
  // checks here only the kernels it does not print.
  PrintOptions po;
  po.target = opts.target;
  po.cudaArch = opts.cudaArch;
  PrintInput in{ctx, out.pragmas, att, out.model, po, nullptr};
  if (opts.target != Target::Cuda)
    for (const std::unique_ptr<Kernel> &k : out.model.kernels)
      checkSharedBudgetUnprinted(in, *k);
  for (const std::unique_ptr<Kernel> &k : out.model.rejected)
    checkSharedBudgetUnprinted(in, *k);
  return DE.getNumErrors() == before;
}

} // namespace hy
