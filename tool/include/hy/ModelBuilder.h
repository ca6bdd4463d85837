// Builds the TranslationModel (kernels and their node trees) from the
// attached pragmas, reporting structural errors (misplaced thread loops,
// imperfect nests, fetch placement and shape).
#pragma once

#include "hy/Frontend.h"
#include "hy/Model.h"

namespace hy {

/// Returns false if an error was reported.
bool buildModel(clang::ASTContext &ctx, const PragmaTable &pragmas,
                const Attachment &att, TranslationModel &model);

/// Semantic checks over a built model (races on scalars, reductions, data
/// the kernel may use, fetch rules, device functions). False on error.
bool checkModel(clang::ASTContext &ctx, TranslationModel &model);

/// The rules of zone loops (analysis/CheckZones.cpp); part of checkModel.
bool checkZones(clang::ASTContext &ctx, TranslationModel &model);

} // namespace hy
