// Host-side analyses of the CUDA target: which functions of the file run on
// the device (they become __host__ __device__), and where host code needs
// the newest copy of an array (hy::cuda::host calls, resident scopes).
#pragma once

#include "hy/Model.h"
#include "hy/Targets.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <functional>
#include <map>
#include <set>
#include <vector>

namespace hy::cudagen {

/// The kernels whose device code the CUDA target checks: those it prints
/// and those the checks rejected (TranslationModel::rejected), whose errors
/// do not stop these checks.
std::vector<const Kernel *> deviceCheckedKernels(const TranslationModel &model);

/// Functions of the main file that kernels (deviceCheckedKernels) call,
/// transitively. Returns false after reporting a call to a function
/// without a body.
bool deviceFunctions(const PrintInput &in, std::set<const clang::FunctionDecl *> &out);

/// The constructors written in source (not implicit, not defaulted) that
/// `ce` runs: its own, or for an implicit one those of the subobjects it
/// constructs, recursively (CudaSpecialMembers.cpp).
void writtenConstructors(const clang::CXXConstructExpr *ce,
                         const std::function<void(const clang::CXXConstructorDecl *)> &f);
/// The destructors written in source that destroying an object of type `t`
/// runs: its class's, its bases' and its members', recursively.
void writtenDestructors(clang::QualType t,
                        const std::function<void(const clang::CXXDestructorDecl *)> &f);

/// What code that runs on the GPU may do (CudaDeviceCode.cpp): reports
/// exceptions, RTTI, non-constant globals and calls nvcc would not compile
/// for the device in kernels (deviceCheckedKernels) and `device`
/// functions, and copies the
/// constants device functions need into their bodies (in `host`). False on
/// error.
bool checkDeviceCode(const PrintInput &in, const std::set<const clang::FunctionDecl *> &device,
                     clang::Rewriter &host);

/// In every host function of the file (not those in `onDevice`, which run
/// on the GPU): hy::cuda::host(...) before host statements that touch
/// arrays (variables or members) that may be on the device; in resident
/// functions (those that launch kernels, or call such a function of this
/// file, to a fixpoint) also a hy::cuda::resident_scope for arrays that
/// outlive the function. `byFunction`: the kernels of each function that
/// has some.
void syncHostCode(const PrintInput &in, clang::Rewriter &host,
                  const std::map<const clang::FunctionDecl *, std::vector<const Kernel *>> &byFunction,
                  const std::set<const clang::FunctionDecl *> &onDevice);

} // namespace hy::cudagen
