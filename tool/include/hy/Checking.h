// The checking half of hyc's pipeline: pragmas attached to statements, the
// model built and every check run, each error and warning reported through
// clang's diagnostics; nothing printed. hyc's translation (Translator.cpp)
// runs it before a printer, and the clang plugin (tool/plugin) runs it in an
// ordinary compile, so both report the same diagnostics.
#pragma once

#include "hy/Frontend.h"
#include "hy/Model.h"
#include "hy/Targets.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Lex/Preprocessor.h"
#include <string>
#include <vector>

namespace hy {

/// Before parsing: the `#pragma hy` handler (into `table`), the recorder of
/// the main file's conditionals and the fetch probes' declarations.
void prepareChecks(clang::Preprocessor &PP, PragmaTable &table);

/// Wraps the client of `DE` so that it also records where errors are (a
/// later stage leaves out the code they are in). The list lives as long as
/// the client, which `DE` owns from then on.
const std::vector<clang::SourceLocation> &recordErrors(clang::DiagnosticsEngine &DE);

struct CheckOptions {
  /// The file is an annotated header's own translation (hy/Headers.h): its
  /// kernels must be templates.
  bool header = false;
  /// The target meant: for the CPU targets a kernel whose fetch tiles do
  /// not fit the shared memory of `cudaArch` is a warning (hy-shared-memory;
  /// the CUDA printer makes it an error).
  Target target = Target::Serial;
  std::string cudaArch = "sm_90";
};

/// What the checks leave for a printer.
struct CheckedUnit {
  /// The pragmas, those in functions with C++ errors marked not valid.
  PragmaTable pragmas;
  Attachment att;
  /// The kernels no error points into, checked (and in `model.rejected`
  /// those the checks reported an error in).
  TranslationModel model;
};

/// Runs every check over the parsed translation unit, on the code the
/// errors so far (`errors`, from recordErrors) are not in: a function with
/// a C++ error loses its pragmas, a kernel an error points into is left out
/// from the stage after that error on (one the checks rejected still has
/// its tiles' shared memory checked, and goes to `model.rejected` for the
/// CUDA printer's device-code checks). False when an error was reported.
bool checkUnit(clang::ASTContext &ctx, const PragmaTable &table,
               const std::vector<clang::SourceLocation> &errors, const CheckOptions &opts,
               CheckedUnit &out);

} // namespace hy
