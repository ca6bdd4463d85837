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
      error(here(), Diag::ExpectedDirective);
      return false;
    }
    ++pos;
    if (atEnd()) {
      error(here(), Diag::ExpectedDirective);
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
    error(here(), Diag::ExpectedDirective);
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
    error(here(), Diag::ExpectedToken) << what;
    return false;
  }

  // The clauses of `parallel for`. A clause with an error is reported and
  // left out (skipped to its closing parenthesis), and the others are
  // still read: the loop is checked without it (PragmaDirective::
  // clauseErrors). An error in 'into' leaves the pragma out: whether the
  // loop is a block, thread or zone loop is not known.
  bool parseForClauses(PragmaDirective &d) {
    while (!atEnd()) {
      const size_t start = pos, errors = errorLocs.size();
      bool fatal = false;
      if (parseClause(d, fatal))
        continue;
      if (fatal)
        return false;
      d.clauseErrors.insert(d.clauseErrors.end(), errorLocs.begin() + errors, errorLocs.end());
      skipClause(start);
    }
    for (auto [loc, name] : {std::pair{d.scratchLoc, "scratch"}, std::pair{d.gatherLoc, "gather"}})
      if (loc.isValid() && !d.intoDevices) {
        error(loc, Diag::ZoneClauseNotZone) << name;
        d.clauseErrors.push_back(loc);
        (name[0] == 's' ? d.scratch : d.gather).clear();
      }
    return true;
  }

  // Past the clause that starts at `start`: its name and, if one follows,
  // its parenthesized part.
  void skipClause(size_t start) {
    pos = start + 1;
    if (atEnd() || !cur().is(tok::l_paren))
      return;
    for (int depth = 0; !atEnd(); ++pos) {
      if (cur().is(tok::l_paren))
        ++depth;
      else if (cur().is(tok::r_paren) && --depth == 0) {
        ++pos;
        return;
      }
    }
  }

  // One clause at `pos`; false after reporting an error (`fatal`: one that
  // leaves the whole pragma out).
  bool parseClause(PragmaDirective &d, bool &fatal) {
    if (isIdent("into")) {
      fatal = true;
      SourceLocation loc = cur().getLocation();
      ++pos;
      if (!expect(tok::l_paren, "'(' after 'into'"))
        return false;
      const bool devices = isIdent("devices");
      if (!devices && !isIdent("threads")) {
        error(here(), Diag::ExpectedToken) << "'threads' or 'devices' in 'into(...)'";
        return false;
      }
      ++pos;
      if (!expect(tok::r_paren, devices ? "')' after 'into(devices'" : "')' after 'into(threads'"))
        return false;
      if (d.intoThreads || d.intoDevices) {
        error(loc, Diag::DuplicateInto);
        return false;
      }
      (devices ? d.intoDevices : d.intoThreads) = true;
      d.intoLoc = loc;
      return true;
    }
    if (isIdent("min_blocks")) {
      SourceLocation loc = cur().getLocation();
      ++pos;
      if (!expect(tok::l_paren, "'(' after 'min_blocks'"))
        return false;
      if (atEnd() || !cur().is(tok::numeric_constant)) {
        error(here(), Diag::ExpectedToken) << "an integer literal in 'min_blocks(...)'";
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
        error(valueLoc, Diag::MinBlocksValue) << digits;
        return false;
      }
      if (d.minBlocks) {
        error(loc, Diag::DuplicateClause) << "min_blocks";
        return false;
      }
      d.minBlocks = std::stoi(digits);
      d.minBlocksLoc = loc;
      return true;
    }
    if (isIdent("reduction"))
      return parseReduction(d);
    if (isIdent("disjoint"))
      return parseNames("disjoint", "an array name", "arrays", d.disjoint);
    if (isIdent("scratch") || isIdent("gather")) {
      // Clauses of zone loops (docs/language.md, "Zones"): an error in one
      // leaves the zone loop's rules unknown.
      fatal = true;
      const bool scratch = isIdent("scratch");
      (scratch ? d.scratchLoc : d.gatherLoc) = cur().getLocation();
      return parseNames(scratch ? "scratch" : "gather", "a variable name",
                        scratch ? "variables" : "arrays", scratch ? d.scratch : d.gather);
    }
    std::string name = PP.getSpelling(cur());
    error(here(), Diag::UnknownClause) << name;
    return false;
  }

  // `reduction([inscan,] OP : v, ...)`. With an error, the variables it
  // names (those that could be read) are the pragma's
  // brokenReductionVars, and reductionsUnread says whether some could not.
  bool parseReduction(PragmaDirective &d) {
    ++pos;
    if (!expect(tok::l_paren, "'(' after 'reduction'")) {
      d.reductionsUnread = true;
      return false;
    }
    ReductionClause c;
    bool ok = true;
    if (isIdent("inscan")) { // OpenMP 5's modifier: reduction(inscan, + : x)
      c.inscan = true;
      c.inscanLoc = cur().getLocation();
      ++pos;
      if (!expect(tok::comma, "',' after 'inscan'"))
        ok = false;
    }
    if (ok && !parseOp(c))
      ok = false;
    if (!ok) // past what could not be read, to the variables: `reduction(- : x)`
      while (!atEnd() && !cur().isOneOf(tok::colon, tok::r_paren))
        ++pos;
    if (!atEnd() && cur().is(tok::colon)) {
      ++pos;
    } else {
      if (ok)
        error(here(), Diag::ExpectedToken) << "':' after the reduction operator";
      d.reductionsUnread = true;
      return false;
    }
    std::vector<NamedLoc> vars;
    do {
      if (atEnd() || !cur().is(tok::identifier)) {
        error(here(), Diag::ExpectedToken) << "a variable name in 'reduction'";
        ok = false;
        d.reductionsUnread = true;
        break;
      }
      std::string name = cur().getIdentifierInfo()->getName().str();
      // One variable, one reduction per loop (OpenMP refuses a second).
      auto [first, isNew] = reduced.emplace(name, cur().getLocation());
      if (!isNew) {
        error(cur().getLocation(), Diag::DuplicateReductionVar) << name;
        report(DE, first->second, Diag::NoteFirstNamed) << name;
        ok = false;
      } else {
        vars.push_back({name, cur().getLocation()});
      }
      ++pos;
    } while (!atEnd() && cur().is(tok::comma) && (++pos, true));
    if (ok && !expect(tok::r_paren, "')' after the reduction variables")) {
      ok = false;
      d.reductionsUnread = true;
    }
    if (!ok) {
      d.brokenReductionVars.insert(d.brokenReductionVars.end(), vars.begin(), vars.end());
      return false;
    }
    c.vars = std::move(vars);
    d.reductions.push_back(std::move(c));
    return true;
  }

  // `scan inclusive(x)` / `scan exclusive(x)`: one variable.
  bool parseScan(PragmaDirective &d) {
    const bool inclusive = isIdent("inclusive");
    if (!inclusive && !isIdent("exclusive")) {
      error(here(), Diag::ExpectedToken) << "'inclusive' or 'exclusive' after '#pragma hy scan'";
      return false;
    }
    d.scanInclusive = inclusive;
    const char *clause = inclusive ? "inclusive" : "exclusive";
    std::vector<NamedLoc> vars;
    if (!parseNames(clause, "a variable name", "variable", vars))
      return false;
    if (vars.size() != 1) {
      error(vars[1].loc, Diag::ScanOneVariable) << clause;
      return false;
    }
    d.scanVar = vars.front();
    if (!atEnd()) {
      error(here(), Diag::ExpectedToken) << "end of '#pragma hy scan'";
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
        error(here(), Diag::ExpectedToken) << std::string(one) + " in '" + clause + "'";
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
      error(here(), Diag::ExpectedToken) << "a reduction operator";
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
      error(here(), Diag::BadReductionOp) << PP.getSpelling(cur());
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
      error(here(), Diag::ExpectedToken) << "')' to close 'parallel fetch('";
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
      error(here(), Diag::ExpectedToken) << "end of '#pragma hy parallel fetch'";
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
  std::vector<SourceLocation> errorLocs;          // every error reported so far

  DiagnosticBuilder error(SourceLocation loc, Diag d) {
    errorLocs.push_back(loc);
    return report(DE, loc, d);
  }
};

} // namespace

bool parsePragma(Preprocessor &PP, SourceLocation hyLoc,
                 const std::vector<Token> &toks, PragmaDirective &d) {
  return Parser(PP, hyLoc, toks).parse(d);
}

} // namespace hy
