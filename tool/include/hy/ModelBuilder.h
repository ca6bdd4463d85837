// Builds the TranslationModel (kernels and their node trees) from the
// attached pragmas, reporting structural errors (misplaced thread loops,
// imperfect nests, fetch placement and shape).
#pragma once

#include "hy/Diagnostics.h"
#include "hy/Frontend.h"
#include "hy/Model.h"
#include <optional>

namespace hy {

/// Returns false if an error was reported.
bool buildModel(clang::ASTContext &ctx, const PragmaTable &pragmas,
                const Attachment &att, TranslationModel &model);

/// Why the `parallel for` loop `loop` cannot be a kernel where it is (a
/// default argument, a variable template, code evaluated at compile time),
/// or nothing (model/KernelPlace.cpp).
std::optional<Diag> unsupportedKernelPlace(clang::ASTContext &ctx, const clang::Stmt *loop);

/// Reports `diag` (with the name) at every declaration of the main file
/// whose name `reserved` says the generated code needs for itself
/// (analysis/CheckNames.cpp). False if there was one.
bool checkReservedNames(clang::ASTContext &ctx,
                        llvm::function_ref<bool(llvm::StringRef)> reserved, Diag diag);

/// Semantic checks over a built model (races on scalars, reductions, data
/// the kernel may use, fetch rules, device functions). False on error.
bool checkModel(clang::ASTContext &ctx, TranslationModel &model);

/// The rules of zone loops (analysis/CheckZones.cpp); part of checkModel.
bool checkZones(clang::ASTContext &ctx, TranslationModel &model);

} // namespace hy
