// The option parser and the common sample options.
#include "hy_graph/cli.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <iostream>
#include <sstream>

namespace hy::graph {

option_parser::option_parser(std::string program, std::string summary)
    : program_(std::move(program)), summary_(std::move(summary)) {}

void option_parser::add(const std::string& name, int arity, const std::string& metavar,
                        const std::string& help, action act) {
  for (const auto& o : options_)
    if (o.name == name) throw std::logic_error("option --" + name + " registered twice");
  options_.push_back({name, metavar, help, arity, std::move(act)});
}

void option_parser::add_flag(const std::string& name, const std::string& help, bool& target) {
  add(name, 0, "", help, [&target](const std::vector<std::string>&) { target = true; });
}

void option_parser::add_string(const std::string& name, const std::string& metavar,
                               const std::string& help, std::string& target) {
  add(name, 1, metavar, help, [&target](const std::vector<std::string>& v) { target = v[0]; });
}

void option_parser::add_int(const std::string& name, const std::string& metavar,
                            const std::string& help, std::int64_t& target, std::int64_t min,
                            std::int64_t max) {
  add(name, 1, metavar, help, [&target, min, max](const std::vector<std::string>& v) {
    const std::int64_t x = parse_int_value(v[0]);
    if (x < min || x > max)
      throw std::invalid_argument(v[0] + " is out of range [" + std::to_string(min) + ", " +
                                  std::to_string(max) + "]");
    target = x;
  });
}

void option_parser::add_double(const std::string& name, const std::string& metavar,
                               const std::string& help, double& target) {
  add(name, 1, metavar, help,
      [&target](const std::vector<std::string>& v) { target = parse_double_value(v[0]); });
}

option_parser::option* option_parser::find(const std::string& name) {
  for (auto& o : options_)
    if (o.name == name) return &o;
  return nullptr;
}

void option_parser::replace(const std::string& name, const std::string& help, action act) {
  option* o = find(name);
  if (!o) throw std::logic_error("option --" + name + " is not registered");
  o->help = help;
  o->act = std::move(act);
}

void option_parser::set_positional(const std::string& metavar, const std::string& help,
                                   action act) {
  positional_metavar_ = metavar;
  positional_help_ = help;
  positional_ = std::move(act);
}

void option_parser::set_version(std::string text) { version_ = std::move(text); }

bool option_parser::given(const std::string& name) const {
  return std::find(given_.begin(), given_.end(), name) != given_.end();
}

bool option_parser::parse(int argc, const char* const* argv) { return parse(argc, argv, std::cout); }

bool option_parser::parse(int argc, const char* const* argv, std::ostream& help_out) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      help_out << help();
      return false;
    }
    if (arg == "--version" && !version_.empty()) {
      help_out << version_ << '\n';
      return false;
    }
    if (arg.rfind("--", 0) != 0 || arg == "--") {
      if (!positional_ || arg == "--" || (arg.size() > 1 && arg[0] == '-'))
        throw usage_error("unexpected argument '" + arg + "'");
      try {
        positional_({arg});
      } catch (const std::invalid_argument& e) {
        throw usage_error(e.what());
      }
      continue;
    }
    std::string name = arg.substr(2);
    std::optional<std::string> inline_value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    const option* opt = find(name);
    if (!opt) throw usage_error("unknown option '--" + name + "' (see --help)");
    given_.push_back(name);
    std::vector<std::string> values;
    if (inline_value) {
      if (opt->arity != 1)
        throw usage_error("option '--" + name + "' does not take '=value'");
      values.push_back(*inline_value);
    } else {
      for (int k = 0; k < opt->arity; ++k) {
        if (i + 1 >= argc)
          throw usage_error("option '--" + name + "' needs " + std::to_string(opt->arity) +
                            " value(s): " + opt->metavar);
        values.push_back(argv[++i]);
      }
    }
    try {
      opt->act(values);
    } catch (const std::invalid_argument& e) {
      throw usage_error("bad value for '--" + name + "': " + e.what());
    }
  }
  validate();
  return true;
}

std::string option_parser::help() const {
  std::ostringstream os;
  os << "usage: " << program_ << " [options]"
     << (positional_ ? " [" + positional_metavar_ + "]" : std::string()) << "\n"
     << summary_ << "\n\n";
  if (positional_) os << positional_metavar_ << ": " << positional_help_ << "\n\n";
  os << "options:\n";
  std::size_t w = 9;  // "--version"
  for (const auto& o : options_) w = std::max(w, o.name.size() + o.metavar.size() + 3);
  for (const auto& o : options_) {
    std::string head = "--" + o.name + (o.metavar.empty() ? "" : " " + o.metavar);
    os << "  " << head << std::string(w - head.size() + 2, ' ') << o.help << '\n';
  }
  os << "  --help" << std::string(w - 4, ' ') << "show this help\n";
  if (!version_.empty()) os << "  --version" << std::string(w - 7, ' ') << "show the version\n";
  return os.str();
}

std::int64_t parse_int_value(const std::string& s) {
  std::int64_t v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty())
    throw std::invalid_argument("'" + s + "' is not an integer");
  return v;
}

double parse_double_value(const std::string& s) {
  double v = 0;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || p != s.data() + s.size() || s.empty() || !std::isfinite(v))
    throw std::invalid_argument("'" + s + "' is not a number");
  return v;
}

sample_cli::sample_cli(std::string program, std::string summary)
    : option_parser(std::move(program), std::move(summary)) {
  auto& c = common;
  add_string("input", "FILE", "read the graph from FILE (.gr .mtx .txt .el .edges .hyg, + .gz)",
             c.input);
  add("format", 1, "NAME", "input format: auto (by extension), dimacs, mtx, edgelist, binary",
      [&c](const std::vector<std::string>& v) {
        parse_format(v[0]);
        c.format = v[0];
      });
  add_flag("one-based", "edge-list ids start at 1", c.one_based);
  add("generate", 1, "SPEC",
      "generate: rmat:scale=S,ef=E,seed=X | ba:n=N,m=M,seed=X | er:n=N,p=P|m=M,seed=X | "
      "grid:rows=R,cols=C[,diag=1] | dense:n=N,density=D,seed=X",
      [&c](const std::vector<std::string>& v) {
        generator_spec::parse(v[0]);
        c.generate = v[0];
      });
  add("weights", 1, "int:W|real", "random weights: integers in [1, W] or reals in [0, 1)",
      [&c](const std::vector<std::string>& v) {
        c.weights = weight_spec::parse(v[0]);
        c.weights_given = true;
      });
  add("directed", 0, "", "treat the graph as directed",
      [&c](const std::vector<std::string>&) { c.directed = true; });
  add("undirected", 0, "", "treat the graph as undirected (symmetrise)",
      [&c](const std::vector<std::string>&) { c.directed = false; });
  add("self-loops", 1, "keep|drop", "self-loop policy (default drop)",
      [&c](const std::vector<std::string>& v) {
        if (v[0] == "keep") c.policy.self_loops = self_loop_policy::keep;
        else if (v[0] == "drop") c.policy.self_loops = self_loop_policy::drop;
        else throw std::invalid_argument("expected keep or drop");
      });
  add("duplicates", 1, "keep|drop|min", "duplicate-edge policy (default min)",
      [&c](const std::vector<std::string>& v) {
        if (v[0] == "keep") c.policy.duplicates = duplicate_policy::keep;
        else if (v[0] == "drop") c.policy.duplicates = duplicate_policy::drop;
        else if (v[0] == "min") c.policy.duplicates = duplicate_policy::keep_min;
        else throw std::invalid_argument("expected keep, drop or min");
      });
  add("sources", 1, "K|random:K|V,V,...",
      "K source vertices drawn from --seed among those with out-arcs (random:K is the same), "
      "or a comma-separated list of vertices (0-based; default 1 random)",
      [&c](const std::vector<std::string>& v) {
        const std::string& t = v[0];
        c.source_list.clear();
        if (t.rfind("random:", 0) == 0) {
          c.sources = parse_int_value(t.substr(7));
        } else if (t.find(',') != std::string::npos) {
          std::size_t at = 0;
          while (at <= t.size()) {
            const std::size_t end = std::min(t.find(',', at), t.size());
            if (end > at) {
              const std::int64_t x = parse_int_value(t.substr(at, end - at));
              if (x < 0) throw std::invalid_argument("vertex " + std::to_string(x) + " is negative");
              c.source_list.push_back(x);
            }
            at = end + 1;
          }
          if (c.source_list.empty()) throw std::invalid_argument("an empty list of vertices");
          c.sources = static_cast<std::int64_t>(c.source_list.size());
          return;
        } else {
          c.sources = parse_int_value(t);
        }
        if (c.sources < 1) throw std::invalid_argument("K must be >= 1");
      });
  add("seed", 1, "S", "seed for source choice and weights of unweighted inputs (default 1)",
      [&c](const std::vector<std::string>& v) {
        const std::int64_t s = parse_int_value(v[0]);
        if (s < 0) throw std::invalid_argument("seed must be >= 0");
        c.seed = static_cast<std::uint64_t>(s);
      });
  add_flag("verify", "check the result against the reference implementation", c.verify);
  add_int("repeat", "N", "timed repetitions (default 1; one untimed warm-up)", c.repeat, 1);
  add_flag("json", "print results as one JSON object", c.json);
  add_flag("progress", "show progress on stderr even when it is not a terminal", c.progress);
}

void sample_cli::validate() {
  if (common.input.empty() == common.generate.empty())
    throw usage_error("give exactly one of --input FILE and --generate SPEC");
}

}  // namespace hy::graph
