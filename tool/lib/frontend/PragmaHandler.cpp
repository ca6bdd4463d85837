// The `#pragma hy` handler. It lexes the pragma line, parses the clauses
// (PragmaParser.cpp), and records a PragmaDirective. For `parallel fetch` it
// also pushes probe tokens back into the stream,
//   if (__hy_fetch_probe(ID, m, __hy_list(sizes...), __hy_list(origins...))) {} else
// so that clang parses m, the sizes and the origins as real expressions in
// the scope of the statement the fetch covers (which becomes the else branch).
#include "PragmaParser.h"
#include "hy/Diagnostics.h"
#include "hy/Frontend.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/Token.h"

using namespace clang;

namespace hy {

const char *probeDeclarations() {
  return "namespace hy_probe_detail {}\n"
         "template <class... T> constexpr int __hy_list(const T &...) "
         "{ return 0; }\n"
         "template <class M> constexpr bool __hy_fetch_probe(int, const M &, "
         "int, int) { return false; }\n";
}

namespace {

class HyPragmaHandler : public PragmaHandler {
public:
  explicit HyPragmaHandler(PragmaTable &table) : PragmaHandler("hy"), table_(table) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer introducer,
                    Token &first) override {
    std::vector<Token> toks;
    Token tok;
    PP.Lex(tok);
    while (tok.isNot(tok::eod)) {
      toks.push_back(tok);
      PP.Lex(tok);
    }
    SourceLocation eod = tok.getLocation();
    SourceManager &SM = PP.getSourceManager();
    DiagnosticsEngine &DE = PP.getDiagnostics();

    // A user header's pragmas belong to the header's own translation
    // (hy/Headers.h), which reports their errors; here they are only noted.
    SourceLocation at = SM.getExpansionLoc(introducer.Loc);
    if (!SM.isInMainFile(at)) {
      if (SM.isInSystemHeader(at))
        report(DE, introducer.Loc, Diag::PragmaNotMainFile);
      else
        table_.headerPragmas.push_back(at);
      return;
    }

    if (introducer.Loc.isMacroID() || first.getLocation().isMacroID()) {
      report(DE, introducer.Loc, Diag::PragmaInMacro);
      return;
    }

    PragmaDirective d;
    d.id = table_.pragmas.size();
    d.loc = introducer.Loc;
    d.endLoc = eod;
    // The pragma as written, continuation lines joined, spaces collapsed.
    bool invalid = false;
    const char *b = SM.getCharacterData(introducer.Loc, &invalid);
    const char *e = SM.getCharacterData(eod, &invalid);
    if (!invalid && b && e && b <= e)
      for (const char *c = b; c < e; ++c) {
        char ch = (*c == '\\' || *c == '\n' || *c == '\r' || *c == '\t') ? ' ' : *c;
        if (ch != ' ' || (!d.text.empty() && d.text.back() != ' '))
          d.text += ch;
      }
    while (!d.text.empty() && d.text.back() == ' ')
      d.text.pop_back();
    d.valid = parsePragma(PP, first.getLocation(), toks, d);

    table_.pragmas.push_back(d);
    if (d.valid && d.kind == PragmaKind::Fetch)
      injectProbe(PP, table_.pragmas.back(), toks);
  }

private:
  static Token punct(tok::TokenKind k, SourceLocation loc) {
    Token t;
    t.startToken();
    t.setKind(k);
    t.setLocation(loc);
    t.setLength(0);
    return t;
  }
  static Token ident(Preprocessor &PP, const char *name, SourceLocation loc) {
    Token t = punct(tok::identifier, loc);
    t.setIdentifierInfo(PP.getIdentifierInfo(name));
    return t;
  }

  // Pushes `if (probe(...)) {} else` for a parsed fetch pragma.
  void injectProbe(Preprocessor &PP, const PragmaDirective &d,
                   const std::vector<Token> &toks) {
    SourceLocation L = d.loc;
    std::vector<Token> out;
    out.push_back(punct(tok::kw_if, L));
    out.back().setIdentifierInfo(PP.getIdentifierInfo("if"));
    out.push_back(punct(tok::l_paren, L));
    out.push_back(ident(PP, kFetchProbe, L));
    out.push_back(punct(tok::l_paren, L));
    Token num;
    num.startToken();
    std::string idText = std::to_string(d.id);
    PP.CreateString(idText, num, L, L);
    num.setKind(tok::numeric_constant);
    out.push_back(num);
    out.push_back(punct(tok::comma, L));
    // Tokens of each clause part, by source range (the parser stored them).
    auto copyRange = [&](SourceRange r) {
      for (const Token &t : toks)
        if (!PP.getSourceManager().isBeforeInTranslationUnit(
                t.getLocation(), r.getBegin()) &&
            !PP.getSourceManager().isBeforeInTranslationUnit(r.getEnd(),
                                                             t.getLocation()))
          out.push_back(t);
    };
    for (const Token &t : toks)
      if (t.getLocation() == d.fetch.array.loc) {
        out.push_back(t);
        break;
      }
    for (const auto *list : {&d.fetch.sizes, &d.fetch.origins}) {
      out.push_back(punct(tok::comma, L));
      out.push_back(ident(PP, kListProbe, L));
      out.push_back(punct(tok::l_paren, L));
      for (size_t i = 0; i < list->size(); ++i) {
        if (i)
          out.push_back(punct(tok::comma, L));
        out.push_back(punct(tok::l_paren, (*list)[i].getBegin()));
        copyRange((*list)[i]);
        out.push_back(punct(tok::r_paren, (*list)[i].getEnd()));
      }
      out.push_back(punct(tok::r_paren, L));
    }
    out.push_back(punct(tok::r_paren, L));
    out.push_back(punct(tok::r_paren, L));
    out.push_back(punct(tok::l_brace, L));
    out.push_back(punct(tok::r_brace, L));
    out.push_back(punct(tok::kw_else, L));
    out.back().setIdentifierInfo(PP.getIdentifierInfo("else"));

    auto buf = std::make_unique<Token[]>(out.size());
    for (size_t i = 0; i < out.size(); ++i)
      buf[i] = out[i];
    PP.EnterTokenStream(std::move(buf), out.size(),
                        /*DisableMacroExpansion=*/true, /*IsReinject=*/false);
  }

  PragmaTable &table_;
};

} // namespace

void installPragmaHandler(Preprocessor &PP, PragmaTable &table) {
  PP.AddPragmaHandler(new HyPragmaHandler(table));
}

} // namespace hy
