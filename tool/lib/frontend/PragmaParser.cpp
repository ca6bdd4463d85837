// Recursive-descent parser for the clauses of `#pragma hy`:
//   parallel for [into(threads|devices)] [min_blocks(N)] [reduction(OP : v, ...)]... [disjoint(a, ...)]
//                [scratch(v, ...)] [gather(a, ...)]   (the last two on into(devices) only)
//   parallel fetch(m : s0, ... : o0, ... : t0, ... [: p0, ...])
//   scan inclusive(x) | scan exclusive(x)      (reduction(inscan, OP : x) on the loop)
#include "PragmaParser.h"
#include "hy/Diagnostics.h"
#include <map>

using namespace clang;

namespace hy {

const char *spelling(ReductionOp op) {
  switch (op) {
  case ReductionOp::Add: return "+";
  case ReductionOp::Mul: return "*";
  case ReductionOp::Min: return "min";
  case ReductionOp::Max: return "max";
  case ReductionOp::BitAnd: return "&";
  case ReductionOp::BitOr: return "|";
  case ReductionOp::BitXor: return "^";
  case ReductionOp::LogAnd: return "&&";
  case ReductionOp::LogOr: return "||";
  }
  return "?";
}

const char *runtimeName(ReductionOp op) {
  switch (op) {
  case ReductionOp::Add: return "add";
  case ReductionOp::Mul: return "mul";
  case ReductionOp::Min: return "min";
  case ReductionOp::Max: return "max";
  case ReductionOp::BitAnd: return "band";
  case ReductionOp::BitOr: return "bor";
  case ReductionOp::BitXor: return "bxor";
  case ReductionOp::LogAnd: return "land";
  case ReductionOp::LogOr: return "lor";
  }
  return "?";
}

const char *atomicName(ReductionOp op) {
  switch (op) {
  case ReductionOp::BitAnd: return "and";
  case ReductionOp::BitOr: return "or";
  case ReductionOp::BitXor: return "xor";
  default: return runtimeName(op);
  }
}

namespace {

class Parser {
public:
  Parser(Preprocessor &PP, SourceLocation hyLoc, const std::vector<Token> &toks)
      : PP(PP), DE(PP.getDiagnostics()), hyLoc(hyLoc), toks(toks) {}

  bool parse(PragmaDirective &d) {
    if (isIdent("scan")) {
      ++pos;
      d.kind = PragmaKind::Scan;
      return parseScan(d);
    }
    if (!isIdent("parallel")) {
      report(DE, here(), Diag::ExpectedDirective);
      return false;
    }
    ++pos;
    if (atEnd()) {
      report(DE, here(), Diag::ExpectedDirective);
      return false;
    }
    if (cur().is(tok::kw_for)) {
      ++pos;
      d.kind = PragmaKind::ParallelFor;
      return parseForClauses(d);
    }
    if (isIdent("fetch")) {
      ++pos;
      d.kind = PragmaKind::Fetch;
      return parseFetch(d);
    }
    report(DE, here(), Diag::ExpectedDirective);
    return false;
  }

private:
  bool atEnd() const { return pos >= toks.size(); }
  const Token &cur() const { return toks[pos]; }
  SourceLocation here() const {
    if (!atEnd())
      return cur().getLocation();
    return toks.empty() ? hyLoc : toks.back().getEndLoc();
  }
  bool isIdent(const char *s) const {
    return !atEnd() && cur().is(tok::identifier) &&
           cur().getIdentifierInfo()->getName() == s;
  }
  bool expect(tok::TokenKind k, const char *what) {
    if (!atEnd() && cur().is(k)) {
      ++pos;
      return true;
    }
    report(DE, here(), Diag::ExpectedToken) << what;
    return false;
  }

  bool parseForClauses(PragmaDirective &d) {
    while (!atEnd()) {
      if (isIdent("into")) {
        SourceLocation loc = cur().getLocation();
        ++pos;
        if (!expect(tok::l_paren, "'(' after 'into'"))
          return false;
        const bool devices = isIdent("devices");
        if (!devices && !isIdent("threads")) {
          report(DE, here(), Diag::ExpectedToken) << "'threads' or 'devices' in 'into(...)'";
          return false;
        }
        ++pos;
        if (!expect(tok::r_paren, devices ? "')' after 'into(devices'" : "')' after 'into(threads'"))
          return false;
        if (d.intoThreads || d.intoDevices) {
          report(DE, loc, Diag::DuplicateInto);
          return false;
        }
        (devices ? d.intoDevices : d.intoThreads) = true;
        d.intoLoc = loc;
      } else if (isIdent("min_blocks")) {
        SourceLocation loc = cur().getLocation();
        ++pos;
        if (!expect(tok::l_paren, "'(' after 'min_blocks'"))
          return false;
        if (atEnd() || !cur().is(tok::numeric_constant)) {
          report(DE, here(), Diag::ExpectedToken) << "an integer literal in 'min_blocks(...)'";
          return false;
        }
        std::string digits = PP.getSpelling(cur());
        SourceLocation valueLoc = cur().getLocation();
        ++pos;
        if (!expect(tok::r_paren, "')' after the 'min_blocks' value"))
          return false;
        if (digits.empty() || digits.size() > 2 ||
            digits.find_first_not_of("0123456789") != std::string::npos ||
            std::stoi(digits) < 1 || std::stoi(digits) > 32) {
          report(DE, valueLoc, Diag::MinBlocksValue) << digits;
          return false;
        }
        if (d.minBlocks) {
          report(DE, loc, Diag::DuplicateClause) << "min_blocks";
          return false;
        }
        d.minBlocks = std::stoi(digits);
        d.minBlocksLoc = loc;
      } else if (isIdent("reduction")) {
        ++pos;
        if (!expect(tok::l_paren, "'(' after 'reduction'"))
          return false;
        ReductionClause c;
        if (isIdent("inscan")) { // OpenMP 5's modifier: reduction(inscan, + : x)
          c.inscan = true;
          c.inscanLoc = cur().getLocation();
          ++pos;
          if (!expect(tok::comma, "',' after 'inscan'"))
            return false;
        }
        if (!parseOp(c))
          return false;
        if (!expect(tok::colon, "':' after the reduction operator"))
          return false;
        do {
          if (atEnd() || !cur().is(tok::identifier)) {
            report(DE, here(), Diag::ExpectedToken) << "a variable name in 'reduction'";
            return false;
          }
          std::string name = cur().getIdentifierInfo()->getName().str();
          // One variable, one reduction per loop (OpenMP refuses a second).
          auto [first, isNew] = reduced.emplace(name, cur().getLocation());
          if (!isNew) {
            report(DE, cur().getLocation(), Diag::DuplicateReductionVar) << name;
            report(DE, first->second, Diag::NoteFirstNamed) << name;
            return false;
          }
          c.vars.push_back({name, cur().getLocation()});
          ++pos;
        } while (!atEnd() && cur().is(tok::comma) && (++pos, true));
        if (!expect(tok::r_paren, "')' after the reduction variables"))
          return false;
        d.reductions.push_back(std::move(c));
      } else if (isIdent("disjoint")) {
        if (!parseNames("disjoint", "an array name", "arrays", d.disjoint))
          return false;
      } else if (isIdent("scratch") || isIdent("gather")) {
        // Clauses of zone loops (docs/language.md, "Zones").
        const bool scratch = isIdent("scratch");
        (scratch ? d.scratchLoc : d.gatherLoc) = cur().getLocation();
        if (!parseNames(scratch ? "scratch" : "gather", "a variable name",
                        scratch ? "variables" : "arrays", scratch ? d.scratch : d.gather))
          return false;
      } else {
        std::string name = PP.getSpelling(cur());
        report(DE, here(), Diag::UnknownClause) << name;
        return false;
      }
    }
    for (auto [loc, name] : {std::pair{d.scratchLoc, "scratch"}, std::pair{d.gatherLoc, "gather"}})
      if (loc.isValid() && !d.intoDevices) {
        report(DE, loc, Diag::ZoneClauseNotZone) << name;
        return false;
      }
    return true;
  }

  // `scan inclusive(x)` / `scan exclusive(x)`: one variable.
  bool parseScan(PragmaDirective &d) {
    const bool inclusive = isIdent("inclusive");
    if (!inclusive && !isIdent("exclusive")) {
      report(DE, here(), Diag::ExpectedToken) << "'inclusive' or 'exclusive' after '#pragma hy scan'";
      return false;
    }
    d.scanInclusive = inclusive;
    const char *clause = inclusive ? "inclusive" : "exclusive";
    std::vector<NamedLoc> vars;
    if (!parseNames(clause, "a variable name", "variable", vars))
      return false;
    if (vars.size() != 1) {
      report(DE, vars[1].loc, Diag::ScanOneVariable) << clause;
      return false;
    }
    d.scanVar = vars.front();
    if (!atEnd()) {
      report(DE, here(), Diag::ExpectedToken) << "end of '#pragma hy scan'";
      return false;
    }
    return true;
  }

  // `clause(a, b, ...)` at the clause's name: the names into `out`.
  bool parseNames(const char *clause, const char *one, const char *many,
                  std::vector<NamedLoc> &out) {
    ++pos;
    if (!expect(tok::l_paren, ("'(' after '" + std::string(clause) + "'").c_str()))
      return false;
    do {
      if (atEnd() || !cur().is(tok::identifier)) {
        report(DE, here(), Diag::ExpectedToken) << std::string(one) + " in '" + clause + "'";
        return false;
      }
      out.push_back({cur().getIdentifierInfo()->getName().str(), cur().getLocation()});
      ++pos;
    } while (!atEnd() && cur().is(tok::comma) && (++pos, true));
    return expect(tok::r_paren,
                  ("')' after the '" + std::string(clause) + "' " + many).c_str());
  }

  bool parseOp(ReductionClause &c) {
    if (atEnd()) {
      report(DE, here(), Diag::ExpectedToken) << "a reduction operator";
      return false;
    }
    c.opLoc = cur().getLocation();
    switch (cur().getKind()) {
    case tok::plus: c.op = ReductionOp::Add; break;
    case tok::star: c.op = ReductionOp::Mul; break;
    case tok::amp: c.op = ReductionOp::BitAnd; break;
    case tok::pipe: c.op = ReductionOp::BitOr; break;
    case tok::caret: c.op = ReductionOp::BitXor; break;
    case tok::ampamp: c.op = ReductionOp::LogAnd; break;
    case tok::pipepipe: c.op = ReductionOp::LogOr; break;
    case tok::identifier:
      if (isIdent("min")) { c.op = ReductionOp::Min; break; }
      if (isIdent("max")) { c.op = ReductionOp::Max; break; }
      [[fallthrough]];
    default:
      report(DE, here(), Diag::BadReductionOp) << PP.getSpelling(cur());
      return false;
    }
    ++pos;
    return true;
  }

  // Splits tokens [b, e) at depth-0 separators of kind k. A ':' that closes
  // a '?' is not a separator.
  std::vector<std::pair<size_t, size_t>> split(size_t b, size_t e,
                                               tok::TokenKind k) {
    std::vector<std::pair<size_t, size_t>> parts;
    int depth = 0, questions = 0;
    size_t start = b;
    for (size_t i = b; i < e; ++i) {
      tok::TokenKind t = toks[i].getKind();
      if (t == tok::l_paren || t == tok::l_square || t == tok::l_brace)
        ++depth;
      else if (t == tok::r_paren || t == tok::r_square || t == tok::r_brace)
        --depth;
      else if (depth == 0 && t == tok::question)
        ++questions;
      else if (depth == 0 && t == k) {
        if (k == tok::colon && questions > 0) {
          --questions;
          continue;
        }
        parts.push_back({start, i});
        start = i + 1;
      }
    }
    parts.push_back({start, e});
    return parts;
  }

  SourceRange rangeOf(size_t b, size_t e) const {
    return SourceRange(toks[b].getLocation(), toks[e - 1].getLocation());
  }

  bool parseExprList(size_t b, size_t e, const char *what,
                     std::vector<SourceRange> &out) {
    for (auto [pb, pe] : split(b, e, tok::comma)) {
      if (pb == pe) {
        report(DE, pb < toks.size() ? toks[pb].getLocation() : here(),
               Diag::EmptyListItem)
            << what;
        return false;
      }
      out.push_back(rangeOf(pb, pe));
    }
    return true;
  }

  bool parseFetch(PragmaDirective &d) {
    if (!expect(tok::l_paren, "'(' after 'parallel fetch'"))
      return false;
    size_t open = pos;
    int depth = 1;
    size_t close = open;
    for (; close < toks.size(); ++close) {
      if (toks[close].is(tok::l_paren))
        ++depth;
      else if (toks[close].is(tok::r_paren) && --depth == 0)
        break;
    }
    if (close >= toks.size()) {
      pos = toks.size();
      report(DE, here(), Diag::ExpectedToken) << "')' to close 'parallel fetch('";
      return false;
    }
    auto parts = split(open, close, tok::colon);
    if (parts.size() != 4 && parts.size() != 5) {
      report(DE, toks[open - 1].getLocation(), Diag::FetchArity) << (unsigned)parts.size();
      return false;
    }
    // array name
    auto [ab, ae] = parts[0];
    if (ae - ab != 1 || !toks[ab].is(tok::identifier)) {
      report(DE, ab < close ? toks[ab].getLocation() : toks[open].getLocation(),
             Diag::ExpectedToken)
          << "an array name as the first part of 'parallel fetch'";
      return false;
    }
    d.fetch.array = {toks[ab].getIdentifierInfo()->getName().str(), toks[ab].getLocation()};
    if (!parseExprList(parts[1].first, parts[1].second, "size", d.fetch.sizes) ||
        !parseExprList(parts[2].first, parts[2].second, "origin", d.fetch.origins))
      return false;
    for (auto [tb, te] : split(parts[3].first, parts[3].second, tok::comma)) {
      if (te - tb != 1 || !toks[tb].is(tok::identifier)) {
        report(DE, tb < close ? toks[tb].getLocation() : toks[close].getLocation(),
               Diag::ExpectedToken)
            << "a thread loop index in the thread list of 'parallel fetch'";
        return false;
      }
      d.fetch.threads.push_back(
          {toks[tb].getIdentifierInfo()->getName().str(), toks[tb].getLocation()});
    }
    if (parts.size() == 5) {
      d.fetch.permLoc = toks[parts[4].first < close ? parts[4].first : close].getLocation();
      for (auto [pb, pe] : split(parts[4].first, parts[4].second, tok::comma)) {
        if (pe - pb != 1 || !toks[pb].is(tok::numeric_constant)) {
          report(DE, pb < close ? toks[pb].getLocation() : toks[close].getLocation(),
                 Diag::PermNotInt);
          return false;
        }
        std::string s = PP.getSpelling(toks[pb]);
        char *end = nullptr;
        long v = std::strtol(s.c_str(), &end, 10);
        if (*end) {
          report(DE, toks[pb].getLocation(), Diag::PermNotInt);
          return false;
        }
        d.fetch.perm.push_back(static_cast<int>(v));
      }
    }
    pos = close + 1;
    if (!atEnd()) {
      report(DE, here(), Diag::ExpectedToken) << "end of '#pragma hy parallel fetch'";
      return false;
    }
    return true;
  }

  Preprocessor &PP;
  DiagnosticsEngine &DE;
  SourceLocation hyLoc;
  const std::vector<Token> &toks;
  size_t pos = 0;
  std::map<std::string, SourceLocation> reduced; // reduction variables so far
};

} // namespace

bool parsePragma(Preprocessor &PP, SourceLocation hyLoc,
                 const std::vector<Token> &toks, PragmaDirective &d) {
  return Parser(PP, hyLoc, toks).parse(d);
}

} // namespace hy
