// Parses the tokens of one `#pragma hy` line into a PragmaDirective,
// reporting syntax errors at the offending token.
#pragma once

#include "hy/Pragma.h"
#include "clang/Lex/Preprocessor.h"
#include <vector>

namespace hy {

/// `hyLoc` is the location of the `hy` token; `toks` the rest of the line.
/// Returns false after reporting an error.
bool parsePragma(clang::Preprocessor &PP, clang::SourceLocation hyLoc,
                 const std::vector<clang::Token> &toks, PragmaDirective &d);

} // namespace hy
