// Refuses hyc's own output as input. Every translation defines
// HY_TRANSLATED_BY_HYC (to 1, the same in every file, so that a unity build
// that includes several sees no redefinition) on its second line; given
// back to hyc, such a file would get a second header and second copies of
// the generated code around the first ones. The macro's definition in the
// main file is a fatal error that says to translate the source instead.
#include "hy/Diagnostics.h"
#include "hy/Frontend.h"
#include "clang/Lex/PPCallbacks.h"

using namespace clang;

namespace hy {

const char *const kTranslatedMacro = "HY_TRANSLATED_BY_HYC";

namespace {

class TranslatedInput : public PPCallbacks {
public:
  TranslatedInput(Preprocessor &PP) : PP(PP) {}
  void MacroDefined(const Token &name, const MacroDirective *) override {
    const SourceManager &SM = PP.getSourceManager();
    if (name.getIdentifierInfo()->getName() != kTranslatedMacro ||
        !SM.isInMainFile(SM.getExpansionLoc(name.getLocation())))
      return;
    report(PP.getDiagnostics(), name.getLocation(), Diag::TranslatedInput);
  }

private:
  Preprocessor &PP;
};

} // namespace

void installTranslatedInputCheck(Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<TranslatedInput>(PP));
}

} // namespace hy
