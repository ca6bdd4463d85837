// Device twins (CUDA target): a function of the file that takes a hy::array,
// std::vector or hy::worklist by reference and that kernels call gets a
// second, __device__ version beside it, the same body over the kernel's
// views (hy::cuda::view, hy::cuda::worklist_view), so that the natural
// helper `float total(const hy::array<float, 1> &a, ...)` works in kernels
// on every target. The twin has the helper's name: in a kernel, where the
// arrays are views, overload resolution picks it (also in templates and in
// the twins of helpers that call each other); host code and the CPU
// fallback keep calling the original, which stays host code.
#pragma once

#include "hy/Targets.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include <set>

namespace hy::cudagen {

/// Whether `p`'s type is an array kind (hy::array, std::vector,
/// hy::worklist; dependent element types included) by reference or value.
bool arrayParam(const clang::ParmVarDecl *p);

/// A call, in code that runs on the GPU, of `fd`, which hyc cannot give a
/// twin (`where`: "defined in 'x.hpp'", "defined in another translation
/// unit"), that passes an array to one of its array parameters: reported
/// (TwinOutsideFile), true.
bool outsideTwin(clang::ASTContext &ctx, const clang::CallExpr *ce, const clang::FunctionDecl *fd,
                 llvm::StringRef where);

/// The functions of `device` (CudaHost.h) that take an array parameter:
/// each gets a twin. Reports what a twin cannot be made of (a member
/// function, an array by value, a use of the array that a view has no
/// counterpart of, two twins of one signature); false on error.
bool findTwins(const PrintInput &in, const std::set<const clang::FunctionDecl *> &device,
               std::set<const clang::FunctionDecl *> &twins);

/// Inserts each twin after its function's definition in `host` (and a
/// prototype after each earlier declaration of it), taking the body as
/// `host` has it (with checkDeviceCode's constant copies), and removes the
/// HY_HD mark from the originals, which stay host code.
void printTwins(const PrintInput &in, const std::set<const clang::FunctionDecl *> &twins,
                clang::Rewriter &host);

} // namespace hy::cudagen
